import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  validationMessage,
  type CreatePostRequest,
  type ErrorEnvelope,
  type LikeResponse,
  type Post,
  type PostsPage,
  type PostSummary,
  type TranslateOutputResponse,
} from '@mepedia/contracts';
import { removedMemberKey, runMigrations } from '@mepedia/server-database';
import { InProcessQueue, type Job } from '@mepedia/server-queue';
import {
  describeEachEngine,
  engineBehind,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  BROWSER_HEADERS,
  call,
  eventually,
  newMember,
  newPost,
  newVisitorId,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { startGoogleTranslateListener } from './google-translate';
import { SANITIZER_VERSION } from '../src/sanitize';
import { createPostsApp, POSTS_MIGRATIONS } from '../src/posts.app';
import type { PostsOptions } from '../src/posts.options';

const BROWSER = BROWSER_HEADERS;
const LONG_TEXT =
  'This is the story of a summer that changed everything, told slowly and with care, one memory at a time.';

// The posts service over real HTTP, with a Google-shaped translation listener, on each engine
// (PGlite too: the standalone process runs posts there, its sanitizer migration, counters under
// a burst, translation cache and budget included).
describeEachEngine('posts service over HTTP', (engine) => {
  const queue = new InProcessQueue();
  const emitted: Job[] = [];
  let tested: TestService;
  let base: string;
  /** Rows the routes do not show, read and written on either engine. */
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    tested.database.query<T>(text, params);
  const count = (text: string, params: unknown[] = []) => tested.database.count(text, params);
  let google: Awaited<ReturnType<typeof startGoogleTranslateListener>>;

  const member = (): Member => newMember();
  const as = (who: Member | null): Record<string, string> => (who ? tested.as(who) : {});
  /** A guest whose browser carries the gateway's visitor id cookie, as the gateway vouches. */
  const asVisitor = (visitorId: string): Record<string, string> =>
    tested.as({ kind: 'guest' }, { visitorId });
  const visitorId = newVisitorId;
  /** A second posts app on the same database and keys, with another translation provider. */
  const startAnother = (translation: PostsOptions['translation']) =>
    startTestService('posts', (platform) => createPostsApp(platform, { translation }), {
      database: tested.database,
      identity: tested.identity,
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

  /** As me-answers announces a member's public answer to 'roots', occurred at `at`. */
  const answerPublished = (who: Member, title: string, content: string, at: Date) =>
    queue.add(
      'events-posts',
      'meAnswer.published',
      envelope(
        'meAnswer.published',
        {
          userId: who.userId,
          questionId: 'roots',
          meAnswerId: randomUUID(),
          title,
          content,
          privacy: 'public',
        },
        at,
      ),
    );

  /** A member's answer to 'roots' published (me-answers' event), once its post shows with `title`. */
  async function answerPost(who: Member, title: string, at = new Date()): Promise<PostSummary> {
    await answerPublished(who, title, `<p>${LONG_TEXT}</p>`, at);
    for (let i = 0; i < 200; i++) {
      const [post] = (await list({ questionId: 'roots', publisherId: who.userId }, who)).posts;
      if (post?.title === title) return post;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the answer’s post never arrived');
  }

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
      const rows = await sql('select 1 from posts.publishers where user_id = $1', [who.userId]);
      if (rows.length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    throw new Error('publisher never arrived');
  }

  beforeAll(async () => {
    google = await startGoogleTranslateListener();
    queue.process('events', async (job) => void emitted.push(job));
    tested = await startTestService(
      'posts',
      (platform) =>
        createPostsApp(platform, {
          translation: { provider: 'google', key: 'test-key', endpoint: google.url },
        }),
      { queue, engine },
    );
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
    await google?.close();
  }, SETUP_TIMEOUT_MS);

  it('runs on the engine it is named for: what the app writes is in that engine’s database', async () => {
    const post = await create(member());
    expect(await engineBehind(tested.database)).toBe(engine);
    expect(
      await count('select count(*)::int as n from posts.posts where id = $1', [post.postId]),
    ).toBe(1);
  });

  describe('create', () => {
    it('stores a member post with sanitized content', async () => {
      const author = member();
      const post = await create(author, {
        content: `<p onclick="x()">${LONG_TEXT}</p><script>alert(1)</script>`,
        title: '  Hello\n  <b>world</b> שָׁלוֹם 👩\u200D👧 ',
      });
      expect(post).toMatchObject({
        title: 'Hello <b>world</b> שָׁלוֹם 👩\u200D👧',
        publisherId: author.userId,
        privacy: 'public',
        views: 0,
        likes: 0,
        shareCount: 0,
      });
      expect(post.content).toBe(`<p>${LONG_TEXT}</p>`);
    });

    it('cleans again, as it is read, content stored under an older sanitizer policy', async () => {
      const author = member();
      const post = await create(author);
      // As a row written before the current policy (or imported) might hold it.
      const dirty = `<p onclick="x()">${LONG_TEXT}</p><script>alert(1)</script>`;
      await sql('update posts.posts set content = $1, content_sanitizer = 0 where id = $2', [
        dirty,
        post.postId,
      ]);
      const read = await call<Post>(base, 'POST', '/api/posts/getPostById', {
        headers: as(author),
        body: { postId: post.postId },
      });
      expect(read.body.content).toBe(`<p>${LONG_TEXT}</p>`);
      // Stored under the current policy, it goes out as stored (cleaned once, on the way in).
      await sql('update posts.posts set content_sanitizer = $1 where id = $2', [
        SANITIZER_VERSION,
        post.postId,
      ]);
      const trusted = await call<Post>(base, 'POST', '/api/posts/getPostById', {
        headers: as(author),
        body: { postId: post.postId },
      });
      expect(trusted.body.content).toBe(dirty);
    });

    it('cleans every stored post again when the policy gets stricter, as it migrates', async () => {
      const author = member();
      const post = await create(author);
      // What the first policy stored for a refused link before a kept one: the kept link closed
      // by </span>, open over the rest of the page.
      const stored = `<p>bad <a href="https://example.com" rel="noopener nofollow ugc" target="_blank">good</span> ${LONG_TEXT}</p><p>after</p>`;
      await sql(
        `update posts.posts set content = $1, content_sanitizer = 1,
                updated_at = '2020-01-01T00:00:00Z' where id = $2`,
        [stored, post.postId],
      );
      const row = async () =>
        (
          await sql<{
            content: string;
            content_text: string;
            content_sanitizer: number;
            updated_at: Date;
          }>(
            `select content, content_text, content_sanitizer, updated_at
               from posts.posts where id = $1`,
            [post.postId],
          )
        )[0];
      const { handle } = tested.database;
      await runMigrations(handle, POSTS_MIGRATIONS);
      const cleaned = await row();
      // The link ends where its author ended it; nothing after it is inside it.
      expect(cleaned?.content).toBe(
        `<p>bad <a href="https://example.com" rel="noopener nofollow ugc" target="_blank">good</a> ${LONG_TEXT}</p><p>after</p>`,
      );
      expect(cleaned?.content_text).toBe(`bad good ${LONG_TEXT} after`);
      expect(cleaned?.content_sanitizer).toBe(SANITIZER_VERSION);
      expect(cleaned?.updated_at.toISOString()).toBe('2020-01-01T00:00:00.000Z');
      // Again: nothing left to do, nothing changes.
      await runMigrations(handle, POSTS_MIGRATIONS);
      expect(await row()).toEqual(cleaned);
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

    it('refuses a questionnaire post made by a member: only a published answer makes one', async () => {
      const author = member();
      const forged = await call<ErrorEnvelope>(base, 'POST', '/api/posts/create', {
        headers: as(author),
        body: { ...newPost({ title: 'Forged answer' }), questionId: 'roots' },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.code).toBe('VALIDATION_FAILED');
      expect(forged.body.details).toEqual([
        {
          field: 'questionId',
          code: 'QUESTIONNAIRE_ONLY',
          message: 'Only publishing a questionnaire answer sets this',
        },
      ]);
      const hebrew = await call<ErrorEnvelope>(base, 'POST', '/api/posts/create', {
        headers: as({ ...author, language: 'he' }),
        body: { ...newPost(), questionId: '' },
      });
      expect(hebrew.status).toBe(400);
      expect(hebrew.body.details).toEqual([
        {
          field: 'questionId',
          code: 'QUESTIONNAIRE_ONLY',
          message: validationMessage('QUESTIONNAIRE_ONLY', 'he'),
        },
      ]);
      expect(hebrew.body.message).toBe('חלק מהשדות אינם תקינים');
      // Nothing was stored: the member has no post at all, questionnaire or other.
      expect((await list({ publisherId: author.userId }, author)).posts).toEqual([]);
      expect((await list({ questionId: 'roots', publisherId: author.userId })).posts).toEqual([]);
    });

    it('refuses invisible controls in a title, credit or content, and stores nothing', async () => {
      const author: Member = { ...member(), language: 'he' };
      const refusals: Array<[string, Partial<CreatePostRequest>]> = [
        ['title', { title: 'name\u202Egnp.exe' }],
        ['title', { title: 'bell\u0007' }],
        ['credit', { credit: '\u2067Photo\u2069' }],
        ['content', { content: `<p>\u202B${LONG_TEXT}</p>` }],
        // Written as a character reference, the override is found all the same.
        ['content', { content: `<p>${LONG_TEXT} &#x202E;gnp.exe</p>` }],
      ];
      for (const [field, body] of refusals) {
        const refused = await call<ErrorEnvelope>(base, 'POST', '/api/posts/create', {
          headers: as(author),
          body: newPost(body),
        });
        expect({ field, status: refused.status, details: refused.body.details }).toEqual({
          field,
          status: 400,
          details: [
            {
              field,
              code: 'UNSUPPORTED_CHARACTER',
              message: validationMessage('UNSUPPORTED_CHARACTER', 'he'),
            },
          ],
        });
      }
      const post = await create(author);
      const changed = await call<ErrorEnvelope>(base, 'PUT', '/api/posts/update', {
        headers: as(author),
        body: { postId: post.postId, title: 'New', content: `<p>${LONG_TEXT}&#8238;</p>` },
      });
      expect(changed.status).toBe(400);
      expect(changed.body.details).toMatchObject([
        { field: 'content', code: 'UNSUPPORTED_CHARACTER' },
      ]);
      const mine = await list({ publisherId: author.userId }, author);
      expect(mine.posts.map((p) => p.title)).toEqual([post.title]);
    });

    it('takes only an image uploaded here, never an outside address', async () => {
      const author = member();
      for (const image of [
        'https://images.example.com/a.jpg',
        '//evil.example/a.png',
        '/api/files/image/short',
        '/favicon.svg',
        'javascript:alert(1)',
      ]) {
        const refused = await call<ErrorEnvelope>(base, 'POST', '/api/posts/create', {
          headers: as(author),
          body: newPost({ image }),
        });
        expect({ image, status: refused.status, details: refused.body.details }).toEqual({
          image,
          status: 400,
          details: [
            {
              field: 'image',
              code: 'IMAGE_NOT_UPLOADED',
              message: 'Upload the image here; links to images elsewhere are not accepted',
            },
          ],
        });
      }
      const post = await create(author);
      const changed = await call<ErrorEnvelope>(base, 'PUT', '/api/posts/update', {
        headers: as(author),
        body: { postId: post.postId, image: 'https://images.example.com/b.jpg' },
      });
      expect(changed.status).toBe(400);
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

    it('announces a post’s privacy to the comments service whenever it is set', async () => {
      const author = member();
      const privacyOf = (postId: string) =>
        emitted
          .filter((job) => job.name === 'post.privacy.changed')
          .map(
            (job) =>
              job.data as {
                payload: { postId: string; publisherId: string; privacy: string };
                occurredAt: string;
              },
          )
          .filter((event) => event.payload.postId === postId)
          .sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
          .map((event) => event.payload);
      const waitFor = async (postId: string, n: number) => {
        for (let i = 0; i < 250 && privacyOf(postId).length < n; i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        return privacyOf(postId);
      };
      const secret = await create(author, { privacy: 'private' });
      expect(await waitFor(secret.postId, 1)).toEqual([
        { postId: secret.postId, publisherId: author.userId, privacy: 'private' },
      ]);
      await call(base, 'POST', '/api/posts/updatePostPrivacy', {
        headers: as(author),
        body: { postId: secret.postId, privacy: 'public' },
      });
      await call(base, 'PUT', '/api/posts/update', {
        headers: as(author),
        body: { postId: secret.postId, title: 'Retitled' },
      });
      await call(base, 'PUT', '/api/posts/update', {
        headers: as(author),
        body: { postId: secret.postId, title: 'Private again', privacy: 'private' },
      });
      expect((await waitFor(secret.postId, 3)).map((event) => event.privacy)).toEqual([
        'private',
        'public',
        'private',
      ]);
      // A public post is announced too: the comments and reactions services learn it exists.
      const open = await create(author, { privacy: 'public' });
      expect(await waitFor(open.postId, 1)).toEqual([
        { postId: open.postId, publisherId: author.userId, privacy: 'public' },
      ]);
    });

    it('turns me-answers events into the member’s magazine post, newest event winning', async () => {
      const author = member();
      await named(author, 'Ora Tal');
      const published = (title: string, content: string, at: Date) =>
        answerPublished(author, title, content, at);
      const unpublished = (at: Date) =>
        queue.add(
          'events-posts',
          'meAnswer.unpublished',
          envelope('meAnswer.unpublished', { userId: author.userId, questionId: 'roots' }, at),
        );
      const magazine = async () =>
        (await list({ magazine: true, publisherId: author.userId }, author)).posts;
      const until = async (done: (titles: string[]) => boolean) => {
        for (let i = 0; i < 200; i++) {
          const titles = (await magazine()).map((p) => p.title);
          if (done(titles)) return titles;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        throw new Error('the magazine never changed');
      };
      const t0 = Date.now();
      await published(
        'Where I come from',
        `<h3>Born where?</h3><p>${LONG_TEXT}</p><script>x()</script>`,
        new Date(t0),
      );
      expect(await until((titles) => titles.length === 1)).toEqual(['Where I come from']);
      const [post] = await magazine();
      expect(post?.image).toBe('/img/1');
      const whole = await call<Post>(base, 'POST', '/api/posts/getPostById', {
        body: { postId: post?.postId },
      });
      expect(whole.body.content).toBe(`<h3>Born where?</h3><p>${LONG_TEXT}</p>`);
      expect(whole.body.questionId).toBe('roots');

      // A newer version updates the same post; an older event arriving late changes nothing.
      await published('Where I come from, again', `<p>${LONG_TEXT}</p>`, new Date(t0 + 2000));
      await until((titles) => titles[0] === 'Where I come from, again');
      await unpublished(new Date(t0 + 1000));
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect((await magazine()).map((p) => p.postId)).toEqual([post?.postId]);

      await unpublished(new Date(t0 + 3000));
      await until((titles) => titles.length === 0);
      // The relay sends the outbox on its own time: wait for post.deleted itself (the post's
      // earlier events carry its id too).
      const deleted = await eventually(
        () =>
          emitted.find(
            (job) =>
              job.name === 'post.deleted' &&
              (job.data as { payload: { postId?: string } }).payload.postId === post?.postId,
          ),
        { what: 'post.deleted for the unpublished answer' },
      );
      expect(deleted.name).toBe('post.deleted');
    });

    it('forgets a deleted member, and a late me-answers event does not bring their post back', async () => {
      const author = member();
      await named(author, 'Gone Soon');
      const publish = (at: Date) =>
        answerPublished(author, 'Where I come from', `<p>${LONG_TEXT}</p>`, at);
      const mine = async () =>
        (await list({ magazine: true, publisherId: author.userId })).posts.length;
      const t0 = Date.now();
      await publish(new Date(t0));
      for (let i = 0; i < 200 && (await mine()) === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await mine()).toBe(1);

      await queue.add(
        'events-posts',
        'user.deleted',
        envelope('user.deleted', { userId: author.userId }, new Date(t0 + 1000)),
      );
      const mentions = () =>
        count(
          `select ((select count(*) from posts.me_answer_events where publisher_id = $1)
                 + (select count(*) from posts.publishers where user_id = $1))::int as n`,
          [author.userId],
        );
      for (let i = 0; i < 200 && (await mine()) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await mine()).toBe(0);
      expect(await mentions()).toBe(0);

      // An answer event from before the deletion, delivered after it: ignored.
      await publish(new Date(t0 + 500));
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(await mine()).toBe(0);
      expect(await mentions()).toBe(0);
    });

    it('keeps one post per published answer, readable and removable by question', async () => {
      const author = member();
      const t0 = Date.now();
      const first = await answerPost(author, 'First version', new Date(t0));
      const second = await answerPost(author, 'Second version', new Date(t0 + 1000));
      expect(second.postId).toBe(first.postId);
      expect(second.title).toBe('Second version');
      expect(
        (await call<Post>(base, 'POST', '/api/posts/getMePost', { body: { postId: first.postId } }))
          .body.questionId,
      ).toBe('roots');
      const plain = await create(author);
      expect(
        (await call(base, 'POST', '/api/posts/getMePost', { body: { postId: plain.postId } }))
          .status,
      ).toBe(404);
      expect(
        (await call(base, 'DELETE', '/api/posts/deleteMePost/roots', { headers: as(author) }))
          .status,
      ).toBe(200);
      expect(
        (await call(base, 'POST', '/api/posts/getPostById', { body: { postId: first.postId } }))
          .status,
      ).toBe(404);
    });
  });

  describe('an answer’s post deleted', () => {
    const deletions = (postId: string) =>
      emitted
        .filter((job) => job.name === 'post.deleted')
        .map((job) => (job.data as { payload: Record<string, unknown> }).payload)
        .filter((payload) => payload['postId'] === postId);
    const announced = async (postId: string) => {
      for (let i = 0; i < 200 && deletions(postId).length === 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      return deletions(postId);
    };

    it('names its question when its author deletes it, so the answer leaves the magazine too', async () => {
      const author = member();
      const byId = await answerPost(author, 'Deleted by id', new Date(Date.now() - 2000));
      expect(
        (
          await call(base, 'DELETE', `/api/posts/deletePost/${byId.postId}`, {
            headers: as(author),
          })
        ).status,
      ).toBe(200);
      expect(await announced(byId.postId)).toEqual([
        { postId: byId.postId, publisherId: author.userId, questionId: 'roots' },
      ]);

      const byQuestion = await answerPost(author, 'Deleted by question');
      expect(
        (await call(base, 'DELETE', '/api/posts/deleteMePost/roots', { headers: as(author) }))
          .status,
      ).toBe(200);
      expect(await announced(byQuestion.postId)).toEqual([
        { postId: byQuestion.postId, publisherId: author.userId, questionId: 'roots' },
      ]);

      // An ordinary post names no question.
      const plain = await create(author);
      await call(base, 'DELETE', `/api/posts/deletePost/${plain.postId}`, { headers: as(author) });
      expect(await announced(plain.postId)).toEqual([
        { postId: plain.postId, publisherId: author.userId },
      ]);
    });

    it('names no question when the answer itself left the magazine (meAnswer.unpublished)', async () => {
      const author = member();
      const at = Date.now();
      const answer = await answerPost(author, 'Taken out by the answer', new Date(at));
      await queue.add(
        'events-posts',
        'meAnswer.unpublished',
        envelope(
          'meAnswer.unpublished',
          { userId: author.userId, questionId: 'roots' },
          new Date(at + 1000),
        ),
      );
      expect(await announced(answer.postId)).toEqual([
        { postId: answer.postId, publisherId: author.userId },
      ]);
    });
  });

  describe('getPosts', () => {
    it('says how long each listed story takes to read, from its whole text', async () => {
      const ada = member();
      // 900 words: four and a half minutes at 200 a minute, so five; the excerpt alone is one.
      const long = `<p>${'word '.repeat(900).trim()}</p>`;
      const made = await create(ada, { content: long });
      const [listed] = (await list({ publisherId: ada.userId })).posts;
      expect(listed).toMatchObject({ postId: made.postId, readingMinutes: 5 });
      expect(listed!.excerpt.length).toBeLessThan(300);
    });

    it('lists with the publisher, filters by publisher, question, author, topic and magazine', async () => {
      const dana = member();
      const noa = member();
      await named(dana, 'Dana Levi');
      await named(noa, 'נועה כהן');
      await create(dana, { title: 'Grandmother Rosa', destination: 'magazine' });
      await create(dana, { title: 'My first bicycle', privacy: 'private' });
      await answerPost(noa, 'הקיבוץ שלי');

      const byDana = await list({ publisherId: dana.userId });
      expect(byDana.posts.map((p) => p.title)).toEqual(['Grandmother Rosa']);
      expect(byDana.posts[0]!.publisher).toEqual({
        id: dana.userId,
        fullname: 'Dana Levi',
        profileImage: '/img/1',
      });
      expect(byDana.posts[0]!.excerpt).toBe(LONG_TEXT);
      expect(byDana.posts[0]).not.toHaveProperty('content');
      // A short story reads in a minute.
      expect(byDana.posts[0]!.readingMinutes).toBe(1);
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
      expect((await list({ questionId: 'roots', publisherId: noa.userId })).posts).toHaveLength(1);
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

    it('merges a member’s own private posts into everyone’s, in order, by page and by cursor', async () => {
      const me = member();
      const other = member();
      const word = `merge${randomBytes(4).toString('hex')}`;
      const made: Array<{ title: string; mine: boolean; privacy: 'public' | 'private' }> = [];
      for (let i = 0; i < 7; i++) {
        const mine = i % 2 === 0;
        const privacy = mine && i % 4 === 0 ? 'private' : 'public';
        const title = `${word} ${i}`;
        await create(mine ? me : other, { title, privacy });
        made.push({ title, mine, privacy });
      }
      const newestFirst = made.map((p) => p.title).reverse();
      const visibleToOthers = made
        .filter((p) => p.privacy === 'public')
        .map((p) => p.title)
        .reverse();
      // By page number, three at a time.
      const pages: string[] = [];
      for (let page = 0; page < 3; page++) {
        const body = await list({ topicSearchValue: word, pageNumber: page, limit: 3 }, me);
        pages.push(...body.posts.map((p) => p.title));
        expect(body.hasMore).toBe(page < 2);
      }
      expect(pages).toEqual(newestFirst);
      // By cursor, two at a time.
      const walked: string[] = [];
      let cursor: string | null | undefined;
      do {
        const body = await list(
          { topicSearchValue: word, limit: 2, ...(cursor ? { cursor } : {}) },
          me,
        );
        walked.push(...body.posts.map((p) => p.title));
        cursor = body.nextCursor;
      } while (cursor);
      expect(walked).toEqual(newestFirst);
      // Another member, and a guest, see the public ones only.
      expect(
        (await list({ topicSearchValue: word, limit: 20 }, other)).posts.map((p) => p.title),
      ).toEqual(visibleToOthers);
      expect((await list({ topicSearchValue: word, limit: 20 })).posts.map((p) => p.title)).toEqual(
        visibleToOthers,
      );
    });

    it('answers 400 INVALID_CURSOR to a cursor it did not make, in the caller’s language', async () => {
      const encode = (text: string) => Buffer.from(text).toString('base64url');
      const at = '2024-05-01T10:00:00.000Z';
      const id = randomUUID();
      const cursors = {
        'bad base64': '***not base64***',
        'base64 with padding': `${encode(`${at}|${id}`)}=`,
        'bad JSON': encode('{"createdAt":'),
        'JSON, not the cursor’s shape': encode(JSON.stringify({ createdAt: at, id })),
        'not UTF-8': Buffer.from([0xff, 0xfe, 0x7c, 0x00]).toString('base64url'),
        'a third part': encode(`${at}|${id}|x`),
        'a number for the time': encode(`1714557600000|${id}`),
        'the parts swapped': encode(`${id}|${at}`),
        'no id': encode(`${at}|`),
        'a non-UUID id': encode(`${at}|not-a-uuid`),
        'an injected id': encode(`${at}|' or '1'='1`),
        'a date that does not exist': encode(`2024-02-30T10:00:00.000Z|${id}`),
        'a date in words': encode(`yesterday|${id}`),
      };
      for (const [what, cursor] of Object.entries(cursors)) {
        const response = await call<ErrorEnvelope>(base, 'POST', '/api/posts/getPosts', {
          body: { cursor },
        });
        expect({ what, status: response.status, code: response.body.code }).toEqual({
          what,
          status: 400,
          code: 'INVALID_CURSOR',
        });
      }
      const hebrew = await call<ErrorEnvelope>(base, 'POST', '/api/posts/getPosts?lang=he', {
        body: { cursor: cursors['a non-UUID id'] },
      });
      expect(hebrew.body).toMatchObject({
        code: 'INVALID_CURSOR',
        message: 'מיקום זה ברשימה אינו תקין. יש להתחיל שוב מהדף הראשון',
      });
      expect(typeof hebrew.body.requestId).toBe('string');
    });

    it('puts the reader’s language first, then the other, each part in order, across pages by cursor', async () => {
      const author = member();
      const word = `lang${randomBytes(4).toString('hex')}`;
      const hebrewText =
        '<p>זה סיפור על קיץ אחד שבו השתנה הכול, מסופר לאט ובזהירות, זיכרון אחר זיכרון, מהבית הישן של סבתא בירושלים ועד חוף הים בתל אביב, בכל שנה מחדש.</p>';
      // Hebrew and English stories interleaved in time; one Hebrew story is the author's own,
      // private: in the magazine only for them.
      const kinds: Array<['he' | 'en', 'public' | 'private']> = [
        ['he', 'public'],
        ['en', 'public'],
        ['en', 'public'],
        ['he', 'public'],
        ['en', 'public'],
        ['he', 'private'],
        ['he', 'public'],
        ['en', 'public'],
      ];
      const made: Array<{ postId: string; language: 'he' | 'en'; privacy: string }> = [];
      for (const [index, [language, privacy]] of kinds.entries()) {
        const post = await create(author, {
          // The search word is Latin: a Hebrew story's Hebrew letters still outnumber it.
          title: language === 'he' ? `${word} סיפור מספר ${index}` : `${word} story ${index}`,
          content: language === 'he' ? hebrewText : `<p>${LONG_TEXT}</p>`,
          destination: 'magazine',
          privacy,
        });
        made.push({ postId: post.postId, language, privacy });
      }
      const ids = (language: 'he' | 'en', who: 'guest' | 'author', order: 'new' | 'old') => {
        const seen = made.filter(
          (post) => post.language === language && (who === 'author' || post.privacy === 'public'),
        );
        const ordered = order === 'new' ? [...seen].reverse() : seen;
        return ordered.map((post) => post.postId);
      };
      type Walk = { language?: 'he' | 'en'; sortBy?: 'oldest'; limit: number };
      const walk = async (query: Walk, who: Member | null) => {
        const seen: string[] = [];
        let cursor: string | null = null;
        let first: PostsPage | undefined;
        do {
          const page: PostsPage = await list(
            {
              magazine: true,
              topicSearchValue: word,
              ...query,
              ...(cursor && first ? { cursor, asOf: first.asOf } : {}),
            },
            who,
          );
          first ??= page;
          expect(page.posts.length).toBeLessThanOrEqual(query.limit);
          expect(page.hasMore).toBe(page.nextCursor !== null);
          seen.push(...page.posts.map((post) => post.postId));
          cursor = page.nextCursor;
        } while (cursor);
        return seen;
      };
      for (const [who, viewer] of [
        ['guest', null],
        ['author', author],
      ] as const) {
        // Every page size: the boundary falls inside a page, at a page's end, or in the first.
        for (const limit of [1, 2, 3, 4, 10]) {
          expect(await walk({ language: 'he', limit }, viewer)).toEqual([
            ...ids('he', who, 'new'),
            ...ids('en', who, 'new'),
          ]);
          expect(await walk({ language: 'en', limit }, viewer)).toEqual([
            ...ids('en', who, 'new'),
            ...ids('he', who, 'new'),
          ]);
          expect(await walk({ language: 'he', sortBy: 'oldest', limit }, viewer)).toEqual([
            ...ids('he', who, 'old'),
            ...ids('en', who, 'old'),
          ]);
        }
        // Without it, the one order for all, as before.
        const all = made.filter((post) => who === 'author' || post.privacy === 'public');
        expect(await walk({ limit: 3 }, viewer)).toEqual(all.map((post) => post.postId).reverse());
      }
      // Hebrew first in the whole magazine too (the index led by language), newest first.
      const magazine = await list({ magazine: true, language: 'he', limit: 3 });
      expect(magazine.posts.map((post) => post.postId)).toEqual(ids('he', 'guest', 'new'));

      // Later pages by cursor only; a cursor of one kind of list does not go on with the other.
      const paged = await call<ErrorEnvelope>(base, 'POST', '/api/posts/getPosts', {
        body: { magazine: true, language: 'he', pageNumber: 1, limit: 2 },
      });
      expect(paged.status).toBe(400);
      expect(paged.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'pageNumber', code: 'INVALID_VALUE' }],
      });
      const preferring = await list({ topicSearchValue: word, language: 'he', limit: 2 });
      const plain = await list({ topicSearchValue: word, limit: 2 });
      for (const body of [
        { topicSearchValue: word, cursor: preferring.nextCursor },
        { topicSearchValue: word, language: 'en', cursor: plain.nextCursor },
      ]) {
        const response = await call<ErrorEnvelope>(base, 'POST', '/api/posts/getPosts', { body });
        expect({ status: response.status, code: response.body.code }).toEqual({
          status: 400,
          code: 'INVALID_CURSOR',
        });
      }
      const other = await call<ErrorEnvelope>(base, 'POST', '/api/posts/getPosts', {
        body: { language: 'fr' },
      });
      expect(other.status).toBe(400);
    });
  });

  describe('counters', () => {
    it('loses no like among 50 at once, and toggles', async () => {
      const author = member();
      const post = await create(author);
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
      // Each member reads their own like: the one who took it back, and the author, do not.
      for (const who of [fans[0]!, author]) {
        const theirs = await call<Post>(base, 'POST', '/api/posts/getPostById', {
          headers: as(who),
          body: { postId: post.postId },
        });
        expect(theirs.body).toMatchObject({ likes: 49, likedByMe: false });
      }
      expect(
        (await call(base, 'PUT', '/api/posts/like', { body: { id: post.postId } })).status,
      ).toBe(401);
    });

    const views = (postId: string, headers: Record<string, string>, body = {}) =>
      call<{ views: number; counted: boolean }>(base, 'POST', '/api/posts/updatePostViews', {
        headers: { ...BROWSER, ...headers },
        body: { postId, ...body },
      });
    const share = (objectId: string, headers: Record<string, string>) =>
      call<{ shareCount: number }>(base, 'POST', '/api/posts/updateShareProp', {
        headers,
        body: { objectId },
      });
    const shareCountOf = async (postId: string) =>
      (await call<Post>(base, 'POST', '/api/posts/getPostById', { body: { postId } })).body
        .shareCount;

    it('counts each viewer once by the visitor id or member, loses none among 50 at once, ignores crawlers', async () => {
      const post = await create(member());
      const visitors = Array.from({ length: 50 }, visitorId);
      await Promise.all(visitors.map((id) => views(post.postId, asVisitor(id))));
      expect((await views(post.postId, asVisitor(visitors[0]!))).body).toEqual({
        views: 50,
        counted: false,
      });
      const bot = await call<{ counted: boolean }>(base, 'POST', '/api/posts/updatePostViews', {
        body: { postId: post.postId },
        headers: {
          ...asVisitor(visitorId()),
          'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
        },
      });
      expect(bot.body.counted).toBe(false);
      const viewer = member();
      const byMember = await Promise.all(
        Array.from({ length: 50 }, () => views(post.postId, as(viewer))),
      );
      expect(byMember.filter((r) => r.body.counted)).toHaveLength(1);
      expect((await views(post.postId, as(viewer))).body).toEqual({ views: 51, counted: false });
    });

    it('ignores a client-chosen randomIdentifier: a guest without a visitor id counts no view', async () => {
      const post = await create(member());
      const anonymous = await Promise.all(
        Array.from({ length: 20 }, () =>
          views(post.postId, {}, { randomIdentifier: randomBytes(12).toString('hex') }),
        ),
      );
      expect(anonymous.map((r) => r.status)).toEqual(Array(20).fill(200));
      expect(anonymous.map((r) => r.body)).toEqual(Array(20).fill({ views: 0, counted: false }));
      // A visitor inventing a new identifier each time is still one visitor.
      const visitor = asVisitor(visitorId());
      for (let i = 0; i < 5; i++)
        await views(post.postId, visitor, { randomIdentifier: randomBytes(12).toString('hex') });
      expect((await views(post.postId, {})).body).toEqual({ views: 1, counted: false });
    });

    it('counts a share once per viewer, exactly among 50 at once', async () => {
      const byOne = await create(member());
      const visitor = asVisitor(visitorId());
      const once = await Promise.all(
        Array.from({ length: 50 }, () => share(byOne.postId, visitor)),
      );
      expect(once.every((r) => r.status === 200)).toBe(true);
      expect(await shareCountOf(byOne.postId)).toBe(1);
      expect((await share(byOne.postId, visitor)).body).toEqual({ shareCount: 1 });

      const byMany = await create(member());
      await Promise.all(
        Array.from({ length: 50 }, () => share(byMany.postId, asVisitor(visitorId()))),
      );
      expect(await shareCountOf(byMany.postId)).toBe(50);

      const byMember = await create(member());
      const sharer = member();
      await Promise.all(Array.from({ length: 50 }, () => share(byMember.postId, as(sharer))));
      expect(await shareCountOf(byMember.postId)).toBe(1);
      // The member is one viewer whether or not the browser also carries a visitor id.
      const both = tested.as(sharer, { visitorId: visitorId() });
      expect((await share(byMember.postId, both)).body).toEqual({ shareCount: 1 });
    });

    // Issue 29, item 14: the posts service owns a post's likes and views; userLikes and
    // userViews (the reactions service) hand theirs over and hear back.
    it('applies likes and views handed over by the reactions service, and announces its own', async () => {
      const post = await create(member());
      const [fan, gone] = [member(), member()];
      const announced = (type: string) =>
        emitted
          .filter((job) => job.name === type)
          .map((job) => (job.data as { payload: Record<string, unknown> }).payload)
          .filter((payload) => payload['postId'] === post.postId);
      const hand = async (type: string, payload: object) => {
        const event = envelope(type, payload, new Date(), 'reactions');
        await queue.add('events-posts', type, event, { jobId: event.id, attempts: 1 });
      };
      const until = async (done: () => boolean) => {
        for (let i = 0; i < 250 && !done(); i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(done()).toBe(true);
      };
      const read = async () =>
        (
          await call<Post>(base, 'POST', '/api/posts/getPostById', {
            headers: as(fan),
            body: { postId: post.postId },
          })
        ).body;

      await hand('post.like.requested', { postId: post.postId, userId: fan.userId, liked: true });
      await until(() => announced('post.like.changed').length === 1);
      expect(await read()).toMatchObject({ likes: 1, likedByMe: true });
      // Set as asked: the same again changes nothing, and is said again.
      await hand('post.like.requested', { postId: post.postId, userId: fan.userId, liked: true });
      await until(() => announced('post.like.changed').length === 2);
      expect(await read()).toMatchObject({ likes: 1, likedByMe: true });
      // Its own toggle is announced as it now is.
      const off = await call<LikeResponse>(base, 'PUT', '/api/posts/like', {
        headers: as(fan),
        body: { id: post.postId },
      });
      expect(off.body).toEqual({ liked: false, likes: 0 });
      await until(() => announced('post.like.changed').length === 3);
      expect(announced('post.like.changed').at(-1)).toEqual({
        postId: post.postId,
        userId: fan.userId,
        liked: false,
        // Named for the notifications service (issue 32), which tells the publisher.
        publisherId: post.publisherId,
      });

      // A viewer counted through userViews counts here once; one counted here is announced.
      const visitor = visitorId();
      await hand('post.view.requested', { postId: post.postId, viewer: `visitor:${visitor}` });
      await until(() => announced('post.viewed').length === 1);
      expect((await views(post.postId, asVisitor(visitor))).body).toEqual({
        views: 1,
        counted: false,
      });
      expect((await views(post.postId, as(fan))).body).toEqual({ views: 2, counted: true });
      await until(() => announced('post.viewed').length === 2);
      expect(announced('post.viewed').at(-1)).toEqual({
        postId: post.postId,
        viewer: `member:${fan.userId}`,
      });

      // Nothing for a member who left, nor for a post that is gone.
      const left = envelope('user.deleted', { userId: gone.userId });
      await queue.add('events-posts', left.type, left, { jobId: left.id, attempts: 1 });
      const departed = async () =>
        (await count('select count(*)::int as n from posts.removed_members where member_key = $1', [
          removedMemberKey(gone.userId),
        ])) === 1;
      for (let i = 0; i < 250 && !(await departed()); i++)
        await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await departed()).toBe(true);
      await hand('post.like.requested', { postId: post.postId, userId: gone.userId, liked: true });
      await hand('post.like.requested', { postId: randomUUID(), userId: fan.userId, liked: true });
      await hand('post.like.requested', { postId: post.postId, userId: fan.userId, liked: true });
      await until(() => announced('post.like.changed').length === 4);
      expect(await read()).toMatchObject({ likes: 1, likedByMe: true });
      expect(await queue.failed('events-posts')).toEqual([]);
    });

    // A like or view handed over for a post its giver may not read (a private post, by anyone
    // but its publisher) never counts: the true state is announced back, so the mirror drops it.
    it('applies a handed-over like or view only from who may read the post, and says the truth back', async () => {
      const author = member();
      const post = await create(author, { privacy: 'private' });
      const stranger = member();
      const visitor = visitorId();
      const announced = (type: string) =>
        emitted
          .filter((job) => job.name === type)
          .map((job) => (job.data as { payload: Record<string, unknown> }).payload)
          .filter((payload) => payload['postId'] === post.postId);
      const hand = async (type: string, payload: object) => {
        const event = envelope(type, payload, new Date(), 'reactions');
        await queue.add('events-posts', type, event, { jobId: event.id, attempts: 1 });
      };
      const until = async (done: () => boolean) => {
        for (let i = 0; i < 250 && !done(); i++)
          await new Promise((resolve) => setTimeout(resolve, 20));
        expect(done()).toBe(true);
      };
      const counts = async () =>
        (
          await call<Post>(base, 'POST', '/api/posts/getPostById', {
            headers: as(author),
            body: { postId: post.postId },
          })
        ).body;

      await hand('post.like.requested', {
        postId: post.postId,
        userId: stranger.userId,
        liked: true,
      });
      await until(() => announced('post.like.changed').length === 1);
      expect(announced('post.like.changed')).toEqual([
        {
          postId: post.postId,
          userId: stranger.userId,
          liked: false,
          publisherId: post.publisherId,
        },
      ]);
      await hand('post.view.requested', { postId: post.postId, viewer: `visitor:${visitor}` });
      await hand('post.view.requested', {
        postId: post.postId,
        viewer: `member:${stranger.userId}`,
      });
      await until(() => announced('post.viewed').length === 2);
      expect(announced('post.viewed')).toEqual(
        expect.arrayContaining([
          { postId: post.postId, viewer: `visitor:${visitor}`, counted: false },
          { postId: post.postId, viewer: `member:${stranger.userId}`, counted: false },
        ]),
      );
      expect(await counts()).toMatchObject({ likes: 0, views: 0, likedByMe: false });

      // Its publisher may: their like and view count, as through the posts calls.
      await hand('post.like.requested', {
        postId: post.postId,
        userId: author.userId,
        liked: true,
      });
      await hand('post.view.requested', {
        postId: post.postId,
        viewer: `member:${author.userId}`,
      });
      await until(
        () => announced('post.like.changed').length === 2 && announced('post.viewed').length === 3,
      );
      expect(await counts()).toMatchObject({ likes: 1, views: 1, likedByMe: true });
      expect(announced('post.viewed').at(-1)).toEqual({
        postId: post.postId,
        viewer: `member:${author.userId}`,
      });
      expect(await queue.failed('events-posts')).toEqual([]);
    });

    it('counts no share from a guest without a visitor id, yet answers the count', async () => {
      const post = await create(member());
      await share(post.postId, asVisitor(visitorId()));
      const anonymous = await Promise.all(Array.from({ length: 50 }, () => share(post.postId, {})));
      expect(anonymous.map((r) => r.status)).toEqual(Array(50).fill(200));
      expect(anonymous.map((r) => r.body)).toEqual(Array(50).fill({ shareCount: 1 }));
      expect(await shareCountOf(post.postId)).toBe(1);
      expect((await share(randomUUID(), {})).status).toBe(404);
    });
  });

  describe('translateOutput', () => {
    it('translates through the provider once per text and target, again when the text changes', async () => {
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
        source: 'he',
        target: 'en',
        cached: false,
      });
      expect(google.calls.slice(before)).toEqual([
        { key: 'test-key', q: ['<p>שלום עולם</p>'], target: 'en', format: 'html' },
      ]);
      expect((await translate('<p>שלום עולם</p>')).body.cached).toBe(true);
      expect(google.calls.length).toBe(before + 1);
      expect((await translate('<p>שלום עולם!</p>')).body.cached).toBe(false);
      expect(google.calls.length).toBe(before + 2);
    });

    it('lets forceCheck reach the provider only for a translation over a day old, once however many ask', async () => {
      const reader = member();
      const text = `<p>בדיקה ${randomUUID()}</p>`;
      const translate = (forceCheck: boolean) =>
        call<TranslateOutputResponse>(base, 'POST', '/api/posts/translateOutput', {
          headers: as(reader),
          body: { output: text, target: 'en', forceCheck },
        });
      const age = async (hours: number) => {
        await sql(
          `update posts.translations set created_at = now() - make_interval(hours => $3)
           where text_hash = $1 and target = $2`,
          [createHash('sha256').update(text).digest('hex'), 'en', hours],
        );
      };
      const sent = () => google.calls.filter((c) => c.q.includes(text)).length;
      expect((await translate(true)).body.cached).toBe(false);
      expect(sent()).toBe(1);
      // Forced again within the day: answered from the cache, the provider is not paid again.
      for (let i = 0; i < 5; i++) expect((await translate(true)).body.cached).toBe(true);
      await age(23);
      expect((await translate(true)).body.cached).toBe(true);
      expect(sent()).toBe(1);
      // Over a day old: one forced call re-asks, and many at once still re-ask once.
      await age(25);
      expect((await translate(true)).body).toMatchObject({ output: `[en] ${text}`, cached: false });
      expect(sent()).toBe(2);
      expect((await translate(true)).body.cached).toBe(true);
      await age(25);
      const burst = await Promise.all(Array.from({ length: 10 }, () => translate(true)));
      expect(burst.filter((r) => !r.body.cached)).toHaveLength(1);
      expect(burst.every((r) => r.body.output === `[en] ${text}`)).toBe(true);
      expect(sent()).toBe(3);
      // A re-check whose provider call fails does not use up the period.
      await age(25);
      const broken = await startAnother({
        provider: 'google',
        key: 'test-key',
        endpoint: 'http://127.0.0.1:1',
      });
      try {
        const failed = await call<ErrorEnvelope>(
          broken.base,
          'POST',
          '/api/posts/translateOutput',
          {
            headers: as(reader),
            body: { output: text, target: 'en', forceCheck: true },
          },
        );
        expect(failed.body.code).toBe('TRANSLATION_FAILED');
      } finally {
        await broken.close();
      }
      expect((await translate(true)).body.cached).toBe(false);
      expect(sent()).toBe(4);
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
    const off = await startAnother({ provider: 'off' });
    try {
      const response = await call<ErrorEnvelope>(off.base, 'POST', '/api/posts/translateOutput', {
        headers: tested.as(member()),
        body: { output: 'hello', target: 'he' },
      });
      expect(response.status).toBe(503);
      expect(response.body.code).toBe('TRANSLATION_UNAVAILABLE');
    } finally {
      await off.close();
    }
  });
});
