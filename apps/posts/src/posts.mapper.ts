import { POST_EXCERPT_LENGTH, type Post, type PostSummary } from '@mepedia/contracts';
import type { PostWithPublisher, SummaryWithPublisher } from './posts.rows';
import { cleanStoredContent } from './sanitize';

function base(row: SummaryWithPublisher) {
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
  };
}

export function toSummary(row: SummaryWithPublisher): PostSummary {
  const excerpt =
    row.contentText.length > POST_EXCERPT_LENGTH
      ? `${row.contentText.slice(0, POST_EXCERPT_LENGTH).trimEnd()}…`
      : row.contentText;
  return { ...base(row), excerpt };
}

/**
 * Whole post. Content stored under the current sanitizer policy goes out as stored; older content
 * (stored before a stricter policy) is sanitized again on the way out.
 */
export function toPost(row: PostWithPublisher, likedByMe: boolean): Post {
  const content = cleanStoredContent(row.content, row.contentSanitizer);
  return { ...base(row), content, likedByMe };
}
