import { createHash } from 'node:crypto';
import type { Language, TranslateOutputResponse } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import { request } from 'undici';
import type { TranslationsRepository } from './translations.repository';

export type Translated = { text: string; source: string | null };

/** The translation provider port. */
export interface Translator {
  readonly kind: string;
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
 * Google Cloud Translation, v2 REST (`POST /language/translate/v2?key=`), HTML
 * format so markup survives. The endpoint is configurable (tests, proxies).
 */
export class GoogleTranslator implements Translator {
  readonly kind = 'google';

  constructor(
    private readonly key: string,
    private readonly endpoint = 'https://translation.googleapis.com',
  ) {}

  async translate(texts: string[], target: Language): Promise<Translated[]> {
    let response;
    try {
      response = await request(
        `${this.endpoint}/language/translate/v2?key=${encodeURIComponent(this.key)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ q: texts, target, format: 'html' }),
          headersTimeout: 20_000,
          bodyTimeout: 20_000,
        },
      );
    } catch {
      throw new AppError('TRANSLATION_FAILED');
    }
    if (response.statusCode !== 200) {
      await response.body.dump();
      throw new AppError('TRANSLATION_FAILED');
    }
    const data = (await response.body.json()) as {
      data?: { translations?: Array<{ translatedText?: string; detectedSourceLanguage?: string }> };
    };
    const list = data.data?.translations ?? [];
    if (list.length !== texts.length) throw new AppError('TRANSLATION_FAILED');
    return list.map((item) => ({
      text: item.translatedText ?? '',
      source: item.detectedSourceLanguage ?? null,
    }));
  }
}

/** Google's recommended request size; longer texts are split between block elements. */
export const CHUNK_LIMIT = 5000;

export function splitForTranslation(text: string, limit = CHUNK_LIMIT): string[] {
  if (text.length <= limit) return [text];
  // Cut after closing block tags, else after sentence ends, else hard.
  const pieces = text.split(/(?<=<\/(?:p|h[2-4]|li|ul|ol|blockquote)>)|(?<=[.!?]\s)/i);
  const chunks: string[] = [];
  let current = '';
  for (const piece of pieces) {
    if (current.length + piece.length > limit && current) {
      chunks.push(current);
      current = '';
    }
    if (piece.length > limit) {
      for (let i = 0; i < piece.length; i += limit) chunks.push(piece.slice(i, i + limit));
      continue;
    }
    current += piece;
  }
  if (current) chunks.push(current);
  return chunks;
}

export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/** How old a stored translation must be before `forceCheck` pays the provider again. */
export const RECHECK_AFTER_MS = 24 * 60 * 60 * 1000;

/**
 * translateOutput: cached by (text hash, target); a changed text hashes anew. forceCheck asks
 * again only for a translation older than RECHECK_AFTER_MS, once per period: each ask is paid.
 */
export class TranslationService {
  constructor(
    private readonly repository: TranslationsRepository,
    private readonly translator: Translator,
  ) {}

  async translate(
    output: string,
    target: Language,
    forceCheck = false,
  ): Promise<TranslateOutputResponse> {
    const hash = textHash(output);
    const cached = await this.repository.find(hash, target);
    if (!cached) return this.fresh(output, hash, target);
    const now = new Date();
    const staleBefore = new Date(now.getTime() - RECHECK_AFTER_MS);
    // The claim lets one caller re-ask however many force at once; the rest get the cache.
    if (!forceCheck || !(await this.repository.claimRecheck(hash, target, staleBefore, now)))
      return { output: cached.output, source: cached.source, target, cached: true };
    try {
      return await this.fresh(output, hash, target);
    } catch (error) {
      await this.repository.releaseRecheck(hash, target, now, cached.createdAt);
      throw error;
    }
  }

  private async fresh(
    output: string,
    hash: string,
    target: Language,
  ): Promise<TranslateOutputResponse> {
    const chunks = splitForTranslation(output);
    const results = await this.translator.translate(chunks, target);
    const translated = results.map((result) => result.text).join('');
    const source = results[0]?.source ?? null;
    await this.repository.save({ textHash: hash, target, source, output: translated });
    return { output: translated, source, target, cached: false };
  }
}
