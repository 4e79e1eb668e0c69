import { randomBytes, randomUUID } from 'node:crypto';
import type {
  CreatePostRequest,
  ErrorEnvelope,
  LikeResponse,
  Post,
  PostsPage,
  TranslateOutputResponse,
} from '@mepedia/contracts';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import type { Identity } from '@mepedia/server-identity';
import { InProcessQueue, type Job } from '@mepedia/server-queue';
import { call, createTestDatabase, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { envelope, startGoogleTranslateListener, startPostsApp } from './posts-app';

type Member = Extract<Identity, { kind: 'member' }>;
// Crawlers do not count as viewers, and a plain fetch looks like one.
const BROWSER = {
  'user-agent':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
};
const LONG_TEXT =
  'This is the story of a summer that changed everything, told slowly and with care, one memory at a time.';

// The posts service over real HTTP on PostgreSQL, with a Google-shaped translation listener.
describe('posts service over HTTP', () => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  const emitted: Job[] = [];
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let base: string;
  let google: Awaited<ReturnType<typeof startGoogleTranslateListener>>;

  const member = (): Member => ({
    kind: 'member',
    userId: randomUUID(),
    sessionId: randomUUID(),
    language: 'en',
  });
  const as = (who: Member | null): Record<string, string> =>
    who ? { 'x-mepedia-identity': identity.assert(who, 'posts') } : {};
  const newPost = (overrides: Partial<CreatePostRequest> = {}): CreatePostRequest => ({
    title: 'A summer to remember',
    content: `<p>${LONG_TEXT}</p>`,
    image: '/api/files/image/abc',
    credit: 'Photo: the author',
    privacy: 'public',
    destination: 'profile',
    ...overrides,
  });
  async function create(who: Member, overrides: Partial<CreatePostRequest> = {}): Promise<Post> {
    const response = await call<Post>(base, 'POST', '/api/posts/create', {
      headers: as(who),
      body: newPost(overrides),
    });
    expect(response.status).toBe(201);
    return response.body;
  }
  const list = async (body: Record<string, unknown>, who: Member | null = null) =>
    (await call<PostsPage>(base, 'POST', '/api/posts/getPosts', { headers: as(who), body })).body;

  /** As users announces members: their names reach the publisher projection. */
  async function named(who: Member, fullname: string) {
    await queue.add(
      'events-posts',
      'user.updated',
      envelope('user.updated', {
        userId: who.userId,
        firstname: fullname.split(' ')[0],
        lastname: fullname.split(' ')[1] ?? '',
        fullname,
        language: 'en',
        profileImage: '/img/1',
      }),
    );
    for (let i = 0; i < 100; i++) {
      const rows =
        handle.kind === 'postgres'
          ? (
              await handle.pool.query('select 1 from posts.publishers where user_id = $1', [
                who.userId,
              ])
            ).rows
          : [];
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('publisher never arrived');
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 10 });
    google = await startGoogleTranslateListener();
    queue.process('events', async (job) => void emitted.push(job));
    ({ app, base } = await startPostsApp({
      database: handle,
      queue,
      identityPublicKey: identity.keys.publicKey,
      translation: { provider: 'google', key: 'test-key', endpoint: google.url },
    }));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await queue.close();
    await handle?.close();
    await google?.close();
    await database?.drop();
  }, SETUP_TIMEOUT_MS);

  describe('create', () => {
    it('stores a member post with sanitized content', async () => {
      const author = member();
      const post = await create(author, {
        content: `<p onclick="x()">${LONG_TEXT}</p><script>alert(1)</script>`,
        title: 'Hello \u202Eworld',
      });
      expect(post).toMatchObject({
        title: 'Hello world',
        publisherId: author.userId,
        privacy: 'public',
        views: 0,
        likes: 0,
        shareCount: 0,
      });
      expect(post.content).toBe(`<p>${LONG_TEXT}</p>`);
    });

    it('refuses guests, and bad posts field by field', async () => {
      const guest = await call<ErrorEnvelope>(base, 'POST', '/api/posts/create', {
        body: newPost(),
      });
      expect(guest.status).toBe(401);
      const author = member();
      const short = await call<ErrorEnvelope>(base, 'POST', '/api/posts/create', {
        headers: as(author),
        body: newPost({ content: '<p>Too short</p>' }),
      });
      expect(short.status).toBe(400);
      expect(short.body.details).toEqual([
        { field: 'content', code: 'CONTENT_TOO_SHORT', message: 'The text is too short' },
      ]);
      const hebrewAuthor: Member = { ...member(), language: 'he' };
      const missing = await call<ErrorEnvelope>(base, 'POST', '/api/posts/create', {
        headers: as(hebrewAuthor),
        body: { content: `<p>${LONG_TEXT}</p>`, privacy: 'public' },
      });
      expect((missing.body.details as Array<{ field: string }>).map((d) => d.field).sort()).toEqual(
        ['credit', 'image', 'title'],
      );
      expect(missing.body.message).toBe('חלק מהשדות אינם תקינים');
    });
  });

  describe('who sees and who changes', () => {
    it('shows a private post to its author only, as if it did not exist to others', async () => {
      const author = member();
      const post = await create(author, { privacy: 'private' });
      expect(
        (
          await call(base, 'POST', '/api/posts/getPostById', {
            headers: as(author),
            body: { postId: post.postId },
          })
        ).status,
      ).toBe(200);
      for (const who of [null, member()]) {
        const response = await call<ErrorEnvelope>(base, 'POST', '/api/posts/getPostById', {
          headers: as(who),
          body: { postId: post.postId },
        });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('POST_NOT_FOUND');
      }
    });

    it('lets only the author update, change privacy and delete', async () => {
      const author = member();
      const other = member();
      const post = await create(author);
      const calls: Array<[string, string, Record<string, unknown>]> = [
        ['PUT', '/api/posts/update', { postId: post.postId, title: 'Changed' }],
        ['POST', '/api/posts/updatePostPrivacy', { postId: post.postId, privacy: 'private' }],
        ['DELETE', `/api/posts/deletePost/${post.postId}`, {}],
      ];
      for (const [method, path, body] of calls) {
        expect((await call(base, method, path, method === 'DELETE' ? {} : { body })).status).toBe(
          401,
        );
        const foreign = await call<ErrorEnvelope>(base, method, path, {
          headers: as(other),
          ...(method === 'DELETE' ? {} : { body }),
        });
        expect(foreign.status).toBe(403);
        expect(foreign.body.code).toBe('NOT_POST_OWNER');
      }
      const updated = await call<Post>(base, 'PUT', '/api/posts/update', {
        headers: as(author),
        body: { postId: post.postId, title: 'Changed', content: `<h2>New</h2><p>${LONG_TEXT}</p>` },
      });
      expect(updated.body).toMatchObject({
        title: 'Changed',
        content: `<h2>New</h2><p>${LONG_TEXT}</p>`,
      });
      const hidden = await call<Post>(base, 'POST', '/api/posts/updatePostPrivacy', {
        headers: as(author),
        body: { postId: post.postId, privacy: 'private' },
      });
      expect(hidden.body.privacy).toBe('private');
      // Now private: another member learns nothing, not even that it exists.
      expect(
        (
          await call(base, 'PUT', '/api/posts/update', {
            headers: as(other),
            body: { postId: post.postId, title: 'x' },
          })
        ).status,
      ).toBe(404);
      expect(
        (
          await call(base, 'DELETE', `/api/posts/deletePost/${post.postId}`, {
            headers: as(author),
          })
        ).body,
      ).toEqual({ deleted: true });
      expect(
        (
          await call(base, 'POST', '/api/posts/getPostById', {
            headers: as(author),
            body: { postId: post.postId },
          })
        ).status,
      ).toBe(404);
      for (let i = 0; i < 100 && !emitted.some((job) => job.name === 'post.deleted'); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(
        emitted.some(
          (job) => (job.data as { payload: { postId: string } }).payload.postId === post.postId,
        ),
      ).toBe(true);
    });

    it('keeps one post per published answer, readable and removable by question', async () => {
      const author = member();
      const first = await create(author, { questionId: 'q-3', title: 'First version' });
      const second = await create(author, { questionId: 'q-3', title: 'Second version' });
      expect(second.postId).toBe(first.postId);
      expect(second.title).toBe('Second version');
      expect(
        (await call<Post>(base, 'POST', '/api/posts/getMePost', { body: { postId: first.postId } }))
          .body.questionId,
      ).toBe('q-3');
      const plain = await create(author);
      expect(
        (await call(base, 'POST', '/api/posts/getMePost', { body: { postId: plain.postId } }))
          .status,
      ).toBe(404);
      expect(
        (await call(base, 'DELETE', '/api/posts/deleteMePost/q-3', { headers: as(author) })).status,
      ).toBe(200);
      expect(
        (await call(base, 'POST', '/api/posts/getPostById', { body: { postId: first.postId } }))
          .status,
      ).toBe(404);
    });
  });

  describe('getPosts', () => {
    it('lists with the publisher, filters by publisher, question, author, topic and magazine', async () => {
      const dana = member();
      const noa = member();
      await named(dana, 'Dana Levi');
      await named(noa, 'נועה כהן');
      await create(dana, { title: 'Grandmother Rosa', destination: 'magazine' });
      await create(dana, { title: 'My first bicycle', privacy: 'private' });
      await create(noa, { title: 'הקיבוץ שלי', questionId: 'q-1' });

      const byDana = await list({ publisherId: dana.userId });
      expect(byDana.posts.map((p) => p.title)).toEqual(['Grandmother Rosa']);
      expect(byDana.posts[0]!.publisher).toEqual({
        id: dana.userId,
        fullname: 'Dana Levi',
        profileImage: '/img/1',
      });
      expect(byDana.posts[0]!.excerpt).toBe(LONG_TEXT);
      expect(byDana.posts[0]).not.toHaveProperty('content');
      // Her own private post shows to her.
      expect((await list({ publisherId: dana.userId }, dana)).posts.map((p) => p.title)).toEqual([
        'My first bicycle',
        'Grandmother Rosa',
      ]);
      expect((await list({ authorSearchValue: 'LEV' })).posts.map((p) => p.title)).toEqual([
        'Grandmother Rosa',
      ]);
      expect((await list({ authorSearchValue: 'נוע' })).posts.map((p) => p.title)).toEqual([
        'הקיבוץ שלי',
      ]);
      expect((await list({ topicSearchValue: 'grandm' })).posts.map((p) => p.publisherId)).toEqual([
        dana.userId,
      ]);
      expect((await list({ questionId: 'q-1', publisherId: noa.userId })).posts).toHaveLength(1);
      const magazine = await list({ magazine: true, limit: 50 });
      expect(magazine.posts.every((p) => p.destination === 'magazine')).toBe(true);
      expect(magazine.posts.map((p) => p.title)).toContain('Grandmother Rosa');
      expect((await list({ publisherId: 'not-a-uuid' })).posts).toEqual([]);
    });

    it('pages without duplicates or gaps while others post, by page number or by cursor', async () => {
      const author = member();
      const created: string[] = [];
      for (let i = 0; i < 25; i++)
        created.push((await create(author, { title: `Post ${i}` })).postId);
      const first = await list({ publisherId: author.userId, limit: 10 });
      // Posts written meanwhile do not shift the pages already being read.
      await Promise.all(
        Array.from({ length: 5 }, (_, i) => create(author, { title: `Late ${i}` })),
      );
      const second = await list({
        publisherId: author.userId,
        limit: 10,
        pageNumber: 1,
        asOf: first.asOf,
      });
      const third = await list({
        publisherId: author.userId,
        limit: 10,
        pageNumber: 2,
        asOf: first.asOf,
      });
      const ids = [...first.posts, ...second.posts, ...third.posts].map((p) => p.postId);
      expect(ids).toHaveLength(25);
      expect(new Set(ids).size).toBe(25);
      expect([...ids].sort()).toEqual([...created].sort());
      expect(third.hasMore).toBe(false);

      const viaCursor: string[] = [];
      let cursor: string | null = null;
      do {
        const page: PostsPage = await list({
          publisherId: author.userId,
          limit: 7,
          asOf: first.asOf,
          ...(cursor ? { cursor } : {}),
        });
        viaCursor.push(...page.posts.map((p) => p.postId));
        cursor = page.nextCursor;
      } while (cursor);
      expect(viaCursor).toEqual(ids);
      const oldest = await list({ publisherId: author.userId, limit: 3, sortBy: 'oldest' });
      expect(oldest.posts.map((p) => p.postId)).toEqual(created.slice(0, 3));
    });
  });

  describe('counters', () => {
    it('loses no like among 50 at once, and toggles', async () => {
      const post = await create(member());
      const fans = Array.from({ length: 50 }, member);
      const results = await Promise.all(
        fans.map((fan) =>
          call<LikeResponse>(base, 'PUT', '/api/posts/like', {
            headers: as(fan),
            body: { id: post.postId },
          }),
        ),
      );
      expect(results.every((r) => r.status === 200 && r.body.liked)).toBe(true);
      const again = await call<LikeResponse>(base, 'PUT', '/api/posts/like', {
        headers: as(fans[0]!),
        body: { id: post.postId },
      });
      expect(again.body).toEqual({ liked: false, likes: 49 });
      const read = await call<Post>(base, 'POST', '/api/posts/getPostById', {
        headers: as(fans[1]!),
        body: { postId: post.postId },
      });
      expect(read.body).toMatchObject({ likes: 49, likedByMe: true });
      expect(
        (await call(base, 'PUT', '/api/posts/like', { body: { id: post.postId } })).status,
      ).toBe(401);
    });

    it('counts each viewer once, loses none among 50 at once, ignores crawlers', async () => {
      const post = await create(member());
      const guests = Array.from({ length: 50 }, () => randomBytes(12).toString('hex'));
      await Promise.all(
        guests.map((id) =>
          call(base, 'POST', '/api/posts/updatePostViews', {
            headers: BROWSER,
            body: { postId: post.postId, randomIdentifier: id },
          }),
        ),
      );
      const repeat = await call<{ views: number; counted: boolean }>(
        base,
        'POST',
        '/api/posts/updatePostViews',
        {
          headers: BROWSER,
          body: { postId: post.postId, randomIdentifier: guests[0] },
        },
      );
      expect(repeat.body).toEqual({ views: 50, counted: false });
      const bot = await call<{ counted: boolean }>(base, 'POST', '/api/posts/updatePostViews', {
        body: { postId: post.postId, randomIdentifier: randomBytes(12).toString('hex') },
        headers: {
          'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        },
      });
      expect(bot.body.counted).toBe(false);
      const viewer = member();
      expect(
        (
          await call<{ views: number }>(base, 'POST', '/api/posts/updatePostViews', {
            headers: { ...as(viewer), ...BROWSER },
            body: { postId: post.postId },
          })
        ).body.views,
      ).toBe(51);
    });

    it('counts shares, even at once', async () => {
      const post = await create(member());
      await Promise.all(
        Array.from({ length: 20 }, () =>
          call(base, 'POST', '/api/posts/updateShareProp', { body: { objectId: post.postId } }),
        ),
      );
      expect(
        (
          await call<Post>(base, 'POST', '/api/posts/getPostById', {
            body: { postId: post.postId },
          })
        ).body.shareCount,
      ).toBe(20);
    });
  });

  describe('translateOutput', () => {
    it('translates through the provider once per text and target, again when asked or when the text changes', async () => {
      const reader = member();
      const translate = (output: string, forceCheck = false) =>
        call<TranslateOutputResponse>(base, 'POST', '/api/posts/translateOutput', {
          headers: as(reader),
          body: { output, target: 'en', forceCheck },
        });
      const before = google.calls.length;
      const first = await translate('<p>שלום עולם</p>');
      expect(first.body).toEqual({
        output: '[en] <p>שלום עולם</p>',
        source: 'iw',
        target: 'en',
        cached: false,
      });
      expect(google.calls.slice(before)).toEqual([
        { key: 'test-key', q: ['<p>שלום עולם</p>'], target: 'en', format: 'html' },
      ]);
      expect((await translate('<p>שלום עולם</p>')).body.cached).toBe(true);
      expect(google.calls.length).toBe(before + 1);
      expect((await translate('<p>שלום עולם</p>', true)).body.cached).toBe(false);
      expect((await translate('<p>שלום עולם!</p>')).body.cached).toBe(false);
      expect(google.calls.length).toBe(before + 3);
    });

    it('sends a long text in pieces in one call and joins them', async () => {
      const reader = member();
      const html = `<p>${'מילה '.repeat(400)}</p>`.repeat(6);
      const before = google.calls.length;
      const response = await call<TranslateOutputResponse>(
        base,
        'POST',
        '/api/posts/translateOutput',
        { headers: as(reader), body: { output: html, target: 'en' } },
      );
      const sent = google.calls[before]!.q;
      expect(sent.length).toBeGreaterThan(1);
      expect(sent.join('')).toBe(html);
      expect(response.body.output).toBe(sent.map((piece) => `[en] ${piece}`).join(''));
    });

    it('is for members', async () => {
      expect(
        (
          await call(base, 'POST', '/api/posts/translateOutput', {
            body: { output: 'x', target: 'he' },
          })
        ).status,
      ).toBe(401);
    });
  });

  it('answers TRANSLATION_UNAVAILABLE when no provider is configured', async () => {
    const off = await startPostsApp({
      database: handle,
      queue: new InProcessQueue(),
      identityPublicKey: identity.keys.publicKey,
    });
    try {
      const response = await call<ErrorEnvelope>(off.base, 'POST', '/api/posts/translateOutput', {
        headers: { 'x-mepedia-identity': identity.assert(member(), 'posts') },
        body: { output: 'hello', target: 'he' },
      });
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('TRANSLATION_UNAVAILABLE');
    } finally {
      await off.app.close();
    }
  });
});
