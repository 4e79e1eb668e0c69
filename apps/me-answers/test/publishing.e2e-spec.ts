import { randomUUID } from 'node:crypto';
import type { OwnMeAnswer, PostsPage } from '@mepedia/contracts';
import {
  call,
  createTestDatabase,
  eventually,
  PROCESS_READY_TIMEOUT_MS,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  startProcess,
  testIdentity,
  testRedisPrefix,
  type RunningProcess,
} from '@mepedia/server-testing';
import { QUESTIONNAIRE } from '../src/questionnaire/questions';

// Publishing a questionnaire answer to the magazine across processes: me-answers records the
// event in its outbox, the worker fans it out through Redis (BullMQ), posts makes the post. The
// posts service may be down meanwhile: the post appears once it is back.
describe('publishing an answer to the magazine (separate processes)', () => {
  const identity = testIdentity();
  const redis = testRedisPrefix();
  const question = QUESTIONNAIRE[0]!;
  const member = {
    kind: 'member' as const,
    userId: randomUUID(),
    sessionId: randomUUID(),
    language: 'en' as const,
    roles: [],
  };
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let meAnswers: RunningProcess | undefined;
  let worker: RunningProcess | undefined;
  let posts: RunningProcess | undefined;
  let shared: Record<string, string>;

  const startPosts = () =>
    startProcess(
      'dist/apps/posts/src/main.js',
      { ...shared, PORT: '0', HOST: '127.0.0.1' },
      /listening on (http:\/\/\S+)/,
    );
  const toggle = async () => {
    const response = await call<OwnMeAnswer>(
      meAnswers!.match[1]!,
      'POST',
      '/api/meAnswers/togglePublishAsPost',
      {
        headers: { 'x-mepedia-identity': identity.assert(member, 'me-answers') },
        body: { questionId: question.questionId },
      },
    );
    expect(response.status).toBe(200);
    return response.body;
  };
  const reader = { ...member, userId: randomUUID(), sessionId: randomUUID() };
  /** The member's magazine posts' titles, as another member reads them, once `done` holds. */
  const magazine = (done: (titles: string[]) => boolean) =>
    eventually(
      async () => {
        const page = await call<PostsPage>(posts!.match[1]!, 'POST', '/api/posts/getPosts', {
          // Read as a member: guests' lists are kept for seconds, members' are read afresh.
          headers: { 'x-mepedia-identity': identity.assert(reader, 'posts') },
          body: { magazine: true, publisherId: member.userId },
        });
        const titles = page.body.posts.map((post) => post.title);
        return done(titles) ? titles : undefined;
      },
      { timeoutMs: PROCESS_READY_TIMEOUT_MS, intervalMs: 100, what: 'the magazine change' },
    );

  beforeAll(async () => {
    database = await createTestDatabase();
    shared = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      DATABASE_URL: database.url,
      IDENTITY_PUBLIC_KEY: identity.exported.publicKey,
    };
    meAnswers = await startProcess(
      'dist/apps/me-answers/src/main.js',
      { ...shared, PORT: '0', HOST: '127.0.0.1' },
      /listening on (http:\/\/\S+)/,
    );
    worker = await startProcess(
      'dist/apps/worker/src/main.js',
      { ...shared, PORT: '0', HOST: '127.0.0.1' },
      /listening on (http:\/\/\S+)/,
    );
    posts = await startPosts();
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await posts?.stop();
    await worker?.stop();
    await meAnswers?.stop();
    await database?.drop();
    await redis.cleanup();
  }, SETUP_TIMEOUT_MS);

  it(
    'shows a published answer in the magazine, removes it when unpublished, and survives posts being down',
    async () => {
      const saved = await call<OwnMeAnswer>(
        meAnswers!.match[1]!,
        'POST',
        '/api/meAnswers/saveLive',
        {
          headers: { 'x-mepedia-identity': identity.assert(member, 'me-answers') },
          body: {
            questionId: question.questionId,
            answerData: {
              [question.subQuestions[0]!.subQuestionId]:
                'I was born in a small house near the sea, where the wind carried salt into every room and my grandmother sang while she cooked.',
            },
            version: 0,
          },
        },
      );
      expect(saved.status).toBe(200);

      expect((await toggle()).publishedAsPost).toBe(true);
      expect(await magazine((titles) => titles.length === 1)).toEqual([question.title.en]);

      expect((await toggle()).publishedAsPost).toBe(false);
      expect(await magazine((titles) => titles.length === 0)).toEqual([]);

      // Posts goes down; the member publishes anyway.
      await posts!.stop();
      posts = undefined;
      expect((await toggle()).publishedAsPost).toBe(true);
      posts = await startPosts();
      expect(await magazine((titles) => titles.length === 1)).toEqual([question.title.en]);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
