import { describe, expect, it } from 'vitest';
import { textLang } from './text-lang';

describe('textLang', () => {
  it('goes by the first letter, past digits and punctuation', () => {
    expect(textLang('יוסי כהן')).toBe('he');
    expect(textLang('2026: שנה טובה, good year')).toBe('he');
    expect(textLang('“Dana Levi”')).toBe('en');
    expect(textLang('Éowyn')).toBe('en');
    expect(textLang('12/11 · 😀')).toBeUndefined();
  });
});
