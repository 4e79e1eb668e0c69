import { randomUUID } from 'node:crypto';
import type {
  CreatePostRequest,
  ErrorEnvelope,
  FollowingPostsPage,
  Post,
} from '@mepedia/contracts';
import { InProcessQueue, type Job } from '@mepedia/server-queue';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  eventually,
  newMember,
  newPost,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createPostsApp } from '../src/posts.app';

// "From people you follow" (issue 32) over real HTTP on each engine: the follows read model kept
// from the notifications service's follow.changed, the keyset-paged list, and what posts
// announces for notifications (post.published, post.like.changed with its publisher).
describeEachEngine('posts: following and what notifications hear', (engine) => {
  const queue = new InProcessQueue();
  const emitted: Job[] = [];
  let tested: TestService;
  let base: string;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    tested.database.query<T>(text, params);
  const as = (who: Member | null): Record<string, string> => (who ? tested.as(who) : {});

  async function create(who: Member, overrides: Partial<CreatePostRequest> = {}): Promise<Post> {
    const response = await call<Post>(base, 'POST', '/api/posts/create', {
      headers: as(who),
      body: newPost(overrides),
    });
    expect(response.status).toBe(201);
    return response.body;
  }

  const feed = (who: Member | null, body: Record<string, unknown> = {}) =>
    call<FollowingPostsPage>(base, 'POST', '/api/posts/getFollowingPosts', {
      headers: as(who),
      body,
    });

  /** Every post id of the member's list, page by page of `limit`. */
  async function allOf(who: Member, limit: number): Promise<string[]> {
    const ids: string[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < 50; page++) {
      const answer = await feed(who, { limit, ...(cursor ? { cursor } : {}) });
      expect(answer.status).toBe(200);
      ids.push(...answer.body.posts.map((post) => post.postId));
      if (!answer.body.hasMore) return ids;
      cursor = answer.body.nextCursor ?? undefined;
    }
    throw new Error('the list never ended');
  }

  /** As the notifications service announces a follow, at `at`; answers once it is applied. */
  async function follow(follower: Member, followee: Member, following: boolean, at: Date) {
    await queue.add(
      'events-posts',
      'follow.changed',
      envelope(
        'follow.changed',
        { followerId: follower.userId, followeeId: followee.userId, following },
        at,
        'notifications',
      ),
    );
  }

  const followRow = (follower: Member, followee: Member) =>
    sql<{ following: boolean }>(
      'select following from posts.follows where follower_id = $1 and followee_id = $2',
      [follower.userId, followee.userId],
    );

  async function until(check: () => Promise<boolean>, what: string) {
    await eventually(async () => ((await check()) ? true : undefined), { what });
  }

  const emittedFor = (type: string, postId: string) =>
    emitted.filter(
      (job) =>
        job.name === type &&
        (job.data as { payload: { postId?: string } }).payload.postId === postId,
    );

  beforeAll(async () => {
    queue.process('events', async (job) => void emitted.push(job));
    tested = await startTestService(
      'posts',
      (platform) => createPostsApp(platform, { translation: { provider: 'off' } }),
      {
        queue,
        engine,
      },
    );
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  describe('the follows read model', () => {
    it('keeps the latest word on a follow, whichever arrives first', async () => {
      const [reader, writer] = [newMember(), newMember()];
      const t0 = Date.now();
      await follow(reader, writer, true, new Date(t0));
      await until(async () => (await followRow(reader, writer))[0]?.following === true, 'follow');
      // An older unfollow arriving late changes nothing; a newer one does.
      await follow(reader, writer, false, new Date(t0 - 1000));
      await follow(reader, writer, false, new Date(t0 + 1000));
      await until(
        async () => (await followRow(reader, writer))[0]?.following === false,
        'unfollow',
      );
      await follow(reader, writer, true, new Date(t0 + 500));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await followRow(reader, writer))[0]?.following).toBe(false);
    });

    it('forgets a member who left, both ways, and a late follow does not bring them back', async () => {
      const [gone, fan, idol] = [newMember(), newMember(), newMember()];
      const t0 = Date.now();
      await follow(fan, gone, true, new Date(t0));
      await follow(gone, idol, true, new Date(t0));
      await until(async () => (await followRow(gone, idol)).length === 1, 'follows');
      await until(async () => (await followRow(fan, gone)).length === 1, 'follows');
      await queue.add(
        'events-posts',
        'user.deleted',
        envelope('user.deleted', { userId: gone.userId }),
      );
      await until(
        async () =>
          (
            await sql('select 1 from posts.follows where follower_id = $1 or followee_id = $1', [
              gone.userId,
            ])
          ).length === 0,
        'the departed member’s follows gone',
      );
      await follow(fan, gone, true, new Date(t0 + 1000));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await followRow(fan, gone)).toEqual([]);
    });
  });

  describe('getFollowingPosts', () => {
    it('lists the followed members’ public posts, newest first, paged by cursor', async () => {
      const [reader, one, two, stranger] = [newMember(), newMember(), newMember(), newMember()];
      const t0 = Date.now();
      await follow(reader, one, true, new Date(t0));
      await follow(reader, two, true, new Date(t0));
      await until(
        async () =>
          (await sql('select 1 from posts.follows where follower_id = $1', [reader.userId]))
            .length === 2,
        'two follows',
      );
      const written: Post[] = [];
      for (const author of [one, two, one, two, one]) written.push(await create(author));
      const hidden = await create(one, { privacy: 'private' });
      await create(stranger);
      await create(reader);
      const expected = written.map((post) => post.postId).reverse();
      // Page sizes that split the list anywhere: each page follows on, none twice, none missed.
      for (const limit of [1, 2, 3, 10]) expect(await allOf(reader, limit)).toEqual(expected);
      // The author of a private post reads it elsewhere, never here; nor does anyone else.
      expect(await allOf(reader, 50)).not.toContain(hidden.postId);
      expect(await allOf(one, 50)).toEqual([]);
      const [first] = (await feed(reader, { limit: 1 })).body.posts;
      expect(first).toMatchObject({
        postId: expected[0],
        privacy: 'public',
        excerpt: expect.any(String),
      });
      expect(first).not.toHaveProperty('content');

      // Unfollowed: gone from the list.
      await follow(reader, two, false, new Date(t0 + 1000));
      await until(async () => (await followRow(reader, two))[0]?.following === false, 'unfollow');
      const ofOne = written
        .filter((post) => post.publisherId === one.userId)
        .map((post) => post.postId);
      expect(await allOf(reader, 2)).toEqual(ofOne.reverse());
    });

    it('keeps a post made private out of its followers’ list', async () => {
      const [reader, writer] = [newMember(), newMember()];
      await follow(reader, writer, true, new Date());
      await until(async () => (await followRow(reader, writer)).length === 1, 'follow');
      const post = await create(writer);
      expect(await allOf(reader, 10)).toEqual([post.postId]);
      const made = await call<Post>(base, 'PUT', '/api/posts/update', {
        headers: as(writer),
        body: { postId: post.postId, privacy: 'private' },
      });
      expect(made.status).toBe(200);
      expect(await allOf(reader, 10)).toEqual([]);
    });

    it('refuses a guest, bad cursors and bad limits, with their codes', async () => {
      const guest = await feed(null);
      expect(guest.status).toBe(401);
      expect((guest.body as unknown as ErrorEnvelope).code).toBe('AUTH_REQUIRED');
      const reader = newMember();
      const forged = Buffer.from(`2026-01-01T00:00:00.000Z|${randomUUID()}' or 1=1`).toString(
        'base64url',
      );
      for (const cursor of ['not a cursor', forged, '<script>', 'x'.repeat(201)]) {
        const answer = await feed(reader, { cursor });
        expect(answer.status).toBe(400);
        expect(['INVALID_CURSOR', 'VALIDATION_FAILED']).toContain(
          (answer.body as unknown as ErrorEnvelope).code,
        );
      }
      expect(
        ((await feed(reader, { cursor: 'bm90LWEtY3Vyc29y' })).body as unknown as ErrorEnvelope)
          .code,
      ).toBe('INVALID_CURSOR');
      for (const limit of [0, 51, -1, 'ten', 1.5]) {
        const answer = await feed(reader, { limit });
        expect(answer.status).toBe(400);
        expect((answer.body as unknown as ErrorEnvelope).code).toBe('VALIDATION_FAILED');
      }
    });
  });

  describe('what posts announces for notifications', () => {
    it('announces a post made, with its title, excerpt and privacy, and an edit of them', async () => {
      const writer = newMember();
      const post = await create(writer, { title: 'Where I come from', privacy: 'private' });
      const [published] = await eventually(
        () => {
          const found = emittedFor('post.published', post.postId);
          return found.length > 0 ? found : undefined;
        },
        { what: 'post.published' },
      );
      expect((published?.data as { payload: unknown }).payload).toEqual({
        postId: post.postId,
        publisherId: writer.userId,
        title: 'Where I come from',
        excerpt: expect.any(String),
        privacy: 'private',
        createdAt: post.createdAt,
      });
      await call(base, 'PUT', '/api/posts/update', {
        headers: as(writer),
        body: { postId: post.postId, title: 'Where I come from, told again', privacy: 'public' },
      });
      await eventually(
        () =>
          emittedFor('post.published', post.postId).find(
            (job) =>
              (job.data as { payload: { title: string; privacy: string } }).payload.title ===
                'Where I come from, told again' &&
              (job.data as { payload: { privacy: string } }).payload.privacy === 'public',
          ),
        { what: 'post.published after the edit' },
      );
    });

    it('announces nothing for a post refused, and a like with its publisher', async () => {
      const [writer, reader] = [newMember(), newMember()];
      const refused = await call(base, 'POST', '/api/posts/create', {
        headers: as(writer),
        body: newPost({ content: '<p>Hi</p>' }),
      });
      expect(refused.status).toBe(400);
      const outboxOf = async () =>
        (
          await sql<{ n: number }>(
            "select count(*)::int as n from posts.outbox where payload->>'publisherId' = $1",
            [writer.userId],
          )
        )[0]?.n;
      expect(await outboxOf()).toBe(0);
      expect(
        emitted.some(
          (job) =>
            (job.data as { payload: { publisherId?: string } }).payload.publisherId ===
            writer.userId,
        ),
      ).toBe(false);
      const post = await create(writer);
      const liked = await call(base, 'PUT', '/api/posts/like', {
        headers: as(reader),
        body: { id: post.postId },
      });
      expect(liked.status).toBe(200);
      const like = await eventually(() => emittedFor('post.like.changed', post.postId)[0], {
        what: 'post.like.changed',
      });
      expect((like.data as { payload: unknown }).payload).toEqual({
        postId: post.postId,
        userId: reader.userId,
        liked: true,
        publisherId: writer.userId,
      });
    });
  });
});
