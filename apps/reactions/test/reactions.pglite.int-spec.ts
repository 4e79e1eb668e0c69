import { randomBytes, randomUUID } from 'node:crypto';
import type {
  LikedByCurrentUserResponse,
  LottiesState,
  ToggleLottieResponse,
  ToggleUserLikeResponse,
  ToggleViewResponse,
} from '@mepedia/contracts';
import { newId, openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import type { Identity } from '@mepedia/server-identity';
import { InProcessQueue } from '@mepedia/server-queue';
import { call, eventually, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { BROWSER, envelope, startReactionsApp } from './reactions-app';

type Member = Extract<Identity, { kind: 'member' }>;

// The standalone process runs on embedded PGlite: the SQL the service relies on (row locks,
// upserts, the data-modifying statements of a member's removal) must work there too.
describe('reactions service on PGlite', () => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let base: string;
  const member = (): Member => ({
    kind: 'member',
    userId: randomUUID(),
    sessionId: randomUUID(),
    language: 'he',
  });
  const [leaving, staying] = [member(), member()];
  const as = (who: Member | null) =>
    who
      ? { 'x-mepedia-identity': identity.assert(who, 'reactions') }
      : {
          'x-mepedia-identity': identity.assert({ kind: 'guest' }, 'reactions', {
            visitorId: randomBytes(12).toString('hex'),
          }),
        };
  const post = async <T>(path: string, who: Member | null, body: unknown): Promise<T> => {
    const response = await call<T>(base, 'POST', `/api/${path}`, {
      headers: { ...BROWSER, ...as(who) },
      body,
    });
    expect(response.status).toBe(200);
    return response.body;
  };

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    ({ app, base } = await startReactionsApp({
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

  it('likes, views and reacts, at once too, and forgets a member who leaves', async () => {
    // Made a moment ago, as far as its id says: taken on trust before its announcement.
    const target = { collectionName: 'posts', objectId: newId() };
    const toggles = await Promise.all(
      Array.from({ length: 10 }, () =>
        post<ToggleUserLikeResponse>('userLikes/toggleLike', leaving, target),
      ),
    );
    expect(toggles.filter((t) => t.liked)).toHaveLength(5);
    await post('userLikes/toggleLike', leaving, target);
    expect(await post('userLikes/toggleLike', staying, target)).toEqual({ liked: true, likes: 2 });
    expect(
      await post<LikedByCurrentUserResponse>('userLikes/getLikedByCurrentUser', leaving, {
        collectionName: 'posts',
      }),
    ).toEqual({ collectionName: 'posts', objectIds: [target.objectId] });

    await post('userViews/toggleView', leaving, target);
    await post('userViews/toggleView', null, target);
    expect(await post<ToggleViewResponse>('userViews/toggleView', leaving, target)).toEqual({
      views: 2,
      counted: false,
    });

    await post('lotties/toggleLike', leaving, { ...target, name: 'hug' });
    expect(
      await post<ToggleLottieResponse>('lotties/toggleLike', staying, { ...target, name: 'hug' }),
    ).toMatchObject({ reacted: true, counts: { hug: 2 }, mine: ['hug'] });

    const event = envelope('user.deleted', { userId: leaving.userId });
    await queue.add('events-reactions', event.type, event, { jobId: event.id });
    const after = await eventually(
      async () => {
        const state = await post<LottiesState>('lotties/fillLotties', leaving, target);
        return state.counts.hug === 1 ? state : undefined;
      },
      { what: 'the member’s reactions gone' },
    );
    expect(after.mine).toEqual([]);
    expect(
      await post<LikedByCurrentUserResponse>('userLikes/getLikedByCurrentUser', leaving, {
        collectionName: 'posts',
      }),
    ).toEqual({ collectionName: 'posts', objectIds: [] });
    expect(await post('userLikes/toggleLike', member(), target)).toEqual({
      liked: true,
      likes: 2,
    });
    expect(await post('userViews/toggleView', staying, target)).toEqual({
      views: 2,
      counted: true,
    });
  });
});
