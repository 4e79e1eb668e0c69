import type { PostSummary } from '@mepedia/contracts';

/** How many tints a typographic cover may take (`.story-cover-tint-1` … in app.css). */
export const COVER_TINTS = 6;

/** The picture a story stands for itself with, if any (`/me-answer.svg`: a me answer's default). */
const ME_ANSWER_DEFAULT_IMAGE = '/me-answer.svg';

/**
 * Whether a story has a picture of its own to show on its card. Not when it has none, nor when it
 * is a me answer published as a post (`questionId`) whose picture is its publisher's profile
 * picture, or the answers' default: that would be the avatar, blown up. Such a story gets a
 * typographic cover (`coverTint`).
 */
export function hasOwnPicture(
  post: Pick<PostSummary, 'image' | 'questionId' | 'publisher'>,
): boolean {
  const image = post.image.trim();
  if (!image || image === ME_ANSWER_DEFAULT_IMAGE) return false;
  if (post.questionId !== null && image === post.publisher?.profileImage) return false;
  return true;
}

/**
 * The tint of a story's typographic cover, 1 to `COVER_TINTS`: drawn from its id (FNV-1a), so a
 * story keeps its colour on every list, page and server, and neighbours mostly differ.
 */
export function coverTint(id: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    hash ^= id.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash % COVER_TINTS) + 1;
}

/** The first letter (or digit) of a title, for its cover: past quotes and other marks; '' when none. */
export function initialOf(title: string): string {
  return /[\p{L}\p{N}]/u.exec(title)?.[0] ?? '';
}
