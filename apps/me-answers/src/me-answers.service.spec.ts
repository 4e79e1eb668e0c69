import { randomUUID } from 'node:crypto';
import { copyOnCommit, refusalOf, twoMembers } from '@mepedia/server-service-testing';
import type { QuestionRow } from './me-answers.repository';
import type { AnswerRow } from './me-answers.schema';
import { MeAnswersService, type Author } from './me-answers.service';
import type { MeAnswersStore, MeAnswersTransaction, PendingEvent } from './me-answers.store';

// MeAnswersService's rules over an in-memory store: the repositories' ports faked as maps, the
// transaction a copy of them kept only when its work ends without an error. What the SQL does
// is the integration tests' (apps/me-answers/test).

type State = { answers: Map<string, AnswerRow>; views: Set<string>; events: PendingEvent[] };

const QUESTIONS: QuestionRow[] = [1, 2, 3].map((position) => ({
  questionId: `q${position}`,
  position,
  titleEn: `Question ${position}`,
  titleHe: `שאלה ${position}`,
  promptEn: 'Tell us',
  promptHe: 'ספרו',
  subQuestions: ['a', 'b'].map((letter, i) => ({
    subQuestionId: `q${position}${letter}`,
    questionId: `q${position}`,
    position: i + 1,
    textEn: `Part ${letter}`,
    textHe: `חלק ${letter}`,
  })),
}));

const copy = (state: State): State => ({
  answers: new Map([...state.answers].map(([id, row]) => [id, { ...row }])),
  views: new Set(state.views),
  events: [...state.events],
});

function ports(s: State): MeAnswersTransaction {
  const find = (userId: string, questionId: string) =>
    [...s.answers.values()].find((a) => a.userId === userId && a.questionId === questionId);
  return {
    answers: {
      questionnaire: async () => QUESTIONS,
      answersOf: async (userId) => [...s.answers.values()].filter((a) => a.userId === userId),
      find: async (userId, questionId) => find(userId, questionId),
      findById: async (id) => s.answers.get(id),
      change: async (userId, questionId, version, changes) => {
        const current = find(userId, questionId);
        if (version === 0 ? current : current?.version !== version) return undefined;
        const now = new Date();
        const row: AnswerRow = current ?? {
          id: randomUUID(),
          userId,
          questionId,
          draft: {},
          live: null,
          version: 0,
          privacy: 'public',
          publishedAsPost: false,
          views: 0,
          createdAt: now,
          updatedAt: now,
          moderationState: 'visible',
          moderationCaseId: null,
          moderationChangedAt: null,
        };
        if (changes.draftFromLive && row.live === null) return undefined;
        Object.assign(row, {
          ...(changes.draft ? { draft: changes.draft } : {}),
          ...(changes.live ? { live: changes.live } : {}),
          ...(changes.draftFromLive ? { draft: row.live } : {}),
          ...(changes.privacy ? { privacy: changes.privacy } : {}),
          version: row.version + 1,
          updatedAt: now,
        });
        s.answers.set(row.id, row);
        return { ...row };
      },
      setPublished: async (id, published, privacy) => {
        const row = s.answers.get(id);
        if (row) Object.assign(row, { publishedAsPost: published, privacy, updatedAt: new Date() });
        return row && { ...row };
      },
      postDeleted: async (userId, questionId, deletedAt) => {
        const row = find(userId, questionId);
        if (!row?.publishedAsPost || row.updatedAt > deletedAt) return false;
        row.publishedAsPost = false;
        return true;
      },
      moderate: async (id, ownerId, state, caseId, at) => {
        const row = s.answers.get(id);
        if (row?.userId !== ownerId) return undefined;
        if (row.moderationChangedAt && row.moderationChangedAt >= at) return undefined;
        Object.assign(row, {
          moderationState: state,
          moderationCaseId: state === 'visible' ? null : caseId,
          moderationChangedAt: at,
        });
        return { ...row };
      },
      removeAllOf: async (userId) => {
        const theirs = [...s.answers.values()].filter((a) => a.userId === userId);
        for (const a of theirs) s.answers.delete(a.id);
        return theirs.length;
      },
    },
    views: {
      add: async (answerId, viewer) => {
        const row = s.answers.get(answerId) as AnswerRow;
        const counted = !s.views.has(`${answerId} ${viewer}`);
        if (counted) {
          s.views.add(`${answerId} ${viewer}`);
          row.views += 1;
        }
        return { views: row.views, counted };
      },
      removeViewer: async (viewer) => {
        for (const key of [...s.views].filter((k) => k.endsWith(` ${viewer}`))) {
          s.views.delete(key);
          const row = s.answers.get(key.split(' ')[0] as string);
          if (row) row.views -= 1;
        }
      },
    },
    circles: noCircles,
    outbox: { append: async (events) => void s.events.push(...events) },
  };
}

/**
 * No circles: the shared store (libs/server/database) is tested over HTTP
 * (test/audiences.int-spec.ts); here nobody is in anyone's circle.
 */
const noCircles: MeAnswersTransaction['circles'] = {
  schema: 'me_answers',
  apply: async () => undefined,
  removeMember: async () => undefined,
  inCircleOf: async () => false,
  circlesOf: async () => [],
  circlesAmong: async () => new Set<string>(),
};

function setUp() {
  const kept = copyOnCommit<State>({ answers: new Map(), views: new Set(), events: [] }, copy);
  const store: MeAnswersStore = {
    get answers() {
      return ports(kept.current()).answers;
    },
    circles: noCircles,
    transaction: (work) => kept.transaction((draft) => work(ports(draft))),
  };
  const nudges = jest.fn();
  return {
    sut: new MeAnswersService(store, nudges),
    nudges,
    state: kept.current,
    types: () => kept.current().events.map((e) => e.type),
  };
}

const LONG =
  'I was born by the sea, in a small town where everyone knew my grandmother, her bakery and her bread.';

describe(MeAnswersService.name, () => {
  const members = twoMembers();
  const author: Author = { userId: members.owner, language: 'en' };
  const { other } = members;

  /** Answers `q1`..`qN` live, each at version 0. */
  async function answered(sut: MeAnswersService, count: number, who = author) {
    for (let n = 1; n <= count; n++)
      await sut.saveLive(who, {
        questionId: `q${n}`,
        answerData: { [`q${n}a`]: LONG },
        version: 0,
      });
  }

  describe('saveDraft, saveLive, revertDraft', () => {
    it('keeps a draft to itself: nothing announced, nobody else reads it', async () => {
      const { sut, state } = setUp();
      const own = await sut.saveDraft(author, {
        questionId: 'q1',
        answerData: { q1a: 'Hi' },
        version: 0,
      });
      expect(own).toMatchObject({ draft: { q1a: 'Hi' }, live: null, version: 1 });
      expect(state().events).toEqual([]);
      expect(await sut.userAnswers(author.userId, null)).toEqual([]);
    });

    it('opens question N only once every earlier one is live, and refuses what is not its own', async () => {
      const { sut } = setUp();
      const save = (questionId: string, answerData: Record<string, string>) =>
        sut.saveLive(author, { questionId, answerData, version: 0 });
      expect(await refusalOf(save('q2', { q2a: LONG }))).toBe('QUESTION_LOCKED');
      expect(await refusalOf(save('q1', { q2a: LONG }))).toBe('VALIDATION_FAILED');
      expect(await refusalOf(save('q9', { q9a: LONG }))).toBe('QUESTION_NOT_FOUND');
      await save('q1', { q1a: LONG });
      expect((await save('q2', { q2a: LONG })).live).toEqual({ q2a: LONG });
      expect((await sut.currentUserAnswers(author.userId)).nextIndex).toBe(3);
    });

    it('announces a live save’s privacy and the member’s publication, in its transaction', async () => {
      const { sut, state, nudges } = setUp();
      const saved = await sut.saveLive(author, {
        questionId: 'q1',
        answerData: { q1a: LONG },
        version: 0,
        privacy: 'private',
      });
      expect(state().events).toEqual([
        {
          type: 'profile.publication.changed',
          payload: { userId: author.userId, publishedAnswers: 0, topics: [] },
        },
        {
          type: 'meAnswer.privacy.changed',
          // What it answers, in both languages, for the notifications service (issue 32).
          payload: {
            meAnswerId: saved.meAnswerId,
            userId: author.userId,
            privacy: 'private',
            questionId: 'q1',
            title: { en: 'Question 1', he: 'שאלה 1' },
          },
        },
        {
          type: 'meAnswer.answered',
          // It has a live text now: the weekly question's read model (issue 32).
          payload: { userId: author.userId, questionId: 'q1', answered: true },
        },
        {
          type: 'searchable.changed',
          // The search service's alone: its text, in the author's language (issue 36).
          payload: {
            kind: 'answer',
            id: saved.meAnswerId,
            ownerId: author.userId,
            audience: 'private',
            title: 'Question 1',
            questionTitle: { en: 'Question 1', he: 'שאלה 1' },
            text: LONG,
            questionId: 'q1',
            createdAt: expect.any(String),
            deleted: false,
          },
        },
      ]);
      expect(nudges).toHaveBeenCalled();
    });

    it('refuses a save at an old version as stale, announcing nothing', async () => {
      const { sut, state } = setUp();
      await answered(sut, 1);
      const before = state().events.length;
      expect(
        await refusalOf(
          sut.saveLive(author, { questionId: 'q1', answerData: { q1a: 'x' }, version: 7 }),
        ),
      ).toBe('ANSWER_STALE');
      expect(state().events).toHaveLength(before);
    });

    it('reverts a draft only to a live version there is', async () => {
      const { sut } = setUp();
      expect(await refusalOf(sut.revertDraft(author, { questionId: 'q1', version: 1 }))).toBe(
        'ANSWER_NOT_FOUND',
      );
      await sut.saveDraft(author, { questionId: 'q1', answerData: { q1a: 'Hi' }, version: 0 });
      expect(await refusalOf(sut.revertDraft(author, { questionId: 'q1', version: 1 }))).toBe(
        'ANSWER_NOT_FOUND',
      );
      await sut.saveLive(author, { questionId: 'q1', answerData: { q1a: LONG }, version: 1 });
      await sut.saveDraft(author, { questionId: 'q1', answerData: { q1a: 'Hi' }, version: 2 });
      expect(await sut.revertDraft(author, { questionId: 'q1', version: 3 })).toMatchObject({
        draft: { q1a: LONG },
        hasUnsavedChanges: false,
      });
    });
  });

  describe('userAnswers', () => {
    it('shows live public answers to everyone, private ones to their owner only', async () => {
      const { sut } = setUp();
      await answered(sut, 2);
      await sut.saveLive(author, {
        questionId: 'q2',
        answerData: { q2a: LONG },
        version: 1,
        privacy: 'private',
      });
      const questionsOf = async (viewer: string | null) =>
        (await sut.userAnswers(author.userId, viewer)).map((a) => a.questionId);
      expect(await questionsOf(author.userId)).toEqual(['q1', 'q2']);
      expect(await questionsOf(other)).toEqual(['q1']);
      expect(await questionsOf(null)).toEqual(['q1']);
    });
  });

  describe('togglePublish, unpublish', () => {
    it('publishes an answer long enough, announcing its post, and takes it back on the next toggle', async () => {
      const { sut, state, types } = setUp();
      await sut.saveLive(author, { questionId: 'q1', answerData: { q1a: 'Short' }, version: 0 });
      expect(await refusalOf(sut.togglePublish(author, { questionId: 'q1' }))).toBe(
        'ANSWER_TOO_SHORT_TO_PUBLISH',
      );
      await sut.saveLive(author, { questionId: 'q1', answerData: { q1a: LONG }, version: 1 });
      state().events.length = 0;
      expect((await sut.togglePublish(author, { questionId: 'q1' })).publishedAsPost).toBe(true);
      expect(types()).toEqual([
        'meAnswer.published',
        'profile.publication.changed',
        'meAnswer.privacy.changed',
        'searchable.changed',
      ]);
      expect(state().events[0]?.payload).toMatchObject({
        userId: author.userId,
        questionId: 'q1',
        title: 'Question 1',
        content: `<h3>Part a</h3><p>${LONG}</p>`,
        by: author.userId,
      });
      expect((await sut.togglePublish(author, { questionId: 'q1' })).publishedAsPost).toBe(false);
      expect(state().events.at(-1)).toEqual({
        type: 'meAnswer.unpublished',
        payload: {
          userId: author.userId,
          questionId: 'q1',
          meAnswerId: expect.any(String),
          by: author.userId,
        },
      });
    });

    it('unpublishes nothing that is not in the magazine, and refuses an answer there is not', async () => {
      const { sut, state } = setUp();
      expect(await refusalOf(sut.unpublish(author, 'q1'))).toBe('ANSWER_NOT_FOUND');
      expect(await refusalOf(sut.togglePublish(author, { questionId: 'q1' }))).toBe(
        'ANSWER_NOT_FOUND',
      );
      await answered(sut, 1);
      const before = state().events.length;
      expect((await sut.unpublish(author, 'q1')).publishedAsPost).toBe(false);
      expect(state().events).toHaveLength(before);
    });

    it('follows its post deleted by its author, unless the answer changed after', async () => {
      const { sut } = setUp();
      await answered(sut, 1);
      await sut.togglePublish(author, { questionId: 'q1' });
      expect(await sut.postDeleted(author.userId, 'q1', new Date(Date.now() - 60_000))).toBe(false);
      expect(await sut.postDeleted(author.userId, 'q1', new Date(Date.now() + 1000))).toBe(true);
      expect((await sut.currentUserAnswers(author.userId)).answers[0]?.publishedAsPost).toBe(false);
    });
  });

  describe('applyModeration (issue 35)', () => {
    const word = (itemId: string, state: 'visible' | 'held' | 'removed', ownerId = author.userId) =>
      ({ kind: 'answer', itemId, ownerId, state, caseId: 'case-1' }) as const;

    it('keeps a held answer to its owner, told why, and tells the directory it is not read', async () => {
      const { sut, state } = setUp();
      await answered(sut, 2);
      const [first] = await sut.userAnswers(author.userId, null);
      const id = first?.meAnswerId as string;
      expect(await sut.applyModeration(word(id, 'held'), new Date(2))).toBe(true);
      expect((await sut.userAnswers(author.userId, null)).map((a) => a.questionId)).toEqual(['q2']);
      expect((await sut.userAnswers(author.userId, other)).map((a) => a.questionId)).toEqual([
        'q2',
      ]);
      expect((await sut.userAnswers(author.userId, author.userId))[0]).toMatchObject({
        meAnswerId: id,
        moderation: { state: 'held', caseId: 'case-1' },
      });
      expect((await sut.currentUserAnswers(author.userId)).answers[0]?.moderation).toEqual({
        state: 'held',
        caseId: 'case-1',
      });
      expect(state().events.at(-1)).toEqual({
        type: 'profile.publication.changed',
        payload: { userId: author.userId, publishedAnswers: 1, topics: ['Question 2', 'שאלה 2'] },
      });
      expect(await refusalOf(sut.view(id, 'visitor:v', null))).toBe('ANSWER_NOT_FOUND');
    });

    it('lets the newest word stand, and moves nothing of another kind or another member', async () => {
      const { sut, state } = setUp();
      await answered(sut, 1);
      const id = (await sut.userAnswers(author.userId, null))[0]?.meAnswerId as string;
      expect(await sut.applyModeration(word(id, 'visible'), new Date(5))).toBe(true);
      expect(await sut.applyModeration(word(id, 'removed'), new Date(4))).toBe(false);
      expect(await sut.applyModeration(word(id, 'visible'), new Date(5))).toBe(false);
      expect(await sut.applyModeration(word(id, 'removed', other), new Date(6))).toBe(false);
      expect(await sut.applyModeration({ ...word(id, 'removed'), kind: 'post' }, new Date(7))).toBe(
        false,
      );
      expect(await sut.applyModeration(word('not-an-id', 'removed'), new Date(8))).toBe(false);
      expect(state().answers.get(id)?.moderationState).toBe('visible');
      expect(await sut.userAnswers(author.userId, null)).toHaveLength(1);
    });
  });

  describe('view', () => {
    it('counts a view once per viewer key, of an answer the viewer may read', async () => {
      const { sut } = setUp();
      await answered(sut, 1);
      const { meAnswerId } = (await sut.currentUserAnswers(author.userId)).answers[0]!;
      expect(await sut.view(meAnswerId, 'visitor:v1', null)).toEqual({ views: 1, counted: true });
      expect(await sut.view(meAnswerId, 'visitor:v1', null)).toEqual({ views: 1, counted: false });
      expect(await sut.view(meAnswerId, undefined, null)).toEqual({ views: 1, counted: false });
    });

    it('counts none of a private answer, or a draft, but by its owner', async () => {
      const { sut } = setUp();
      await sut.saveLive(author, {
        questionId: 'q1',
        answerData: { q1a: LONG },
        version: 0,
        privacy: 'private',
      });
      await sut.saveDraft(author, { questionId: 'q2', answerData: { q2a: 'Hi' }, version: 0 });
      const answers = (await sut.currentUserAnswers(author.userId)).answers;
      const [live, draft] = [answers[0]!, answers[1]!];
      expect(await refusalOf(sut.view(live.meAnswerId, `member:${other}`, other))).toBe(
        'ANSWER_NOT_FOUND',
      );
      expect(await refusalOf(sut.view(live.meAnswerId, undefined, null))).toBe('ANSWER_NOT_FOUND');
      expect(await refusalOf(sut.view(draft.meAnswerId, undefined, author.userId))).toBe(
        'ANSWER_NOT_FOUND',
      );
      expect(await refusalOf(sut.view(randomUUID(), undefined, null))).toBe('ANSWER_NOT_FOUND');
      expect(await sut.view(live.meAnswerId, `member:${author.userId}`, author.userId)).toEqual({
        views: 1,
        counted: true,
      });
    });
  });

  it('forgets a member who left: their answers, and their views of others’', async () => {
    const { sut, state } = setUp();
    const reader: Author = { userId: other, language: 'he' };
    await answered(sut, 1);
    await answered(sut, 1, reader);
    const { meAnswerId } = (await sut.currentUserAnswers(author.userId)).answers[0]!;
    await sut.view(meAnswerId, `member:${other}`, other);
    const theirs = (await sut.currentUserAnswers(other)).answers[0]!.meAnswerId;
    expect(await sut.removeMember(other)).toBe(1);
    // The search service hears their answer go, in English: their language left with them.
    expect(state().events.at(-1)).toEqual({
      type: 'searchable.changed',
      payload: expect.objectContaining({
        id: theirs,
        title: 'Question 1',
        text: '',
        deleted: true,
      }),
    });
    expect(await sut.userAnswers(other, null)).toEqual([]);
    expect(state().answers.get(meAnswerId)?.views).toBe(0);
    expect(state().views.size).toBe(0);
  });
});
