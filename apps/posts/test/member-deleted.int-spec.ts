import type { Post } from '@mepedia/contracts';
import { BullMqQueue } from '@mepedia/server-queue';
import {
  describeEachEngine,
  engineBehind,
  openTestDatabase,
  startTestService,
  type TestDatabase,
} from '@mepedia/server-service-testing';
import {
  call,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  testIdentity,
  testRedisPrefix,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createPostsApp } from '../src/posts.app';
const BROWSER = { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0 Safari/537.36' };

// user.deleted reaches the posts service through Redis even while it is down:
// when it comes back, the member's posts, drafts, likes, views and shares go, counters follow. On each
// engine: the standalone process runs on PGlite with Redis's queues when given REDIS_URL.
describeEachEngine('a deleted member’s posts', (engine) => {
  const identity = testIdentity();
  const redis = testRedisPrefix();
  let database: TestDatabase;
  /** The posts app on this database and these keys, its events on Redis. */
  const startPosts = (queue: BullMqQueue) =>
    startTestService(
      'posts',
      (platform) => createPostsApp(platform, { translation: { provider: 'off' } }),
      { database, queue, identity },
    );

  beforeAll(async () => {
    database = await openTestDatabase(engine, { poolSize: 4 });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await database?.close();
    await redis.cleanup();
  }, SETUP_TIMEOUT_MS);

  it('are removed once the service is back, and counts stay right', async () => {
    const member = (): Member => newMember();
    const as = (who: Member): Record<string, string> => ({
      'x-mepedia-identity': identity.assert(who, 'posts'),
      ...BROWSER,
    });
    const leaving = member();
    const staying = member();
    const post = (who: Member) =>
      call<Post>(firstRun.base, 'POST', '/api/posts/create', {
        headers: as(who),
        body: {
          title: 'A story',
          content: `<p>${'A story worth keeping for a long time. '.repeat(4)}</p>`,
          image: '/api/files/image/Memberimage0123456789a',
          credit: 'me',
          privacy: 'public',
        },
      });

    expect(await engineBehind(database)).toBe(engine);
    let queue = new BullMqQueue(redis.url, redis.prefix);
    const firstRun = await startPosts(queue);
    await post(leaving);
    await post(leaving);
    const kept = (await post(staying)).body;
    // A draft of each: the leaving member's goes with them, the other's stays.
    for (const who of [leaving, staying])
      expect(
        (
          await call(firstRun.base, 'POST', '/api/posts/saveDraft', {
            headers: as(who),
            body: { title: 'Half written' },
          })
        ).status,
      ).toBe(200);
    await call(firstRun.base, 'PUT', '/api/posts/like', {
      headers: as(leaving),
      body: { id: kept.postId },
    });
    await call(firstRun.base, 'POST', '/api/posts/updatePostViews', {
      headers: as(leaving),
      body: { postId: kept.postId },
    });
    await call(firstRun.base, 'PUT', '/api/posts/like', {
      headers: as(staying),
      body: { id: kept.postId },
    });
    await call(firstRun.base, 'POST', '/api/posts/updateShareProp', {
      headers: as(leaving),
      body: { objectId: kept.postId },
    });
    // A guest's share stays: only the member's own go.
    await call(firstRun.base, 'POST', '/api/posts/updateShareProp', {
      headers: {
        'x-mepedia-identity': identity.assert({ kind: 'guest' }, 'posts', {
          visitorId: 'abcdef0123456789abcdef01',
        }),
      },
      body: { objectId: kept.postId },
    });
    expect(
      (
        await call<Post>(firstRun.base, 'POST', '/api/posts/getPostById', {
          body: { postId: kept.postId },
        })
      ).body,
    ).toMatchObject({ likes: 2, views: 1, shareCount: 2 });

    // The service stops; the event arrives while it is away.
    await firstRun.close();
    await queue.close();
    const producer = new BullMqQueue(redis.url, redis.prefix);
    const event = envelope('user.deleted', { userId: leaving.userId });
    await producer.add('events-posts', event.type, event, { jobId: event.id });
    await producer.close();

    queue = new BullMqQueue(redis.url, redis.prefix);
    const secondRun = await startPosts(queue);
    try {
      const count = () =>
        database.count('select count(*)::int as n from posts.posts where publisher_id = $1', [
          leaving.userId,
        ]);
      for (let i = 0; i < 200 && (await count()) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await count()).toBe(0);
      const drafts = (who: Member) =>
        database.count('select count(*)::int as n from posts.post_drafts where author_id = $1', [
          who.userId,
        ]);
      expect([await drafts(leaving), await drafts(staying)]).toEqual([0, 1]);
      const after = await call<Post>(secondRun.base, 'POST', '/api/posts/getPostById', {
        body: { postId: kept.postId },
      });
      expect(after.body).toMatchObject({ likes: 1, views: 0, shareCount: 1 });
      expect(
        await database.count('select count(*)::int as n from posts.post_likes where post_id = $1', [
          kept.postId,
        ]),
      ).toBe(1);
      expect(
        await database.query('select viewer from posts.post_shares where post_id = $1', [
          kept.postId,
        ]),
      ).toEqual([{ viewer: 'visitor:abcdef0123456789abcdef01' }]);
    } finally {
      await secondRun.close();
      await queue.close();
    }
  });
});
