import { DEFAULT_LANGUAGE, LOCALE_COOKIE, isLanguage, type Language } from '@mepedia/contracts';
import { parseCookies } from './cookies';

type RequestLike = {
  headers: Record<string, string | string[] | undefined>;
  query?: unknown;
};

function header(request: RequestLike, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The language to answer in: `?lang=` wins, then the site's locale cookie,
 * then the member's saved language, then the browser's Accept-Language.
 */
export function requestLanguage(request: RequestLike, memberLanguage?: Language): Language {
  const query = request.query as Record<string, unknown> | undefined;
  if (query && isLanguage(query['lang'])) return query['lang'];
  const cookie = parseCookies(header(request, 'cookie')).get(LOCALE_COOKIE);
  if (isLanguage(cookie)) return cookie;
  if (memberLanguage) return memberLanguage;
  const accept = header(request, 'accept-language');
  if (accept) {
    const ranked = accept
      .split(',')
      .map((part) => {
        const [tag = '', ...params] = part.trim().split(';');
        const q = params.find((p) => p.trim().startsWith('q='));
        return { tag: tag.toLowerCase(), q: q ? Number(q.trim().slice(2)) : 1 };
      })
      .filter((entry) => entry.tag && !Number.isNaN(entry.q))
      .sort((a, b) => b.q - a.q);
    for (const { tag } of ranked) {
      const primary = tag.split('-')[0];
      if (primary === 'iw') return 'he';
      if (isLanguage(primary)) return primary;
    }
  }
  return DEFAULT_LANGUAGE;
}
