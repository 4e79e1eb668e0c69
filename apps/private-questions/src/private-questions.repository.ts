import type { AnswerData, Audience, DomainEventPayload } from '@mepedia/contracts';
import { CircleMembershipStore, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, asc, count, eq, gt, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { members, outbox, questions, type QuestionRow } from './private-questions.schema';

export type NewQuestion = Omit<typeof questions.$inferInsert, 'questionIndex'>;

/** The changes an edit of a question makes, worked out from the row as it stands (locked). */
export type QuestionChanges = Pick<
  typeof questions.$inferInsert,
  'title' | 'subQuestions' | 'draft' | 'live' | 'answerVersion' | 'answerUpdatedAt' | 'updatedAt'
>;

/** What a save of an answer expects to find; a row that differs in any of these is left alone. */
export type AnswerExpectation = {
  version: number;
  /** The question the client loaded at that index, when it said. */
  questionId?: string | undefined;
  /** Sub-question ids the texts are keyed by: all must belong to the question. */
  subQuestionIds: string[];
};

/**
 * Data access for the private_questions schema: reads and writes, no rules (the service
 * decides, inside its transaction where a check and a write go together: `transaction`).
 */
export class PrivateQuestionsRepository {
  /** Who is in whose circle (issue 34), on the same connection: circle answers' readers. */
  readonly circles: CircleMembershipStore;

  constructor(private readonly db: Db) {
    this.circles = new CircleMembershipStore(db, 'private_questions');
  }

  /**
   * The owner's questions with a saved answer of one of `audiences` (or all saved ones for the
   * owner: `audiences` undefined), in their order. Whether the text is empty is the service's
   * to judge (`hasText`).
   */
  async withLiveAnswers(ownerId: string, audiences?: readonly Audience[]): Promise<QuestionRow[]> {
    const conditions: SQL[] = [eq(questions.ownerId, ownerId), sql`${questions.live} is not null`];
    if (audiences) conditions.push(inArray(questions.privacy, [...audiences]));
    return this.db
      .select()
      .from(questions)
      .where(and(...conditions))
      .orderBy(asc(questions.questionIndex));
  }

  /** This repository inside one transaction, the service's: all of `work` commits or none. */
  transaction<T>(work: (repository: PrivateQuestionsRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new PrivateQuestionsRepository(tx)));
  }

  async list(ownerId: string): Promise<QuestionRow[]> {
    return this.db
      .select()
      .from(questions)
      .where(eq(questions.ownerId, ownerId))
      .orderBy(asc(questions.questionIndex));
  }

  async findByIndex(ownerId: string, questionIndex: number): Promise<QuestionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(questions)
      .where(and(eq(questions.ownerId, ownerId), eq(questions.questionIndex, questionIndex)))
      .limit(1);
    return row;
  }

  /**
   * How many questions the owner has, with their lock row taken for the rest of the service's
   * transaction (made when missing): two adds take turns.
   */
  async lockCount(ownerId: string): Promise<number> {
    await this.db.insert(members).values({ userId: ownerId }).onConflictDoNothing();
    await this.lockMember(ownerId);
    const [counted] = await this.db
      .select({ n: count() })
      .from(questions)
      .where(eq(questions.ownerId, ownerId));
    return counted?.n ?? 0;
  }

  async insert(row: NewQuestion & { questionIndex: number }): Promise<QuestionRow> {
    const [created] = await this.db.insert(questions).values(row).returning();
    return created as QuestionRow;
  }

  /**
   * A question of this owner's, locked for the rest of the service's transaction (a save of its
   * answer waits). Only the owner's row is ever locked: a caller naming another member's question
   * must not make that member's saves wait.
   */
  async lockQuestion(ownerId: string, questionId: string): Promise<QuestionRow | undefined> {
    const [row] = await this.db
      .select()
      .from(questions)
      .where(and(eq(questions.id, questionId), eq(questions.ownerId, ownerId)))
      .for('update');
    return row;
  }

  async updateQuestion(questionId: string, changes: QuestionChanges): Promise<QuestionRow> {
    const [updated] = await this.db
      .update(questions)
      .set(changes)
      .where(eq(questions.id, questionId))
      .returning();
    return updated as QuestionRow;
  }

  /**
   * Delete the owner's question at `questionIndex` (in the service's transaction, under the
   * owner's lock): the question as it was, or undefined when there was none.
   */
  async deleteAt(ownerId: string, questionIndex: number): Promise<QuestionRow | undefined> {
    const [deleted] = await this.db
      .delete(questions)
      .where(and(eq(questions.ownerId, ownerId), eq(questions.questionIndex, questionIndex)))
      .returning();
    return deleted;
  }

  /** Move the owner's questions after `questionIndex` up by one (after `deleteAt`). */
  async closeGap(ownerId: string, questionIndex: number): Promise<void> {
    // A unique index is checked row by row, so `index - 1` in one statement could collide
    // with a row not yet moved: out of the way (negative) first, then into place.
    await this.db
      .update(questions)
      .set({ questionIndex: sql`-${questions.questionIndex}` })
      .where(and(eq(questions.ownerId, ownerId), gt(questions.questionIndex, questionIndex)));
    await this.db
      .update(questions)
      .set({ questionIndex: sql`-${questions.questionIndex} - 1` })
      .where(and(eq(questions.ownerId, ownerId), lt(questions.questionIndex, 0)));
  }

  /**
   * Set an answer's draft (and its live version, when given), bumping its version, only if the
   * row is as `expected`: one statement, so a concurrent save or edit of the question cannot
   * slip in between the check and the write. `answered`: the live version has text, so the
   * question is answered from `now` unless it was before. Undefined: nothing changed.
   */
  async saveAnswer(
    ownerId: string,
    questionIndex: number,
    expected: AnswerExpectation,
    texts: {
      draft: AnswerData;
      live?: AnswerData;
      privacy?: Audience | undefined;
      answered?: boolean;
    },
    now: Date,
  ): Promise<QuestionRow | undefined> {
    const [row] = await this.db
      .update(questions)
      .set({
        draft: texts.draft,
        ...(texts.live ? { live: texts.live } : {}),
        ...(texts.privacy ? { privacy: texts.privacy } : {}),
        ...(texts.answered
          ? {
              answeredAt: sql`coalesce(${questions.answeredAt}, ${now.toISOString()}::timestamptz)`,
            }
          : {}),
        answerVersion: sql`${questions.answerVersion} + 1`,
        answerUpdatedAt: now,
      })
      .where(this.answerAsExpected(ownerId, questionIndex, expected))
      .returning();
    return row;
  }

  /** The draft back to the live version (empty when never saved live), as `saveAnswer` does. */
  async revertAnswer(
    ownerId: string,
    questionIndex: number,
    expected: AnswerExpectation,
    now: Date,
  ): Promise<QuestionRow | undefined> {
    const [row] = await this.db
      .update(questions)
      .set({
        draft: sql`coalesce(${questions.live}, '{}'::jsonb)`,
        answerVersion: sql`${questions.answerVersion} + 1`,
        answerUpdatedAt: now,
      })
      .where(this.answerAsExpected(ownerId, questionIndex, expected))
      .returning();
    return row;
  }

  private answerAsExpected(
    ownerId: string,
    questionIndex: number,
    expected: AnswerExpectation,
  ): SQL | undefined {
    // `[{"id":"a"},{"id":"b"}] <@ sub_questions`: every id is one of the question's.
    const ids = JSON.stringify(expected.subQuestionIds.map((id) => ({ id })));
    return and(
      eq(questions.ownerId, ownerId),
      eq(questions.questionIndex, questionIndex),
      eq(questions.answerVersion, expected.version),
      expected.questionId === undefined ? undefined : eq(questions.id, expected.questionId),
      sql`${questions.subQuestions} @> ${ids}::jsonb`,
    );
  }

  /**
   * A member is gone: their questions and answers with them (in the service's transaction).
   * Answers the questions that went, as they were.
   */
  async removeMember(userId: string): Promise<QuestionRow[]> {
    // Their circle and their places in others' (circle.member.* never names them again).
    await this.circles.removeMember(userId);
    const removed = await this.db
      .delete(questions)
      .where(eq(questions.ownerId, userId))
      .returning();
    await this.db.delete(members).where(eq(members.userId, userId));
    return removed;
  }

  /**
   * The member's next revision (their lock row's count of announced changes, bumped): in the
   * service's transaction, under `lockMember`. Undefined when the member has no lock row.
   */
  async nextRevision(userId: string): Promise<number | undefined> {
    const [row] = await this.db
      .update(members)
      .set({ revision: sql`${members.revision} + 1` })
      .where(eq(members.userId, userId))
      .returning({ revision: members.revision });
    return row?.revision;
  }

  /** Record `privateQuestions.changed` in the outbox, in the service's transaction. */
  async announce(payload: DomainEventPayload<'privateQuestions.changed'>): Promise<void> {
    await appendEvent(this.db, outbox, 'privateQuestions.changed', payload);
  }

  /** Record `searchable.changed` (issue 36) in the outbox, in the service's transaction. */
  async announceSearchable(payload: DomainEventPayload<'searchable.changed'>): Promise<void> {
    await appendEvent(this.db, outbox, 'searchable.changed', payload);
  }

  /** Take the owner's lock row for the rest of the service's transaction; false when none. */
  async lockMember(userId: string): Promise<boolean> {
    const locked = await this.db
      .select({ userId: members.userId })
      .from(members)
      .where(eq(members.userId, userId))
      .for('update');
    return locked.length > 0;
  }
}
