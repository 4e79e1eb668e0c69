import { randomUUID } from 'node:crypto';
import type {
  DeletePrivateQuestionResponse,
  ErrorEnvelope,
  PrivateAnswer,
  PrivateQuestion,
  PrivateQuestionsList,
} from '@mepedia/contracts';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import type { Identity } from '@mepedia/server-identity';
import { InProcessQueue } from '@mepedia/server-queue';
import { call, eventually, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { envelope, startPrivateQuestionsApp } from './private-questions-app';

type Member = Extract<Identity, { kind: 'member' }>;

// The standalone process runs on embedded PGlite: the SQL the service relies on (row locks,
// renumbering under a unique index, jsonb containment) must work there too.
describe('private-questions service on PGlite', () => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let base: string;
  const owner: Member = {
    kind: 'member',
    userId: randomUUID(),
    sessionId: randomUUID(),
    language: 'en',
  };
  const post = <T>(path: string, body: unknown) =>
    call<T>(base, 'POST', `/api/privateQuestions/${path}`, {
      headers: { 'x-mepedia-identity': identity.assert(owner, 'private-questions') },
      body,
    });

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    ({ app, base } = await startPrivateQuestionsApp({
      database: handle,
      queue,
      identityPublicKey: identity.keys.publicKey,
    }));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await queue.close();
    await handle?.close();
  }, SETUP_TIMEOUT_MS);

  it('adds, edits, renumbers, answers and forgets a member', async () => {
    const added: PrivateQuestion[] = [];
    for (const title of ['Q-one', 'Q-two', 'Q-three', 'Q-four']) {
      const response = await post<PrivateQuestion>('insertNewPrivateQuestion', {
        questionTitle: title,
        subQuestions: ['First sub', 'Second sub'],
      });
      expect(response.status).toBe(201);
      added.push(response.body);
    }
    const third = added[2]!;
    const [a, b] = third.subQuestions.map((sub) => sub.id) as [string, string];
    await post('updatePrivateQuestion', {
      questionId: added[1]!.questionId,
      questionTitle: 'Q-two (edited)',
      subQuestions: ['First sub'],
    });

    const deleted = await post<DeletePrivateQuestionResponse>('deleteQuestionByIndex', {
      questionIndex: 1,
    });
    expect(deleted.body.questions.map((q) => [q.questionIndex, q.questionTitle])).toEqual([
      [1, 'Q-two (edited)'],
      [2, 'Q-three'],
      [3, 'Q-four'],
    ]);

    const saved = await post<PrivateAnswer>('saveLive', {
      questionIndex: 2,
      questionId: third.questionId,
      answerData: { [a]: 'Answer A', [b]: 'Answer B' },
      version: 0,
    });
    expect(saved.body.answer).toMatchObject({ version: 1, live: { [a]: 'Answer A' } });
    const stale = await post<ErrorEnvelope>('saveDraft', {
      questionIndex: 2,
      answerData: { [a]: 'Old tab' },
      version: 0,
    });
    expect(stale.body.code).toBe('ANSWER_STALE');
    const unknown = await post<ErrorEnvelope>('saveDraft', {
      questionIndex: 2,
      answerData: { 'no-such-sub': 'Text' },
      version: 1,
    });
    expect(unknown.body.details).toMatchObject([{ field: 'answerData', code: 'INVALID_VALUE' }]);

    await post('updatePrivateQuestion', {
      questionId: third.questionId,
      questionTitle: 'Q-three',
      subQuestions: ['First sub'],
    });
    expect(
      (await post<PrivateAnswer>('getAnswer', { questionIndex: 2 })).body.answer,
    ).toMatchObject({ draft: { [a]: 'Answer A' }, live: { [a]: 'Answer A' }, version: 2 });

    const event = envelope('user.deleted', { userId: owner.userId });
    await queue.add('events-private-questions', event.type, event, { jobId: event.id });
    await eventually(
      async () =>
        (await post<PrivateQuestionsList>('getQuestions', {})).body.questions.length === 0
          ? true
          : undefined,
      { what: 'the member’s questions gone' },
    );
  });
});
