import type { PostPrivacy } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';

// Who may do what with a post: the one place that decides it. PostsService asks it with the
// post as it reads it (inside its own transaction for a change); repositories only read and
// write what the service asks for.

/** What decides it: whose the post is and its privacy. */
export type PostAccess = { publisherId: string; privacy: PostPrivacy };

/** Who asks: a member's id, or null for a guest (a visitor, a crawler). */
export type Actor = string | null;

/**
 * read: see it; view, share: count once as seen, shared (a guest too); like: a member's like;
 * edit (its content or privacy), delete: its author's alone.
 */
export type PostAction = 'read' | 'view' | 'share' | 'like' | 'edit' | 'delete';

/** A public post is anyone's to read; a private one its author's only. */
export function mayRead(post: PostAccess, actor: Actor): boolean {
  return post.privacy !== 'private' || post.publisherId === actor;
}

/** Whether `actor` may do `action` with `post`. */
export function mayAccess(actor: Actor, action: PostAction, post: PostAccess): boolean {
  switch (action) {
    case 'read':
    case 'view':
    case 'share':
      return mayRead(post, actor);
    case 'like':
      return actor !== null && mayRead(post, actor);
    case 'edit':
    case 'delete':
      return post.publisherId === actor;
  }
}

/**
 * Refuse unless `actor` may do `action` with `post` (undefined: there is none). A post that does
 * not exist and one the actor may not read are the same POST_NOT_FOUND: a private post exists
 * for its author only. One they may read but not change is NOT_POST_OWNER; a guest's like,
 * AUTH_REQUIRED (the route lets no guest that far).
 */
export function requireAccess<P extends PostAccess>(
  actor: Actor,
  action: PostAction,
  post: P | undefined,
): asserts post is P {
  if (!post || !mayRead(post, actor)) throw new AppError('POST_NOT_FOUND');
  if (mayAccess(actor, action, post)) return;
  throw new AppError(actor === null ? 'AUTH_REQUIRED' : 'NOT_POST_OWNER');
}

/**
 * Which posts a list may hold for `actor`: every public one, and the private ones of
 * `privateOf` (a member's own; a guest's list has none). The list query takes it as its filter.
 */
export type ListVisibility = { privateOf: string | null };

export function listVisibility(actor: Actor): ListVisibility {
  return { privateOf: actor };
}
