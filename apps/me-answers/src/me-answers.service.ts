import {
  BUS_CHANNELS,
  ME_PUBLISH_MIN_CHARS,
  hasText,
  longestSubAnswer,
  sameAnswers,
  type AnswerData,
  type CurrentUserAnswers,
  type Language,
  type OwnMeAnswer,
  type ProfileQuestion,
  type ProfileQuestionId,
  type PublicMeAnswer,
} from '@mepedia/contracts';
import { AppError, fieldError } from '@mepedia/server-http';
import { GuestCache } from '@mepedia/server-queue';
import type { MeAnswersRepository, PendingEvent, QuestionRow } from './me-answers.repository';
import type { AnswerRow } from './me-answers.schema';

type Privacy = 'public' | 'private';
export type Author = { userId: string; language: Language };

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );

/**
 * The questionnaire and members' answers to it: drafts and live versions (libs/contracts
 * answers.ts), the order questions are answered in, privacy, and the magazine.
 */
export class MeAnswersService {
  private questions: Promise<QuestionRow[]> | undefined;

  constructor(
    private readonly repository: MeAnswersRepository,
    private readonly onOutboxWrite: () => void,
    /** What readers other than the owner see, kept for seconds; any live change clears it. */
    readonly readers = new GuestCache(BUS_CHANNELS.answersChanged),
  ) {}

  /** The questionnaire never changes while the service runs (a migration changes it). */
  private questionnaire(): Promise<QuestionRow[]> {
    this.questions ??= this.repository.questionnaire().catch((error: unknown) => {
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

  /** What others may read of a member's answers: live and public (the owner: all live ones). */
  userAnswers(userId: string, viewerId: string | null): Promise<PublicMeAnswer[]> {
    // Everyone but the owner sees the same list.
    if (viewerId !== userId)
      return this.readers.get(`answers:${userId}`, () => this.loadUserAnswers(userId, false));
    return this.loadUserAnswers(userId, true);
  }

  private async loadUserAnswers(userId: string, owner: boolean): Promise<PublicMeAnswer[]> {
    const [rows, questions] = await Promise.all([
      this.repository.answersOf(userId),
      this.questionnaire(),
    ]);
    return rows
      .filter((row) => row.live !== null && hasText(row.live))
      .filter((row) => owner || row.privacy === 'public')
      .map((row) => this.toPublic(row, questions))
      .sort((a, b) => a.index - b.index);
  }

  async currentUserAnswers(userId: string): Promise<CurrentUserAnswers> {
    const [rows, questions] = await Promise.all([
      this.repository.answersOf(userId),
      this.questionnaire(),
    ]);
    return {
      answers: rows.map((row) => this.toOwn(row, questions)).sort((a, b) => a.index - b.index),
      nextIndex: this.nextIndex(rows, questions),
    };
  }

  /** The first question without a live answer: the furthest a member may write. */
  private nextIndex(rows: AnswerRow[], questions: QuestionRow[]): number | null {
    const answered = new Set(rows.filter((row) => hasText(row.live)).map((row) => row.questionId));
    return questions.find((q) => !answered.has(q.questionId))?.position ?? null;
  }

  /** Question N opens once every earlier one has a live answer (enforced here, not only in the UI). */
  private async mayWrite(userId: string, question: QuestionRow): Promise<AnswerRow[]> {
    const [rows, questions] = await Promise.all([
      this.repository.answersOf(userId),
      this.questionnaire(),
    ]);
    const next = this.nextIndex(rows, questions);
    if (next !== null && question.position > next) throw new AppError('QUESTION_LOCKED');
    return rows;
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
    await this.mayWrite(author.userId, question);
    // Privacy belongs to the answer as readers see it: it changes with a save, not a draft.
    const row = await this.repository.change(author.userId, question.questionId, input.version, {
      draft: answerData,
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
    const rows = await this.mayWrite(author.userId, question);
    const questions = await this.questionnaire();
    const row = await this.repository.change(
      author.userId,
      question.questionId,
      input.version,
      { draft: answerData, live: answerData, privacy: input.privacy },
      (changed) => [
        ...(changed.publishedAsPost ? [this.published(changed, question, author.language)] : []),
        this.publication(author.userId, rows, changed, questions),
        ...this.privacy(changed),
      ],
    );
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
    const current = await this.repository.find(author.userId, question.questionId);
    if (!current || current.live === null) throw new AppError('ANSWER_NOT_FOUND');
    const row = await this.repository.change(author.userId, question.questionId, input.version, {
      draftFromLive: true,
    });
    return this.changed(row);
  }

  /** In the magazine if it is not, out of it if it is. */
  async togglePublish(
    author: Author,
    input: { questionId: string; privacy?: Privacy | undefined },
  ): Promise<OwnMeAnswer> {
    const question = await this.question(input.questionId);
    const row = await this.repository.find(author.userId, question.questionId);
    if (!row || !hasText(row.live)) throw new AppError('ANSWER_NOT_FOUND');
    if (row.publishedAsPost) return this.unpublish(author, input.questionId);
    if (longestSubAnswer(row.live) < ME_PUBLISH_MIN_CHARS)
      throw new AppError('ANSWER_TOO_SHORT_TO_PUBLISH');
    const privacy = input.privacy ?? row.privacy;
    const [rows, questions] = await Promise.all([
      this.repository.answersOf(author.userId),
      this.questionnaire(),
    ]);
    const updated = await this.repository.setPublished(row.id, true, privacy, (changed) => [
      this.published(changed, question, author.language),
      this.publication(author.userId, rows, changed, questions),
      ...this.privacy(changed),
    ]);
    this.onOutboxWrite();
    await this.readers.clear();
    return this.changed(updated);
  }

  /** Out of the magazine (nothing happens if it was not there). */
  async unpublish(author: Author, questionId: string): Promise<OwnMeAnswer> {
    const question = await this.question(questionId);
    const row = await this.repository.find(author.userId, question.questionId);
    if (!row) throw new AppError('ANSWER_NOT_FOUND');
    if (!row.publishedAsPost) return this.toOwn(row, await this.questionnaire());
    const updated = await this.repository.setPublished(row.id, false, row.privacy, () => [
      { type: 'meAnswer.unpublished', payload: { userId: author.userId, questionId } },
    ]);
    this.onOutboxWrite();
    await this.readers.clear();
    return this.changed(updated);
  }

  /** Count a view once per viewer key, of an answer the viewer may read. */
  async view(
    meAnswerId: string,
    viewer: string | undefined,
    viewerId: string | null,
  ): Promise<{ views: number; counted: boolean }> {
    const row = await this.repository.findById(meAnswerId);
    if (!row || !hasText(row.live) || (row.privacy === 'private' && row.userId !== viewerId))
      throw new AppError('ANSWER_NOT_FOUND');
    if (!viewer) return { views: row.views, counted: false };
    return this.repository.addView(row.id, viewer);
  }

  /** The answer's magazine post was deleted (posts' post.deleted): the answer follows its post. */
  async postDeleted(userId: string, questionId: string, deletedAt: Date): Promise<boolean> {
    const changed = await this.repository.postDeleted(userId, questionId, deletedAt);
    if (changed) await this.readers.clear();
    return changed;
  }

  async removeMember(userId: string): Promise<number> {
    const removed = await this.repository.removeMember(userId);
    await this.readers.clear();
    return removed;
  }

  private async changed(row: AnswerRow | undefined): Promise<OwnMeAnswer> {
    // Another window saved first (or there is nothing at that version): nothing was changed.
    if (!row) throw new AppError('ANSWER_STALE');
    return this.toOwn(row, await this.questionnaire());
  }

  private published(row: AnswerRow, question: QuestionRow, language: Language): PendingEvent {
    const he = language === 'he';
    const content = question.subQuestions
      .filter((sub) => (row.live?.[sub.subQuestionId] ?? '').trim().length > 0)
      .map((sub) => {
        const heading = escapeHtml(he ? sub.textHe : sub.textEn);
        const paragraphs = (row.live?.[sub.subQuestionId] ?? '')
          .trim()
          .split(/\n{2,}/)
          .map((part) => `<p>${escapeHtml(part).replace(/\n/g, '<br>')}</p>`)
          .join('');
        return `<h3>${heading}</h3>${paragraphs}`;
      })
      .join('');
    return {
      type: 'meAnswer.published',
      payload: {
        userId: row.userId,
        questionId: row.questionId,
        meAnswerId: row.id,
        title: he ? question.titleHe : question.titleEn,
        content,
        privacy: row.privacy,
      },
    };
  }

  /**
   * The answer's owner and privacy for the comments and reactions services, with every live
   * save and publication: they learn from it that the answer exists, and who may read it.
   */
  private privacy(row: AnswerRow): PendingEvent[] {
    return [
      {
        type: 'meAnswer.privacy.changed',
        payload: { meAnswerId: row.id, userId: row.userId, privacy: row.privacy },
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
    const live = rows.filter((row) => row.privacy === 'public' && hasText(row.live));
    const topics = questions
      .filter((q) => live.some((row) => row.questionId === q.questionId))
      .flatMap((q) => [q.titleEn, q.titleHe]);
    return {
      type: 'profile.publication.changed',
      payload: { userId, publishedAnswers: live.length, topics },
    };
  }

  private toPublic(row: AnswerRow, questions: QuestionRow[]): PublicMeAnswer {
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
    };
  }

  private toOwn(row: AnswerRow, questions: QuestionRow[]): OwnMeAnswer {
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
    };
  }
}
