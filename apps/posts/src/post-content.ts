import {
  POST_CONTENT_MAX,
  POST_CONTENT_MIN,
  hasInvisibleControls,
  normalizeSearchText,
  type DomainEventPayload,
} from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import { fieldError } from '@mepedia/server-http';
import type { MePost } from './me-answer-posts.repository';
import type { publishers } from './posts.schema';
import { SANITIZER_VERSION, plainText, sanitizeContent, textOf } from './sanitize';

// What a post holds, made from what a member or another service sends: pure, no data access.

/** A search value's words, as names and titles are searched (at most five). */
export function searchWords(value: string | undefined): string[] {
  return normalizeSearchText(value ?? '')
    .split(/[\s\u05BE,.;:!?"'()-]+/)
    .filter(Boolean)
    .slice(0, 5);
}

/**
 * Clean content: sanitized HTML, and its text long enough. Invisible controls are refused as the
 * sanitizer hands them back, so those written as character references (`&#x202E;`) are found too.
 */
export function cleanContent(content: string): CleanContent {
  const clean = cleanDraftContent(content);
  if (clean.contentText.length < POST_CONTENT_MIN) throw fieldError('content', 'CONTENT_TOO_SHORT');
  return clean;
}

export type CleanContent = { content: string; contentText: string; contentSanitizer: number };

/** A draft's content, cleaned as a post's: it may be short (unfinished), never longer. */
export function cleanDraftContent(content: string): CleanContent {
  const clean = sanitizeContent(content);
  if (hasInvisibleControls(clean.replace(/\r/g, '\n')))
    throw fieldError('content', 'UNSUPPORTED_CHARACTER');
  const text = textOf(clean);
  if (text.length > POST_CONTENT_MAX) throw fieldError('content', 'TOO_LONG');
  return { content: clean, contentText: text, contentSanitizer: SANITIZER_VERSION };
}

/** A member as a publisher (user.updated at `at`): their name searchable, the event's time. */
export function publisherOf(
  user: DomainEventPayload<'user.updated'>,
  at: Date,
): typeof publishers.$inferInsert {
  return {
    userId: user.userId,
    fullname: user.fullname,
    profileImage: user.profileImage,
    searchName: normalizeSearchText(user.fullname),
    version: at,
  };
}

/**
 * A published questionnaire answer's post (meAnswer.published at `at`), in the magazine: its
 * HTML sanitized as any post's (the me-answers service escaped the texts), its title plain.
 */
export function meAnswerPost(
  answer: DomainEventPayload<'meAnswer.published'>,
  at: Date,
): Omit<MePost, 'id' | 'image'> {
  const content = sanitizeContent(answer.content);
  return {
    publisherId: answer.userId,
    questionId: answer.questionId,
    // Me answers' ids are UUIDs; anything else names none (and is not kept).
    meAnswerId: isUuid(answer.meAnswerId) ? answer.meAnswerId : null,
    title: plainText(answer.title),
    content,
    contentText: textOf(content),
    contentSanitizer: SANITIZER_VERSION,
    credit: '',
    privacy: answer.privacy,
    destination: 'magazine',
    createdAt: at,
    updatedAt: at,
  };
}
