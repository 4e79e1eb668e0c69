import { cropRect, pickWidth, variantHeight, variantWidths, widestUpTo } from './image-sizing';

describe('variantWidths', () => {
  it('keeps every standard width up to the image’s own, never enlarging it', () => {
    expect(variantWidths(4000)).toEqual([160, 320, 640, 800, 960, 1280, 1920]);
    expect(variantWidths(1920)).toEqual([160, 320, 640, 800, 960, 1280, 1920]);
    expect(variantWidths(1919)).toEqual([160, 320, 640, 800, 960, 1280]);
    expect(variantWidths(900)).toEqual([160, 320, 640, 800]);
    expect(variantWidths(700)).toEqual([160, 320, 640]);
    expect(variantWidths(160)).toEqual([160]);
  });

  it('keeps an image narrower than the smallest at its own width', () => {
    expect(variantWidths(159)).toEqual([159]);
    expect(variantWidths(1)).toEqual([1]);
  });

  it('caps the list at maxWidth (a profile crop)', () => {
    expect(variantWidths(4000, 640)).toEqual([160, 320, 640]);
    expect(variantWidths(500, 640)).toEqual([160, 320]);
    expect(variantWidths(90, 640)).toEqual([90]);
  });
});

describe('variantHeight', () => {
  it('keeps the aspect ratio, rounded, at least one pixel', () => {
    expect(variantHeight({ width: 2400, height: 1600 }, 1920)).toBe(1280);
    expect(variantHeight({ width: 1000, height: 333 }, 160)).toBe(53);
    expect(variantHeight({ width: 10000, height: 10 }, 160)).toBe(1);
  });
});

describe('pickWidth', () => {
  const widths = [160, 320, 640, 960];

  it('answers the narrowest variant at least as wide as asked', () => {
    expect(pickWidth(widths, 1)).toBe(160);
    expect(pickWidth(widths, 160)).toBe(160);
    expect(pickWidth(widths, 161)).toBe(320);
    expect(pickWidth(widths, 700)).toBe(960);
  });

  it('answers the widest when none is wide enough, or when no width is asked', () => {
    expect(pickWidth(widths, 5000)).toBe(960);
    expect(pickWidth(widths)).toBe(960);
    expect(pickWidth([90], 320)).toBe(90);
  });
});

describe('widestUpTo', () => {
  it('answers the widest variant no wider than the limit, else the narrowest', () => {
    expect(widestUpTo([160, 320, 640, 960, 1280, 1920], 1280)).toBe(1280);
    expect(widestUpTo([160, 320, 640, 960], 1280)).toBe(960);
    expect(widestUpTo([1500], 1280)).toBe(1500);
  });
});

describe('cropRect', () => {
  const image = { width: 800, height: 600 };

  it('turns fractions of the image into whole pixels', () => {
    expect(cropRect(image, { x: 0.25, y: 0.25, width: 0.5, height: 0.5 })).toEqual({
      left: 200,
      top: 150,
      width: 400,
      height: 300,
    });
    expect(cropRect(image, { x: 0, y: 0, width: 1, height: 1 })).toEqual({
      left: 0,
      top: 0,
      width: 800,
      height: 600,
    });
  });

  it('stays inside the image and at least a pixel, whatever the rounding', () => {
    expect(cropRect(image, { x: 0.9999, y: 0.9999, width: 0.0001, height: 0.0001 })).toEqual({
      left: 799,
      top: 599,
      width: 1,
      height: 1,
    });
    expect(cropRect({ width: 3, height: 3 }, { x: 1 / 3, y: 0, width: 2 / 3, height: 1 })).toEqual({
      left: 1,
      top: 0,
      width: 2,
      height: 3,
    });
    expect(cropRect(image, { x: 0.3, y: 0.1, width: 0.7, height: 0.9 })).toEqual({
      left: 240,
      top: 60,
      width: 560,
      height: 540,
    });
  });
});
