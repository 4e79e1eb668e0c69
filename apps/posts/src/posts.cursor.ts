import { isUuid } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';

/**
 * Where a keyset page starts: the last post of the previous page, by (createdAt, id); in a list
 * with the reader's language first, that post's language too (which part the page ended in).
 */
export type Cursor = { createdAt: Date; id: string; language?: 'he' | 'en' };

const LANGUAGES = new Set(['he', 'en']);

const BASE64URL = /^[A-Za-z0-9_-]+$/;
// Exactly what toISOString writes: anything else was not made by encodeCursor.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/**
 * The cursor past `row`; `language` (the row's) only in a list with the reader's language first.
 * A row's other fields (a list's row has its language too) never reach it.
 */
export function encodeCursor(row: { createdAt: Date; id: string }, language?: 'he' | 'en'): string {
  const part = language === undefined ? '' : `|${language}`;
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}${part}`).toString('base64url');
}

/** The cursor encodeCursor made, or INVALID_CURSOR: a client-made one never reaches SQL. */
export function decodeCursor(cursor: string): Cursor {
  const invalid = () => new AppError('INVALID_CURSOR');
  // Buffer.from skips characters outside the alphabet, so check the text is base64url itself.
  if (!BASE64URL.test(cursor)) throw invalid();
  const bytes = Buffer.from(cursor, 'base64url');
  if (bytes.toString('base64url') !== cursor) throw invalid();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid();
  }
  const parts = text.split('|');
  if (parts.length !== 2 && parts.length !== 3) throw invalid();
  const [at, id, language] = parts as [string, string, string | undefined];
  if (!ISO_INSTANT.test(at) || !isUuid(id)) throw invalid();
  if (language !== undefined && !LANGUAGES.has(language)) throw invalid();
  const createdAt = new Date(at);
  // A date that rolls over (February 30th) does not come back the same.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) throw invalid();
  return {
    createdAt,
    id,
    ...(language === undefined ? {} : { language: language as 'he' | 'en' }),
  };
}
