import { describe, expect, it } from 'vitest';
import { catalogs, checkOverrides, createTranslator, overrideProblem } from './index';
import type { Locale } from './locales';
import type { MessageSource } from './index';

const builtIn = (locale: Locale, key: string): MessageSource | undefined =>
  (catalogs[locale] as Readonly<Record<string, MessageSource>>)[key];

describe('interface text overrides (applicationText)', () => {
  it.each([
    ['Unclosed {year', /ICU syntax: EXPECT_ARGUMENT_CLOSING_BRACE/],
    ['Stray } brace', /ICU syntax: a brace that is not part of an argument/],
    ['{count, plural, one {# item}}', /ICU syntax: MISSING_OTHER_CLAUSE/],
    ['{count, number, pennies}', /ICU syntax: a number style the formatter does not know/],
    ['{count, date, short {x} other {y}}', /ICU syntax: a date style the formatter does not know/],
    ['{a b}', /ICU syntax: MALFORMED_ARGUMENT/],
    ['{}', /ICU syntax: EMPTY_ARGUMENT/],
    ['{count, plural, one {# item} one {# again} other {#}}', /DUPLICATE_PLURAL_ARGUMENT_SELECTOR/],
  ])('refuses broken ICU: %s', (text, reason) => {
    expect(overrideProblem(text, 'Built in {count, plural, one {#} other {#}}')).toMatch(reason);
  });

  it('takes any ICU the formatter reads, on the arguments the message has', () => {
    const count = '{count, plural, one {# item} other {# items}}';
    expect(overrideProblem('{count, selectordinal, one {#st} other {#th}}', count)).toBeNull();
    expect(overrideProblem('{count, number} in all', count)).toBeNull();
    expect(overrideProblem("It''s {count}", count)).toBeNull();
    // Counting a name would pick "other" for every name.
    expect(overrideProblem('{name, plural, one {#} other {#}}', 'Hi {name}')).toMatch(
      /another kind of value: name/,
    );
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
    expect(overrideProblem(42, catalogs.en['footer.credit'])).toBe('not a text');
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
    expect(en('footer.copyright', { year: 2026 })).toBe('© 2026 Mepedia. All rights reserved.');
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

  it('hands on the overrides it keeps parsed, unless plain text: the browser has no parser', () => {
    const { overrides } = checkOverrides(
      {
        en: {
          'footer.credit': 'Made with care',
          'footer.copyright': '© {year}, the Mepedia team',
          'footer.publishedProfiles': '{count, plural, one {# story} other {# stories}} so far',
        },
      },
      builtIn,
    );
    expect(overrides.en['footer.credit']).toBe('Made with care');
    expect(Array.isArray(overrides.en['footer.copyright'])).toBe(true);
    // What the page sends the browser: JSON, read back as the same messages.
    const sent = JSON.parse(JSON.stringify(overrides.en)) as typeof overrides.en;
    const t = createTranslator('en', sent);
    expect(t('footer.copyright', { year: 2026 })).toBe('© 2026, the Mepedia team');
    expect(t('footer.publishedProfiles', { count: 1 })).toBe('1 story so far');
    expect(t('footer.publishedProfiles', { count: 1200 })).toBe('1,200 stories so far');
  });
});
