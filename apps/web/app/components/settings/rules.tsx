// The settings page's rules that need no browser: what changed, the motto's count, a YouTube
// video's id, and a crop in the files service's terms. Unit-tested in routes/settings.test.ts.
// The fields' rules are the contracts' (resolvers.ts).
import {
  OptionalVideoUrl,
  nameScriptError,
  type CurrentUser,
  type Language,
  type ValidationMessageKey,
} from '@mepedia/contracts';

import { youtubeEmbedUrl, youtubeVideoId } from '../../lib/youtube';

export const MOTTO_MAX = 50;

/** Characters as a member counts them (an emoji is one), after the trimming the server does. */
export function mottoLength(motto: string): number {
  return [...motto.trim()].length;
}

/**
 * The 11-character id of a YouTube link the server accepts (watch, embed, shorts, live,
 * youtu.be), or null: the server's rule decides, this only reads the id out of it.
 */
export function youtubeId(url: string): string | null {
  const value = url.trim();
  if (value === '' || !OptionalVideoUrl.safeParse(value).success) return null;
  return youtubeVideoId(value);
}

export { youtubeEmbedUrl };

export type DetailsValues = {
  firstname: string;
  lastname: string;
  birthdate: string;
  country: string;
  gender: string;
  language: string;
};

/**
 * Only what the member changed goes to the server. It matters: the server checks the names'
 * script whenever names or the language are sent, so an untouched name in the other script (a
 * member who registered in English and now uses the Hebrew interface) can stay as it is.
 */
export function changedDetails(
  user: Pick<CurrentUser, keyof DetailsValues>,
  values: DetailsValues,
): Partial<DetailsValues> {
  const changes: Partial<DetailsValues> = {};
  if (values.firstname.trim() !== user.firstname) changes.firstname = values.firstname;
  if (values.lastname.trim() !== user.lastname) changes.lastname = values.lastname;
  if (values.birthdate !== user.birthdate.slice(0, 10)) changes.birthdate = values.birthdate;
  if (values.country !== user.country) changes.country = values.country;
  if (values.gender !== user.gender) changes.gender = values.gender;
  if (values.language !== user.language) changes.language = values.language;
  return changes;
}

/**
 * Names in the script of the language they are saved with, as the server checks them: the
 * language sent, else the member's. Checked only for names being set or a language change.
 */
export function nameErrors(
  changes: Partial<DetailsValues>,
  values: DetailsValues,
  language: Language,
): Partial<Record<'firstname' | 'lastname', ValidationMessageKey>> {
  const errors: Partial<Record<'firstname' | 'lastname', ValidationMessageKey>> = {};
  for (const field of ['firstname', 'lastname'] as const) {
    if (changes[field] === undefined && changes.language === undefined) continue;
    const name = values[field].trim();
    if (name === '') continue; // "required" is the schema's to say
    const error = nameScriptError(name, language);
    if (error) errors[field] = error;
  }
  return errors;
}

/** A square crop in the picture's pixels. */
export type Crop = { x: number; y: number; size: number };

/** The smallest square a member can make: a tenth of the picture's short side, at least 1 px. */
export function minCropSize(width: number, height: number): number {
  return Math.max(1, Math.round(Math.min(width, height) / 10));
}

/** The largest square, centred: where a crop starts. */
export function initialCrop(width: number, height: number): Crop {
  const size = Math.min(width, height);
  return { x: Math.round((width - size) / 2), y: Math.round((height - size) / 2), size };
}

/** A crop kept inside the picture, no smaller than the minimum, in whole pixels. */
export function clampCrop(crop: Crop, width: number, height: number): Crop {
  const max = Math.min(width, height);
  const size = Math.round(Math.min(max, Math.max(minCropSize(width, height), crop.size)));
  const x = Math.round(Math.min(width - size, Math.max(0, crop.x)));
  const y = Math.round(Math.min(height - size, Math.max(0, crop.y)));
  return { x, y, size };
}

// Six decimals, rounded down: the service takes up to nine, and a plain decimal (String(1e-7)
// would be "1e-7", which it refuses); rounding down keeps x + width at most 1.
const fraction = (value: number) => Math.max(0, Math.floor(value * 1e6) / 1e6);

/** The crop as the files service wants it: fractions 0..1 of the upright picture. */
export function cropFractions(
  crop: Crop,
  width: number,
  height: number,
): { x: number; y: number; width: number; height: number } {
  const c = clampCrop(crop, width, height);
  return {
    x: fraction(c.x / width),
    y: fraction(c.y / height),
    width: Math.max(1e-6, fraction(c.size / width)),
    height: Math.max(1e-6, fraction(c.size / height)),
  };
}
