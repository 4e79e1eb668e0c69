import type { DomainEventPayload } from '@mepedia/contracts';
import { isUuid, removedMemberKey, type Db } from '@mepedia/server-database';
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import {
  members,
  removedMembers,
  weeklyQuestionAnswers,
  weeklyQuestionPrivateLists,
  weeklyQuestionPrivateQuestions,
  weeklyQuestionQuestions,
  weeklyQuestionSends,
  weeklyQuestionSettings,
} from './notifications.schema';

export type WeeklyQuestionRow = typeof weeklyQuestionSettings.$inferSelect;
export type QuestionRow = typeof weeklyQuestionQuestions.$inferSelect;
export type PrivateQuestionRow = typeof weeklyQuestionPrivateQuestions.$inferSelect;
export type SettingsValues = Omit<WeeklyQuestionRow, 'userId' | 'updatedAt'>;

/**
 * The weekly question's data: members' settings, what was sent, and the read models of answers
 * and the questionnaire. Reads and writes, no rules (WeeklyQuestionService decides).
 */
export class WeeklyQuestionRepository {
  constructor(private readonly db: Db) {}

  /** This repository inside one transaction: all of `work` commits or none. */
  transaction<T>(work: (repository: WeeklyQuestionRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new WeeklyQuestionRepository(tx)));
  }

  /** A member's settings, locked until the transaction ends when `lock` (a change's read). */
  async settings(userId: string, lock = false): Promise<WeeklyQuestionRow | undefined> {
    if (!isUuid(userId)) return undefined;
    const query = this.db
      .select()
      .from(weeklyQuestionSettings)
      .where(eq(weeklyQuestionSettings.userId, userId));
    const [row] = lock ? await query.for('update') : await query;
    return row;
  }

  async save(userId: string, values: SettingsValues, now: Date): Promise<WeeklyQuestionRow> {
    const [row] = await this.db
      .insert(weeklyQuestionSettings)
      .values({ userId, ...values, updatedAt: now })
      .onConflictDoUpdate({
        target: weeklyQuestionSettings.userId,
        set: { ...values, updatedAt: now },
      })
      .returning();
    if (!row) throw new Error('weekly question settings not written');
    return row;
  }

  /**
   * Members whose next question is due at `now`, oldest first, each row locked for this
   * transaction; rows another sweep (another replica) holds are passed over, not waited for.
   */
  async lockDue(now: Date, limit: number): Promise<WeeklyQuestionRow[]> {
    return this.db
      .select()
      .from(weeklyQuestionSettings)
      .where(
        and(eq(weeklyQuestionSettings.state, 'on'), lte(weeklyQuestionSettings.nextSendAt, now)),
      )
      .orderBy(asc(weeklyQuestionSettings.nextSendAt))
      .limit(limit)
      .for('update', { skipLocked: true });
  }

  /** The questionnaire in order (empty until me-answers announced it). */
  questionnaire(): Promise<QuestionRow[]> {
    return this.db
      .select()
      .from(weeklyQuestionQuestions)
      .orderBy(asc(weeklyQuestionQuestions.position));
  }

  /** The questions a member has answered (a live text). */
  async answered(userId: string): Promise<Set<string>> {
    const rows = await this.db
      .select({ questionId: weeklyQuestionAnswers.questionId })
      .from(weeklyQuestionAnswers)
      .where(
        and(eq(weeklyQuestionAnswers.userId, userId), eq(weeklyQuestionAnswers.answered, true)),
      );
    return new Set(rows.map((row) => row.questionId));
  }

  /**
   * The member's own private questions with no answer yet, in their list's order. Read for that
   * member's own settings and email only.
   */
  async privateUnanswered(userId: string): Promise<PrivateQuestionRow[]> {
    if (!isUuid(userId)) return [];
    return this.db
      .select()
      .from(weeklyQuestionPrivateQuestions)
      .where(eq(weeklyQuestionPrivateQuestions.userId, userId))
      .orderBy(asc(weeklyQuestionPrivateQuestions.position));
  }

  /**
   * A member's unanswered private questions as of `event.revision` replace the ones kept, unless
   * a higher revision was applied; whether they did. In the service's transaction.
   */
  async applyPrivate(event: DomainEventPayload<'privateQuestions.changed'>): Promise<boolean> {
    const newer = await this.db
      .insert(weeklyQuestionPrivateLists)
      .values({ userId: event.userId, revision: event.revision })
      .onConflictDoUpdate({
        target: weeklyQuestionPrivateLists.userId,
        set: { revision: event.revision },
        setWhere: sql`${weeklyQuestionPrivateLists.revision} < excluded.revision`,
      })
      .returning({ revision: weeklyQuestionPrivateLists.revision });
    if (newer.length === 0) return false;
    await this.db
      .delete(weeklyQuestionPrivateQuestions)
      .where(eq(weeklyQuestionPrivateQuestions.userId, event.userId));
    if (event.unanswered.length > 0)
      await this.db
        .insert(weeklyQuestionPrivateQuestions)
        .values(
          event.unanswered.map((question) => ({
            userId: event.userId,
            questionId: question.questionId,
            position: question.index,
            title: question.title,
            subQuestions: question.subQuestions,
          })),
        )
        // The same question twice in one list (never sent so): the first stands.
        .onConflictDoNothing();
    return true;
  }

  /** The member's email address as the users service last announced it, if known. */
  async emailOf(userId: string): Promise<string | null> {
    const [row] = await this.db
      .select({ email: members.email })
      .from(members)
      .where(eq(members.userId, userId));
    return row?.email ?? null;
  }

  /**
   * Record the week's question for a member; false when that week already has one (sent by
   * another sweep, or before a restart): nothing is written then.
   */
  async recordSend(userId: string, week: string, questionId: string, job: string, now: Date) {
    const rows = await this.db
      .insert(weeklyQuestionSends)
      .values({ userId, week, questionId, job, createdAt: now })
      .onConflictDoNothing()
      .returning({ week: weeklyQuestionSends.week });
    return rows.length > 0;
  }

  /** The job is in the queue: its copy here is no longer needed. */
  async markQueued(userId: string, week: string, now: Date): Promise<void> {
    await this.db
      .update(weeklyQuestionSends)
      .set({ queuedAt: now, job: null })
      .where(and(eq(weeklyQuestionSends.userId, userId), eq(weeklyQuestionSends.week, week)));
  }

  /** Sends recorded but not known to be queued (a process died in between), oldest first. */
  unqueued(limit: number) {
    return this.db
      .select({
        userId: weeklyQuestionSends.userId,
        week: weeklyQuestionSends.week,
        job: weeklyQuestionSends.job,
      })
      .from(weeklyQuestionSends)
      .where(isNull(weeklyQuestionSends.queuedAt))
      .orderBy(asc(weeklyQuestionSends.createdAt))
      .limit(limit);
  }

  /** The weeks a member was sent a question, newest first (for the settings' last send). */
  async sendsOf(userId: string) {
    return this.db
      .select({ week: weeklyQuestionSends.week, questionId: weeklyQuestionSends.questionId })
      .from(weeklyQuestionSends)
      .where(eq(weeklyQuestionSends.userId, userId))
      .orderBy(sql`${weeklyQuestionSends.week} desc`);
  }

  /**
   * Take the member's turn, the same turn MembersRepository takes: an answer applied while the
   * member's departure is handled waits for it, then finds them gone. In a transaction.
   */
  async lockTurn(userId: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`notifications:member:${userId}`}, 0))`,
    );
  }

  /** Whether a member left (their late events write nothing back). */
  async left(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: removedMembers.memberKey })
      .from(removedMembers)
      .where(eq(removedMembers.memberKey, removedMemberKey(userId)));
    return row !== undefined;
  }

  /** A member's answer to a question as of `at`, unless a newer word was applied. */
  async applyAnswered(event: DomainEventPayload<'meAnswer.answered'>, at: Date): Promise<void> {
    await this.db
      .insert(weeklyQuestionAnswers)
      .values({ ...event, version: at })
      .onConflictDoUpdate({
        target: [weeklyQuestionAnswers.userId, weeklyQuestionAnswers.questionId],
        set: { answered: event.answered, version: at },
        setWhere: sql`${weeklyQuestionAnswers.version} < excluded.version`,
      });
  }

  /** The questionnaire as of `at` replaces the one kept, unless that one is newer. */
  async applyQuestionnaire(
    event: DomainEventPayload<'questionnaire.changed'>,
    at: Date,
  ): Promise<boolean> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended('notifications:questionnaire', 0))`,
    );
    const [newest] = await this.db
      .select({ version: sql<Date>`max(${weeklyQuestionQuestions.version})` })
      .from(weeklyQuestionQuestions);
    if (newest?.version && new Date(newest.version).getTime() >= at.getTime()) return false;
    await this.db.delete(weeklyQuestionQuestions);
    if (event.questions.length > 0)
      await this.db.insert(weeklyQuestionQuestions).values(
        event.questions.map((question) => ({
          questionId: question.questionId,
          position: question.index,
          titleEn: question.title.en,
          titleHe: question.title.he,
          promptEn: question.prompt.en,
          promptHe: question.prompt.he,
          version: at,
        })),
      );
    return true;
  }
}
