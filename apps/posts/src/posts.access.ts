import type { ModerationState, PostPrivacy } from '@mepedia/contracts';
import { mayReadAudience } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';

// Who may do what with a post: the one place that decides it. PostsService asks it with the
// post as it reads it (inside its own transaction for a change); repositories only read and
// write what the service asks for.

/**
 * What decides it: whose the post is, its audience (`privacy`), where moderation left it
 * (`moderationState`, issue 35: held or removed, its author's alone), and, for a `circle` post
 * read by a member, whether they are in its author's circle (read in the same statement as the
 * post; absent: not in it), and whether the member and its author block each other, either way
 * (`readerBlocked`, issue 35; read in the same statement too; absent: they do not).
 */
export type PostAccess = {
  publisherId: string;
  privacy: PostPrivacy;
  moderationState: ModerationState;
  readerInCircle?: boolean;
  readerBlocked?: boolean;
};

/** Who asks: a member's id, or null for a guest (a visitor, a crawler). */
export type Actor = string | null;

/**
 * read: see it; view, share: count once as seen, shared (a guest too); like: a member's like;
 * unlike: take one's own like back; edit (its content or privacy), delete: its author's alone.
 */
export type PostAction = 'read' | 'view' | 'share' | 'like' | 'unlike' | 'edit' | 'delete';

/**
 * Who may read a post, by its audience (the one rule, libs/server/database audience.ts): public,
 * anyone; members, anyone signed in; circle, its author and their circle; private, its author;
 * and, whatever its audience, its author alone while moderation holds it or removed it. Two
 * members one of whom blocks the other (issue 35) are guests to each other: each reads only the
 * other's public posts, which anyone could read signed out.
 */
export function mayRead(post: PostAccess, actor: Actor): boolean {
  return mayReadAudience(
    { ownerId: post.publisherId, audience: post.privacy, moderation: post.moderationState },
    post.readerBlocked === true
      ? { id: null, inCircle: false }
      : { id: actor, inCircle: post.readerInCircle === true },
  );
}

/** Whether `actor` may do `action` with `post`. */
export function mayAccess(actor: Actor, action: PostAction, post: PostAccess): boolean {
  switch (action) {
    case 'read':
    case 'view':
    case 'share':
      return mayRead(post, actor);
    case 'like':
      // A block keeps each from reacting to the other's posts (issue 35).
      return actor !== null && post.readerBlocked !== true && mayRead(post, actor);
    case 'unlike':
      // A like given before a block stays its giver's to take back, where they may still read.
      return actor !== null && mayRead(post, actor);
    case 'edit':
    case 'delete':
      return post.publisherId === actor;
  }
}

/**
 * Refuse unless `actor` may do `action` with `post` (undefined: there is none). A post that does
 * not exist and one the actor may not read are the same POST_NOT_FOUND: a post exists only for
 * those of its audience. One they may read but not change is NOT_POST_OWNER; a guest's like,
 * AUTH_REQUIRED (the route lets no guest that far). A like between two members one of whom
 * blocks the other, on a post they may read, is MEMBER_BLOCKED: the word the reactions, the
 * comment box and Follow say on the same page (issue 35), so the member is told why rather than
 * that the post they are reading is not there.
 */
export function requireAccess<P extends PostAccess>(
  actor: Actor,
  action: PostAction,
  post: P | undefined,
): asserts post is P {
  if (!post || !mayRead(post, actor)) throw new AppError('POST_NOT_FOUND');
  if (mayAccess(actor, action, post)) return;
  if (action === 'like' && post.readerBlocked === true) throw new AppError('MEMBER_BLOCKED');
  throw new AppError(actor === null ? 'AUTH_REQUIRED' : 'NOT_POST_OWNER');
}

/**
 * Which posts a list may hold for `actor`: every public one and, for a member (`privateOf`),
 * those of every audience they may read (members', their circles', their own; a guest's list
 * has only public ones). The list query takes it as its filter (`readableBy`).
 */
export type ListVisibility = { privateOf: string | null };

export function listVisibility(actor: Actor): ListVisibility {
  return { privateOf: actor };
}
