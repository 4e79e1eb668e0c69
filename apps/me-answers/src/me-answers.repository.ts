import type { AnswerData, DomainEventPayload, DomainEventType } from '@mepedia/contracts';
import { isUuid, newId, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import {
  answerViews,
  answers,
  outbox,
  questions,
  subQuestions,
  type AnswerRow,
} from './me-answers.schema';

export type QuestionRow = typeof questions.$inferSelect & {
  subQuestions: Array<typeof subQuestions.$inferSelect>;
};

/** An event to record with a change, in its transaction. */
export type PendingEvent = {
  [T in DomainEventType]: { type: T; payload: DomainEventPayload<T> };
}[DomainEventType];

type Changes = {
  draft?: AnswerData;
  live?: AnswerData;
  /** Copy the live version over the draft (revert). */
  draftFromLive?: boolean;
  privacy?: 'public' | 'private' | undefined;
};

/** Data access for the me_answers schema. */
export class MeAnswersRepository {
  constructor(private readonly db: Db) {}

  /** The questionnaire, in order, with sub-questions in order. */
  async questionnaire(): Promise<QuestionRow[]> {
    const [rows, subs] = await Promise.all([
      this.db.select().from(questions).orderBy(asc(questions.position)),
      this.db.select().from(subQuestions).orderBy(asc(subQuestions.position)),
    ]);
    return rows.map((row) => ({
      ...row,
      subQuestions: subs.filter((sub) => sub.questionId === row.questionId),
    }));
  }

  async answersOf(userId: string): Promise<AnswerRow[]> {
    if (!isUuid(userId)) return [];
    return this.db.select().from(answers).where(eq(answers.userId, userId));
  }

  async find(userId: string, questionId: string): Promise<AnswerRow | undefined> {
    const [row] = await this.db
      .select()
      .from(answers)
      .where(and(eq(answers.userId, userId), eq(answers.questionId, questionId)))
      .limit(1);
    return row;
  }

  async findById(id: string): Promise<AnswerRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.db.select().from(answers).where(eq(answers.id, id)).limit(1);
    return row;
  }

  /**
   * Change an answer only if it is still at `version` (0: there is none yet), bumping the
   * version; undefined when another save got there first. The events are recorded in the same
   * transaction, made from the row as changed.
   */
  async change(
    userId: string,
    questionId: string,
    version: number,
    changes: Changes,
    events: (row: AnswerRow) => PendingEvent[] = () => [],
  ): Promise<AnswerRow | undefined> {
    return this.db.transaction(async (tx) => {
      let row: AnswerRow | undefined;
      if (version === 0) {
        [row] = await tx
          .insert(answers)
          .values({
            id: newId(),
            userId,
            questionId,
            draft: changes.draft ?? {},
            live: changes.live ?? null,
            version: 1,
            ...(changes.privacy ? { privacy: changes.privacy } : {}),
          })
          .onConflictDoNothing()
          .returning();
      } else {
        [row] = await tx
          .update(answers)
          .set({
            ...(changes.draft ? { draft: changes.draft } : {}),
            ...(changes.live ? { live: changes.live } : {}),
            ...(changes.draftFromLive ? { draft: sql`${answers.live}` } : {}),
            ...(changes.privacy ? { privacy: changes.privacy } : {}),
            version: sql`${answers.version} + 1`,
            updatedAt: new Date(),
          })
          .where(
            and(
              eq(answers.userId, userId),
              eq(answers.questionId, questionId),
              eq(answers.version, version),
              ...(changes.draftFromLive ? [sql`${answers.live} is not null`] : []),
            ),
          )
          .returning();
      }
      if (!row) return undefined;
      for (const event of events(row)) await appendEvent(tx, outbox, event.type, event.payload);
      return row;
    });
  }

  /** Set the magazine flag (and privacy), recording the events with it. */
  async setPublished(
    id: string,
    published: boolean,
    privacy: 'public' | 'private',
    events: (row: AnswerRow) => PendingEvent[],
  ): Promise<AnswerRow | undefined> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .update(answers)
        .set({ publishedAsPost: published, privacy, updatedAt: new Date() })
        .where(eq(answers.id, id))
        .returning();
      if (!row) return undefined;
      for (const event of events(row)) await appendEvent(tx, outbox, event.type, event.payload);
      return row;
    });
  }

  /**
   * The answer's magazine post was deleted by its author at `deletedAt`: the answer is out of the
   * magazine too, unless the answer changed after that (published again, which makes a new post;
   * or saved, which republishes it while it is flagged): the newer state stands. A draft saved in
   * the moment between the deletion and this event also counts as newer (the flag then stays and
   * Remove clears it). Answers whether it changed.
   */
  async postDeleted(userId: string, questionId: string, deletedAt: Date): Promise<boolean> {
    if (!isUuid(userId)) return false;
    const changed = await this.db
      .update(answers)
      .set({ publishedAsPost: false, updatedAt: new Date() })
      .where(
        and(
          eq(answers.userId, userId),
          eq(answers.questionId, questionId),
          eq(answers.publishedAsPost, true),
          lte(answers.updatedAt, deletedAt),
        ),
      )
      .returning({ id: answers.id });
    return changed.length > 0;
  }

  /** Count a view once per viewer; answers the views either way. */
  async addView(answerId: string, viewer: string): Promise<{ views: number; counted: boolean }> {
    return this.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(answerViews)
        .values({ answerId, viewer })
        .onConflictDoNothing()
        .returning({ answerId: answerViews.answerId });
      if (inserted.length === 1) {
        const [row] = await tx
          .update(answers)
          .set({ views: sql`${answers.views} + 1` })
          .where(eq(answers.id, answerId))
          .returning({ views: answers.views });
        return { views: row?.views ?? 0, counted: true };
      }
      const [row] = await tx
        .select({ views: answers.views })
        .from(answers)
        .where(eq(answers.id, answerId));
      return { views: row?.views ?? 0, counted: false };
    });
  }

  /** A member is gone: their answers (views go by cascade) and their views of others'. */
  async removeMember(userId: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const viewed = await tx
        .delete(answerViews)
        .where(eq(answerViews.viewer, `member:${userId}`))
        .returning({ answerId: answerViews.answerId });
      // One view per viewer and answer: each answer named loses exactly one.
      if (viewed.length > 0)
        await tx
          .update(answers)
          .set({ views: sql`greatest(${answers.views} - 1, 0)` })
          .where(inArray(answers.id, [...new Set(viewed.map((row) => row.answerId))]));
      const removed = await tx
        .delete(answers)
        .where(eq(answers.userId, userId))
        .returning({ id: answers.id });
      return removed.length;
    });
  }
}
