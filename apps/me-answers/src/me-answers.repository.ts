import type { AnswerData, AnswerPrivacy, ModerationState } from '@mepedia/contracts';
import { isUuid, newId, type Db } from '@mepedia/server-database';
import { and, asc, eq, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { answers, questions, subQuestions, type AnswerRow } from './me-answers.schema';

export type QuestionRow = typeof questions.$inferSelect & {
  subQuestions: Array<typeof subQuestions.$inferSelect>;
};

type Changes = {
  draft?: AnswerData;
  live?: AnswerData;
  /** Copy the live version over the draft (revert). */
  draftFromLive?: boolean;
  privacy?: AnswerPrivacy | undefined;
};

/**
 * Data access for the questionnaire and members' answers: reads and writes, no rules
 * (me-answers.access.ts and the service decide). Bound to the database, or to the service's
 * transaction (me-answers.store.ts).
 */
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
   * version; undefined when another save got there first.
   */
  async change(
    userId: string,
    questionId: string,
    version: number,
    changes: Changes,
  ): Promise<AnswerRow | undefined> {
    if (version === 0) {
      const [created] = await this.db
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
      return created;
    }
    const [changed] = await this.db
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
    return changed;
  }

  /** Set the magazine flag (and privacy); undefined when the answer is gone. */
  async setPublished(
    id: string,
    published: boolean,
    privacy: AnswerPrivacy,
  ): Promise<AnswerRow | undefined> {
    const [row] = await this.db
      .update(answers)
      .set({ publishedAsPost: published, privacy, updatedAt: new Date() })
      .where(eq(answers.id, id))
      .returning();
    return row;
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

  /**
   * Where moderation leaves the answer `id` of `ownerId` (issue 35), said at `at`: unless a word
   * as new or newer was applied already (the same word twice, or an older one late). The answer
   * as it now is, or undefined when nothing changed (or there is no such answer of theirs).
   */
  async moderate(
    id: string,
    ownerId: string,
    state: ModerationState,
    caseId: string,
    at: Date,
  ): Promise<AnswerRow | undefined> {
    if (!isUuid(id) || !isUuid(ownerId)) return undefined;
    const [row] = await this.db
      .update(answers)
      .set({
        moderationState: state,
        moderationCaseId: state === 'visible' ? null : caseId,
        moderationChangedAt: at,
      })
      .where(
        and(
          eq(answers.id, id),
          eq(answers.userId, ownerId),
          or(isNull(answers.moderationChangedAt), lt(answers.moderationChangedAt, at)),
        ),
      )
      .returning();
    return row;
  }

  /** A member's answers go (their views by cascade); how many. */
  async removeAllOf(userId: string): Promise<number> {
    const removed = await this.db
      .delete(answers)
      .where(eq(answers.userId, userId))
      .returning({ id: answers.id });
    return removed.length;
  }
}
