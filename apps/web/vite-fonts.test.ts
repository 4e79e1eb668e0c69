import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SIGN_RANGES } from './vite-fonts';

const css = readFileSync(fileURLToPath(new URL('./app/fonts.css', import.meta.url)), 'utf8');

type Face = { family: string; src: string; codes: Set<number> };

function codesOf(range: string): Set<number> {
  const codes = new Set<number>();
  for (const part of range.split(',')) {
    const [first, last = first] = part.trim().replace(/^U\+/i, '').split('-');
    for (let code = parseInt(first!, 16); code <= parseInt(last!, 16); code++) codes.add(code);
  }
  return codes;
}

const faces: Face[] = [...css.matchAll(/@font-face\s*{([^}]*)}/g)].map(([, body]) => ({
  family: /font-family:\s*'([^']+)'/.exec(body!)![1]!,
  src: /src:\s*url\('([^']+)'\)/.exec(body!)![1]!,
  codes: codesOf(/unicode-range:\s*([^;]+);/.exec(body!)![1]!),
}));
const face = (family: string, file: string) =>
  faces.find((candidate) => candidate.family === family && candidate.src.includes(file))!;

describe("the Hebrew pages' font families", () => {
  const signs = new Set(
    SIGN_RANGES.flatMap(([first, last]) =>
      Array.from({ length: last - first + 1 }, (_, index) => first + index),
    ),
  );

  for (const [family, font] of [
    ['Rubik He', 'rubik'],
    ['Frank Ruhl Libre He', 'frank-ruhl-libre'],
  ] as const) {
    it(`${family}: the signs face covers what vite-fonts.ts cuts, and with the Latin letters face covers the Latin file's range without overlap`, () => {
      const signsFace = face(family, `${font}-signs`);
      const letters = face(family, `${font}-latin-wght`);
      expect([...signsFace.codes].sort((a, b) => a - b)).toEqual([...signs].sort((a, b) => a - b));
      expect([...letters.codes].filter((code) => signs.has(code))).toEqual([]);
      // Everything the English pages' Latin face serves, the Hebrew pages' faces serve too
      // (control characters aside: no glyphs to draw).
      const english = face(family.replace(' He', ' Variable'), `${font}-latin-wght`);
      const hebrewPages = faces.filter((candidate) => candidate.family === family);
      const missing = [...english.codes].filter(
        (code) => code >= 0x20 && !hebrewPages.some((candidate) => candidate.codes.has(code)),
      );
      expect(missing.map((code) => code.toString(16))).toEqual([]);
    });
  }
});
