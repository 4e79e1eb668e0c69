import { IMAGE_WIDTHS } from '@mepedia/contracts';

/** A rectangle of pixels, as sharp's `extract` takes it. */
export type PixelRect = { left: number; top: number; width: number; height: number };

/** A crop in fractions (0..1) of the image as it is seen, as the upload form gives it. */
export type CropFractions = { x: number; y: number; width: number; height: number };

/**
 * The widths to store an image `width` pixels wide at: every standard width up to its own
 * (never enlarged), or its own width alone when it is narrower than the smallest. `maxWidth`
 * caps the list (a profile crop needs no more than 640).
 */
export function variantWidths(width: number, maxWidth = Number.POSITIVE_INFINITY): number[] {
  const widths = IMAGE_WIDTHS.filter((standard) => standard <= width && standard <= maxWidth);
  return widths.length > 0 ? widths : [Math.min(width, maxWidth)];
}

/** The height of a variant `width` wide of an image `source` pixels in size (at least 1). */
export function variantHeight(source: { width: number; height: number }, width: number): number {
  return Math.max(1, Math.round((source.height * width) / source.width));
}

/** The narrowest stored width at least `wanted`, else the widest; the widest without `wanted`. */
export function pickWidth(widths: readonly number[], wanted?: number): number {
  const sorted = [...widths].sort((a, b) => a - b);
  const widest = sorted[sorted.length - 1];
  if (widest === undefined) throw new Error('an image has at least one variant');
  if (wanted === undefined) return widest;
  return sorted.find((width) => width >= wanted) ?? widest;
}

/** The widest stored width at most `limit`, else the narrowest (never wider than asked if avoidable). */
export function widestUpTo(widths: readonly number[], limit: number): number {
  const sorted = [...widths].sort((a, b) => a - b);
  const narrowest = sorted[0];
  if (narrowest === undefined) throw new Error('an image has at least one variant');
  return sorted.filter((width) => width <= limit).pop() ?? narrowest;
}

/**
 * A crop's pixels in an image `width` × `height`: fractions rounded to whole pixels, at least one
 * pixel each way, and always inside the image (rounding never pushes an edge past it).
 */
export function cropRect(image: { width: number; height: number }, crop: CropFractions): PixelRect {
  const axis = (start: number, size: number, total: number) => {
    const from = Math.min(Math.max(Math.round(start * total), 0), total - 1);
    const to = Math.min(Math.max(Math.round((start + size) * total), from + 1), total);
    return { from, size: to - from };
  };
  const x = axis(crop.x, crop.width, image.width);
  const y = axis(crop.y, crop.height, image.height);
  return { left: x.from, top: y.from, width: x.size, height: y.size };
}
