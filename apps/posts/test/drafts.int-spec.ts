import { randomUUID } from 'node:crypto';
import {
  POST_DRAFTS_MAX,
  type CreatePostRequest,
  type ErrorEnvelope,
  type FollowingPostsPage,
  type Post,
  type PostDraft,
  type PostDraftsPage,
  type PostsPage,
  type SaveDraftRequest,
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
  type TestResponse,
} from '@mepedia/server-testing';
import { createPostsApp } from '../src/posts.app';

type Caller = Member | null;

const STORY = `<p>${'A story told slowly and with care, one memory at a time. '.repeat(3)}</p>`;

// Drafts of posts (issue 33) over real HTTP on each engine: versions (a stale save changes
// nothing), privacy (a draft is its author's alone, by every route and every spelling of its
// id), never listed (no list, feed, the magazine, search or announcement shows one), publishing
// (a post exactly as `create` makes it, the draft gone), the cap, and a departure.
describeEachEngine('posts: drafts', (engine) => {
  const queue = new InProcessQueue();
  const emitted: Job[] = [];
  let tested: TestService;
  let base: string;
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    tested.database.query<T>(text, params);
  const count = (text: string, params: unknown[] = []) => tested.database.count(text, params);
  const as = (who: Caller): Record<string, string> => (who ? tested.as(who) : {});

  const save = (who: Caller, body: SaveDraftRequest | Record<string, unknown>) =>
    call<PostDraft>(base, 'POST', '/api/posts/saveDraft', { headers: as(who), body });
  const getDraft = (who: Caller, draftId: unknown) =>
    call<PostDraft>(base, 'POST', '/api/posts/getDraft', { headers: as(who), body: { draftId } });
  const getDrafts = (who: Caller, body: Record<string, unknown> = {}) =>
    call<PostDraftsPage>(base, 'POST', '/api/posts/getDrafts', { headers: as(who), body });
  const publish = (who: Caller, draftId: unknown, version: unknown) =>
    call<Post>(base, 'POST', '/api/posts/publishDraft', {
      headers: as(who),
      body: { draftId, version },
    });
  const remove = (who: Caller, path: string) =>
    call<{ deleted: true }>(base, 'DELETE', `/api/posts/deleteDraft/${path}`, {
      headers: as(who),
    });
  const list = (who: Caller, body: Record<string, unknown>) =>
    call<PostsPage>(base, 'POST', '/api/posts/getPosts', { headers: as(who), body });

  /** A draft whole enough to publish, saved by `who`. */
  async function fullDraft(who: Member, overrides: Partial<CreatePostRequest> = {}) {
    const saved = await save(who, newPost({ content: STORY, ...overrides }));
    expect(saved.status).toBe(200);
    return saved.body;
  }

  const draftRow = (draftId: string) =>
    sql<{ title: string; version: number }>(
      'select title, version from posts.post_drafts where id = $1',
      [draftId],
    );

  const codeOf = (answer: TestResponse<unknown>) => (answer.body as ErrorEnvelope).code;

  beforeAll(async () => {
    queue.process('events', async (job) => void emitted.push(job));
    tested = await startTestService(
      'posts',
      (platform) => createPostsApp(platform, { translation: { provider: 'off' } }),
      { queue, engine },
    );
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  describe('versions', () => {
    it('starts a draft at version 1 and moves it on by one with each save', async () => {
      const author = newMember();
      const first = await save(author, { title: 'Half a thought' });
      expect(first.status).toBe(200);
      expect(first.body).toMatchObject({
        title: 'Half a thought',
        content: '',
        image: null,
        credit: '',
        privacy: null,
        destination: 'profile',
        version: 1,
      });
      const second = await save(author, {
        draftId: first.body.draftId,
        version: 1,
        content: '<p>It began <b>at dawn</b>.</p>',
      });
      expect(second.status).toBe(200);
      // Only the fields sent change.
      expect(second.body).toMatchObject({
        draftId: first.body.draftId,
        title: 'Half a thought',
        content: '<p>It began <b>at dawn</b>.</p>',
        version: 2,
      });
      expect(Date.parse(second.body.updatedAt)).toBeGreaterThanOrEqual(
        Date.parse(first.body.updatedAt),
      );
    });

    it('refuses a stale save with DRAFT_STALE and changes nothing', async () => {
      const author = newMember();
      const { draftId } = (await save(author, { title: 'The first tab' })).body;
      expect((await save(author, { draftId, version: 1, title: 'The second tab' })).status).toBe(
        200,
      );
      // The first tab still thinks the draft is at version 1.
      for (const version of [1, 0, 3]) {
        const stale = await save(author, { draftId, version, title: 'The first tab, again' });
        expect(stale.status).toBe(409);
        expect(stale.body).toMatchObject({
          code: 'DRAFT_STALE',
          message: 'This draft was changed in another window. Reload it to see the latest version',
        });
      }
      expect((await getDraft(author, draftId)).body).toMatchObject({
        title: 'The second tab',
        version: 2,
      });
      expect(await draftRow(draftId)).toEqual([{ title: 'The second tab', version: 2 }]);
    });

    it('needs the version with a draft’s id', async () => {
      const author = newMember();
      const { draftId } = (await save(author, { title: 'Unversioned' })).body;
      const answer = await save(author, { draftId, title: 'Blind overwrite' });
      expect(answer.status).toBe(400);
      expect(answer.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'version', code: 'FIELD_REQUIRED' }],
      });
      expect(await draftRow(draftId)).toEqual([{ title: 'Unversioned', version: 1 }]);
    });

    it('keeps a draft unfinished but bounded like a post, its content sanitized', async () => {
      const author = newMember();
      const empty = await save(author, { title: '', content: '', credit: '' });
      expect(empty.status).toBe(200);
      const cases: Array<[Record<string, unknown>, string, string]> = [
        [{ title: 'x'.repeat(151) }, 'title', 'TOO_LONG'],
        [{ credit: 'x'.repeat(201) }, 'credit', 'TOO_LONG'],
        [{ title: 'name\u202Egnp.exe' }, 'title', 'UNSUPPORTED_CHARACTER'],
        [{ content: `<p>${'x'.repeat(50_001)}</p>` }, 'content', 'TOO_LONG'],
        [{ content: '<p>a&#x202E;b</p>' }, 'content', 'UNSUPPORTED_CHARACTER'],
        [{ image: 'https://elsewhere.example/cat.png' }, 'image', 'IMAGE_NOT_UPLOADED'],
        [{ privacy: 'friends' }, 'privacy', 'INVALID_VALUE'],
      ];
      for (const [body, field, code] of cases) {
        const answer = await save(author, { draftId: empty.body.draftId, version: 1, ...body });
        expect({ field, status: answer.status }).toEqual({ field, status: 400 });
        expect((answer.body as unknown as ErrorEnvelope).details).toEqual([
          expect.objectContaining({ field, code }),
        ]);
      }
      expect(await draftRow(empty.body.draftId)).toEqual([{ title: '', version: 1 }]);
      const cleaned = await save(author, {
        draftId: empty.body.draftId,
        version: 1,
        title: '  Two\n  lines  ',
        content: '<p onclick="x()">Kept</p><script>alert(1)</script>',
        image: '/api/files/image/Postimage0123456789_-a',
      });
      expect(cleaned.body).toMatchObject({ title: 'Two lines', content: '<p>Kept</p>' });
      // `null` takes the picture away.
      const unpictured = await save(author, {
        draftId: empty.body.draftId,
        version: 2,
        image: null,
      });
      expect(unpictured.body).toMatchObject({ image: null, version: 3 });
    });
  });

  describe('privacy', () => {
    it('answers another member DRAFT_NOT_FOUND, as for no draft, on every route and spelling', async () => {
      const [owner, stranger] = [newMember(), newMember()];
      const draft = await fullDraft(owner, { title: 'Owner’s secret draft' });
      const unknown = randomUUID();
      const spellings = [draft.draftId, draft.draftId.toUpperCase(), ` ${draft.draftId}`];
      for (const id of [...spellings, unknown, 'not-an-id', "x' OR '1'='1"]) {
        const answers = [
          await getDraft(stranger, id),
          await save(stranger, { draftId: id, version: 1, title: 'Taken over' }),
          await publish(stranger, id, 1),
          await remove(stranger, encodeURIComponent(id)),
        ];
        for (const answer of answers) {
          expect({ id, status: answer.status }).toEqual({ id, status: 404 });
          expect(answer.body).toEqual({
            code: 'DRAFT_NOT_FOUND',
            message: 'This draft does not exist',
            requestId: expect.any(String),
          });
          expect(answer.text).not.toContain('secret');
        }
      }
      // The id with every character percent-encoded is the same id to the path: not theirs.
      const encoded = [...draft.draftId]
        .map((c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0')}`)
        .join('');
      expect(codeOf(await remove(stranger, encoded))).toBe('DRAFT_NOT_FOUND');
      // The id in another type is refused as a field, and says nothing either.
      for (const id of [[draft.draftId], { $ne: null }, 42, null]) {
        for (const answer of [
          await getDraft(stranger, id),
          await publish(stranger, id, 1),
          await save(stranger, { draftId: id, version: 1 }),
        ]) {
          expect(answer.status).toBe(400);
          expect(answer.text).not.toContain('secret');
        }
      }
      // Not in the stranger's own list.
      const theirs = await getDrafts(stranger);
      expect(theirs.body).toEqual({ drafts: [], hasMore: false, nextCursor: null });
      // And all of it changed nothing.
      expect(await draftRow(draft.draftId)).toEqual([
        { title: 'Owner’s secret draft', version: 1 },
      ]);
      expect(
        await count('select count(*)::int as n from posts.posts where publisher_id = $1', [
          stranger.userId,
        ]),
      ).toBe(0);
      // The owner reaches it by the same calls (uppercase is not an id, for them either).
      expect((await getDraft(owner, draft.draftId)).status).toBe(200);
      expect(codeOf(await getDraft(owner, draft.draftId.toUpperCase()))).toBe('DRAFT_NOT_FOUND');
      expect((await remove(owner, encoded)).body).toEqual({ deleted: true });
      expect(codeOf(await remove(owner, draft.draftId))).toBe('DRAFT_NOT_FOUND');
    });

    it('answers a guest AUTH_REQUIRED on every draft route, whatever the id', async () => {
      const owner = newMember();
      const draft = await fullDraft(owner, { title: 'Owner’s secret draft' });
      for (const id of [draft.draftId, randomUUID()]) {
        for (const answer of [
          await getDraft(null, id),
          await getDrafts(null),
          await save(null, { draftId: id, version: 1, title: 'Taken over' }),
          await save(null, { title: 'A guest’s draft' }),
          await publish(null, id, 1),
          await remove(null, id),
        ]) {
          expect(answer.status).toBe(401);
          expect(codeOf(answer)).toBe('AUTH_REQUIRED');
          expect(answer.text).not.toContain('secret');
        }
      }
      expect(await draftRow(draft.draftId)).toEqual([
        { title: 'Owner’s secret draft', version: 1 },
      ]);
      expect(
        await count('select count(*)::int as n from posts.post_drafts where title = $1', [
          'A guest’s draft',
        ]),
      ).toBe(0);
    });
  });

  describe('never listed', () => {
    it('keeps drafts out of every list, the feed, the magazine, search, post reads and announcements', async () => {
      const [author, follower, stranger] = [newMember(), newMember(), newMember()];
      const word = `Zephyrine${Date.now().toString(36)}`;
      const drafts = [
        await fullDraft(author, { title: `${word} for the magazine`, destination: 'magazine' }),
        await fullDraft(author, { title: `${word} on the profile`, privacy: 'public' }),
        await fullDraft(author, { title: `${word} kept private`, privacy: 'private' }),
      ];
      const ids = drafts.map((draft) => draft.draftId);
      // As the notifications service announces a follow: the follower's feed reads the author.
      await queue.add(
        'events-posts',
        'follow.changed',
        envelope(
          'follow.changed',
          { followerId: follower.userId, followeeId: author.userId, following: true },
          new Date(),
          'notifications',
        ),
      );
      await eventually(
        async () =>
          (
            await sql('select 1 from posts.follows where follower_id = $1 and following', [
              follower.userId,
            ])
          ).length > 0 || undefined,
        { what: 'the follow' },
      );

      const modes: Array<Record<string, unknown>> = [
        {},
        { sortBy: 'oldest' },
        { limit: 50 },
        { publisherId: author.userId },
        { publisherId: author.userId, sortBy: 'oldest' },
        { magazine: true },
        { magazine: true, publisherId: author.userId },
        { topicSearchValue: word },
        { topicSearchValue: word, magazine: true },
        { authorSearchValue: word },
      ];
      for (const who of [null, author, follower, stranger]) {
        for (const mode of modes) {
          const page = await list(who, mode);
          expect(page.status).toBe(200);
          const shown = page.body.posts.map((post) => post.postId);
          expect(shown.filter((id) => ids.includes(id))).toEqual([]);
          expect(page.text).not.toContain(word);
        }
      }
      for (const who of [author, follower, stranger]) {
        const feed = await call<FollowingPostsPage>(base, 'POST', '/api/posts/getFollowingPosts', {
          headers: as(who),
          body: { limit: 50 },
        });
        expect(feed.status).toBe(200);
        expect(feed.text).not.toContain(word);
      }
      // A draft's id is no post's: to read, like, count or share.
      for (const id of ids) {
        for (const answer of [
          await call(base, 'POST', '/api/posts/getPostById', {
            headers: as(author),
            body: { postId: id },
          }),
          await call(base, 'POST', '/api/posts/getMePost', { body: { postId: id } }),
          await call(base, 'PUT', '/api/posts/like', { headers: as(author), body: { id } }),
          await call(base, 'POST', '/api/posts/updatePostViews', {
            headers: as(follower),
            body: { postId: id },
          }),
          await call(base, 'POST', '/api/posts/updateShareProp', {
            headers: as(follower),
            body: { objectId: id },
          }),
        ])
          expect(codeOf(answer)).toBe('POST_NOT_FOUND');
      }
      // Nothing about the author was announced (no other service hears of a draft: no count,
      // notification or search entry), and they have no post.
      expect(
        await count(
          `select count(*)::int as n from posts.outbox
           where payload::text like $1 or payload::text like $2`,
          [`%${author.userId}%`, `%${word}%`],
        ),
      ).toBe(0);
      expect(emitted.filter((job) => JSON.stringify(job.data).includes(author.userId))).toEqual([]);
      expect(
        await count('select count(*)::int as n from posts.posts where publisher_id = $1', [
          author.userId,
        ]),
      ).toBe(0);
      // Only their author's drafts list has them.
      expect((await getDrafts(author)).body.drafts.map((draft) => draft.draftId).sort()).toEqual(
        [...ids].sort(),
      );
    });
  });

  describe('the drafts list', () => {
    it('lists the author’s drafts most recently changed first, by keyset, with excerpts', async () => {
      const author = newMember();
      const saved: PostDraft[] = [];
      for (let i = 0; i < 5; i++)
        saved.push((await save(author, { title: `Draft ${i}`, content: `<p>Text ${i}</p>` })).body);
      // The oldest changed now moves to the top.
      const touched = await save(author, {
        draftId: saved[0]!.draftId,
        version: 1,
        title: 'Draft 0, again',
      });
      expect(touched.status).toBe(200);
      const seen: string[] = [];
      let cursor: string | undefined;
      for (let page = 0; page < 10; page++) {
        const answer = await getDrafts(author, { limit: 2, ...(cursor ? { cursor } : {}) });
        expect(answer.status).toBe(200);
        for (const draft of answer.body.drafts) {
          expect(draft).not.toHaveProperty('content');
          expect(draft.excerpt).toMatch(/^Text \d$/);
          seen.push(draft.title);
        }
        if (!answer.body.hasMore) break;
        cursor = answer.body.nextCursor ?? undefined;
      }
      // Most recently changed first; two changed in the same millisecond, the later id first.
      const latest = [touched.body, ...saved.slice(1)].sort(
        (a, b) =>
          Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || b.draftId.localeCompare(a.draftId),
      );
      expect(seen).toEqual(latest.map((draft) => draft.title));
      expect(seen).toHaveLength(5);
      const invalid = await getDrafts(author, { cursor: 'not-a-cursor' });
      expect(codeOf(invalid)).toBe('INVALID_CURSOR');
    });
  });

  describe('publishDraft', () => {
    it('makes the post exactly as create would, announces it and removes the draft', async () => {
      const author = newMember();
      const fields = newPost({
        title: 'Published from a draft',
        content: STORY,
        privacy: 'public',
        destination: 'magazine',
      });
      const draft = (await save(author, fields)).body;
      const before = emitted.length;
      const published = await publish(author, draft.draftId, draft.version);
      expect(published.status).toBe(201);
      const made = await call<Post>(base, 'POST', '/api/posts/create', {
        headers: as(author),
        body: fields,
      });
      const same = (post: Post) => {
        const { postId: _postId, createdAt: _c, updatedAt: _u, ...rest } = post;
        return rest;
      };
      expect(same(published.body)).toEqual(same(made.body));
      expect(published.body).toMatchObject({
        title: 'Published from a draft',
        publisherId: author.userId,
        destination: 'magazine',
      });
      // The draft is gone, its id answers nothing, and the post is listed.
      expect(codeOf(await getDraft(author, draft.draftId))).toBe('DRAFT_NOT_FOUND');
      expect((await getDrafts(author)).body.drafts).toEqual([]);
      expect(codeOf(await publish(author, draft.draftId, draft.version))).toBe('DRAFT_NOT_FOUND');
      const magazine = await list(null, { magazine: true, publisherId: author.userId });
      expect(magazine.body.posts.map((post) => post.postId)).toContain(published.body.postId);
      // Announced as create announces a post.
      await eventually(
        () =>
          emitted
            .slice(before)
            .filter(
              (job) =>
                (job.data as { payload: { postId?: string } }).payload.postId ===
                published.body.postId,
            )
            .map((job) => job.name)
            .sort()
            .join() === 'post.privacy.changed,post.published' || undefined,
        { what: 'the published post’s announcements' },
      );
    });

    it('refuses a stale publication, and one by another member, and changes nothing', async () => {
      const [author, stranger] = [newMember(), newMember()];
      const draft = await fullDraft(author, { title: 'Still a draft' });
      await save(author, { draftId: draft.draftId, version: 1, title: 'Still a draft, changed' });
      const stale = await publish(author, draft.draftId, 1);
      expect(stale.status).toBe(409);
      expect(codeOf(stale)).toBe('DRAFT_STALE');
      expect(codeOf(await publish(stranger, draft.draftId, 2))).toBe('DRAFT_NOT_FOUND');
      expect(await draftRow(draft.draftId)).toEqual([
        { title: 'Still a draft, changed', version: 2 },
      ]);
      expect(
        await count('select count(*)::int as n from posts.posts where publisher_id in ($1, $2)', [
          author.userId,
          stranger.userId,
        ]),
      ).toBe(0);
      expect((await publish(author, draft.draftId, 2)).status).toBe(201);
    });

    it('checks an unfinished draft as create checks a post: the same field errors, nothing made', async () => {
      const author = newMember();
      const unfinished: Array<Record<string, unknown>> = [
        { title: 'No text yet' },
        { title: '', content: STORY, image: '/api/files/image/Postimage0123456789_-a' },
        { ...newPost(), content: '<p>Too short</p>' },
        { ...newPost({ content: STORY }), privacy: undefined },
      ];
      for (const fields of unfinished) {
        const draft = (await save(author, fields)).body;
        const published = await publish(author, draft.draftId, draft.version);
        // create with what the draft holds (an unfinished field as not sent) answers the same.
        const asCreate = Object.fromEntries(
          Object.entries({
            title: draft.title,
            content: draft.content,
            image: draft.image ?? undefined,
            credit: draft.credit,
            privacy: draft.privacy ?? undefined,
            destination: draft.destination,
          }).filter(([, value]) => value !== undefined),
        );
        const created = await call(base, 'POST', '/api/posts/create', {
          headers: as(author),
          body: asCreate,
        });
        expect(published.status).toBe(400);
        expect(created.status).toBe(400);
        const details = (answer: TestResponse<unknown>) => (answer.body as ErrorEnvelope).details;
        expect(details(published)).toEqual(details(created));
        expect((await getDraft(author, draft.draftId)).body.version).toBe(draft.version);
      }
      expect(
        await count('select count(*)::int as n from posts.posts where publisher_id = $1', [
          author.userId,
        ]),
      ).toBe(0);
    });
  });

  describe('the cap', () => {
    it(`keeps at most ${POST_DRAFTS_MAX} drafts a member, even when saves race`, async () => {
      const author = newMember();
      // The first drafts are written straight to the table: a hundred calls would only be slow.
      for (let i = 0; i < POST_DRAFTS_MAX - 1; i++)
        await sql(`insert into posts.post_drafts (id, author_id, title) values ($1, $2, $3)`, [
          randomUUID(),
          author.userId,
          `Draft ${i}`,
        ]);
      const racing = await Promise.all(
        Array.from({ length: 5 }, (_, i) => save(author, { title: `Racing ${i}` })),
      );
      expect(racing.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409]);
      const refused = racing.find((answer) => answer.status === 409)!;
      expect(refused.body).toMatchObject({ code: 'DRAFTS_LIMIT' });
      const countOf = () =>
        count('select count(*)::int as n from posts.post_drafts where author_id = $1', [
          author.userId,
        ]);
      expect(await countOf()).toBe(POST_DRAFTS_MAX);
      // Changing one is still allowed; another member is not held by this one's cap.
      const kept = racing.find((answer) => answer.status === 200)!.body;
      expect(
        (await save(author, { draftId: kept.draftId, version: 1, title: 'Changed' })).status,
      ).toBe(200);
      expect((await save(newMember(), { title: 'Mine' })).status).toBe(200);
      // One deleted makes room for one.
      expect((await remove(author, kept.draftId)).status).toBe(200);
      expect((await save(author, { title: 'Room again' })).status).toBe(200);
      expect(codeOf(await save(author, { title: 'One too many' }))).toBe('DRAFTS_LIMIT');
      expect(await countOf()).toBe(POST_DRAFTS_MAX);
    });
  });

  describe('a departure', () => {
    it('takes the member’s drafts along, and none is saved for them after', async () => {
      const [leaving, staying] = [newMember(), newMember()];
      await fullDraft(leaving);
      await save(leaving, { title: 'Unfinished' });
      const kept = await fullDraft(staying);
      const countOf = (who: Member) =>
        count('select count(*)::int as n from posts.post_drafts where author_id = $1', [
          who.userId,
        ]);
      expect(await countOf(leaving)).toBe(2);
      await queue.add(
        'events-posts',
        'user.deleted',
        envelope('user.deleted', { userId: leaving.userId }),
      );
      await eventually(async () => ((await countOf(leaving)) === 0 ? true : undefined), {
        what: 'the drafts’ removal',
      });
      // A save still on its way (an identity asserted before they left) keeps nothing.
      const late = await save(leaving, { title: 'After leaving' });
      expect(codeOf(late)).toBe('AUTH_REQUIRED');
      expect(await countOf(leaving)).toBe(0);
      expect((await getDraft(staying, kept.draftId)).status).toBe(200);
    });
  });
});
