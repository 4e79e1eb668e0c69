import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { AppError } from '@mepedia/server-http';
import {
  DeepLTranslator,
  GoogleTranslator,
  LibreTranslator,
  normalizeLanguage,
  PartlyTranslated,
  type Translator,
} from '../src/translation-providers';
import { deeplEndpointFor, loadPostsOptions } from '../src/posts.options';

type Received = { method: string; path: string; headers: IncomingHttpHeaders; body: unknown };
type Answer = { status: number; body: unknown };

/**
 * A loopback listener on a free port that records each request and answers with `reply`:
 * the stand-in for a provider, speaking its documented API.
 */
async function listener(reply: (request: Received) => Answer) {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const entry: Received = {
        method: request.method ?? '',
        path: request.url ?? '',
        headers: request.headers,
        body: raw ? (JSON.parse(raw) as unknown) : null,
      };
      received.push(entry);
      const answer = reply(entry);
      response
        .writeHead(answer.status, { 'content-type': 'application/json' })
        .end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The coded error a translation attempt ends in. */
async function failure(translator: Translator): Promise<string> {
  try {
    await translator.translate(['<p>hello</p>'], 'he');
  } catch (error) {
    if (error instanceof AppError) return error.code;
    throw error;
  }
  throw new Error('expected the translation to fail');
}

describe('translation provider adapters against loopback listeners', () => {
  describe('Google Cloud Translation v2', () => {
    it('sends the texts as HTML with the key and reads the detected language (iw is he)', async () => {
      const google = await listener((request) => {
        const { q, target } = request.body as { q: string[]; target: string };
        return {
          status: 200,
          body: {
            data: {
              translations: q.map((text) => ({
                translatedText: `[${target}] ${text}`,
                detectedSourceLanguage: 'iw',
              })),
            },
          },
        };
      });
      try {
        const result = await new GoogleTranslator('k&y', google.url).translate(
          ['<p>שלום</p>', '<p>עולם</p>'],
          'en',
        );
        expect(result).toEqual([
          { text: '[en] <p>שלום</p>', source: 'he' },
          { text: '[en] <p>עולם</p>', source: 'he' },
        ]);
        expect(google.received).toEqual([
          expect.objectContaining({
            method: 'POST',
            path: '/language/translate/v2?key=k%26y',
            body: { q: ['<p>שלום</p>', '<p>עולם</p>'], target: 'en', format: 'html' },
          }),
        ]);
      } finally {
        await google.close();
      }
    });

    it.each([
      [
        403,
        'TRANSLATION_PROVIDER_QUOTA',
        { error: { code: 403, errors: [{ reason: 'dailyLimitExceeded' }] } },
      ],
      [429, 'TRANSLATION_PROVIDER_QUOTA', { error: { code: 429, status: 'RESOURCE_EXHAUSTED' } }],
      [
        403,
        'TRANSLATION_PROVIDER_REFUSED',
        { error: { code: 403, errors: [{ reason: 'forbidden' }] } },
      ],
      [
        400,
        'TRANSLATION_PROVIDER_REFUSED',
        { error: { code: 400, message: 'API key not valid. Please pass a valid API key.' } },
      ],
      [500, 'TRANSLATION_FAILED', { error: { code: 500 } }],
      [200, 'TRANSLATION_FAILED', { data: { translations: [] } }],
    ])('answers %i as %s', async (status, code, body) => {
      const google = await listener(() => ({ status, body }));
      try {
        expect(await failure(new GoogleTranslator('key', google.url))).toBe(code);
      } finally {
        await google.close();
      }
    });
  });

  describe('DeepL', () => {
    it('posts /v2/translate with the auth header, HTML tag handling and the target, and reads the detected language', async () => {
      const deepl = await listener((request) => {
        const { text } = request.body as { text: string[] };
        return {
          status: 200,
          body: {
            translations: text.map((t) => ({ detected_source_language: 'EN', text: `[HE] ${t}` })),
          },
        };
      });
      try {
        const result = await new DeepLTranslator('secret:fx', deepl.url).translate(
          ['<p>hello</p>'],
          'he',
        );
        expect(result).toEqual([{ text: '[HE] <p>hello</p>', source: 'en' }]);
        expect(deepl.received).toHaveLength(1);
        expect(deepl.received[0]).toMatchObject({
          method: 'POST',
          path: '/v2/translate',
          body: { text: ['<p>hello</p>'], target_lang: 'HE', tag_handling: 'html' },
        });
        expect(deepl.received[0]!.headers['authorization']).toBe('DeepL-Auth-Key secret:fx');
        await new DeepLTranslator('secret:fx', deepl.url).translate(['<p>שלום</p>'], 'en');
        expect(deepl.received[1]!.body).toMatchObject({ target_lang: 'EN-US' });
      } finally {
        await deepl.close();
      }
    });

    it('sends many long texts in requests under its size limit, answers in order', async () => {
      const deepl = await listener((request) => {
        const { text } = request.body as { text: string[] };
        return { status: 200, body: { translations: text.map((t) => ({ text: t.length })) } };
      });
      try {
        // Numbers where texts should be: an answer it cannot read is a failure, not garbage.
        expect(await failure(new DeepLTranslator('k', deepl.url))).toBe('TRANSLATION_FAILED');
      } finally {
        await deepl.close();
      }
      const echo = await listener((request) => {
        const { text } = request.body as { text: string[] };
        return {
          status: 200,
          body: { translations: text.map((t) => ({ detected_source_language: 'HE', text: t })) },
        };
      });
      try {
        const texts = Array.from({ length: 12 }, (_, i) => `<p>${i} ${'א'.repeat(4990)}</p>`);
        const result = await new DeepLTranslator('k', echo.url).translate(texts, 'en');
        expect(result.map((r) => r.text)).toEqual(texts);
        expect(echo.received.length).toBeGreaterThan(1);
        for (const request of echo.received)
          expect(Buffer.byteLength(JSON.stringify(request.body))).toBeLessThan(128 * 1024);
      } finally {
        await echo.close();
      }
    });

    it('says how many characters it sent, answered and billed, when a later request fails', async () => {
      const deepl = await listener((request) => {
        const { text } = request.body as { text: string[] };
        // The first request is answered (and billed); the provider's quota runs out on the next.
        return deepl.received.length > 1
          ? { status: 456, body: { message: 'Quota exceeded' } }
          : { status: 200, body: { translations: text.map((t) => ({ text: t })) } };
      });
      try {
        const texts = Array.from({ length: 12 }, (_, i) => `<p>${i} ${'א'.repeat(4990)}</p>`);
        const error = await new DeepLTranslator('k', deepl.url).translate(texts, 'en').then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(deepl.received).toHaveLength(2);
        const first = (deepl.received[0]?.body as { text: string[] }).text;
        expect(error).toBeInstanceOf(PartlyTranslated);
        expect(error).toMatchObject({
          code: 'TRANSLATION_PROVIDER_QUOTA',
          billedCharacters: first.reduce((sum, text) => sum + text.length, 0),
        });
      } finally {
        await deepl.close();
      }
    });

    it.each([
      [456, 'TRANSLATION_PROVIDER_QUOTA', { message: 'Quota exceeded' }],
      [429, 'TRANSLATION_PROVIDER_QUOTA', { message: 'Too many requests' }],
      [403, 'TRANSLATION_PROVIDER_REFUSED', { message: 'Wrong endpoint' }],
      [503, 'TRANSLATION_FAILED', { message: 'Service unavailable' }],
    ])('answers %i as %s', async (status, code, body) => {
      const deepl = await listener(() => ({ status, body }));
      try {
        expect(await failure(new DeepLTranslator('k', deepl.url))).toBe(code);
      } finally {
        await deepl.close();
      }
    });

    it('picks the free host for a key ending in :fx', () => {
      expect(deeplEndpointFor('abc:fx')).toBe('https://api-free.deepl.com');
      expect(deeplEndpointFor('abc')).toBe('https://api.deepl.com');
      expect(
        loadPostsOptions({ TRANSLATION_PROVIDER: 'deepl', DEEPL_AUTH_KEY: 'abc:fx' }).translation,
      ).toEqual({ provider: 'deepl', key: 'abc:fx', endpoint: 'https://api-free.deepl.com' });
    });
  });

  describe('LibreTranslate', () => {
    it('posts /translate with q, source auto, target, html format and the API key, one text at a time', async () => {
      const libre = await listener((request) => {
        const { q, target } = request.body as { q: string; target: string };
        return {
          status: 200,
          body: {
            translatedText: `[${target}] ${q}`,
            detectedLanguage: { language: 'en', confidence: 90 },
          },
        };
      });
      try {
        const result = await new LibreTranslator(libre.url, 'lt-key').translate(
          ['<p>one</p>', '<p>two</p>'],
          'he',
        );
        expect(result).toEqual([
          { text: '[he] <p>one</p>', source: 'en' },
          { text: '[he] <p>two</p>', source: 'en' },
        ]);
        expect(libre.received.map((r) => [r.method, r.path, r.body])).toEqual([
          [
            'POST',
            '/translate',
            { q: '<p>one</p>', source: 'auto', target: 'he', format: 'html', api_key: 'lt-key' },
          ],
          [
            'POST',
            '/translate',
            { q: '<p>two</p>', source: 'auto', target: 'he', format: 'html', api_key: 'lt-key' },
          ],
        ]);
        // Without a key (a server that asks for none), no api_key is sent.
        await new LibreTranslator(libre.url, null).translate(['<p>x</p>'], 'he');
        expect(libre.received[2]!.body).not.toHaveProperty('api_key');
      } finally {
        await libre.close();
      }
    });

    it.each([
      [429, 'TRANSLATION_PROVIDER_QUOTA', { error: 'Slowdown: 30 per 1 minute' }],
      [403, 'TRANSLATION_PROVIDER_REFUSED', { error: 'Invalid API key' }],
      [400, 'TRANSLATION_FAILED', { error: 'he is not supported' }],
      [500, 'TRANSLATION_FAILED', { error: 'Cannot translate text' }],
    ])('answers %i as %s', async (status, code, body) => {
      const libre = await listener(() => ({ status, body }));
      try {
        expect(await failure(new LibreTranslator(libre.url, null))).toBe(code);
      } finally {
        await libre.close();
      }
    });

    it('is chosen by TRANSLATION_PROVIDER=libretranslate with its address', () => {
      expect(
        loadPostsOptions({
          TRANSLATION_PROVIDER: 'libretranslate',
          LIBRETRANSLATE_URL: 'http://translate.internal:5000/',
        }).translation,
      ).toEqual({
        provider: 'libretranslate',
        endpoint: 'http://translate.internal:5000',
        key: null,
      });
      expect(() => loadPostsOptions({ TRANSLATION_PROVIDER: 'libretranslate' })).toThrow(
        /LIBRETRANSLATE_URL/,
      );
    });
  });

  it('a network failure is TRANSLATION_FAILED', async () => {
    const closed = await listener(() => ({ status: 200, body: {} }));
    await closed.close();
    expect(await failure(new LibreTranslator(closed.url, null))).toBe('TRANSLATION_FAILED');
  });

  it('normalizes language codes', () => {
    expect(normalizeLanguage('EN-US')).toBe('en');
    expect(normalizeLanguage('iw')).toBe('he');
    expect(normalizeLanguage('HE')).toBe('he');
    expect(normalizeLanguage('')).toBeNull();
    expect(normalizeLanguage(undefined)).toBeNull();
  });
});
