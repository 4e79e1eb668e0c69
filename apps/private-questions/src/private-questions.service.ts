import { randomBytes } from 'node:crypto';
import {
  answerText,
  hasText,
  PRIVATE_QUESTIONS_MAX,
  type AnswerData,
  type Audience,
  type DomainEventPayload,
  type DeletePrivateQuestionResponse,
  type InsertPrivateQuestionRequest,
  type PrivateAnswer,
  type PrivateQuestion,
  type PrivateQuestionsList,
  type PrivateSubQuestion,
  type RevertPrivateAnswerRequest,
  type SavePrivateAnswerRequest,
  type SharedPrivateAnswers,
  type UpdatePrivateQuestionRequest,
} from '@mepedia/contracts';
import { isUuid, newId } from '@mepedia/server-database';
import { AppError, fieldError } from '@mepedia/server-http';
import type { z } from 'zod';
import { toPrivateAnswer, toPrivateQuestion, toSharedAnswer } from './private-questions.mapper';
import type { AnswerExpectation, PrivateQuestionsRepository } from './private-questions.repository';
import type { QuestionRow } from './private-questions.schema';
import { searchableChange } from './private-questions.searchable';

type InsertInput = z.output<typeof InsertPrivateQuestionRequest>;
type UpdateInput = z.output<typeof UpdatePrivateQuestionRequest>;
type SaveInput = z.output<typeof SavePrivateAnswerRequest>;
type RevertInput = z.output<typeof RevertPrivateAnswerRequest>;

/** A sub-question id no other sub-question of the question has (SUB_QUESTION_ID_PATTERN). */
export function newSubQuestionId(taken: ReadonlySet<string> = new Set()): string {
  for (;;) {
    const id = randomBytes(6).toString('hex');
    if (!taken.has(id)) return id;
  }
}

/** Titles in order, each keeping the id of the sub-question that held its position. */
export function placeSubQuestions(
  titles: readonly string[],
  current: readonly PrivateSubQuestion[] = [],
): PrivateSubQuestion[] {
  const taken = new Set(current.map((sub) => sub.id));
  return titles.map((title, position) => {
    const kept = current[position];
    if (kept) return { id: kept.id, title };
    const id = newSubQuestionId(taken);
    taken.add(id);
    return { id, title };
  });
}

/** Only the texts of sub-questions that still exist. */
export function keepTexts(texts: AnswerData, ids: ReadonlySet<string>): AnswerData {
  return Object.fromEntries(Object.entries(texts).filter(([id]) => ids.has(id)));
}

/**
 * The questions of a member's list that have no answer yet (no live text), in the list's order:
 * what `privateQuestions.changed` tells the weekly question.
 */
export function unansweredOf(
  rows: readonly QuestionRow[],
): DomainEventPayload<'privateQuestions.changed'>['unanswered'] {
  return [...rows]
    .sort((a, b) => a.questionIndex - b.questionIndex)
    .filter((row) => !hasText(row.live))
    .map((row) => ({
      questionId: row.id,
      index: row.questionIndex,
      title: row.title,
      subQuestions: row.subQuestions.map((sub) => sub.title),
    }));
}

/** The rules of private questions: each member's own, in a dense order, answered draft and live. */
export class PrivateQuestionsService {
  constructor(
    private readonly repository: PrivateQuestionsRepository,
    /** Called after a transaction that wrote to the outbox committed (the relay's nudge). */
    private readonly onOutboxWrite: () => void = () => undefined,
    /**
     * Called after a change to what others may read of a member's answers (issue 34): a saved
     * answer, its audience, its question's words, a question gone, a member gone. The module
     * tells every replica's page cache (`me-answers.changed`), so a guest's kept page of shared
     * answers is drawn again: a narrowing leaves the guests' pages at once.
     */
    private readonly onReadersChanged: () => Promise<void> = async () => undefined,
  ) {}

  /** A member's questions, to that member alone. */
  async list(callerId: string, userId: string | undefined): Promise<PrivateQuestionsList> {
    if (userId !== undefined && userId.toLowerCase() !== callerId.toLowerCase())
      throw new AppError('FORBIDDEN');
    const rows = await this.repository.list(callerId);
    return { questions: rows.map(toPrivateQuestion) };
  }

  /** A question after the member's last, unless they have PRIVATE_QUESTIONS_MAX already. */
  async insert(ownerId: string, input: InsertInput, now = new Date()): Promise<PrivateQuestion> {
    const row = await this.repository.transaction(async (repository) => {
      const existing = await repository.lockCount(ownerId);
      if (existing >= PRIVATE_QUESTIONS_MAX) throw new AppError('PRIVATE_QUESTIONS_LIMIT');
      const created = await repository.insert({
        id: newId(now.getTime()),
        ownerId,
        questionIndex: existing + 1,
        title: input.questionTitle,
        subQuestions: placeSubQuestions(input.subQuestions),
        createdAt: now,
        updatedAt: now,
        answerUpdatedAt: now,
      });
      await this.announce(repository, ownerId);
      return created;
    });
    this.onOutboxWrite();
    return toPrivateQuestion(row);
  }

  /**
   * Sub-questions keep their ids by position, so answers to the ones kept stay attached; texts
   * of the ones removed go. A change to which sub-questions there are bumps the answer's
   * version: a client still showing the old ones gets ANSWER_STALE, not a puzzling refusal. The
   * question is locked while the change is worked out from it, so a save of its answer waits
   * and then sees it.
   */
  async update(ownerId: string, input: UpdateInput, now = new Date()): Promise<PrivateQuestion> {
    if (!isUuid(input.questionId)) throw new AppError('QUESTION_NOT_FOUND');
    const row = await this.repository.transaction(async (repository) => {
      // The owner's lock first (as a delete and a save take it), then the question's row.
      await repository.lockMember(ownerId);
      const current = await repository.lockQuestion(ownerId, input.questionId);
      // Another member's question is, to the caller, one that does not exist.
      if (!current || current.ownerId !== ownerId) throw new AppError('QUESTION_NOT_FOUND');
      const subQuestions = placeSubQuestions(input.subQuestions, current.subQuestions);
      const ids = new Set(subQuestions.map((sub) => sub.id));
      const sameSubQuestions = subQuestions.length === current.subQuestions.length;
      const updated = await repository.updateQuestion(current.id, {
        title: input.questionTitle,
        subQuestions,
        draft: keepTexts(current.draft, ids),
        live: current.live === null ? null : keepTexts(current.live, ids),
        answerVersion: current.answerVersion + (sameSubQuestions ? 0 : 1),
        answerUpdatedAt: sameSubQuestions ? current.answerUpdatedAt : now,
        updatedAt: now,
      });
      // Its title, sub-questions, or (sub-questions taken away) whether it is answered changed.
      await this.announce(repository, ownerId);
      // Search finds the answer by its question's title too, or no more once it is emptied.
      await this.tellSearch(repository, current, updated);
      return updated;
    });
    this.onOutboxWrite();
    await this.onReadersChanged();
    return toPrivateQuestion(row);
  }

  async getByIndex(ownerId: string, questionIndex: number): Promise<PrivateQuestion> {
    return toPrivateQuestion(await this.atIndex(ownerId, questionIndex));
  }

  async deleteByIndex(
    ownerId: string,
    questionIndex: number,
  ): Promise<DeletePrivateQuestionResponse> {
    const remaining = await this.repository.transaction(async (repository) => {
      // Under the owner's lock: adds and deletes of their questions take turns, so the indexes
      // stay 1 to n.
      if (!(await repository.lockMember(ownerId))) throw new AppError('QUESTION_NOT_FOUND');
      const deleted = await repository.deleteAt(ownerId, questionIndex);
      if (!deleted) throw new AppError('QUESTION_NOT_FOUND');
      await repository.closeGap(ownerId, questionIndex);
      // The question leaves the weekly question, and the later ones move up a place.
      await this.announce(repository, ownerId);
      // Its answer leaves search (the index is no part of what search keeps).
      await this.tellSearch(repository, deleted, undefined);
      return repository.list(ownerId);
    });
    this.onOutboxWrite();
    await this.onReadersChanged();
    return { deleted: true, questions: remaining.map(toPrivateQuestion) };
  }

  async getAnswer(ownerId: string, questionIndex: number): Promise<PrivateAnswer> {
    return toPrivateAnswer(await this.atIndex(ownerId, questionIndex));
  }

  async saveDraft(ownerId: string, input: SaveInput, now = new Date()): Promise<PrivateAnswer> {
    return this.save(ownerId, input, { draft: input.answerData }, now);
  }

  /**
   * A live save can answer a question, or (emptied) make it unanswered again: under the owner's
   * lock, it announces their unanswered questions in its transaction, and the answer to the
   * search service (its text, its audience). A draft changes neither.
   */
  async saveLive(ownerId: string, input: SaveInput, now = new Date()): Promise<PrivateAnswer> {
    const ids = Object.keys(input.answerData);
    const expected = this.expectation(input, ids);
    const texts = {
      draft: input.answerData,
      live: input.answerData,
      privacy: input.privacy,
      // The keys are the question's sub-questions (the save checks it): their order is no matter.
      answered: answerText(input.answerData, ids) !== '',
    };
    const row = expected
      ? await this.repository.transaction(async (repository) => {
          if (!(await repository.lockMember(ownerId))) return undefined;
          // Under the owner's lock, what search was last told of this question stands still.
          const before = await repository.findByIndex(ownerId, input.questionIndex);
          const saved = await repository.saveAnswer(
            ownerId,
            input.questionIndex,
            expected,
            texts,
            now,
          );
          if (!saved) return undefined;
          await this.announce(repository, ownerId);
          await this.tellSearch(repository, before?.id === saved.id ? before : undefined, saved);
          return saved;
        })
      : undefined;
    if (row) {
      this.onOutboxWrite();
      await this.onReadersChanged();
      return toPrivateAnswer(row);
    }
    throw await this.whyUnchanged(ownerId, input, ids);
  }

  async revertDraft(ownerId: string, input: RevertInput, now = new Date()): Promise<PrivateAnswer> {
    const expected = this.expectation(input, []);
    const row = expected
      ? await this.repository.revertAnswer(ownerId, input.questionIndex, expected, now)
      : undefined;
    if (row) return toPrivateAnswer(row);
    throw await this.whyUnchanged(ownerId, input, []);
  }

  /**
   * Announce the owner's unanswered questions as they stand in this transaction (under their
   * lock), with their next revision: the weekly question's read model of them.
   */
  private async announce(repository: PrivateQuestionsRepository, ownerId: string): Promise<void> {
    const revision = await repository.nextRevision(ownerId);
    if (revision === undefined) return;
    const rows = await repository.list(ownerId);
    await repository.announce({ userId: ownerId, revision, unanswered: unansweredOf(rows) });
  }

  /**
   * Tell the search service what it is to find of a question's answer after a change
   * (`searchableChange`), in the change's transaction; nothing when it is no matter to search.
   */
  private async tellSearch(
    repository: PrivateQuestionsRepository,
    before: QuestionRow | undefined,
    after: QuestionRow | undefined,
  ): Promise<boolean> {
    const change = searchableChange(before, after);
    if (change) await repository.announceSearchable(change);
    return change !== undefined;
  }

  private async save(
    ownerId: string,
    input: SaveInput,
    texts: { draft: AnswerData; live?: AnswerData },
    now: Date,
  ): Promise<PrivateAnswer> {
    const ids = Object.keys(input.answerData);
    const expected = this.expectation(input, ids);
    const row = expected
      ? await this.repository.saveAnswer(ownerId, input.questionIndex, expected, texts, now)
      : undefined;
    if (row) return toPrivateAnswer(row);
    throw await this.whyUnchanged(ownerId, input, ids);
  }

  /** Undefined when the client names a question id that cannot be any question's. */
  private expectation(
    input: { version: number; questionId?: string | undefined },
    subQuestionIds: string[],
  ): AnswerExpectation | undefined {
    if (input.questionId !== undefined && !isUuid(input.questionId.toLowerCase())) return undefined;
    return {
      version: input.version,
      questionId: input.questionId?.toLowerCase(),
      subQuestionIds,
    };
  }

  /**
   * A save changed nothing: say why, from the row as it is now. A question renumbered under
   * the client, or a version moved on, is stale; only a current client sending ids the question
   * never had is told its data is wrong.
   */
  private async whyUnchanged(
    ownerId: string,
    input: { questionIndex: number; version: number; questionId?: string | undefined },
    subQuestionIds: string[],
  ): Promise<AppError> {
    const row = await this.repository.findByIndex(ownerId, input.questionIndex);
    if (!row) return new AppError('QUESTION_NOT_FOUND');
    if (input.questionId !== undefined && input.questionId.toLowerCase() !== row.id)
      return new AppError('ANSWER_STALE');
    if (row.answerVersion !== input.version) return new AppError('ANSWER_STALE');
    const known = new Set(row.subQuestions.map((sub) => sub.id));
    if (subQuestionIds.some((id) => !known.has(id)))
      return fieldError('answerData', 'INVALID_VALUE');
    // It matched by the time we looked: another change came and went in between.
    return new AppError('ANSWER_STALE');
  }

  /**
   * A member's saved answers the reader may read, by their audiences (issue 34): the owner all;
   * a member of the owner's circle, circle, members' and public ones; any other member,
   * members' and public ones; a guest, public ones. One statement for the answers, and one
   * probe of the circle for a member who is not the owner.
   */
  async shared(ownerId: string, readerId: string | null): Promise<SharedPrivateAnswers> {
    if (!isUuid(ownerId)) return { answers: [] };
    const audiences: readonly Audience[] | undefined =
      readerId === ownerId
        ? undefined
        : readerId === null
          ? ['public']
          : (await this.repository.circles.inCircleOf(ownerId, readerId))
            ? ['public', 'members', 'circle']
            : ['public', 'members'];
    const rows = await this.repository.withLiveAnswers(ownerId, audiences);
    return { answers: rows.filter((row) => hasText(row.live)).map(toSharedAnswer) };
  }

  /**
   * Who is in whose circle, as the circles service says at `at` (circle.member.added/removed).
   * Order-tolerant; a member who left is never written back.
   */
  applyCircleMembership(
    change: { ownerId: string; memberId: string; inCircle: boolean },
    at: Date,
  ): Promise<void> {
    return this.repository.circles.apply({ ...change, occurredAt: at });
  }

  /**
   * A member left: their questions and answers go, and the search service hears each answer it
   * was told of go, whatever it makes of user.deleted itself. Answers how many questions went.
   */
  async removeMember(userId: string): Promise<number> {
    const removed = await this.repository.transaction(async (repository) => {
      const gone = await repository.removeMember(userId);
      let told = false;
      for (const row of gone) told = (await this.tellSearch(repository, row, undefined)) || told;
      return { count: gone.length, told };
    });
    if (removed.told) this.onOutboxWrite();
    await this.onReadersChanged();
    return removed.count;
  }

  private async atIndex(ownerId: string, questionIndex: number): Promise<QuestionRow> {
    const row = await this.repository.findByIndex(ownerId, questionIndex);
    if (!row) throw new AppError('QUESTION_NOT_FOUND');
    return row;
  }
}
