import type { DomainEventPayload, ReviewHold } from '@mepedia/contracts';
import type { PostRow } from './posts.schema';
import { cleanStoredContent, plainTextOf } from './sanitize';

// A member's post as the search service indexes it (searchable.changed, issue 36, ADR 11): pure,
// for the service's changes and the one-time announcement of older posts (search-backlog.ts).

/**
 * The most of a post's text the search service is sent, in UTF-16 units: a payload of a sane
 * size whatever a post once held (a post's text is at most POST_CONTENT_MAX now).
 */
export const SEARCHABLE_TEXT_MAX = 100_000;

/** What of a post the search service is told. */
export type SearchableFacts = Pick<
  PostRow,
  | 'id'
  | 'publisherId'
  | 'questionId'
  | 'privacy'
  | 'title'
  | 'content'
  | 'contentSanitizer'
  | 'image'
  | 'createdAt'
>;

/** `text` cut to `max` UTF-16 units, never between the two halves of one character. */
export function cappedText(text: string, max = SEARCHABLE_TEXT_MAX): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  return /[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut;
}

/**
 * searchable.changed of a member's post as it now is: its audience, title, text as plain text
 * (plainTextOf, of the content as the current sanitizer policy stores it), picture and first
 * publication; with `review` when the change is held for review (the same hold post.published
 * carries). Undefined for a questionnaire answer's magazine post: the answer is that story,
 * and the me-answers service announces it.
 */
export function searchableOf(
  post: SearchableFacts,
  review?: ReviewHold,
): DomainEventPayload<'searchable.changed'> | undefined {
  if (post.questionId !== null) return undefined;
  return {
    kind: 'post',
    id: post.id,
    ownerId: post.publisherId,
    audience: post.privacy,
    title: post.title,
    text: cappedText(plainTextOf(cleanStoredContent(post.content, post.contentSanitizer))),
    image: post.image,
    createdAt: post.createdAt.toISOString(),
    deleted: false,
    ...(review ? { review } : {}),
  };
}

/** searchable.changed of a member's post that is gone: out of every result, for good. */
export function searchableDeleted(
  post: Pick<SearchableFacts, 'id' | 'publisherId' | 'questionId' | 'privacy' | 'createdAt'>,
): DomainEventPayload<'searchable.changed'> | undefined {
  if (post.questionId !== null) return undefined;
  return {
    kind: 'post',
    id: post.id,
    ownerId: post.publisherId,
    audience: post.privacy,
    title: '',
    text: '',
    image: null,
    createdAt: post.createdAt.toISOString(),
    deleted: true,
  };
}
