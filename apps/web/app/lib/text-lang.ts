const HEBREW = /[\u0590-\u05FF\uFB1D-\uFB4F]/u;
const LATIN = /[A-Za-z\u00C0-\u024F]/u;
const STRONG = /[\u0590-\u05FF\uFB1D-\uFB4FA-Za-z\u00C0-\u024F]/u;

/**
 * The language a member's text is probably in, by its first letter (Hebrew or Latin): for `lang`,
 * so a screen reader reads it with the right voice. Undefined when it has no letters.
 */
export function textLang(text: string): 'he' | 'en' | undefined {
  const first = STRONG.exec(text)?.[0];
  if (!first) return undefined;
  if (HEBREW.test(first)) return 'he';
  return LATIN.test(first) ? 'en' : undefined;
}
