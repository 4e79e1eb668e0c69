import { mkdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import subsetFont from 'subset-font';
import type { Plugin } from 'vite';

/**
 * The "signs" font files: digits, punctuation and symbols cut from a font's Latin file, for
 * Hebrew pages. Fontsource's Hebrew files hold Hebrew letters, space and hyphen only, so a Hebrew
 * sentence with a date or a full stop made the browser fetch the whole Latin file as well (35 KB
 * of Rubik, 44 KB of Frank Ruhl Libre) for a dozen glyphs. Cut to the signs, they weigh 12 and
 * 17 KB; the Hebrew pages declare their own family that takes the signs from these files and
 * only Latin letters from the Latin file (fonts.css, "Fonts"). English pages are unchanged.
 *
 * Written to app/fonts/generated/ (not committed) when missing or older than their source, before
 * Vite reads the stylesheet, in a build and in the dev server alike.
 */

/** Every code point the signs files cover; fonts.css's unicode-range for them says the same. */
export const SIGN_RANGES: readonly (readonly [number, number])[] = [
  [0x20, 0x40], // space, ! " # $ % & ' ( ) * + , - . / 0-9 : ; < = > ? @
  [0x5b, 0x60], // [ \ ] ^ _ `
  [0x7b, 0xbf], // { | } ~, no-break space, ¡ … ¿ (« » ° ± · and the rest)
  [0xd7, 0xd7], // ×
  [0xf7, 0xf7], // ÷
  [0x2000, 0x206f], // general punctuation: dashes, quotes, ellipsis, bidi marks
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // minus
];

const FONTS = [
  { from: '@fontsource-variable/rubik/files/rubik-latin-wght-normal.woff2', name: 'rubik' },
  {
    from: '@fontsource-variable/frank-ruhl-libre/files/frank-ruhl-libre-latin-wght-normal.woff2',
    name: 'frank-ruhl-libre',
  },
] as const;

function signText(): string {
  let text = '';
  for (const [first, last] of SIGN_RANGES)
    for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  return text;
}

async function modifiedMs(path: string): Promise<number | undefined> {
  try {
    return (await stat(path)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Writes the signs files that are missing or stale; returns the paths written. */
export async function writeSignFonts(outDir: string): Promise<string[]> {
  const require = createRequire(import.meta.url);
  await mkdir(outDir, { recursive: true });
  const written: string[] = [];
  for (const font of FONTS) {
    const source = require.resolve(font.from);
    const target = join(outDir, `${font.name}-signs-wght-normal.woff2`);
    const targetMs = await modifiedMs(target);
    if (targetMs !== undefined && targetMs >= ((await modifiedMs(source)) ?? 0)) continue;
    // Variation axes are kept (weights 300-900 stay one file).
    const subset = await subsetFont(await readFile(source), signText(), { targetFormat: 'woff2' });
    // Whole or not at all: a build that stops half-way leaves no truncated font behind.
    const partial = `${target}.${process.pid}.partial`;
    await writeFile(partial, subset);
    await rename(partial, target);
    written.push(target);
  }
  return written;
}

export function signFonts(appDir: string): Plugin {
  return {
    name: 'mepedia-sign-fonts',
    async buildStart() {
      await writeSignFonts(join(appDir, 'fonts', 'generated'));
    },
  };
}
