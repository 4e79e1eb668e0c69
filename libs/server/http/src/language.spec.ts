import { requestLanguage } from './language';

describe(requestLanguage.name, () => {
  it('lets ?lang= win, then the locale cookie, then the member, then the browser', () => {
    const headers = { cookie: 'mepedia_locale=he', 'accept-language': 'en-US' };
    expect(requestLanguage({ headers, query: { lang: 'en' } })).toBe('en');
    expect(requestLanguage({ headers })).toBe('he');
    expect(requestLanguage({ headers: { 'accept-language': 'en-US' } }, 'he')).toBe('he');
    expect(requestLanguage({ headers: { 'accept-language': 'fr-FR, he;q=0.8, en;q=0.5' } })).toBe(
      'he',
    );
    expect(requestLanguage({ headers: { 'accept-language': 'iw' } })).toBe('he');
  });

  it('defaults to English and ignores unknown values', () => {
    expect(requestLanguage({ headers: {} })).toBe('en');
    expect(
      requestLanguage({ headers: { cookie: 'mepedia_locale=fr' }, query: { lang: 'xx' } }),
    ).toBe('en');
  });
});
