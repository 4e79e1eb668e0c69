import {
  itemModerationOf,
  POST_EXCERPT_LENGTH,
  readingMinutes,
  type Post,
  type PostDraft,
  type PostDraftSummary,
  type PostSummary,
} from '@mepedia/contracts';
import type { DraftSummaryRow } from './post-drafts.repository';
import type { PostWithPublisher, SummaryWithPublisher } from './posts.rows';
import type { PostDraftRow } from './posts.schema';
import { cleanStoredContent } from './sanitize';

function base(row: SummaryWithPublisher) {
  // Only the publisher ever reads a post moderation hides: they are told why (issue 35).
  const moderation = itemModerationOf(row.moderationState, row.moderationCaseId);
  return {
    postId: row.id,
    title: row.title,
    image: row.image,
    credit: row.credit,
    privacy: row.privacy,
    destination: row.destination,
    publisherId: row.publisherId,
    publisher: row.publisherName
      ? { id: row.publisherId, fullname: row.publisherName, profileImage: row.publisherImage }
      : null,
    questionId: row.questionId,
    views: row.views,
    likes: row.likes,
    shareCount: row.shareCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    ...(moderation ? { moderation } : {}),
  };
}

/** A list's plain-text excerpt of a post's or a draft's text. */
function excerptOf(text: string): string {
  return text.length > POST_EXCERPT_LENGTH
    ? `${text.slice(0, POST_EXCERPT_LENGTH).trimEnd()}…`
    : text;
}

export function toSummary(row: SummaryWithPublisher): PostSummary {
  return {
    ...base(row),
    excerpt: excerptOf(row.contentText),
    // From the text the list reads anyway for the excerpt: no column to keep in step.
    readingMinutes: readingMinutes(row.contentText),
  };
}

/**
 * Whole post. Content stored under the current sanitizer policy goes out as stored; older content
 * (stored before a stricter policy) is sanitized again on the way out.
 */
export function toPost(row: PostWithPublisher, likedByMe: boolean): Post {
  const content = cleanStoredContent(row.content, row.contentSanitizer);
  return { ...base(row), content, likedByMe };
}

function draftBase(row: DraftSummaryRow) {
  return {
    draftId: row.id,
    title: row.title,
    image: row.image,
    credit: row.credit,
    privacy: row.privacy,
    destination: row.destination,
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toDraftSummary(row: DraftSummaryRow): PostDraftSummary {
  return { ...draftBase(row), excerpt: excerptOf(row.contentText) };
}

/** A whole draft, its content sanitized again if stored under an older policy (as a post's). */
export function toDraft(row: PostDraftRow): PostDraft {
  return { ...draftBase(row), content: cleanStoredContent(row.content, row.contentSanitizer) };
}
