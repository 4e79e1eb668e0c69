import { randomUUID } from 'node:crypto';
import {
  PRIVATE_QUESTIONS_MAX,
  SUB_QUESTION_ID_PATTERN,
  type DeletePrivateQuestionResponse,
  type DomainEventEnvelope,
  type DomainEventPayload,
  type ErrorEnvelope,
  type InsertPrivateQuestionRequest,
  type PrivateAnswer,
  type PrivateQuestion,
  type PrivateQuestionsList,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createPrivateQuestionsApp } from '../src/private-questions.app';

type FieldIssues = Array<{ field: string; code: string; message: string }>;

// The private-questions service over real HTTP, on each engine (PGlite too: row locks,
// renumbering under a unique index and jsonb containment must work there as well).
describeEachEngine('private-questions service over HTTP', (engine) => {
  let tested: TestService;

  const member = (language: 'en' | 'he' = 'en'): Member => newMember({ language });
  const as = (who: Member | null): Record<string, string> => (who ? tested.as(who) : {});
  const post = <T>(path: string, who: Member | null, body: unknown) =>
    tested.call<T>('POST', `/api/privateQuestions/${path}`, { headers: as(who), body });

  const newQuestion = (
    overrides: Partial<InsertPrivateQuestionRequest> = {},
  ): InsertPrivateQuestionRequest => ({
    questionTitle: 'Where I grew up',
    subQuestions: ['Which street was it?', 'Who were the neighbours?'],
    ...overrides,
  });
  async function insert(
    who: Member,
    overrides: Partial<InsertPrivateQuestionRequest> = {},
  ): Promise<PrivateQuestion> {
    const response = await post<PrivateQuestion>(
      'insertNewPrivateQuestion',
      who,
      newQuestion(overrides),
    );
    expect(response.status).toBe(201);
    return response.body;
  }
  const list = async (who: Member): Promise<PrivateQuestion[]> => {
    const response = await post<PrivateQuestionsList>('getQuestions', who, {
      userId: who.userId,
    });
    expect(response.status).toBe(200);
    return response.body.questions;
  };
  /** Titles by index, as the member's list reads: `{1: 'Q1', 2: 'Q3'}`. */
  const order = async (who: Member) =>
    (await list(who)).map((question) => [question.questionIndex, question.questionTitle]);
  const answerOf = async (who: Member, questionIndex: number) => {
    const response = await post<PrivateAnswer>('getAnswer', who, { questionIndex });
    expect(response.status).toBe(200);
    return response.body;
  };
  const rowsOf = (table: 'questions' | 'members', column: string, userId: string) =>
    tested.database.count(
      `select count(*)::int as n from private_questions.${table} where ${column} = $1`,
      [userId],
    );

  /** Every event the service's outbox relayed, as the worker would receive them. */
  const events: DomainEventEnvelope[] = [];
  type Unanswered = DomainEventPayload<'privateQuestions.changed'>;
  /** What privateQuestions.changed told of `who`, in the order of their revisions. */
  const announced = (who: Member): Unanswered[] =>
    events
      .filter((event) => event.type === 'privateQuestions.changed')
      .map((event) => event.payload as Unanswered)
      .filter((payload) => payload.userId === who.userId)
      .sort((a, b) => a.revision - b.revision);
  /** Wait until `count` announcements of `who` have come (the relay sends on its own time). */
  const announcedUntil = (who: Member, count: number) =>
    eventually(() => (announced(who).length >= count ? announced(who) : undefined), {
      what: `${count} privateQuestions.changed`,
    });

  beforeAll(async () => {
    tested = await startTestService('private-questions', createPrivateQuestionsApp, { engine });
    tested.queue.process(
      'events',
      async (job) => void events.push(job.data as DomainEventEnvelope),
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  describe('insertNewPrivateQuestion', () => {
    const refused = async (who: Member, body: unknown): Promise<FieldIssues> => {
      const response = await post<ErrorEnvelope>('insertNewPrivateQuestion', who, body);
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      return response.body.details as FieldIssues;
    };
    const fieldsAndCodes = (issues: FieldIssues) =>
      issues.map(({ field, code }) => ({ field, code }));

    it('answers the question with its index and a stable id per sub-question', async () => {
      const owner = member();
      const first = await insert(owner);
      const second = await insert(owner, {
        questionTitle: '  My first job  ',
        subQuestions: [
          'What did you do there?',
          '  Who taught you the most?  ',
          'What did you earn?',
        ],
      });
      expect(first.questionIndex).toBe(1);
      expect(second).toMatchObject({
        questionIndex: 2,
        questionTitle: 'My first job',
        subQuestions: [
          { title: 'What did you do there?' },
          { title: 'Who taught you the most?' },
          { title: 'What did you earn?' },
        ],
      });
      const ids = [...first.subQuestions, ...second.subQuestions].map((sub) => sub.id);
      for (const id of ids) expect(id).toMatch(SUB_QUESTION_ID_PATTERN);
      expect(new Set(ids).size).toBe(ids.length);
      expect(await list(owner)).toEqual([first, second]);
      const byIndex = await post<PrivateQuestion>('getQuestionByIndex', owner, {
        questionIndex: 2,
      });
      expect(byIndex.body).toEqual(second);
    });

    it('takes a title of 5 characters, not 4, counting Hebrew letters and emoji as one', async () => {
      const owner = member();
      expect(fieldsAndCodes(await refused(owner, newQuestion({ questionTitle: 'Abcd' })))).toEqual([
        { field: 'questionTitle', code: 'CONTENT_TOO_SHORT' },
      ]);
      // Spaces around do not count.
      expect(
        fieldsAndCodes(await refused(owner, newQuestion({ questionTitle: '   Abcd   ' }))),
      ).toEqual([{ field: 'questionTitle', code: 'CONTENT_TOO_SHORT' }]);
      expect(fieldsAndCodes(await refused(owner, newQuestion({ questionTitle: 'שאלה' })))).toEqual([
        { field: 'questionTitle', code: 'CONTENT_TOO_SHORT' },
      ]);
      // Four emoji are eight UTF-16 units, still four characters.
      expect(
        fieldsAndCodes(await refused(owner, newQuestion({ questionTitle: '😀😀😀😀' }))),
      ).toEqual([{ field: 'questionTitle', code: 'CONTENT_TOO_SHORT' }]);
      expect(await list(owner)).toEqual([]);

      expect((await insert(owner, { questionTitle: 'Abcde' })).questionTitle).toBe('Abcde');
      expect((await insert(owner, { questionTitle: 'שאלות' })).questionTitle).toBe('שאלות');
      expect((await insert(owner, { questionTitle: '😀😀😀😀😀' })).questionIndex).toBe(3);
    });

    it('takes a title of up to 200 characters, and says what is missing in the caller’s language', async () => {
      const owner = member('he');
      expect(
        fieldsAndCodes(await refused(owner, newQuestion({ questionTitle: 'א'.repeat(201) }))),
      ).toEqual([{ field: 'questionTitle', code: 'TOO_LONG' }]);
      expect((await insert(owner, { questionTitle: 'א'.repeat(200) })).questionIndex).toBe(1);
      const missing = await refused(owner, {});
      expect(missing).toEqual([
        { field: 'questionTitle', code: 'FIELD_REQUIRED', message: 'שדה חובה' },
        { field: 'subQuestions', code: 'FIELD_REQUIRED', message: 'שדה חובה' },
      ]);
      expect(fieldsAndCodes(await refused(owner, newQuestion({ questionTitle: '   ' })))).toEqual([
        { field: 'questionTitle', code: 'FIELD_REQUIRED' },
      ]);
    });

    it('takes 1 to 8 sub-questions', async () => {
      const owner = member();
      const subs = (n: number) => Array.from({ length: n }, (_, i) => `Sub-question ${i + 1}`);
      expect(fieldsAndCodes(await refused(owner, newQuestion({ subQuestions: [] })))).toEqual([
        { field: 'subQuestions', code: 'FIELD_REQUIRED' },
      ]);
      expect(fieldsAndCodes(await refused(owner, newQuestion({ subQuestions: subs(9) })))).toEqual([
        { field: 'subQuestions', code: 'INVALID_VALUE' },
      ]);
      expect(await list(owner)).toEqual([]);
      expect((await insert(owner, { subQuestions: subs(1) })).subQuestions).toHaveLength(1);
      const eight = await insert(owner, { subQuestions: subs(8) });
      expect(eight.subQuestions.map((sub) => sub.title)).toEqual(subs(8));
    });

    it('takes sub-questions of 5 to 300 characters, naming the one that is not', async () => {
      const owner = member();
      const issues = await refused(
        owner,
        newQuestion({ subQuestions: ['Fine sub-question', 'Abcd', 'x'.repeat(301)] }),
      );
      expect(fieldsAndCodes(issues)).toEqual([
        { field: 'subQuestions.1', code: 'CONTENT_TOO_SHORT' },
        { field: 'subQuestions.2', code: 'TOO_LONG' },
      ]);
      expect(issues[0]!.message).toBe('The text is too short');
      expect(
        fieldsAndCodes(await refused(owner, newQuestion({ subQuestions: ['מה'.repeat(2)] }))),
      ).toEqual([{ field: 'subQuestions.0', code: 'CONTENT_TOO_SHORT' }]);
      expect(await list(owner)).toEqual([]);
      const created = await insert(owner, { subQuestions: ['Abcde', 'אבגדה', 'x'.repeat(300)] });
      expect(created.subQuestions.map((sub) => sub.title)).toEqual([
        'Abcde',
        'אבגדה',
        'x'.repeat(300),
      ]);
    });

    it(`stops at ${PRIVATE_QUESTIONS_MAX} questions a member`, async () => {
      const owner = member();
      for (let i = 1; i <= PRIVATE_QUESTIONS_MAX; i++)
        expect((await insert(owner, { questionTitle: `Question ${i}` })).questionIndex).toBe(i);
      const over = await post<ErrorEnvelope>('insertNewPrivateQuestion', owner, newQuestion());
      expect(over.status).toBe(409);
      expect(over.body.code).toBe('PRIVATE_QUESTIONS_LIMIT');
      expect(await list(owner)).toHaveLength(PRIVATE_QUESTIONS_MAX);
      // Another member is not held back by it.
      expect((await insert(member())).questionIndex).toBe(1);
      // Room again after a delete: the new one goes last.
      expect((await post('deleteQuestionByIndex', owner, { questionIndex: 7 })).status).toBe(200);
      expect((await insert(owner, { questionTitle: 'The last one' })).questionIndex).toBe(
        PRIVATE_QUESTIONS_MAX,
      );
    });

    it('numbers questions added at once 1 to n, the first ones included', async () => {
      const owner = member();
      const created = await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          post<PrivateQuestion>(
            'insertNewPrivateQuestion',
            owner,
            newQuestion({ questionTitle: `At once ${i}` }),
          ),
        ),
      );
      expect(created.map((response) => response.status)).toEqual(Array(8).fill(201));
      expect(created.map((response) => response.body.questionIndex).sort((a, b) => a - b)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
      expect((await list(owner)).map((question) => question.questionIndex)).toEqual([
        1, 2, 3, 4, 5, 6, 7, 8,
      ]);
    });
  });

  describe('deleteQuestionByIndex', () => {
    async function fiveQuestions(owner: Member) {
      for (const title of ['Q-one', 'Q-two', 'Q-three', 'Q-four', 'Q-five'])
        await insert(owner, { questionTitle: title });
    }
    const remove = (who: Member, questionIndex: number) =>
      post<DeletePrivateQuestionResponse>('deleteQuestionByIndex', who, { questionIndex });

    it('keeps indexes 1 to n after deleting the first, a middle and the last question', async () => {
      const owner = member();
      await fiveQuestions(owner);
      const first = await remove(owner, 1);
      expect(first.status).toBe(200);
      expect(first.body.deleted).toBe(true);
      expect(first.body.questions.map((q) => [q.questionIndex, q.questionTitle])).toEqual([
        [1, 'Q-two'],
        [2, 'Q-three'],
        [3, 'Q-four'],
        [4, 'Q-five'],
      ]);
      expect(await order(owner)).toEqual([
        [1, 'Q-two'],
        [2, 'Q-three'],
        [3, 'Q-four'],
        [4, 'Q-five'],
      ]);
      expect((await remove(owner, 2)).status).toBe(200);
      expect(await order(owner)).toEqual([
        [1, 'Q-two'],
        [2, 'Q-four'],
        [3, 'Q-five'],
      ]);
      expect((await remove(owner, 3)).status).toBe(200);
      expect(await order(owner)).toEqual([
        [1, 'Q-two'],
        [2, 'Q-four'],
      ]);
      const byIndex = await post<PrivateQuestion>('getQuestionByIndex', owner, {
        questionIndex: 2,
      });
      expect(byIndex.body.questionTitle).toBe('Q-four');
      // The next one goes after them.
      expect((await insert(owner, { questionTitle: 'Q-six' })).questionIndex).toBe(3);
    });

    it('renumbers questions that were edited since they were added', async () => {
      const owner = member();
      await fiveQuestions(owner);
      // Edited rows are stored anew, after the others: renumbering meets them out of order.
      for (const question of (await list(owner)).slice(1, 3))
        expect(
          (
            await post('updatePrivateQuestion', owner, {
              questionId: question.questionId,
              questionTitle: `${question.questionTitle} (edited)`,
              subQuestions: question.subQuestions.map((sub) => sub.title),
            })
          ).status,
        ).toBe(200);
      const response = await remove(owner, 1);
      expect(response.status).toBe(200);
      expect(await order(owner)).toEqual([
        [1, 'Q-two (edited)'],
        [2, 'Q-three (edited)'],
        [3, 'Q-four'],
        [4, 'Q-five'],
      ]);
    });

    it('answers QUESTION_NOT_FOUND where there is no question, and deletes nothing', async () => {
      const owner = member();
      await fiveQuestions(owner);
      for (const questionIndex of [6, 99]) {
        const response = await post<ErrorEnvelope>('deleteQuestionByIndex', owner, {
          questionIndex,
        });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('QUESTION_NOT_FOUND');
      }
      const none = await post<ErrorEnvelope>('getQuestionByIndex', owner, { questionIndex: 6 });
      expect(none.status).toBe(404);
      expect(none.body.code).toBe('QUESTION_NOT_FOUND');
      expect(await list(owner)).toHaveLength(5);
      // Someone who never had a question.
      expect((await remove(member(), 1)).status).toBe(404);
      const zero = await post<ErrorEnvelope>('deleteQuestionByIndex', owner, { questionIndex: 0 });
      expect(zero.status).toBe(400);
      expect(zero.body.details).toMatchObject([{ field: 'questionIndex', code: 'INVALID_VALUE' }]);
    });

    it('keeps indexes 1 to n when two deletes come at once', async () => {
      // Several members, so the two deletes of each truly overlap at least some of the time.
      const owners = Array.from({ length: 4 }, () => member());
      for (const owner of owners)
        for (const title of ['Q-one', 'Q-two', 'Q-three', 'Q-four', 'Q-five', 'Q-six'])
          await insert(owner, { questionTitle: title });
      const results = await Promise.all(
        owners.flatMap((owner) => [remove(owner, 1), remove(owner, 4)]),
      );
      expect(results.map((response) => response.status)).toEqual(Array(8).fill(200));
      for (const owner of owners) {
        const left = await list(owner);
        expect(left.map((question) => question.questionIndex)).toEqual([1, 2, 3, 4]);
        // Whichever went first, Q-one went, and one other; the rest keep their order.
        const titles = left.map((question) => question.questionTitle);
        expect(titles).not.toContain('Q-one');
        expect(titles[0]).toBe('Q-two');
        const all = ['Q-two', 'Q-three', 'Q-four', 'Q-five', 'Q-six'];
        expect(titles).toEqual(all.filter((title) => titles.includes(title)));
      }
    });
  });

  describe('who may see and change', () => {
    it('shows a member’s questions to that member only: 403 to another, 401 to a guest', async () => {
      const owner = member();
      const other = member();
      const question = await insert(owner);
      expect(
        (await post<PrivateQuestionsList>('getQuestions', owner, { userId: owner.userId })).body,
      ).toEqual({ questions: [question] });
      // Left out, it is the caller's.
      expect((await post<PrivateQuestionsList>('getQuestions', owner, {})).body).toEqual({
        questions: [question],
      });
      const foreign = await post<ErrorEnvelope>('getQuestions', other, { userId: owner.userId });
      expect(foreign.status).toBe(403);
      expect(foreign.body.code).toBe('FORBIDDEN');
      expect(foreign.body).not.toHaveProperty('details');
      const guest = await post<ErrorEnvelope>('getQuestions', null, { userId: owner.userId });
      expect(guest.status).toBe(401);
      expect(guest.body.code).toBe('AUTH_REQUIRED');
      // By index, each member reaches only their own.
      expect(
        (await post<ErrorEnvelope>('getQuestionByIndex', other, { questionIndex: 1 })).status,
      ).toBe(404);
      expect((await post<ErrorEnvelope>('getAnswer', other, { questionIndex: 1 })).status).toBe(
        404,
      );
    });

    it('lets nobody but the owner change or delete a question', async () => {
      const owner = member();
      const other = member();
      const question = await insert(owner);
      const change = {
        questionId: question.questionId,
        questionTitle: 'Taken over',
        subQuestions: ['Not yours to change'],
      };
      const foreign = await post<ErrorEnvelope>('updatePrivateQuestion', other, change);
      expect(foreign.status).toBe(404);
      expect(foreign.body.code).toBe('QUESTION_NOT_FOUND');
      expect(
        (await post<ErrorEnvelope>('updatePrivateQuestion', owner, { ...change, questionId: 'x' }))
          .status,
      ).toBe(404);
      expect((await post('deleteQuestionByIndex', other, { questionIndex: 1 })).status).toBe(404);
      expect(await list(owner)).toEqual([question]);
    });

    it('refuses guests on every route', async () => {
      const bodies: Record<string, unknown> = {
        getQuestions: {},
        insertNewPrivateQuestion: newQuestion(),
        updatePrivateQuestion: {
          questionId: randomUUID(),
          questionTitle: 'Abcde',
          subQuestions: ['Abcde'],
        },
        getQuestionByIndex: { questionIndex: 1 },
        deleteQuestionByIndex: { questionIndex: 1 },
        getAnswer: { questionIndex: 1 },
        saveDraft: { questionIndex: 1, answerData: {}, version: 0 },
        saveLive: { questionIndex: 1, answerData: {}, version: 0 },
        revertDraft: { questionIndex: 1, version: 0 },
      };
      for (const [path, body] of Object.entries(bodies)) {
        const response = await post<ErrorEnvelope>(path, null, body);
        expect({ path, status: response.status, code: response.body.code }).toEqual({
          path,
          status: 401,
          code: 'AUTH_REQUIRED',
        });
      }
    });
  });

  describe('answers', () => {
    const texts = (question: PrivateQuestion, ...values: string[]) =>
      Object.fromEntries(values.map((value, i) => [question.subQuestions[i]!.id, value]));

    it('goes from draft to live and back: save draft, save, edit, revert', async () => {
      const owner = member();
      await insert(owner);
      const question = await insert(owner, { subQuestions: ['First sub', 'Second sub'] });
      const fresh = await answerOf(owner, 2);
      expect(fresh.question).toEqual(question);
      expect(fresh.answer).toMatchObject({
        draft: {},
        live: null,
        version: 0,
        hasUnsavedChanges: false,
      });

      const draft = await post<PrivateAnswer>('saveDraft', owner, {
        questionIndex: 2,
        questionId: question.questionId,
        answerData: texts(question, 'A first try'),
        version: 0,
      });
      expect(draft.status).toBe(200);
      expect(draft.body.answer).toMatchObject({
        draft: texts(question, 'A first try'),
        live: null,
        version: 1,
        hasUnsavedChanges: true,
      });
      // A draft alone does not answer the question.
      expect(draft.body.question.answered).toBe(false);

      const live = await post<PrivateAnswer>('saveLive', owner, {
        questionIndex: 2,
        answerData: texts(question, 'The answer', 'And more'),
        version: 1,
      });
      expect(live.status).toBe(200);
      expect(live.body.answer).toMatchObject({
        draft: texts(question, 'The answer', 'And more'),
        live: texts(question, 'The answer', 'And more'),
        version: 2,
        hasUnsavedChanges: false,
      });
      // The list says which questions wait for an answer (the member's home reads it).
      expect(live.body.question.answered).toBe(true);
      const listed = await post<PrivateQuestionsList>('getQuestions', owner, {});
      expect(listed.body.questions.map((q) => [q.questionIndex, q.answered])).toEqual([
        [1, false],
        [2, true],
      ]);

      const edited = await post<PrivateAnswer>('saveDraft', owner, {
        questionIndex: 2,
        answerData: texts(question, 'The answer, rewritten', 'And more'),
        version: 2,
      });
      expect(edited.body.answer).toMatchObject({ version: 3, hasUnsavedChanges: true });

      const reverted = await post<PrivateAnswer>('revertDraft', owner, {
        questionIndex: 2,
        version: 3,
      });
      expect(reverted.status).toBe(200);
      expect(reverted.body.answer).toMatchObject({
        draft: texts(question, 'The answer', 'And more'),
        live: texts(question, 'The answer', 'And more'),
        version: 4,
        hasUnsavedChanges: false,
      });
      expect((await answerOf(owner, 2)).answer).toEqual(reverted.body.answer);
      // The other question's answer was never touched.
      expect((await answerOf(owner, 1)).answer).toMatchObject({ draft: {}, version: 0 });
    });

    it('reverts a draft never saved live to empty', async () => {
      const owner = member();
      const question = await insert(owner);
      await post('saveDraft', owner, {
        questionIndex: 1,
        answerData: texts(question, 'Only a draft'),
        version: 0,
      });
      const reverted = await post<PrivateAnswer>('revertDraft', owner, {
        questionIndex: 1,
        version: 1,
      });
      expect(reverted.body.answer).toMatchObject({ draft: {}, live: null, version: 2 });
    });

    it('refuses a save based on another version, and changes nothing', async () => {
      const owner = member();
      const question = await insert(owner);
      await post('saveLive', owner, {
        questionIndex: 1,
        answerData: texts(question, 'Kept live'),
        version: 0,
      });
      await post('saveDraft', owner, {
        questionIndex: 1,
        answerData: texts(question, 'Newer draft'),
        version: 1,
      });
      const before = await answerOf(owner, 1);
      expect(before.answer.version).toBe(2);
      const stale: Array<[string, Record<string, unknown>]> = [
        ['saveDraft', { answerData: texts(question, 'From an old tab'), version: 1 }],
        ['saveLive', { answerData: texts(question, 'From an old tab'), version: 0 }],
        ['revertDraft', { version: 1 }],
        // Ahead of the stored one is no better.
        ['saveDraft', { answerData: texts(question, 'From the future'), version: 3 }],
      ];
      for (const [path, body] of stale) {
        const response = await post<ErrorEnvelope>(path, owner, { questionIndex: 1, ...body });
        expect({ path, status: response.status, code: response.body.code }).toEqual({
          path,
          status: 409,
          code: 'ANSWER_STALE',
        });
      }
      expect(await answerOf(owner, 1)).toEqual(before);
    });

    it('lets exactly one of several saves based on the same version through', async () => {
      const owner = member();
      const question = await insert(owner);
      const results = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          post<PrivateAnswer | ErrorEnvelope>('saveDraft', owner, {
            questionIndex: 1,
            answerData: texts(question, `Tab ${i}`),
            version: 0,
          }),
        ),
      );
      const statuses = results.map((response) => response.status).sort();
      expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
      const winner = results.find((response) => response.status === 200)!.body as PrivateAnswer;
      const stored = await answerOf(owner, 1);
      expect(stored.answer.version).toBe(1);
      expect(stored.answer.draft).toEqual(winner.answer.draft);
    });

    it('refuses texts for sub-questions the question does not have', async () => {
      const owner = member();
      const question = await insert(owner);
      const other = await insert(owner, { questionTitle: 'Another question' });
      for (const answerData of [
        { 'no-such-sub': 'Text' },
        // A sub-question of the member's other question is no better.
        { [other.subQuestions[0]!.id]: 'Text' },
        { ...texts(question, 'Fine'), 'no-such-sub': '' },
      ]) {
        const response = await post<ErrorEnvelope>('saveDraft', owner, {
          questionIndex: 1,
          answerData,
          version: 0,
        });
        expect(response.status).toBe(400);
        expect(response.body.code).toBe('VALIDATION_FAILED');
        expect(response.body.details).toEqual([
          { field: 'answerData', code: 'INVALID_VALUE', message: 'The value is not valid' },
        ]);
      }
      const badKey = await post<ErrorEnvelope>('saveDraft', owner, {
        questionIndex: 1,
        answerData: { 'Not An Id': 'Text' },
        version: 0,
      });
      expect(badKey.status).toBe(400);
      expect((await answerOf(owner, 1)).answer).toMatchObject({ draft: {}, version: 0 });
    });

    it('refuses a save meant for a question that has moved to another index', async () => {
      const owner = member();
      await insert(owner, { questionTitle: 'Goes away' });
      const second = await insert(owner, { questionTitle: 'Moves up' });
      await insert(owner, { questionTitle: 'Also moves up' });
      // Another tab deletes the first: the client still thinks its question is at index 2.
      expect((await post('deleteQuestionByIndex', owner, { questionIndex: 1 })).status).toBe(200);
      const misplaced = await post<ErrorEnvelope>('saveDraft', owner, {
        questionIndex: 2,
        questionId: second.questionId,
        answerData: {},
        version: 0,
      });
      expect(misplaced.status).toBe(409);
      expect(misplaced.body.code).toBe('ANSWER_STALE');
      expect((await answerOf(owner, 2)).answer.version).toBe(0);
      const found = await post<PrivateAnswer>('saveDraft', owner, {
        questionIndex: 1,
        questionId: second.questionId,
        answerData: texts(second, 'Here it is'),
        version: 0,
      });
      expect(found.status).toBe(200);
      expect(found.body.question.questionTitle).toBe('Moves up');
    });

    it('answers QUESTION_NOT_FOUND for a save where there is no question', async () => {
      const owner = member();
      const response = await post<ErrorEnvelope>('saveDraft', owner, {
        questionIndex: 1,
        answerData: {},
        version: 0,
      });
      expect(response.status).toBe(404);
      expect(response.body.code).toBe('QUESTION_NOT_FOUND');
    });
  });

  describe('updatePrivateQuestion', () => {
    it('keeps answers attached to the sub-questions kept, and drops the others', async () => {
      const owner = member();
      const question = await insert(owner, {
        subQuestions: ['First sub', 'Second sub', 'Third sub'],
      });
      const [a, b, c] = question.subQuestions.map((sub) => sub.id) as [string, string, string];
      await post('saveLive', owner, {
        questionIndex: 1,
        answerData: { [a]: 'Answer A', [b]: 'Answer B', [c]: 'Answer C' },
        version: 0,
      });
      await post('saveDraft', owner, {
        questionIndex: 1,
        answerData: { [a]: 'Draft A', [b]: 'Answer B', [c]: 'Draft C' },
        version: 1,
      });

      // Same sub-questions, reworded: ids, answers and version stay.
      const reworded = await post<PrivateQuestion>('updatePrivateQuestion', owner, {
        questionId: question.questionId,
        questionTitle: 'Where I really grew up',
        subQuestions: ['First sub, reworded', 'Second sub', 'Third sub'],
      });
      expect(reworded.status).toBe(200);
      expect(reworded.body).toMatchObject({
        questionId: question.questionId,
        questionIndex: 1,
        questionTitle: 'Where I really grew up',
        subQuestions: [
          { id: a, title: 'First sub, reworded' },
          { id: b, title: 'Second sub' },
          { id: c, title: 'Third sub' },
        ],
      });
      expect((await answerOf(owner, 1)).answer).toMatchObject({
        draft: { [a]: 'Draft A', [b]: 'Answer B', [c]: 'Draft C' },
        version: 2,
      });

      // The third goes: its texts go with it, and the version moves on.
      const shorter = await post<PrivateQuestion>('updatePrivateQuestion', owner, {
        questionId: question.questionId,
        questionTitle: 'Where I really grew up',
        subQuestions: ['First sub, reworded', 'Second sub'],
      });
      expect(shorter.body.subQuestions.map((sub) => sub.id)).toEqual([a, b]);
      const after = await answerOf(owner, 1);
      expect(after.answer).toMatchObject({
        draft: { [a]: 'Draft A', [b]: 'Answer B' },
        live: { [a]: 'Answer A', [b]: 'Answer B' },
        version: 3,
      });
      expect(after.answer.draft).not.toHaveProperty(c);
      expect(after.answer.live).not.toHaveProperty(c);
      // A client still showing the third sub-question is told to reload.
      const old = await post<ErrorEnvelope>('saveDraft', owner, {
        questionIndex: 1,
        answerData: { [a]: 'Draft A', [b]: 'Answer B', [c]: 'Draft C' },
        version: 2,
      });
      expect(old.status).toBe(409);

      // A new third one is a new sub-question, with a new id and no answer.
      const longer = await post<PrivateQuestion>('updatePrivateQuestion', owner, {
        questionId: question.questionId,
        questionTitle: 'Where I really grew up',
        subQuestions: ['First sub, reworded', 'Second sub', 'A new third sub'],
      });
      const newId = longer.body.subQuestions[2]!.id;
      expect(newId).toMatch(SUB_QUESTION_ID_PATTERN);
      expect([a, b, c]).not.toContain(newId);
      expect((await answerOf(owner, 1)).answer).toMatchObject({
        draft: { [a]: 'Draft A', [b]: 'Answer B' },
        version: 4,
      });
    });

    it('validates as insert does', async () => {
      const owner = member();
      const question = await insert(owner);
      const response = await post<ErrorEnvelope>('updatePrivateQuestion', owner, {
        questionId: question.questionId,
        questionTitle: 'Abcd',
        subQuestions: [],
      });
      expect(response.status).toBe(400);
      expect(
        (response.body.details as FieldIssues).map(({ field, code }) => ({ field, code })),
      ).toEqual([
        { field: 'questionTitle', code: 'CONTENT_TOO_SHORT' },
        { field: 'subQuestions', code: 'FIELD_REQUIRED' },
      ]);
      expect(await list(owner)).toEqual([question]);
    });
  });

  describe('privateQuestions.changed, for the weekly question (issue 32)', () => {
    it('announces the owner’s unanswered questions with each change, each with a higher revision; a draft or a refused save says nothing', async () => {
      const owner = member();
      const stranger = member();
      const first = await insert(owner, {
        questionTitle: 'Where I grew up',
        subQuestions: ['Which street was it?', 'Who were the neighbours?'],
      });
      expect((await announcedUntil(owner, 1))[0]).toEqual({
        userId: owner.userId,
        revision: 1,
        unanswered: [
          {
            questionId: first.questionId,
            index: 1,
            title: 'Where I grew up',
            subQuestions: ['Which street was it?', 'Who were the neighbours?'],
          },
        ],
      });
      const second = await insert(owner, {
        questionTitle: 'My first job',
        subQuestions: ['What did you do there?'],
      });
      expect((await announcedUntil(owner, 2))[1]?.unanswered.map((q) => q.index)).toEqual([1, 2]);

      const sub = first.subQuestions[0]!.id;
      // A draft is not an answer: nothing announced.
      const draft = await post<PrivateAnswer>('saveDraft', owner, {
        questionIndex: 1,
        answerData: { [sub]: 'Only a draft' },
        version: 0,
      });
      expect(draft.status).toBe(200);
      // A save on a stale version changes nothing, so it announces nothing.
      const stale = await post<ErrorEnvelope>('saveLive', owner, {
        questionIndex: 1,
        answerData: { [sub]: 'Too late' },
        version: 0,
      });
      expect(stale.status).toBe(409);
      // Saved live: the first question is answered and leaves the list.
      const live = await post<PrivateAnswer>('saveLive', owner, {
        questionIndex: 1,
        answerData: { [sub]: 'Rue des Lilas' },
        version: 1,
      });
      expect(live.status).toBe(200);
      const afterSave = await announcedUntil(owner, 3);
      expect(afterSave).toHaveLength(3);
      expect(afterSave[2]).toMatchObject({
        revision: 3,
        unanswered: [{ questionId: second.questionId, index: 2, title: 'My first job' }],
      });

      // Emptied and saved: unanswered again.
      await post('saveLive', owner, {
        questionIndex: 1,
        answerData: { [sub]: '   ' },
        version: live.body.answer.version,
      });
      expect((await announcedUntil(owner, 4))[3]?.unanswered.map((q) => q.index)).toEqual([1, 2]);

      // Another member's attempt on the owner's question changes and announces nothing.
      const foreign = await post<ErrorEnvelope>('deleteQuestionByIndex', stranger, {
        questionIndex: 1,
      });
      expect(foreign.status).toBe(404);

      // Deleted: it leaves the list, and the later one moves up a place.
      const deleted = await post<DeletePrivateQuestionResponse>('deleteQuestionByIndex', owner, {
        questionIndex: 1,
      });
      expect(deleted.status).toBe(200);
      expect((await announcedUntil(owner, 5))[4]).toEqual({
        userId: owner.userId,
        revision: 5,
        unanswered: [
          {
            questionId: second.questionId,
            index: 1,
            title: 'My first job',
            subQuestions: ['What did you do there?'],
          },
        ],
      });

      // Edited: its new words.
      const edited = await post<PrivateQuestion>('updatePrivateQuestion', owner, {
        questionId: second.questionId,
        questionTitle: 'My very first job',
        subQuestions: ['What did you do there?', 'Who hired you?'],
      });
      expect(edited.status).toBe(200);
      expect((await announcedUntil(owner, 6))[5]?.unanswered).toEqual([
        {
          questionId: second.questionId,
          index: 1,
          title: 'My very first job',
          subQuestions: ['What did you do there?', 'Who hired you?'],
        },
      ]);
      // Exactly one announcement per change, and none of them about the stranger.
      expect(announced(owner).map((event) => event.revision)).toEqual([1, 2, 3, 4, 5, 6]);
      expect(announced(stranger)).toEqual([]);
    });
  });

  describe('user.deleted', () => {
    it('leaves nothing of the member, and the others’ questions alone', async () => {
      const leaving = member();
      const staying = member();
      const question = await insert(leaving);
      await insert(leaving, { questionTitle: 'Second question' });
      await post('saveLive', leaving, {
        questionIndex: 1,
        answerData: { [question.subQuestions[0]!.id]: 'Private words' },
        version: 0,
      });
      const kept = await insert(staying);
      expect(await rowsOf('questions', 'owner_id', leaving.userId)).toBe(2);

      const event = envelope('user.deleted', { userId: leaving.userId });
      await tested.queue.add('events-private-questions', event.type, event, { jobId: event.id });
      for (let i = 0; i < 200 && (await rowsOf('members', 'user_id', leaving.userId)) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await rowsOf('members', 'user_id', leaving.userId)).toBe(0);
      expect(await rowsOf('questions', 'owner_id', leaving.userId)).toBe(0);
      expect(await list(leaving)).toEqual([]);
      expect(await list(staying)).toEqual([kept]);
      expect(await tested.queue.failed('events-private-questions')).toEqual([]);
    });
  });
});
