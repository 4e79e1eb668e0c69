import { isUuid } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';

/** Where a page of follows starts: the last row of the previous page, by (followedAt, member id). */
export type FollowsCursor = { followedAt: Date; userId: string };

const BASE64URL = /^[A-Za-z0-9_-]+$/;
// Exactly what toISOString writes: anything else was not made by encodeFollowsCursor.
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function encodeFollowsCursor(row: FollowsCursor): string {
  return Buffer.from(`${row.followedAt.toISOString()}|${row.userId}`).toString('base64url');
}

/** The cursor encodeFollowsCursor made, or INVALID_CURSOR: a client-made one never reaches SQL. */
export function decodeFollowsCursor(cursor: string): FollowsCursor {
  const invalid = () => new AppError('INVALID_CURSOR');
  if (!BASE64URL.test(cursor)) throw invalid();
  const bytes = Buffer.from(cursor, 'base64url');
  // Buffer.from skips what is not base64url: the text must come back the same.
  if (bytes.toString('base64url') !== cursor) throw invalid();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalid();
  }
  const [at, userId, ...rest] = text.split('|');
  if (rest.length > 0 || at === undefined || userId === undefined) throw invalid();
  if (!ISO_INSTANT.test(at) || !isUuid(userId)) throw invalid();
  const followedAt = new Date(at);
  if (Number.isNaN(followedAt.getTime()) || followedAt.toISOString() !== at) throw invalid();
  return { followedAt, userId };
}
