import { describe, expect, it } from 'vitest';
import { countryName, countryOptions } from './countries';

describe('countryOptions', () => {
  it('names every country in the page’s language, in its alphabetical order', () => {
    const english = countryOptions('en');
    const hebrew = countryOptions('he');
    expect(english).toHaveLength(249);
    expect(english.find((c) => c.code === 'IL')?.name).toBe('Israel');
    expect(hebrew.find((c) => c.code === 'IL')?.name).toBe('ישראל');
    expect(english[0]?.name).toBe('Afghanistan');
    const names = hebrew.map((c) => c.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('he-IL').compare));
  });
});

describe('countryName', () => {
  it('reads a code in the page’s language and leaves older free text as it is', () => {
    expect(countryName('GB', 'he')).toBe('בריטניה');
    expect(countryName('Israel', 'he')).toBe('Israel');
  });
});
