import { describe, expect, it } from 'vitest';
import { PageCache, isShareable, pageEtag, type StoredPage } from './page-cache';

const cookies = { locale: 'mepedia_locale', visitor: 'mepedia_visitor' };
const request = (url: string, extra: Partial<Parameters<PageCache['keyOf']>[0]> = {}) => ({
  method: 'GET',
  url,
  cookie: undefined,
  acceptLanguage: undefined,
  ...extra,
});
const stored = (body = '<p>hello</p>'): StoredPage => ({
  status: 200,
  headers: [['content-type', 'text/html']],
  body,
  nonce: 'n0nce',
  etag: pageEtag(body, 'n0nce'),
});

describe('PageCache.keyOf', () => {
  const cache = new PageCache(cookies);

  it('shares a guest’s plain read, with the language cookie in the key', () => {
    const english = cache.keyOf(request('/about', { cookie: 'mepedia_locale=en' }));
    const hebrew = cache.keyOf(request('/about', { cookie: 'mepedia_locale=he' }));
    expect(english).not.toBeNull();
    expect(hebrew).not.toBeNull();
    expect(english).not.toBe(hebrew);
    expect(cache.keyOf(request('/about', { cookie: 'mepedia_visitor=abc' }))).toBe(
      cache.keyOf(request('/about')),
    );
  });

  it('never shares a page drawn with any other cookie (a session, a verification ticket)', () => {
    expect(cache.keyOf(request('/', { cookie: 'mepedia_session=token' }))).toBeNull();
    expect(
      cache.keyOf(
        request('/verification', { cookie: 'mepedia_locale=he; mepedia_verification=t' }),
      ),
    ).toBeNull();
    expect(cache.keyOf(request('/', { cookie: '__Host-mepedia_session=token' }))).toBeNull();
  });

  it('draws forms and over-long addresses for the request alone', () => {
    expect(cache.keyOf(request('/auth', { method: 'POST' }))).toBeNull();
    expect(cache.keyOf(request(`/people?q=${'a'.repeat(3000)}`))).toBeNull();
    expect(cache.keyOf(request('/', { method: 'HEAD' }))).toBe(cache.keyOf(request('/')));
  });

  it('keys the root by the browser’s languages (a Hebrew browser is sent to /he), not other pages', () => {
    const he = 'he-IL,he;q=0.9';
    expect(cache.keyOf(request('/', { acceptLanguage: he }))).not.toBe(cache.keyOf(request('/')));
    expect(cache.keyOf(request('/about', { acceptLanguage: he }))).toBe(
      cache.keyOf(request('/about')),
    );
  });
});

describe('PageCache freshness', () => {
  it('serves fresh, then stale while it is drawn again, then nothing', () => {
    let now = 0;
    const cache = new PageCache(cookies, 5_000, 30_000, () => now);
    cache.set('k', stored(), cache.mark());
    expect(cache.get('k')?.fresh).toBe(true);
    now = 5_000;
    expect(cache.get('k')?.fresh).toBe(false);
    now = 34_999;
    expect(cache.get('k')?.page.body).toBe('<p>hello</p>');
    now = 35_000;
    expect(cache.get('k')).toBeUndefined();
  });

  it('forgets everything on a change, and keeps nothing drawn across it', () => {
    const cache = new PageCache(cookies);
    cache.set('a', stored(), cache.mark());
    const before = cache.mark();
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    cache.set('b', stored(), before);
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', stored(), cache.mark());
    expect(cache.get('b')).toBeDefined();
  });

  it('takes a kept page away when it is drawn again as gone, and keeps it through a server error', () => {
    let now = 0;
    const cache = new PageCache(cookies, 5_000, 30_000, () => now);
    cache.set('post', stored('<h1>The boat</h1>'), cache.mark());
    now = 6_000;
    // Stale: drawn again behind the guest it is served to, and the backend fails.
    cache.settle('post', { ...stored('Internal Server Error'), status: 500 }, false, cache.mark());
    expect(cache.get('post')?.page.body).toBe('<h1>The boat</h1>');
    // Then the story is removed: the next drawing answers 404.
    cache.settle('post', { ...stored('Not found'), status: 404 }, false, cache.mark());
    expect(cache.get('post')).toBeUndefined();
    // A shareable drawing is kept as set keeps it.
    cache.settle('about', stored('<p>About</p>'), true, cache.mark());
    expect(cache.get('about')?.fresh).toBe(true);
  });

  it('tells CDNs the same seconds it keeps pages for', () => {
    expect(new PageCache(cookies, 5_000, 30_000).cacheControl()).toBe(
      'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
    );
  });
});

describe('isShareable', () => {
  const headers = (init: Record<string, string> = {}) => new Headers(init);

  it('shares a plain 200 only', () => {
    expect(isShareable(200, headers())).toBe(true);
    expect(isShareable(302, headers({ location: '/he' }))).toBe(false);
    expect(isShareable(404, headers())).toBe(false);
    expect(isShareable(500, headers())).toBe(false);
  });

  it('never shares an answer that sets a cookie or was marked private', () => {
    expect(isShareable(200, headers({ 'set-cookie': 'mepedia_locale=he' }))).toBe(false);
    expect(isShareable(200, headers({ 'cache-control': 'private, no-store' }))).toBe(false);
    expect(isShareable(200, headers({ 'cache-control': 'no-cache' }))).toBe(false);
  });
});

describe('etags', () => {
  it('names the content, whatever nonce it was drawn with', () => {
    const a = pageEtag('<script nonce="AAA"></script>', 'AAA');
    const b = pageEtag('<script nonce="BBB"></script>', 'BBB');
    expect(a).toBe(b);
    expect(a).toMatch(/^W\/".+"$/);
    expect(pageEtag('<p>other</p>', 'AAA')).not.toBe(a);
  });
});
