import {
  QUEUES,
  type DomainEventPayload,
  type EmailJob,
  type Language,
  type WeeklyQuestionLinkAction,
  type WeeklyQuestionLinkResult,
  type WeeklyQuestionScheduleRequest,
  type WeeklyQuestionSettings,
} from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import { AppError, localePath, type AppLogger } from '@mepedia/server-http';
import type { QueueDriver } from '@mepedia/server-queue';
import { LINK_TTL_SECONDS, linkToken, readLinkToken } from './weekly-question.links';
import type {
  PrivateQuestionRow,
  QuestionRow,
  SettingsValues,
  WeeklyQuestionRepository,
  WeeklyQuestionRow,
} from './weekly-question.repository';
import {
  nextQuestion,
  firstSlotAfter,
  nextSlot,
  slotAfterNext,
  stillTimely,
  weekOf,
  type Schedule,
} from './weekly-question.schedule';

export type WeeklyQuestionOptions = {
  /** The site's address: the email's links point there. */
  publicUrl: string;
  /** Signs the email's skip, pause and stop links. */
  linkSecret: string;
};

/** How many due members one sweep's transaction takes (a sweep takes batches until none is due). */
const SWEEP_BATCH = 200;

/**
 * What a member's next email asks: the first questionnaire question they have not answered, and
 * once every one is, their own private questions with no answer yet, in their list's order.
 */
type NextQuestion =
  | { kind: 'questionnaire'; question: QuestionRow }
  | { kind: 'private'; question: PrivateQuestionRow };

/** What one sweep did. */
export type SweepResult = { sent: number; finished: number; letGo: number; requeued: number };

/**
 * The weekly question (issue 32): a member asks for one questionnaire question a week by email,
 * on their weekday and hour in their time zone. The next one's time is kept as an instant
 * (`next_send_at`), computed from the member's choice whenever it changes and after each send;
 * a sweep every minute sends what is due. One row per member and week makes a week's question
 * go once, whatever the replicas or restarts. It ends by itself when every question is answered.
 */
export class WeeklyQuestionService {
  constructor(
    private readonly repository: WeeklyQuestionRepository,
    private readonly queue: QueueDriver,
    private readonly options: WeeklyQuestionOptions,
    private readonly logger?: AppLogger,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async settings(userId: string): Promise<WeeklyQuestionSettings> {
    return this.view(userId, await this.repository.settings(userId));
  }

  /** Start, or change the schedule: on from the next such weekday and hour. */
  async schedule(
    userId: string,
    input: WeeklyQuestionScheduleRequest,
    callerLanguage: Language,
  ): Promise<WeeklyQuestionSettings> {
    const now = this.now();
    const schedule: Schedule = {
      weekday: input.weekday,
      hour: input.hour,
      timeZone: input.timeZone,
    };
    const row = await this.repository.transaction(async (tx) => {
      // In the member's turn: a departure handled meanwhile takes the row, or is seen here.
      await tx.lockTurn(userId);
      if (await tx.left(userId)) throw new AppError('AUTH_REQUIRED');
      const current = await tx.settings(userId, true);
      return tx.save(
        userId,
        {
          state: 'on',
          ...schedule,
          language: input.language ?? current?.language ?? callerLanguage,
          // A week from the last question sent, on the new day: never two in one week.
          nextSendAt: firstSlotAfter(now, schedule, current?.lastSentAt ?? null),
          skipping: false,
          lastSentAt: current?.lastSentAt ?? null,
        },
        now,
      );
    });
    return this.view(userId, await this.finishIfDone(row));
  }

  pause(userId: string): Promise<WeeklyQuestionSettings> {
    return this.change(userId, (row) =>
      row.state === 'on' ? { state: 'paused', nextSendAt: null, skipping: false } : undefined,
    );
  }

  resume(userId: string): Promise<WeeklyQuestionSettings> {
    return this.change(userId, (row, now) =>
      row.state === 'paused'
        ? { state: 'on', nextSendAt: firstSlotAfter(now, row, row.lastSentAt), skipping: false }
        : undefined,
    );
  }

  /** The coming week's question is skipped; twice is still one week. */
  skip(userId: string): Promise<WeeklyQuestionSettings> {
    return this.change(userId, (row, now) =>
      row.state === 'on' && !row.skipping
        ? { nextSendAt: slotAfterNext(now, row), skipping: true }
        : undefined,
    );
  }

  stop(userId: string): Promise<WeeklyQuestionSettings> {
    return this.change(userId, (row) =>
      row.state === 'on' || row.state === 'paused'
        ? { state: 'off', nextSendAt: null, skipping: false }
        : undefined,
    );
  }

  /** The email's signed link: its action for its member, without a session. */
  async byLink(token: string): Promise<WeeklyQuestionLinkResult> {
    const claim = readLinkToken(token, this.options.linkSecret, this.now());
    if (!claim || !isUuid(claim.userId)) throw new AppError('WEEKLY_QUESTION_LINK_INVALID');
    const act: Record<
      WeeklyQuestionLinkAction,
      (userId: string) => Promise<WeeklyQuestionSettings>
    > = { skip: (id) => this.skip(id), pause: (id) => this.pause(id), stop: (id) => this.stop(id) };
    const after = await act[claim.action](claim.userId);
    return { action: claim.action, state: after.state, nextSendAt: after.nextSendAt };
  }

  /**
   * Send every question due at `now`: batch by batch, each member's row locked while their week
   * is recorded and their next time set, the email queued once the batch commits. A due member
   * who answered everything is `finished`; a slot missed by more than LATE_SEND_MS is let go.
   */
  async sweep(now: Date = this.now()): Promise<SweepResult> {
    const result: SweepResult = { sent: 0, finished: 0, letGo: 0, requeued: 0 };
    result.requeued = await this.requeue(now);
    for (;;) {
      const batch = await this.repository.transaction(async (tx) => {
        const due = await tx.lockDue(now, SWEEP_BATCH);
        if (due.length === 0) return { due: 0, jobs: [] as QueuedJob[] };
        const questions = await tx.questionnaire();
        const jobs: QueuedJob[] = [];
        for (const row of due) {
          const outcome = await this.sendOne(tx, row, questions, now);
          if (outcome.kind === 'sent') {
            jobs.push(outcome.job);
            result.sent += 1;
          } else if (outcome.kind === 'finished') result.finished += 1;
          else result.letGo += 1;
        }
        return { due: due.length, jobs };
      });
      for (const job of batch.jobs) await this.enqueue(job, now);
      if (batch.due < SWEEP_BATCH) break;
    }
    if (result.sent + result.finished + result.letGo + result.requeued > 0)
      this.logger?.info(result, 'weekly question sweep');
    return result;
  }

  /** A member answered (or un-answered) a question: me-answers' meAnswer.answered at `at`. */
  async answerChanged(event: DomainEventPayload<'meAnswer.answered'>, at: Date): Promise<boolean> {
    if (!isUuid(event.userId)) return false;
    return this.repository.transaction(async (tx) => {
      await tx.lockTurn(event.userId);
      if (await tx.left(event.userId)) return false;
      await tx.applyAnswered(event, at);
      return true;
    });
  }

  /**
   * A member's unanswered private questions as private-questions announced them. A member whose
   * weekly question ended (everything answered) and who now has one to answer gets it again from
   * their next slot, a week after the last question sent.
   */
  async privateQuestionsChanged(
    event: DomainEventPayload<'privateQuestions.changed'>,
  ): Promise<boolean> {
    if (!isUuid(event.userId)) return false;
    return this.repository.transaction(async (tx) => {
      await tx.lockTurn(event.userId);
      if (await tx.left(event.userId)) return false;
      if (!(await tx.applyPrivate(event))) return false;
      const row = await tx.settings(event.userId, true);
      if (row?.state === 'finished' && event.unanswered.length > 0) {
        const now = this.now();
        await tx.save(
          event.userId,
          {
            ...valuesOf(row),
            state: 'on',
            nextSendAt: firstSlotAfter(now, row, row.lastSentAt),
            skipping: false,
          },
          now,
        );
      }
      return true;
    });
  }

  /** The questionnaire as me-answers announced it at `at`. */
  questionnaireChanged(
    event: DomainEventPayload<'questionnaire.changed'>,
    at: Date,
  ): Promise<boolean> {
    return this.repository.transaction((tx) => tx.applyQuestionnaire(event, at));
  }

  private async sendOne(
    tx: WeeklyQuestionRepository,
    row: WeeklyQuestionRow,
    questions: QuestionRow[],
    now: Date,
  ): Promise<{ kind: 'sent'; job: QueuedJob } | { kind: 'finished' } | { kind: 'letGo' }> {
    const slot = row.nextSendAt ?? now;
    const next = await this.nextFor(tx, row.userId, questions);
    if (questions.length > 0 && !next) {
      await tx.save(row.userId, { ...valuesOf(row), state: 'finished', nextSendAt: null }, now);
      return { kind: 'finished' };
    }
    // The next time is after both this slot and now: a late sweep never sends twice in a row.
    const later = nextSlot(new Date(Math.max(slot.getTime(), now.getTime())), row);
    const email = await tx.emailOf(row.userId);
    let job: QueuedJob | undefined;
    // Never before the questionnaire is known: its questions come first.
    if (next && questions.length > 0 && email && stillTimely(slot, now)) {
      const week = weekOf(slot, row.timeZone);
      const built = this.emailJob(row, next, email, now);
      const id = `weekly-question-${row.userId}-${week}`;
      const questionId = next.question.questionId;
      if (await tx.recordSend(row.userId, week, questionId, JSON.stringify(built), now))
        job = { userId: row.userId, week, id, data: built };
    } else
      this.logger?.info(
        { userId: row.userId, questionnaire: questions.length, email: email !== null },
        'weekly question not sent this week (no questionnaire yet, no address, or too late)',
      );
    await tx.save(
      row.userId,
      {
        ...valuesOf(row),
        nextSendAt: later,
        skipping: false,
        lastSentAt: job ? now : row.lastSentAt,
      },
      now,
    );
    return job ? { kind: 'sent', job } : { kind: 'letGo' };
  }

  /** The member's next question (NextQuestion), read in `repository`'s transaction or not. */
  private async nextFor(
    repository: WeeklyQuestionRepository,
    userId: string,
    questions: QuestionRow[],
  ): Promise<NextQuestion | undefined> {
    if (!isUuid(userId)) return undefined;
    const question = nextQuestion(questions, await repository.answered(userId));
    if (question) return { kind: 'questionnaire', question };
    const [own] = await repository.privateUnanswered(userId);
    return own ? { kind: 'private', question: own } : undefined;
  }

  /** The email job: the question in the member's language, its page, and the signed links. */
  private emailJob(row: WeeklyQuestionRow, next: NextQuestion, to: string, now: Date): EmailJob {
    const language: Language = row.language === 'he' ? 'he' : 'en';
    const site = (path: string) => `${this.options.publicUrl}${localePath(language, path)}`;
    const expiresAt = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS;
    const action = (which: WeeklyQuestionLinkAction) =>
      `${site('/weekly-question')}?token=${encodeURIComponent(
        linkToken({ userId: row.userId, action: which, expiresAt }, this.options.linkSecret),
      )}`;
    const question = next.question;
    const asked =
      next.kind === 'questionnaire'
        ? {
            title: language === 'he' ? next.question.titleHe : next.question.titleEn,
            prompt: language === 'he' ? next.question.promptHe : next.question.promptEn,
            link: site(`/profile/edit-me/${question.position}`),
          }
        : {
            kind: 'private' as const,
            // The member's own words, to the member alone (this email goes to their address).
            title: next.question.title,
            prompt: next.question.subQuestions.join('\n'),
            // Its place now, and its id: the page finds it there, or where it moved since.
            link: `${site(`/profile/edit-me-private/${question.position}`)}?question=${encodeURIComponent(
              next.question.questionId,
            )}`,
          };
    return {
      template: 'weekly-question',
      to,
      language,
      data: {
        index: question.position,
        ...asked,
        skipLink: action('skip'),
        pauseLink: action('pause'),
        stopLink: action('stop'),
        settingsLink: site('/profile/settings#weekly-question'),
      },
    };
  }

  /** Hand a recorded week's email to the worker (the same id: queued at most once). */
  private async enqueue(job: QueuedJob, now: Date): Promise<void> {
    await this.queue.add(QUEUES.email, 'weekly-question', job.data, { jobId: job.id });
    await this.repository.markQueued(job.userId, job.week, now);
  }

  /** Weeks recorded but not known to be queued (a process died in between): queued again. */
  private async requeue(now: Date): Promise<number> {
    const rows = await this.repository.unqueued(SWEEP_BATCH);
    // Only those older than a sweep's own moment between commit and queue.
    let count = 0;
    for (const row of rows) {
      if (!row.job) continue;
      await this.enqueue(
        {
          userId: row.userId,
          week: row.week,
          id: `weekly-question-${row.userId}-${row.week}`,
          data: JSON.parse(row.job) as EmailJob,
        },
        now,
      );
      count += 1;
    }
    return count;
  }

  /** Change a member's settings by `rule` (undefined: nothing to change), in a transaction. */
  private async change(
    userId: string,
    rule: (row: WeeklyQuestionRow, now: Date) => Partial<SettingsValues> | undefined,
  ): Promise<WeeklyQuestionSettings> {
    const now = this.now();
    const row = await this.repository.transaction(async (tx) => {
      const current = await tx.settings(userId, true);
      if (!current) return undefined;
      const changes = rule(current, now);
      if (!changes) return current;
      return tx.save(userId, { ...valuesOf(current), ...changes }, now);
    });
    return this.view(userId, row);
  }

  /** On while every question is answered (the member's own too): it ends now, and says so. */
  private async finishIfDone(row: WeeklyQuestionRow): Promise<WeeklyQuestionRow> {
    const questions = await this.repository.questionnaire();
    if (questions.length === 0 || (await this.nextFor(this.repository, row.userId, questions)))
      return row;
    return this.repository.save(
      row.userId,
      { ...valuesOf(row), state: 'finished', nextSendAt: null, skipping: false },
      this.now(),
    );
  }

  private async view(
    userId: string,
    row: WeeklyQuestionRow | undefined,
  ): Promise<WeeklyQuestionSettings> {
    const questions = await this.repository.questionnaire();
    const next = await this.nextFor(this.repository, userId, questions);
    return {
      state: (row?.state ?? 'off') as WeeklyQuestionSettings['state'],
      weekday: row?.weekday ?? null,
      hour: row?.hour ?? null,
      timeZone: row?.timeZone ?? null,
      language: row ? (row.language === 'he' ? 'he' : 'en') : null,
      nextSendAt: row?.state === 'on' ? (row.nextSendAt?.toISOString() ?? null) : null,
      skipping: row?.state === 'on' && row.skipping,
      nextQuestion: !next
        ? null
        : next.kind === 'questionnaire'
          ? {
              kind: 'questionnaire',
              questionId: next.question.questionId,
              index: next.question.position,
              title: { en: next.question.titleEn, he: next.question.titleHe },
            }
          : {
              // The caller's own question (settings are only ever the caller's): their words.
              kind: 'private',
              questionId: next.question.questionId,
              index: next.question.position,
              title: { en: next.question.title, he: next.question.title },
            },
      lastSentAt: row?.lastSentAt?.toISOString() ?? null,
    };
  }
}

type QueuedJob = { userId: string; week: string; id: string; data: EmailJob };

function valuesOf(row: WeeklyQuestionRow): SettingsValues {
  const { userId: _userId, updatedAt: _updatedAt, ...values } = row;
  return values;
}

/** How often the sweep looks for due questions: each goes within a minute of its hour. */
export const SWEEP_INTERVAL_MS = 60_000;
