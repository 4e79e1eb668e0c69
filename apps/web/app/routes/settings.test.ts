import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { mottoResolver, type MottoValues } from '../components/settings/resolvers';
import {
  changedDetails,
  clampCrop,
  cropFractions,
  initialCrop,
  minCropSize,
  mottoLength,
  nameErrors,
  youtubeEmbedUrl,
  youtubeId,
  type DetailsValues,
} from '../components/settings/rules';

const user = {
  firstname: 'Dana',
  lastname: 'Levi',
  birthdate: '1990-05-17',
  country: 'IL',
  gender: 'female',
  language: 'en',
} as const;
const unchanged: DetailsValues = { ...user };

/** The motto form's verdict (its contract's code), or null. */
async function mottoProblem(moto: string): Promise<string | null> {
  const options = { fields: {}, names: ['moto'], shouldUseNativeValidation: false };
  const { errors } = await mottoResolver(
    { moto },
    undefined,
    options as unknown as ResolverOptions<MottoValues>,
  );
  return errors.moto?.message ?? null;
}

describe('the motto form', () => {
  it('accepts 50 characters and refuses 51', async () => {
    expect(await mottoProblem('a'.repeat(50))).toBeNull();
    expect(await mottoProblem('a'.repeat(51))).toBe('MAX_50_CHARACTERS');
  });

  it('counts what the server keeps: trimmed', async () => {
    expect(mottoLength(`  ${'a'.repeat(50)}  `)).toBe(50);
    expect(await mottoProblem(`  ${'a'.repeat(50)}  `)).toBeNull();
    expect(await mottoProblem('')).toBeNull();
  });
});

describe('youtubeId', () => {
  it('reads the id of every YouTube link the server accepts', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ?t=42')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId(' https://m.youtube.com/embed/dQw4w9WgXcQ ')).toBe('dQw4w9WgXcQ');
  });

  it('has none for other sites, malformed ids or nothing', () => {
    expect(youtubeId('https://vimeo.com/123456789')).toBeNull();
    expect(youtubeId('https://www.youtube.com/watch?v=short')).toBeNull();
    expect(youtubeId('https://evil.example/youtu.be/dQw4w9WgXcQ')).toBeNull();
    expect(youtubeId('')).toBeNull();
  });

  it('embeds from the privacy-enhanced host', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    );
  });
});

describe('changedDetails', () => {
  it('sends nothing when nothing changed', () => {
    expect(changedDetails(user, unchanged)).toEqual({});
  });

  it('sends only the fields that changed', () => {
    expect(changedDetails(user, { ...unchanged, country: 'FR', birthdate: '1991-01-02' })).toEqual({
      country: 'FR',
      birthdate: '1991-01-02',
    });
  });

  it('compares a stored timestamp birthdate by its date', () => {
    expect(changedDetails({ ...user, birthdate: '1990-05-17T00:00:00.000Z' }, unchanged)).toEqual(
      {},
    );
  });
});

describe('nameErrors', () => {
  it('holds changed names to the script of their language', () => {
    const values = { ...unchanged, firstname: 'דנה' };
    expect(nameErrors(changedDetails(user, values), values, 'en')).toEqual({
      firstname: 'NAME_ENGLISH_ONLY',
    });
    const hebrew = { ...unchanged, firstname: 'דנה', lastname: 'לוי', language: 'he' };
    expect(nameErrors(changedDetails(user, hebrew), hebrew, 'he')).toEqual({});
  });

  it('checks both names when the language changes, and leaves untouched names alone otherwise', () => {
    const toHebrew = { ...unchanged, language: 'he' };
    expect(nameErrors(changedDetails(user, toHebrew), toHebrew, 'he')).toEqual({
      firstname: 'NAME_HEBREW_ONLY',
      lastname: 'NAME_HEBREW_ONLY',
    });
    const countryOnly = { ...unchanged, country: 'FR' };
    expect(nameErrors(changedDetails(user, countryOnly), countryOnly, 'he')).toEqual({});
  });

  it('refuses digits and symbols in a name', () => {
    const values = { ...unchanged, lastname: 'Levi2' };
    expect(nameErrors(changedDetails(user, values), values, 'en')).toEqual({
      lastname: 'NAME_ENGLISH_ONLY',
    });
  });
});

describe('crop', () => {
  it('starts as the largest centred square', () => {
    expect(initialCrop(1200, 675)).toEqual({ x: 263, y: 0, size: 675 });
    expect(initialCrop(400, 800)).toEqual({ x: 0, y: 200, size: 400 });
  });

  it('stays inside the picture and no smaller than a tenth of its short side', () => {
    expect(clampCrop({ x: 1100, y: -20, size: 300 }, 1200, 675)).toEqual({
      x: 900,
      y: 0,
      size: 300,
    });
    expect(clampCrop({ x: 0, y: 0, size: 2 }, 1200, 675)).toEqual({
      x: 0,
      y: 0,
      size: minCropSize(1200, 675),
    });
    expect(clampCrop({ x: 0, y: 0, size: 5000 }, 1200, 675).size).toBe(675);
  });

  it('is sent as fractions the files service accepts: plain decimals, never past an edge', () => {
    const fractions = cropFractions({ x: 525, y: 0, size: 675 }, 1200, 675);
    expect(fractions).toEqual({ x: 0.4375, y: 0, width: 0.5625, height: 1 });
    for (const [w, h] of [
      [1201, 677],
      [3, 7],
      [4032, 3024],
    ] as const) {
      const crop = clampCrop({ x: w, y: h, size: Math.min(w, h) / 3 }, w, h);
      const f = cropFractions(crop, w, h);
      expect(f.x + f.width).toBeLessThanOrEqual(1);
      expect(f.y + f.height).toBeLessThanOrEqual(1);
      expect(f.width).toBeGreaterThan(0);
      for (const value of Object.values(f)) expect(String(value)).toMatch(/^(0|1)(\.\d{1,9})?$/);
    }
  });
});
