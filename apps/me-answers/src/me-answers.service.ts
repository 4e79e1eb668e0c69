import {
  BUS_CHANNELS,
  ME_PUBLISH_MIN_CHARS,
  hasText,
  itemModerationOf,
  type DomainEventPayload,
  longestSubAnswer,
  sameAnswers,
  type AnswerData,
  type AnswerPrivacy,
  type CurrentUserAnswers,
  type Language,
  type OwnMeAnswer,
  type ProfileQuestion,
  type ProfileQuestionId,
  type PublicMeAnswer,
} from '@mepedia/contracts';
import { AppError, fieldError } from '@mepedia/server-http';
import { GuestCache } from '@mepedia/server-queue';
import { mayRead, nextOpen, requireAccess, requireOpen } from './me-answers.access';
import type { QuestionRow } from './me-answers.repository';
import type { AnswerRow } from './me-answers.schema';
import type { MeAnswersStore, MeAnswersTransaction, PendingEvent } from './me-answers.store';
import { searchableEvent } from './me-answers.searchable';
import { answeredEvent } from './me-answers.weekly-question';

type Privacy = AnswerPrivacy;
export type Author = { userId: string; language: Language };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * A live answer as its magazine post's HTML, in `language`: each sub-question with text, its
 * heading and its paragraphs (a blank line apart), the texts escaped. The posts service
 * sanitizes it as any post's. (Migration 0007 writes the same in SQL, in English.)
 */
export function magazineContent(
  question: Pick<QuestionRow, 'subQuestions'>,
  live: AnswerData | null,
  language: Language,
): string {
  return question.subQuestions
    .filter((sub) => (live?.[sub.subQuestionId] ?? '').trim().length > 0)
    .map((sub) => {
      const heading = escapeHtml(language === 'he' ? sub.textHe : sub.textEn);
      const paragraphs = (live?.[sub.subQuestionId] ?? '')
        .trim()
        .split(/\n{2,}/)
        .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
        .join('');
      return `<h3>${heading}</h3>${paragraphs}`;
    })
    .join('');
}

/**
 * The questionnaire and members' answers to it: drafts and live versions (libs/contracts
 * answers.ts), the order questions are answered in, privacy, and the magazine. Who may read,
 * count and change an answer, and which question is open, is me-answers.access.ts's word, asked
 * here; every change and the events announcing it commit in one transaction the service opens.
 */
export class MeAnswersService {
  private questions: Promise<QuestionRow[]> | undefined;

  constructor(
    private readonly store: MeAnswersStore,
    private readonly onOutboxWrite: () => void,
    /** What readers other than the owner see, kept for seconds; any live change clears it. */
    readonly readers = new GuestCache(BUS_CHANNELS.answersChanged),
  ) {}

  /** The questionnaire never changes while the service runs (a migration changes it). */
  private questionnaire(): Promise<QuestionRow[]> {
    this.questions ??= this.store.answers.questionnaire().catch((error: unknown) => {
      this.questions = undefined;
      throw error;
    });
    return this.questions;
  }

  async getQuestions(): Promise<ProfileQuestion[]> {
    return (await this.questionnaire()).map((q) => ({
      questionId: q.questionId,
      index: q.position,
      title: { en: q.titleEn, he: q.titleHe },
      prompt: { en: q.promptEn, he: q.promptHe },
      subQuestions: q.subQuestions.map((sub) => ({
        subQuestionId: sub.subQuestionId,
        text: { en: sub.textEn, he: sub.textHe },
      })),
    }));
  }

  async getQuestionIds(): Promise<ProfileQuestionId[]> {
    return (await this.questionnaire()).map((q) => ({
      questionId: q.questionId,
      index: q.position,
    }));
  }

  private async question(questionId: string): Promise<QuestionRow> {
    const found = (await this.questionnaire()).find((q) => q.questionId === questionId);
    if (!found) throw new AppError('QUESTION_NOT_FOUND');
    return found;
  }

  /**
   * What a reader may read of a member's live answers, by their audiences (issue 34). Readers
   * other than the owner fall into three kinds that each read the same list (a guest; a
   * member; a member of the owner's circle), kept for seconds per kind; the owner reads all.
   */
  async userAnswers(userId: string, viewerId: string | null): Promise<PublicMeAnswer[]> {
    if (viewerId === userId) return this.loadUserAnswers(userId, { id: userId, inCircle: false });
    if (viewerId === null)
      return this.readers.get(`answers:${userId}:guest`, () =>
        this.loadUserAnswers(userId, { id: null, inCircle: false }),
      );
    const inCircle = await this.store.circles.inCircleOf(userId, viewerId);
    return this.readers.get(`answers:${userId}:${inCircle ? 'circle' : 'member'}`, () =>
      this.loadUserAnswers(userId, { id: viewerId, inCircle }),
    );
  }

  private async loadUserAnswers(
    userId: string,
    reader: { id: string | null; inCircle: boolean },
  ): Promise<PublicMeAnswer[]> {
    const [rows, questions] = await Promise.all([
      this.store.answers.answersOf(userId),
      this.questionnaire(),
    ]);
    return rows
      .filter((row) => mayRead({ ...row, readerInCircle: reader.inCircle }, reader.id))
      .map((row) => this.toPublic(row, questions))
      .sort((a, b) => a.index - b.index);
  }

  /** Whether `viewerId` is in the owner's circle, asked only where a circle answer needs it. */
  private async withReader<R extends AnswerRow>(
    row: R | undefined,
    viewerId: string | null,
    circles: MeAnswersStore['circles'],
  ): Promise<(R & { readerInCircle: boolean }) | undefined> {
    if (!row) return undefined;
    const asked = row.privacy === 'circle' && viewerId !== null && viewerId !== row.userId;
    return {
      ...row,
      readerInCircle: asked ? await circles.inCircleOf(row.userId, viewerId) : false,
    };
  }

  async currentUserAnswers(userId: string): Promise<CurrentUserAnswers> {
    const [rows, questions] = await Promise.all([
      this.store.answers.answersOf(userId),
      this.questionnaire(),
    ]);
    return {
      answers: rows.map((row) => this.toOwn(row, questions)).sort((a, b) => a.index - b.index),
      nextIndex: nextOpen(rows, questions),
    };
  }

  /** The member's answers, in their transaction, once the question is open to them. */
  private async writable(
    { answers }: MeAnswersTransaction,
    userId: string,
    question: QuestionRow,
  ): Promise<{ rows: AnswerRow[]; questions: QuestionRow[] }> {
    const [rows, questions] = await Promise.all([answers.answersOf(userId), this.questionnaire()]);
    requireOpen(question, rows, questions);
    return { rows, questions };
  }

  /** Only the question's own sub-questions; texts kept as typed. */
  private checkAnswer(question: QuestionRow, answerData: AnswerData): AnswerData {
    const known = new Set(question.subQuestions.map((sub) => sub.subQuestionId));
    if (Object.keys(answerData).some((id) => !known.has(id)))
      throw fieldError('answerData', 'INVALID_VALUE');
    return answerData;
  }

  async saveDraft(
    author: Author,
    input: { questionId: string; answerData: AnswerData; version: number },
  ): Promise<OwnMeAnswer> {
    const question = await this.question(input.questionId);
    const answerData = this.checkAnswer(question, input.answerData);
    const row = await this.store.transaction(async (tx) => {
      await this.writable(tx, author.userId, question);
      // Privacy belongs to the answer as readers see it: it changes with a save, not a draft.
      return tx.answers.change(author.userId, question.questionId, input.version, {
        draft: answerData,
      });
    });
    return this.changed(row);
  }

  /** Save: the texts become the draft and the live version (and the magazine post, if any). */
  async saveLive(
    author: Author,
    input: {
      questionId: string;
      answerData: AnswerData;
      version: number;
      privacy?: Privacy | undefined;
    },
  ): Promise<OwnMeAnswer> {
    const question = await this.question(input.questionId);
    const answerData = this.checkAnswer(question, input.answerData);
    const row = await this.store.transaction(async (tx) => {
      const { rows, questions } = await this.writable(tx, author.userId, question);
      const changed = await tx.answers.change(author.userId, question.questionId, input.version, {
        draft: answerData,
        live: answerData,
        privacy: input.privacy,
      });
      if (changed)
        await tx.outbox.append([
          ...(changed.publishedAsPost ? [this.published(changed, question, author)] : []),
          this.publication(author.userId, rows, changed, questions),
          ...this.privacy(changed, question),
          answeredEvent(changed),
          searchableEvent(changed, question, author.language),
        ]);
      return changed;
    });
    this.onOutboxWrite();
    await this.readers.clear();
    return this.changed(row);
  }

  /** Revert: the draft goes back to the live version ("original"). */
  async revertDraft(
    author: Author,
    input: { questionId: string; version: number },
  ): Promise<OwnMeAnswer> {
    const question = await this.question(input.questionId);
    const row = await this.store.transaction(async ({ answers }) => {
      const current = await answers.find(author.userId, question.questionId);
      requireAccess(author.userId, 'edit', current);
      if (current.live === null) throw new AppError('ANSWER_NOT_FOUND');
      return answers.change(author.userId, question.questionId, input.version, {
        draftFromLive: true,
      });
    });
    return this.changed(row);
  }

  /** In the magazine if it is not, out of it if it is. */
  async togglePublish(
    author: Author,
    input: { questionId: string; privacy?: Privacy | undefined },
  ): Promise<OwnMeAnswer> {
    const question = await this.question(input.questionId);
    const outcome = await this.store.transaction(async ({ answers, outbox }) => {
      const row = await answers.find(author.userId, question.questionId);
      requireAccess(author.userId, 'edit', row);
      if (!hasText(row.live)) throw new AppError('ANSWER_NOT_FOUND');
      if (row.publishedAsPost) return 'published' as const;
      if (longestSubAnswer(row.live) < ME_PUBLISH_MIN_CHARS)
        throw new AppError('ANSWER_TOO_SHORT_TO_PUBLISH');
      const privacy = input.privacy ?? row.privacy;
      const [rows, questions] = await Promise.all([
        answers.answersOf(author.userId),
        this.questionnaire(),
      ]);
      const changed = await answers.setPublished(row.id, true, privacy);
      if (changed)
        await outbox.append([
          this.published(changed, question, author),
          this.publication(author.userId, rows, changed, questions),
          ...this.privacy(changed, question),
          // Its audience may have changed with it.
          searchableEvent(changed, question, author.language),
        ]);
      return { changed };
    });
    if (outcome === 'published') return this.unpublish(author, input.questionId);
    this.onOutboxWrite();
    await this.readers.clear();
    return this.changed(outcome.changed);
  }

  /** Out of the magazine (nothing happens if it was not there). */
  async unpublish(author: Author, questionId: string): Promise<OwnMeAnswer> {
    const question = await this.question(questionId);
    const outcome = await this.store.transaction(async ({ answers, outbox }) => {
      const row = await answers.find(author.userId, question.questionId);
      requireAccess(author.userId, 'edit', row);
      if (!row.publishedAsPost) return { written: false, row } as const;
      const changed = await answers.setPublished(row.id, false, row.privacy);
      if (changed)
        await outbox.append([
          {
            type: 'meAnswer.unpublished',
            payload: { userId: author.userId, questionId, meAnswerId: row.id, by: author.userId },
          },
        ]);
      return { written: true, row: changed } as const;
    });
    if (!outcome.written) return this.toOwn(outcome.row, await this.questionnaire());
    this.onOutboxWrite();
    await this.readers.clear();
    return this.changed(outcome.row);
  }

  /** Count a view once per viewer key, of an answer the viewer may read. */
  async view(
    meAnswerId: string,
    viewer: string | undefined,
    viewerId: string | null,
  ): Promise<{ views: number; counted: boolean }> {
    if (!viewer) {
      const row = await this.withReader(
        await this.store.answers.findById(meAnswerId),
        viewerId,
        this.store.circles,
      );
      requireAccess(viewerId, 'view', row);
      return { views: row.views, counted: false };
    }
    return this.store.transaction(async ({ answers, views, circles }) => {
      const row = await this.withReader(await answers.findById(meAnswerId), viewerId, circles);
      requireAccess(viewerId, 'view', row);
      return views.add(row.id, viewer);
    });
  }

  /** The answer's magazine post was deleted (posts' post.deleted): the answer follows its post. */
  async postDeleted(userId: string, questionId: string, deletedAt: Date): Promise<boolean> {
    const changed = await this.store.answers.postDeleted(userId, questionId, deletedAt);
    if (changed) await this.readers.clear();
    return changed;
  }

  /**
   * Who is in whose circle, as the circles service says at `at` (circle.member.added/removed):
   * who reads circle answers. Order-tolerant; a member who left is never written back.
   */
  async applyCircleMembership(
    change: { ownerId: string; memberId: string; inCircle: boolean },
    at: Date,
  ): Promise<void> {
    await this.store.transaction(({ circles }) => circles.apply({ ...change, occurredAt: at }));
  }

  /**
   * The moderation service's word on an answer (moderation.item.changed at `at`, issue 35): held
   * or removed, it is its owner's alone (gone from their public answers, the /me pages and the
   * widget for every other reader, its views uncounted); visible, it is back to its audience.
   * The newest word stands: the same word twice, or an older one late, changes nothing. The
   * people directory hears how many public answers others now read (profile.publication.changed).
   * A word about an answer that is not here is not kept: answers' ids are made here and the
   * moderation service learns of one only once it is read, and an answer goes only with its
   * member (whose words are stale). Answers whether the answer changed.
   */
  async applyModeration(
    change: DomainEventPayload<'moderation.item.changed'>,
    at: Date,
  ): Promise<boolean> {
    // Posts, comments and profiles are other services'.
    if (change.kind !== 'answer') return false;
    const questions = await this.questionnaire();
    const changed = await this.store.transaction(async ({ answers, outbox }) => {
      const row = await answers.moderate(
        change.itemId,
        change.ownerId,
        change.state,
        change.caseId,
        at,
      );
      if (!row) return false;
      const rows = await answers.answersOf(row.userId);
      await outbox.append([this.publication(row.userId, rows, row, questions)]);
      return true;
    });
    if (!changed) return false;
    this.onOutboxWrite();
    // Every reader's kept lists, here, on every replica, and the web's kept pages.
    await this.readers.clear();
    return true;
  }

  /**
   * A member left (user.deleted): their answers, and their views of others' answers. The search
   * service hears each answer it was told of go (`searchable.changed`, deleted), as it hears of
   * every other removal, whatever it makes of user.deleted itself.
   */
  async removeMember(userId: string): Promise<number> {
    const questions = await this.questionnaire();
    const removed = await this.store.transaction(async ({ answers, views, circles, outbox }) => {
      // Views are keyed as `@ViewerKey()` keys a member.
      await views.removeViewer(`member:${userId}`);
      // Their circle and their places in others' (circle.member.* never names them again).
      await circles.removeMember(userId);
      const announced = (await answers.answersOf(userId)).filter((row) => row.live !== null);
      const count = await answers.removeAllOf(userId);
      await outbox.append(
        announced.flatMap((row) => {
          const question = questions.find((q) => q.questionId === row.questionId);
          // Their language left with them: English, as the migrations write.
          return question ? [searchableEvent({ ...row, live: null }, question, 'en')] : [];
        }),
      );
      return { count, announced: announced.length > 0 };
    });
    if (removed.announced) this.onOutboxWrite();
    await this.readers.clear();
    return removed.count;
  }

  private async changed(row: AnswerRow | undefined): Promise<OwnMeAnswer> {
    // Another window saved first (or there is nothing at that version): nothing was changed.
    if (!row) throw new AppError('ANSWER_STALE');
    return this.toOwn(row, await this.questionnaire());
  }

  /** The answer as the magazine shows it; `by` the member who saved or put it there. */
  private published(row: AnswerRow, question: QuestionRow, by: Author): PendingEvent {
    const he = by.language === 'he';
    const content = magazineContent(question, row.live, by.language);
    return {
      type: 'meAnswer.published',
      payload: {
        userId: row.userId,
        questionId: row.questionId,
        meAnswerId: row.id,
        title: he ? question.titleHe : question.titleEn,
        content,
        privacy: row.privacy,
        by: by.userId,
      },
    };
  }

  /**
   * The answer's owner and privacy for the comments and reactions services, with every live
   * save and publication: they learn from it that the answer exists, and who may read it; and
   * what it answers (its question's title in both languages) for the notifications service.
   */
  private privacy(row: AnswerRow, question: QuestionRow): PendingEvent[] {
    return [
      {
        type: 'meAnswer.privacy.changed',
        payload: {
          meAnswerId: row.id,
          userId: row.userId,
          privacy: row.privacy,
          questionId: row.questionId,
          title: { en: question.titleEn, he: question.titleHe },
        },
      },
    ];
  }

  /** The member's live public answers after this change, for the people directory (users). */
  private publication(
    userId: string,
    before: AnswerRow[],
    changed: AnswerRow,
    questions: QuestionRow[],
  ): PendingEvent {
    const rows = [...before.filter((row) => row.id !== changed.id), changed];
    // What everyone may read: public, with text, and not hidden by moderation (issue 35).
    const live = rows.filter(
      (row) => row.privacy === 'public' && row.moderationState === 'visible' && hasText(row.live),
    );
    const topics = questions
      .filter((q) => live.some((row) => row.questionId === q.questionId))
      .flatMap((q) => [q.titleEn, q.titleHe]);
    return {
      type: 'profile.publication.changed',
      payload: { userId, publishedAnswers: live.length, topics },
    };
  }

  private toPublic(row: AnswerRow, questions: QuestionRow[]): PublicMeAnswer {
    // Only its owner reads an answer moderation hides: they are told why (issue 35).
    const moderation = itemModerationOf(row.moderationState, row.moderationCaseId);
    return {
      meAnswerId: row.id,
      userId: row.userId,
      questionId: row.questionId,
      index: questions.find((q) => q.questionId === row.questionId)?.position ?? 0,
      answerData: row.live ?? {},
      privacy: row.privacy,
      publishedAsPost: row.publishedAsPost,
      views: row.views,
      updatedAt: row.updatedAt.toISOString(),
      ...(moderation ? { moderation } : {}),
    };
  }

  private toOwn(row: AnswerRow, questions: QuestionRow[]): OwnMeAnswer {
    const moderation = itemModerationOf(row.moderationState, row.moderationCaseId);
    return {
      meAnswerId: row.id,
      questionId: row.questionId,
      index: questions.find((q) => q.questionId === row.questionId)?.position ?? 0,
      draft: row.draft,
      live: row.live,
      version: row.version,
      hasUnsavedChanges: !sameAnswers(row.draft, row.live),
      privacy: row.privacy,
      publishedAsPost: row.publishedAsPost,
      views: row.views,
      updatedAt: row.updatedAt.toISOString(),
      ...(moderation ? { moderation } : {}),
    };
  }
}
