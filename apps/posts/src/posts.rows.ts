import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { moderationDecisions, posts, publishers, type PostRow } from './posts.schema';

/** A post with its publisher's name and picture (the users service's, as last announced). */
export type PostWithPublisher = PostRow & {
  publisherName: string | null;
  publisherImage: string | null;
};

/** A list's row: the post without its content (an excerpt comes from its text). */
export type SummaryWithPublisher = Omit<PostWithPublisher, 'content' | 'contentSanitizer'>;

/** What the access policy needs of a post (posts.access.ts), and its counters. */
export type PostFacts = Pick<
  PostRow,
  'id' | 'publisherId' | 'privacy' | 'moderationState' | 'views' | 'likes' | 'shareCount'
>;

/** A post's columns for lists: all but its content. */
export function summaryColumns() {
  return {
    id: posts.id,
    publisherId: posts.publisherId,
    questionId: posts.questionId,
    title: posts.title,
    contentText: posts.contentText,
    image: posts.image,
    credit: posts.credit,
    privacy: posts.privacy,
    destination: posts.destination,
    views: posts.views,
    likes: posts.likes,
    shareCount: posts.shareCount,
    createdAt: posts.createdAt,
    updatedAt: posts.updatedAt,
    language: posts.language,
    meAnswerId: posts.meAnswerId,
    moderationState: posts.moderationState,
    moderationCaseId: posts.moderationCaseId,
    moderationChangedAt: posts.moderationChangedAt,
  };
}

/** A whole post's columns. */
export function postColumns() {
  return {
    ...summaryColumns(),
    content: posts.content,
    contentSanitizer: posts.contentSanitizer,
  };
}

/**
 * Whether moderation holds or removed the profile of the member in `member` (a column; issue
 * 35): a probe of `moderation_decisions`' key. Their name and picture are then no post's byline,
 * for anyone.
 */
export const profileWithheld = (member: AnyPgColumn) =>
  sql<boolean>`exists (select 1 from ${moderationDecisions} profile
    where profile.kind = 'profile' and profile.item_id = ${member}
      and profile.state <> 'visible')`;

/** `profileWithheld` of a post's publisher. */
export const publisherWithheld = profileWithheld(posts.publisherId);

/**
 * A post's byline, its publisher's name and picture as last announced (join `publishers`), or
 * none while moderation holds or removed their profile.
 */
export function publisherColumns() {
  return {
    publisherName: sql<
      string | null
    >`case when ${publisherWithheld} then null else ${publishers.fullname} end`,
    publisherImage: sql<
      string | null
    >`case when ${publisherWithheld} then null else ${publishers.profileImage} end`,
  };
}
