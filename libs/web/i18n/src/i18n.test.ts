import { compileMessage, parseMessage } from '@mepedia/messages';
import { describe, expect, it, vi } from 'vitest';
import {
  LOCALES,
  createTranslator,
  registerMessages,
  catalogs,
  localizePath,
  preferredLocale,
  resolveLocale,
  sameSitePath,
  splitLocale,
} from './index';

describe('locale paths', () => {
  it('puts Hebrew under /he and English at the bare path', () => {
    expect(splitLocale('/he/about')).toEqual({ locale: 'he', path: '/about' });
    expect(splitLocale('/he')).toEqual({ locale: 'he', path: '/' });
    expect(splitLocale('/help')).toEqual({ locale: 'en', path: '/help' });
    expect(localizePath('/about', 'he')).toBe('/he/about');
    expect(localizePath('/he/about', 'en')).toBe('/about');
    expect(localizePath('/', 'he')).toBe('/he');
  });

  it('keeps paths on this site: one leading slash, never // or /\\', () => {
    expect(sameSitePath('//evil.example')).toBe('/evil.example');
    expect(sameSitePath('/\\evil.example')).toBe('/evil.example');
    expect(sameSitePath('\\/evil.example/a//b')).toBe('/evil.example/a//b');
    expect(sameSitePath('about')).toBe('/about');
    expect(sameSitePath('')).toBe('/');
    expect(splitLocale('/he//evil.example')).toEqual({ locale: 'he', path: '/evil.example' });
    expect(localizePath('/he//evil.example', 'en')).toBe('/evil.example');
    expect(localizePath('//evil.example', 'he')).toBe('/he/evil.example');
  });
});

describe('resolveLocale', () => {
  const base = { search: '', cookieLocale: undefined, acceptLanguage: undefined };

  it('renders the locale of the path', () => {
    expect(resolveLocale({ ...base, pathname: '/he/about' })).toEqual({ locale: 'he' });
    expect(resolveLocale({ ...base, pathname: '/about', acceptLanguage: 'he' })).toEqual({
      locale: 'en',
    });
  });

  it('checks the browser language at the root only, when no choice is saved', () => {
    expect(
      resolveLocale({ ...base, pathname: '/', acceptLanguage: 'he-IL,he;q=0.9,en;q=0.8' }),
    ).toEqual({ locale: 'he', redirect: '/he' });
    expect(
      resolveLocale({ ...base, pathname: '/', acceptLanguage: 'he', cookieLocale: 'en' }),
    ).toEqual({ locale: 'en' });
  });

  it('follows the saved choice at the root', () => {
    expect(resolveLocale({ ...base, pathname: '/', cookieLocale: 'he' })).toEqual({
      locale: 'he',
      redirect: '/he',
    });
  });

  it('lets ?lang= win, redirecting and remembering it', () => {
    expect(
      resolveLocale({ ...base, pathname: '/about', search: '?lang=he&x=1', cookieLocale: 'en' }),
    ).toEqual({
      locale: 'he',
      redirect: '/he/about?x=1',
      rememberLocale: 'he',
    });
    expect(resolveLocale({ ...base, pathname: '/he', search: '?lang=en' })).toMatchObject({
      redirect: '/',
      locale: 'en',
    });
  });

  it('redirects only to a path on this site, whatever the request path holds', () => {
    const redirectOf = (pathname: string, lang: string) =>
      resolveLocale({ ...base, pathname, search: `?lang=${lang}` }).redirect;
    expect(redirectOf('/he//evil.example', 'en')).toBe('/evil.example');
    expect(redirectOf('/he/\\evil.example', 'en')).toBe('/evil.example');
    expect(redirectOf('/he/\\/\\evil.example', 'en')).toBe('/evil.example');
    expect(redirectOf('/he///\t//evil.example/x', 'en')).toBe('/evil.example/x');
    expect(redirectOf('//evil.example', 'he')).toBe('/he/evil.example');
    expect(redirectOf('//evil.example', 'en')).toBe('/evil.example');
    expect(redirectOf('/\\evil.example', 'en')).toBe('/evil.example');
    for (const pathname of ['/he//a', '//a', '/\\a', '/he/\\a', '/he', '/', '/x//y'])
      for (const lang of ['en', 'he']) expect(redirectOf(pathname, lang)).toMatch(/^\/(?![/\\])/);
  });

  it('reads Accept-Language weights', () => {
    expect(preferredLocale('fr, en;q=0.5, he;q=0.8')).toBe('he');
    expect(preferredLocale('fr')).toBeUndefined();
  });
});

describe('translator', () => {
  it('has every key in Hebrew too', () => {
    expect(Object.keys(catalogs.he).sort()).toEqual(Object.keys(catalogs.en).sort());
    for (const locale of LOCALES)
      for (const value of Object.values(catalogs[locale])) expect(value.length).toBeGreaterThan(0);
  });

  it('uses Hebrew plural forms, including the dual', () => {
    const t = createTranslator('he');
    expect(t('footer.publishedProfiles', { count: 1 })).toBe('פרופיל אחד פורסם');
    expect(t('footer.publishedProfiles', { count: 2 })).toBe('שני פרופילים פורסמו');
    expect(t('footer.publishedProfiles', { count: 7 })).toBe('7 פרופילים פורסמו');
    expect(createTranslator('en')('footer.publishedProfiles', { count: 1 })).toBe(
      '1 published profile',
    );
  });

  it('formats arguments, selects and nested plurals, and keeps literal quotes', () => {
    const t = compileMessage(
      "{name} has {count, plural, =0 {no answers} one {# answer} other {# answers}} ({kind, select, draft {draft} other {live}}) it''s",
      'en',
    );
    expect(t({ name: 'Dana', count: 0, kind: 'draft' })).toBe("Dana has no answers (draft) it's");
    expect(t({ name: 'Dana', count: 1234, kind: 'x' })).toBe("Dana has 1,234 answers (live) it's");
    expect(compileMessage('© {year} Mepedia', 'en')({ year: 2026 })).toBe('© 2026 Mepedia');
  });

  it('lets run-time text override the catalogue', () => {
    expect(createTranslator('en', { 'menu.home': 'Start' })('menu.home')).toBe('Start');
  });

  it('formats messages given parsed, as the browser gets them', () => {
    const t = createTranslator('en', { 'footer.copyright': parseMessage('Made in {year}') });
    expect(t('footer.copyright', { year: 2026 })).toBe('Made in 2026');
  });

  it('never shows raw ICU: a message that cannot be formatted gives way to the catalogue', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // Unchecked text (overrides are checked on the server first; this one slipped through).
    const t = createTranslator('he', { 'footer.copyright': '© {year Mepedia' });
    expect(t('footer.copyright', { year: 2026 })).toBe(
      compileMessage(catalogs.he['footer.copyright'], 'he')({ year: 2026 }),
    );
    expect(t('footer.copyright', { year: 2026 })).not.toContain('{');
    // A value the caller left out prints as nothing, and is reported.
    expect(createTranslator('en')('footer.copyright')).toBe('©  Mepedia. All rights reserved.');
    expect(error.mock.calls.map(([line]) => String(line))).toEqual([
      expect.stringMatching(/^interface message he footer\.copyright: MALFORMED_ARGUMENT/),
      'interface message en footer.copyright: no value for "year"',
    ]);
    error.mockRestore();
  });
});

describe('registerMessages', () => {
  it('adds a page’s strings to translators, even one made before, Hebrew falling back to English', () => {
    const t = createTranslator('he') as (key: string, values?: Record<string, number>) => string;
    expect(t('testPage.title')).toBe('testPage.title');
    registerMessages({
      en: {
        'testPage.title': 'Title',
        'testPage.count': '{n, plural, one {# row} other {# rows}}',
      },
      he: { 'testPage.title': 'כותרת' },
    });
    expect(t('testPage.title')).toBe('כותרת');
    expect(t('testPage.count', { n: 2 })).toBe('2 rows');
    // The interface's own catalogue still wins over a page's string of the same key.
    registerMessages({ en: { 'app.name': 'Not the name' }, he: { 'app.name': 'לא השם' } });
    expect(t('app.name')).toBe('מפדיה');
  });
});
