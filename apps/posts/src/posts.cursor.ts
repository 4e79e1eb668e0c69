import { isUuid } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';

/** Where a keyset page starts: the last post of the previous page, by (createdAt, id). */
export type Cursor = { createdAt: Date; id: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;
// Exactly what toISOString writes: anything else was not made by encodeCursor.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeCursor(row: Cursor): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
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
  if (parts.length !== 2) throw invalid();
  const [at, id] = parts as [string, string];
  if (!ISO_INSTANT.test(at) || !isUuid(id)) throw invalid();
  const createdAt = new Date(at);
  // A date that rolls over (February 30th) does not come back the same.
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== at) throw invalid();
  return { createdAt, id };
}
