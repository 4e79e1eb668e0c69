import { describe, expect, it } from 'vitest';
import {
  catalogs,
  checkOverrides,
  createTranslator,
  messageArguments,
  overrideProblem,
} from './index';
import type { Locale } from './locales';

const builtIn = (locale: Locale, key: string): string | undefined =>
  (catalogs[locale] as Readonly<Record<string, string>>)[key];

describe('interface text overrides (applicationText)', () => {
  it('reads the arguments of the messages the formatter knows', () => {
    expect([...messageArguments('© {year} Mepedia')]).toEqual([['year', 'plain']]);
    expect([
      ...messageArguments('{count, plural, =0 {none} one {# member} other {# members}} by {name}'),
    ]).toEqual([
      ['count', 'plural'],
      ['name', 'plain'],
    ]);
    expect([...messageArguments("It''s {kind, select, a {A} other {{name}}}")]).toEqual([
      ['kind', 'select'],
      ['name', 'plain'],
    ]);
  });

  it.each([
    ['Unclosed {year', /does not close/],
    ['Stray } brace', /unmatched/],
    ['{count, plural, one {# item}}', /no "other"/],
    ['{count, plural, one {# item} other {# items}', /does not close/],
    ['{count, number}', /with a type and no options/],
    ['{count, date, short {x} other {y}}', /type the formatter does not know/],
    ['{a b}', /argument name/],
    ['{}', /argument name/],
    ['{count, plural, one {# item} one {# again} other {#}}', /twice/],
  ])('refuses broken ICU: %s', (text, reason) => {
    expect(overrideProblem(text, 'Built in {count}')).toMatch(reason);
  });

  it('refuses placeholders the built-in message does not have, markup and control characters', () => {
    const copyright = catalogs.en['footer.copyright'];
    expect(overrideProblem('© {yeer} Mepedia', copyright)).toMatch(/placeholders.*yeer/);
    expect(overrideProblem('© {year} Mepedia, with love', copyright)).toBeNull();
    // Leaving an argument out is allowed: the text reads without it.
    expect(overrideProblem('© Mepedia', copyright)).toBeNull();
    expect(overrideProblem('Made by <b>us</b>', catalogs.en['footer.credit'])).toBe('markup');
    expect(overrideProblem('Made by &lt;us', catalogs.en['footer.credit'])).toBe('markup');
    expect(overrideProblem('Made by\u202eus', catalogs.en['footer.credit'])).toBe(
      'control characters',
    );
    expect(overrideProblem('   ', catalogs.en['footer.credit'])).toBe('not a text');
    expect(overrideProblem('Anything', undefined)).toBe('not a message of the web app');
  });

  it('keeps the good overrides per language and reports the others', () => {
    const checked = checkOverrides(
      {
        en: {
          'footer.credit': 'Made with care by the Mepedia team',
          'footer.copyright': '© {yeer} Mepedia',
          'no.such.key': 'Nothing',
        },
        he: { 'footer.credit': 'נבנה באהבה', 'footer.terms': '<i>תנאים</i>' },
        fr: { 'footer.credit': 'Fait avec soin' },
      },
      builtIn,
    );
    expect(checked.overrides).toEqual({
      en: { 'footer.credit': 'Made with care by the Mepedia team' },
      he: { 'footer.credit': 'נבנה באהבה' },
    });
    expect(checked.problems.map(({ locale, key }) => `${locale} ${key}`)).toEqual([
      'en footer.copyright',
      'en no.such.key',
      'he footer.terms',
    ]);
    // Applied through the translator: the override wins in its own language only.
    const en = createTranslator('en', checked.overrides.en);
    expect(en('footer.credit')).toBe('Made with care by the Mepedia team');
    expect(en('footer.copyright', { year: 2026 })).toBe(
      catalogs.en['footer.copyright'].replace('{year}', '2026'),
    );
    expect(createTranslator('he', checked.overrides.he)('footer.terms')).toBe(
      catalogs.he['footer.terms'],
    );
  });

  it('answers nothing for an answer that is not an object of languages', () => {
    expect(checkOverrides(null, builtIn)).toEqual({ overrides: { en: {}, he: {} }, problems: [] });
    expect(checkOverrides({ en: 'text' }, builtIn).overrides).toEqual({ en: {}, he: {} });
  });

  it('accepts every built-in message, so none of them could be refused as an override', () => {
    for (const locale of ['en', 'he'] as const)
      for (const [key, text] of Object.entries(catalogs[locale]))
        expect([key, overrideProblem(text, text)]).toEqual([key, null]);
  });
});
