import { randomUUID } from 'node:crypto';
import type { CreatePostRequest, DomainEventPayload, Post, PostDraft } from '@mepedia/contracts';
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

type Searchable = DomainEventPayload<'searchable.changed'>;

/** A story as a member writes it: Hebrew, entities, nested markup, line breaks and a list. */
const STORY =
  '<p>סיפור על <strong>קיץ <em>אחד</em></strong> ביפו &amp; בתל&nbsp;אביב, עם &quot;סבתא&quot;.</p>' +
  '<p>Then we sailed,<br>and the sea was &lt;calm&gt;.</p>' +
  '<ul><li>one <u>shell</u></li><li>two</li></ul>' +
  '<p>We came back every summer after that.</p>';
/** The same story as the search service is to read it. */
const STORY_TEXT =
  'סיפור על קיץ אחד ביפו & בתל אביב, עם "סבתא".\n' +
  'Then we sailed,\nand the sea was <calm>.\n' +
  'one shell\ntwo\n' +
  'We came back every summer after that.';
const LONG_TEXT =
  'An answer about where I come from, long enough to be put in the magazine as a story of its own.';

// searchable.changed (issue 36) over real HTTP on each engine: a member's post as the search
// service is to index it, announced in the transaction of its making, each edit of its words,
// picture or audience, and its deletion, with the review hold post.published carries; never a
// draft, never a questionnaire answer's magazine post. What the service announced is read off
// the `events` queue its outbox is relayed to.
describeEachEngine('posts: searchable.changed', (engine) => {
  const queue = new InProcessQueue();
  const emitted: Job[] = [];
  let tested: TestService;
  let base: string;
  const as = (who: Member): Record<string, string> => tested.as(who);

  /** Every searchable.changed announced of `id`, in order. */
  const searchable = (id: string): Searchable[] =>
    emitted
      .filter((job) => job.name === 'searchable.changed')
      .map((job) => (job.data as { payload: Searchable }).payload)
      .filter((payload) => payload.id === id);
  /** Every post.published announced of `postId`, in order. */
  const published = (postId: string) =>
    emitted
      .filter((job) => job.name === 'post.published')
      .map((job) => (job.data as { payload: DomainEventPayload<'post.published'> }).payload)
      .filter((payload) => payload.postId === postId);

  /**
   * Until every event handed to the service is handled, the outbox is relayed, and the relayed
   * events are taken: in that order, each look after the one before it (a handled event may
   * write to the outbox; the relay adds to the queue before it empties the outbox).
   */
  async function settled(): Promise<void> {
    const idle = async (name: 'events' | 'events-posts') => {
      const { waiting, active, delayed } = await queue.counts(name);
      return waiting + active + delayed === 0;
    };
    await eventually(
      async () =>
        (await idle('events-posts')) &&
        (await tested.database.count('select count(*)::int as n from posts.outbox')) === 0 &&
        (await idle('events'))
          ? true
          : undefined,
      { what: 'the events handled and relayed' },
    );
    expect(await queue.failed('events-posts')).toEqual([]);
  }

  async function create(who: Member, overrides: Partial<CreatePostRequest> = {}): Promise<Post> {
    const made = await call<Post>(base, 'POST', '/api/posts/create', {
      headers: as(who),
      body: newPost(overrides),
    });
    expect(made.status).toBe(201);
    return made.body;
  }
  async function update(who: Member, body: Record<string, unknown>): Promise<Post> {
    const updated = await call<Post>(base, 'PUT', '/api/posts/update', { headers: as(who), body });
    expect(updated.status).toBe(200);
    return updated.body;
  }

  /** The payload of a post as it is (`text` may be a matcher): what its announcement must say. */
  const asIndexed = (post: Post, text: unknown) => ({
    kind: 'post',
    id: post.postId,
    ownerId: post.publisherId,
    audience: post.privacy,
    title: post.title,
    text,
    image: post.image,
    createdAt: post.createdAt,
    deleted: false,
  });

  beforeAll(async () => {
    queue.process('events', async (job) => void emitted.push(job));
    tested = await startTestService(
      'posts',
      (platform) =>
        createPostsApp(platform, {
          translation: { provider: 'off' },
          // A member's first two posts with a link wait for review (the default is three).
          reviewHolds: { firstItems: 2 },
        }),
      { queue, engine },
    );
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('announces a member’s post as it is made, its body as plain text', async () => {
    const author = newMember();
    const post = await create(author, { title: 'קיץ ביפו', content: STORY, privacy: 'members' });
    await settled();
    expect(searchable(post.postId)).toEqual([asIndexed(post, STORY_TEXT)]);
    expect(post.privacy).toBe('members');
  });

  it('announces each edit of its title, text, picture or audience as the post now is, and no edit of its credit', async () => {
    const author = newMember();
    const post = await create(author);
    await settled();
    const text = newPost().content.replace(/<\/?p>/g, '');
    expect(searchable(post.postId)).toEqual([asIndexed(post, text)]);

    const retitled = await update(author, { postId: post.postId, title: 'Another summer' });
    const rewritten = await update(author, { postId: post.postId, content: STORY });
    const pictured = await update(author, {
      postId: post.postId,
      image: '/api/files/image/Otherimage012345678_-b',
    });
    const narrowed = await call<Post>(base, 'POST', '/api/posts/updatePostPrivacy', {
      headers: as(author),
      body: { postId: post.postId, privacy: 'circle' },
    });
    expect(narrowed.status).toBe(200);
    await update(author, { postId: post.postId, credit: 'Photo: my sister' });
    await settled();
    expect(searchable(post.postId)).toEqual([
      asIndexed(post, text),
      asIndexed(retitled, text),
      asIndexed(rewritten, STORY_TEXT),
      asIndexed(pictured, STORY_TEXT),
      asIndexed(narrowed.body, STORY_TEXT),
    ]);
    expect(narrowed.body).toMatchObject({
      title: 'Another summer',
      image: '/api/files/image/Otherimage012345678_-b',
      privacy: 'circle',
    });
  });

  it('announces a deletion, final, without its words', async () => {
    const author = newMember();
    const post = await create(author, { privacy: 'private' });
    const deleted = await call(base, 'DELETE', `/api/posts/deletePost/${post.postId}`, {
      headers: as(author),
    });
    expect(deleted.status).toBe(200);
    await settled();
    expect(searchable(post.postId)).toEqual([
      asIndexed(post, expect.any(String)),
      {
        kind: 'post',
        id: post.postId,
        ownerId: author.userId,
        audience: 'private',
        title: '',
        text: '',
        image: null,
        createdAt: post.createdAt,
        deleted: true,
      },
    ]);
  });

  it('announces no questionnaire answer’s magazine post, made, changed or deleted: the answer is its story', async () => {
    const author = newMember();
    const answer = (title: string) =>
      queue.add(
        'events-posts',
        'meAnswer.published',
        envelope('meAnswer.published', {
          userId: author.userId,
          questionId: 'roots',
          meAnswerId: randomUUID(),
          title,
          content: `<p>${LONG_TEXT}</p>`,
          privacy: 'public',
        }),
      );
    await answer('Where do you come from?');
    const postId = await eventually(async () => {
      const [row] = await tested.database.query<{ id: string }>(
        `select id from posts.posts where publisher_id = $1 and question_id = 'roots'`,
        [author.userId],
      );
      return row?.id;
    });
    await answer('Where are you from?');
    await eventually(async () =>
      (
        await tested.database.query(`select 1 from posts.posts where id = $1 and title = $2`, [
          postId,
          'Where are you from?',
        ])
      ).length > 0
        ? true
        : undefined,
    );
    const gone = await call(base, 'DELETE', '/api/posts/deleteMePost/roots', {
      headers: as(author),
    });
    expect(gone.status).toBe(200);
    await settled();
    // Announced to the others, as before, and not to the search service.
    expect(published(postId)).toHaveLength(2);
    expect(searchable(postId)).toEqual([]);
    expect(
      emitted.some(
        (job) =>
          job.name === 'searchable.changed' && JSON.stringify(job.data).includes(author.userId),
      ),
    ).toBe(false);
  });

  it('announces no draft; a draft published is announced once, as the post it became', async () => {
    const author = newMember();
    const saved = await call<PostDraft>(base, 'POST', '/api/posts/saveDraft', {
      headers: as(author),
      body: newPost({ title: 'Not yet', content: STORY }),
    });
    expect(saved.status).toBe(200);
    const resaved = await call<PostDraft>(base, 'POST', '/api/posts/saveDraft', {
      headers: as(author),
      body: { draftId: saved.body.draftId, version: saved.body.version, title: 'Almost' },
    });
    expect(resaved.status).toBe(200);
    await settled();
    const aboutAuthor = () =>
      emitted
        .filter((job) => job.name === 'searchable.changed')
        .filter((job) => JSON.stringify(job.data).includes(author.userId));
    expect(aboutAuthor()).toEqual([]);

    const post = await call<Post>(base, 'POST', '/api/posts/publishDraft', {
      headers: as(author),
      body: { draftId: saved.body.draftId, version: resaved.body.version },
    });
    expect(post.status).toBe(201);
    await settled();
    expect(aboutAuthor()).toHaveLength(1);
    expect(searchable(post.body.postId)).toEqual([asIndexed(post.body, STORY_TEXT)]);
    expect(post.body.title).toBe('Almost');
  });

  it('carries the review hold post.published carries, as a post is made with a link or an edit puts the first one in', async () => {
    const author = newMember();
    const linked = await create(author, {
      content: `<p>${LONG_TEXT} Tickets at trips.example.com, cheap.</p>`,
    });
    expect(linked.moderation?.state).toBe('held');
    const plain = await create(author);
    const edited = await update(author, {
      postId: plain.postId,
      content: `<p>${LONG_TEXT} More at <a href="https://trips.example.com">trips</a>.</p>`,
    });
    expect(edited.moderation?.state).toBe('held');
    await settled();
    for (const post of [linked, edited]) {
      const caseId = post.moderation?.caseId as string;
      const review = { caseId, reason: 'firstLinks' };
      expect(published(post.postId).at(-1)?.review).toEqual(review);
      expect(searchable(post.postId).at(-1)).toEqual({
        ...asIndexed(post, expect.any(String)),
        review,
      });
    }
    // Its first announcement, before the link, waited for nothing.
    expect(searchable(plain.postId)[0]).not.toHaveProperty('review');
    expect(searchable(plain.postId).at(-1)?.text).toBe(`${LONG_TEXT} More at trips.`);
  });
});
