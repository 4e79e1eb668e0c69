import type { Db } from '@mepedia/server-database';
import { and, eq, sql } from 'drizzle-orm';
import { meAnswerEvents, posts, type PostRow } from './posts.schema';

/** A questionnaire answer's post as the me-answers service's events make it. */
export type MePost = Omit<typeof posts.$inferInsert, 'publisherId' | 'questionId'> & {
  publisherId: string;
  questionId: string;
};

/** What `post.published` says of a post (issue 32). */
export type PublishedFacts = Pick<
  PostRow,
  'id' | 'publisherId' | 'privacy' | 'title' | 'contentText' | 'questionId' | 'createdAt'
>;

/**
 * Members' posts for their questionnaire answers (one per member and question), written from
 * the me-answers service's events in the service's transaction (posts.store.ts).
 */
export class MeAnswerPostsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Note an event of (member, question) at `occurredAt`, unless a newer one was noted already:
   * whether it is the newest, so it applies.
   */
  async claim(publisherId: string, questionId: string, occurredAt: Date): Promise<boolean> {
    const [fresh] = await this.db
      .insert(meAnswerEvents)
      .values({ publisherId, questionId, occurredAt })
      .onConflictDoUpdate({
        target: [meAnswerEvents.publisherId, meAnswerEvents.questionId],
        set: { occurredAt },
        setWhere: sql`${meAnswerEvents.occurredAt} < excluded.occurred_at`,
      })
      .returning({ questionId: meAnswerEvents.questionId });
    return fresh !== undefined;
  }

  /** Make the member's post for the question, or change the one there is; what it now is. */
  async upsert(post: MePost): Promise<PublishedFacts | undefined> {
    const [applied] = await this.db
      .insert(posts)
      .values(post)
      .onConflictDoUpdate({
        target: [posts.publisherId, posts.questionId],
        targetWhere: sql`question_id is not null`,
        set: {
          // The answer it is made from; an event that names none leaves the one known.
          meAnswerId: post.meAnswerId ?? sql`${posts.meAnswerId}`,
          title: post.title,
          content: post.content,
          contentText: post.contentText,
          contentSanitizer: post.contentSanitizer,
          privacy: post.privacy,
          destination: post.destination,
          updatedAt: post.updatedAt,
        },
      })
      .returning({
        id: posts.id,
        publisherId: posts.publisherId,
        privacy: posts.privacy,
        title: posts.title,
        contentText: posts.contentText,
        questionId: posts.questionId,
        createdAt: posts.createdAt,
      });
    return applied;
  }

  /** Delete the member's post for the question; the ids deleted. */
  async delete(publisherId: string, questionId: string): Promise<string[]> {
    const deleted = await this.db
      .delete(posts)
      .where(and(eq(posts.publisherId, publisherId), eq(posts.questionId, questionId)))
      .returning({ id: posts.id });
    return deleted.map(({ id }) => id);
  }
}
