import { POST_EXCERPT_LENGTH, type Post, type PostSummary } from '@mepedia/contracts';
import type { PostWithPublisher } from './posts.repository';
import { sanitizeContent } from './sanitize';

function base(row: PostWithPublisher) {
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

export function toSummary(row: PostWithPublisher): PostSummary {
  const excerpt =
    row.contentText.length > POST_EXCERPT_LENGTH
      ? `${row.contentText.slice(0, POST_EXCERPT_LENGTH).trimEnd()}…`
      : row.contentText;
  return { ...base(row), excerpt };
}

/** Whole post; the stored HTML is sanitized again on the way out. */
export function toPost(row: PostWithPublisher, likedByMe: boolean): Post {
  return { ...base(row), content: sanitizeContent(row.content), likedByMe };
}
