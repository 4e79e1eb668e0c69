import { mayReadAudience } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { verificationState } from './users.mapper';
import type { UserRow } from './users.schema';

// Who may see and change what of the users service: the one place that decides it. UsersService
// and SessionsService ask it with the rows as they read them (inside their own transaction for a
// change); the repositories only read and write what they are asked for.

/** Who asks: a signed-in member's id. */
export type Actor = string;

/**
 * Whether a member exists to others (a public profile, a byline, a lookup by email): once
 * verified. An account that never finished verification is nobody's to see.
 */
export function isPublicMember(row: Pick<UserRow, 'phoneVerifiedAt' | 'emailVerifiedAt'>): boolean {
  return verificationState(row) === 'verified';
}

/**
 * Whether `reader` (a member's id; a guest: null) may see a member's profile (their public face,
 * card, byline, look-up): a verified member's, unless moderation holds or removed it (issue 35);
 * then theirs alone. Anyone else learns nothing: the same USER_NOT_FOUND as for no one.
 */
export function mayReadProfile(
  row: Pick<UserRow, 'id' | 'phoneVerifiedAt' | 'emailVerifiedAt' | 'moderationState'>,
  reader: string | null,
): boolean {
  if (!isPublicMember(row)) return false;
  return mayReadAudience(
    { ownerId: row.id, audience: 'public', moderation: row.moderationState },
    { id: reader, inCircle: false },
  );
}

/** Refuse a change of an account other than the caller's own (NOT_ACCOUNT_OWNER). */
export function requireOwnAccount(actor: Actor, accountId: string): void {
  if (accountId !== actor) throw new AppError('NOT_ACCOUNT_OWNER');
}

/**
 * Refuse to end a session that is not the caller's (undefined: there is none). Another member's
 * and one that is not there are the same SESSION_NOT_FOUND: nobody learns of others' sessions.
 */
export function requireOwnSession<S extends { userId: string }>(
  actor: Actor,
  session: S | undefined,
): asserts session is S {
  if (!session || session.userId !== actor) throw new AppError('SESSION_NOT_FOUND');
}
