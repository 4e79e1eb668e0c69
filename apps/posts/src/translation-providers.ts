import type { Language } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import { request } from 'undici';
import type { TranslationProviderOptions } from './posts.options';

export type Translated = { text: string; source: string | null };

/** The translation provider port: texts (HTML) in, their translations in the same order. */
export interface Translator {
  readonly kind: TranslationProviderOptions['provider'];
  translate(texts: string[], target: Language): Promise<Translated[]>;
}

/** No provider configured: say so clearly. */
export class TranslationOff implements Translator {
  readonly kind = 'off';
  translate(): Promise<Translated[]> {
    return Promise.reject(new AppError('TRANSLATION_UNAVAILABLE'));
  }
}

/**
 * A provider's language code as ours: lower case, without a region (`EN-US` is `en`), and
 * Hebrew as `he` (Google's v2 still says `iw`).
 */
export function normalizeLanguage(code: string | null | undefined): string | null {
  if (!code) return null;
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  if (base === '') return null;
  return base === 'iw' ? 'he' : base;
}

/** What went wrong with a provider, as the coded error members see. */
type Failure = 'TRANSLATION_PROVIDER_QUOTA' | 'TRANSLATION_PROVIDER_REFUSED' | 'TRANSLATION_FAILED';

const TIMEOUTS = { headersTimeout: 20_000, bodyTimeout: 20_000 };

/**
 * A provider call that failed after the provider had answered some of its requests (DeepL and
 * LibreTranslate send several): the coded error members see, and how many characters the
 * provider already took, and billed, before the failure. Those are not given back.
 */
export class PartlyTranslated extends AppError {
  constructor(
    failure: AppError,
    readonly billedCharacters: number,
  ) {
    super(failure.code, failure.details);
  }
}

/** Run a call's requests, counting what the provider answered; a failure says how much. */
async function countingBilled<T>(work: (billed: (texts: string[]) => void) => Promise<T>) {
  let billed = 0;
  try {
    return await work((texts) => {
      billed += texts.reduce((sum, text) => sum + text.length, 0);
    });
  } catch (error) {
    if (billed > 0 && error instanceof AppError) throw new PartlyTranslated(error, billed);
    throw error;
  }
}

/**
 * POST JSON and read JSON back; a network error or an unreadable answer is TRANSLATION_FAILED,
 * any other status than 200 is what `classify` says it is.
 */
async function postJson(
  url: string,
  headers: Record<string, string>,
  body: unknown,
  classify: (status: number, text: string) => Failure,
  /** Called once the provider answered 200: it took, and billed, the request's texts. */
  answered: () => void = () => undefined,
): Promise<unknown> {
  let response;
  try {
    response = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
      body: JSON.stringify(body),
      ...TIMEOUTS,
    });
  } catch {
    throw new AppError('TRANSLATION_FAILED');
  }
  if (response.statusCode !== 200) {
    const text = await response.body.text().catch(() => '');
    throw new AppError(classify(response.statusCode, text.slice(0, 2000)));
  }
  answered();
  try {
    return await response.body.json();
  } catch {
    throw new AppError('TRANSLATION_FAILED');
  }
}

/**
 * Google Cloud Translation, v2 REST (`POST /language/translate/v2?key=`), HTML format so markup
 * survives; it detects the source. Errors: 429, or 403 with a quota or rate reason
 * (`dailyLimitExceeded`, `rateLimitExceeded`, `RESOURCE_EXHAUSTED`...), is the quota; another
 * 401 or 403, or 400 for a key it does not know, is a refusal.
 */
export class GoogleTranslator implements Translator {
  readonly kind = 'google';

  constructor(
    private readonly key: string,
    private readonly endpoint = 'https://translation.googleapis.com',
  ) {}

  translate(texts: string[], target: Language): Promise<Translated[]> {
    return countingBilled((billed) => this.inOne(texts, target, billed));
  }

  private async inOne(
    texts: string[],
    target: Language,
    billed: (texts: string[]) => void,
  ): Promise<Translated[]> {
    const data = (await postJson(
      `${this.endpoint}/language/translate/v2?key=${encodeURIComponent(this.key)}`,
      {},
      { q: texts, target, format: 'html' },
      (status, text) => {
        if (status === 429) return 'TRANSLATION_PROVIDER_QUOTA';
        if (status === 403 && /limitexceeded|quota|resource_exhausted/i.test(text))
          return 'TRANSLATION_PROVIDER_QUOTA';
        if (status === 401 || status === 403) return 'TRANSLATION_PROVIDER_REFUSED';
        if (status === 400 && /api[_ ]key/i.test(text)) return 'TRANSLATION_PROVIDER_REFUSED';
        return 'TRANSLATION_FAILED';
      },
      () => billed(texts),
    )) as {
      data?: {
        translations?: Array<{ translatedText?: unknown; detectedSourceLanguage?: unknown }>;
      };
    };
    const list = data?.data?.translations ?? [];
    if (list.length !== texts.length) throw new AppError('TRANSLATION_FAILED');
    return list.map((item) => {
      if (typeof item.translatedText !== 'string') throw new AppError('TRANSLATION_FAILED');
      return {
        text: item.translatedText,
        source: normalizeLanguage(
          typeof item.detectedSourceLanguage === 'string' ? item.detectedSourceLanguage : null,
        ),
      };
    });
  }
}

/** DeepL takes at most 50 texts and 128 KiB of body a request: we send less. */
const DEEPL_TEXTS_PER_REQUEST = 50;
const DEEPL_BYTES_PER_REQUEST = 96 * 1024;

/**
 * DeepL, `POST /v2/translate` with `Authorization: DeepL-Auth-Key`, HTML tag handling; it
 * detects the source. `EN` as a target is deprecated there, so English is `EN-US`. Errors: 456
 * (quota spent) and 429 (too many requests) are the quota, 401 and 403 a refused key.
 */
export class DeepLTranslator implements Translator {
  readonly kind = 'deepl';

  constructor(
    private readonly key: string,
    private readonly endpoint: string,
  ) {}

  translate(texts: string[], target: Language): Promise<Translated[]> {
    return countingBilled((billed) => this.inBatches(texts, target, billed));
  }

  private async inBatches(
    texts: string[],
    target: Language,
    billed: (texts: string[]) => void,
  ): Promise<Translated[]> {
    const results: Translated[] = [];
    for (const batch of batches(texts)) {
      const data = (await postJson(
        `${this.endpoint}/v2/translate`,
        { authorization: `DeepL-Auth-Key ${this.key}` },
        { text: batch, target_lang: target === 'en' ? 'EN-US' : 'HE', tag_handling: 'html' },
        (status) =>
          status === 456 || status === 429
            ? 'TRANSLATION_PROVIDER_QUOTA'
            : status === 401 || status === 403
              ? 'TRANSLATION_PROVIDER_REFUSED'
              : 'TRANSLATION_FAILED',
        () => billed(batch),
      )) as { translations?: Array<{ text?: unknown; detected_source_language?: unknown }> };
      const list = data?.translations ?? [];
      if (list.length !== batch.length) throw new AppError('TRANSLATION_FAILED');
      for (const item of list) {
        if (typeof item.text !== 'string') throw new AppError('TRANSLATION_FAILED');
        results.push({
          text: item.text,
          source: normalizeLanguage(
            typeof item.detected_source_language === 'string'
              ? item.detected_source_language
              : null,
          ),
        });
      }
    }
    return results;
  }
}

function* batches(texts: string[]): Generator<string[]> {
  let batch: string[] = [];
  let bytes = 0;
  for (const text of texts) {
    const size = Buffer.byteLength(text) + 8;
    if (
      batch.length > 0 &&
      (batch.length >= DEEPL_TEXTS_PER_REQUEST || bytes + size > DEEPL_BYTES_PER_REQUEST)
    ) {
      yield batch;
      batch = [];
      bytes = 0;
    }
    batch.push(text);
    bytes += size;
  }
  if (batch.length > 0) yield batch;
}

/**
 * LibreTranslate (self-hosted, open source): `POST /translate` with `q`, `source: 'auto'`,
 * `target`, `format: 'html'` and `api_key` when the server asks for one; it answers
 * `translatedText` and, for `auto`, `detectedLanguage`. One text a request. Errors: 429 (slow
 * down) is the quota, 401 and 403 (a key it refuses or wants) a refusal.
 */
export class LibreTranslator implements Translator {
  readonly kind = 'libretranslate';

  constructor(
    private readonly endpoint: string,
    private readonly key: string | null,
  ) {}

  translate(texts: string[], target: Language): Promise<Translated[]> {
    return countingBilled((billed) => this.oneByOne(texts, target, billed));
  }

  private async oneByOne(
    texts: string[],
    target: Language,
    billed: (texts: string[]) => void,
  ): Promise<Translated[]> {
    const results: Translated[] = [];
    for (const text of texts) {
      const data = (await postJson(
        `${this.endpoint}/translate`,
        {},
        {
          q: text,
          source: 'auto',
          target,
          format: 'html',
          ...(this.key ? { api_key: this.key } : {}),
        },
        (status) =>
          status === 429
            ? 'TRANSLATION_PROVIDER_QUOTA'
            : status === 401 || status === 403
              ? 'TRANSLATION_PROVIDER_REFUSED'
              : 'TRANSLATION_FAILED',
        () => billed([text]),
      )) as { translatedText?: unknown; detectedLanguage?: { language?: unknown } };
      if (typeof data?.translatedText !== 'string') throw new AppError('TRANSLATION_FAILED');
      const detected = data.detectedLanguage?.language;
      results.push({
        text: data.translatedText,
        source: normalizeLanguage(typeof detected === 'string' ? detected : null),
      });
    }
    return results;
  }
}

/** The adapter the options choose. */
export function translatorFor(options: TranslationProviderOptions): Translator {
  switch (options.provider) {
    case 'google':
      return new GoogleTranslator(options.key, options.endpoint);
    case 'deepl':
      return new DeepLTranslator(options.key, options.endpoint);
    case 'libretranslate':
      return new LibreTranslator(options.endpoint, options.key);
    case 'off':
      return new TranslationOff();
  }
}
