import { createHash } from 'node:crypto';
import type { Language, TranslateOutputResponse } from '@mepedia/contracts';
import type { Db } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { and, eq } from 'drizzle-orm';
import { request } from 'undici';
import { translations } from './posts.schema';

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

/** translateOutput: cached by (text hash, target); a changed text hashes anew; forceCheck asks again. */
export class TranslationService {
  constructor(
    private readonly db: Db,
    private readonly translator: Translator,
  ) {}

  async translate(
    output: string,
    target: Language,
    forceCheck = false,
  ): Promise<TranslateOutputResponse> {
    const hash = textHash(output);
    if (!forceCheck) {
      const [cached] = await this.db
        .select()
        .from(translations)
        .where(and(eq(translations.textHash, hash), eq(translations.target, target)))
        .limit(1);
      if (cached) return { output: cached.output, source: cached.source, target, cached: true };
    }
    const chunks = splitForTranslation(output);
    const results = await this.translator.translate(chunks, target);
    const translated = results.map((result) => result.text).join('');
    const source = results[0]?.source ?? null;
    await this.db
      .insert(translations)
      .values({ textHash: hash, target, source, output: translated })
      .onConflictDoUpdate({
        target: [translations.textHash, translations.target],
        set: { output: translated, source, createdAt: new Date() },
      });
    return { output: translated, source, target, cached: false };
  }
}
