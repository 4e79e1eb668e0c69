import { randomUUID } from 'node:crypto';
import type {
  CreatePostRequest,
  DomainEventPayload,
  ErrorEnvelope,
  FollowingPostsPage,
  ModerationState,
  Post,
  PostPrivacy,
  PostsPage,
  PostSummary,
} from '@mepedia/contracts';
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

type Moderation = DomainEventPayload<'moderation.item.changed'>;
type Reader = 'owner' | 'member' | 'circle' | 'guest';

const LONG_TEXT =
  'An answer about where I come from, long enough to be put in the magazine as a story of its own.';

/** Letters only, unlike any other test's: a title and a name to search by. */
const token = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

// Issue 35: the moderation service's word (moderation.item.changed) on a post, and on a
// questionnaire answer whose post is in the magazine, over real HTTP on each engine. A post held
// or removed is its publisher's alone: gone from the post's page and from every list for every
// other reader (guests' kept answers too), read by the publisher with why (`moderation`). The
// newest word stands whatever the order they come in; the same word twice changes nothing.
type Announced = { type: string; payload: Record<string, unknown> };

const REVIEW_FIRST = 2;

describeEachEngine('posts: moderation', (engine) => {
  let tested: TestService;
  /** What the service announced (its outbox, relayed). */
  const announced: Announced[] = [];
  let base: string;
  const as = (who: Member | null): Record<string, string> => (who ? tested.as(who) : {});
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    tested.database.query<T>(text, params);

  /** Hand an event to the service's queue and wait until it has been handled. */
  async function deliver(type: string, payload: unknown, occurredAt = new Date(), source = 'x') {
    const event = envelope(type, payload, occurredAt, source);
    await tested.queue.add('events-posts', event.type, event, { jobId: event.id, attempts: 1 });
    for (let i = 0; i < 250; i++) {
      const { waiting, active, delayed } = await tested.queue.counts('events-posts');
      if (waiting + active + delayed === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await tested.queue.failed('events-posts')).toEqual([]);
  }
  const moderate = (change: Moderation, at = new Date()) =>
    deliver('moderation.item.changed', change, at, 'moderation');
  const postWord = (
    post: Post,
    state: ModerationState,
    caseId: string = randomUUID(),
  ): Moderation => ({
    kind: 'post',
    itemId: post.postId,
    ownerId: post.publisherId,
    state,
    caseId,
  });

  async function create(who: Member, overrides: Partial<CreatePostRequest> = {}): Promise<Post> {
    const response = await call<Post>(base, 'POST', '/api/posts/create', {
      headers: as(who),
      body: newPost(overrides),
    });
    expect(response.status).toBe(201);
    return response.body;
  }
  const read = (who: Member | null, postId: string) =>
    call<Post | ErrorEnvelope>(base, 'POST', '/api/posts/getPostById', {
      headers: as(who),
      body: { postId },
    });
  const list = async (who: Member | null, body: Record<string, unknown>) => {
    const answer = await call<PostsPage>(base, 'POST', '/api/posts/getPosts', {
      headers: as(who),
      body: { limit: 50, ...body },
    });
    expect(answer.status).toBe(200);
    return answer.body.posts;
  };
  const following = async (who: Member) => {
    const answer = await call<FollowingPostsPage>(base, 'POST', '/api/posts/getFollowingPosts', {
      headers: as(who),
      body: { limit: 50 },
    });
    expect(answer.status).toBe(200);
    return answer.body.posts.map((post) => post.postId);
  };
  const stateOf = async (postId: string) =>
    (
      await sql<{ moderation_state: string; moderation_case_id: string | null }>(
        'select moderation_state, moderation_case_id from posts.posts where id = $1',
        [postId],
      )
    )[0];
  const decisions = (itemId: string) =>
    sql('select kind, state from posts.moderation_decisions where item_id = $1', [itemId]);

  /** The four kinds of reader of `owner`'s posts: a circle member and a follower among them. */
  async function cast(): Promise<{
    owner: Member;
    member: Member;
    circle: Member;
    guest: null;
  }> {
    const owner = newMember();
    const [member, circle] = [newMember(), newMember()];
    const fullname = `${token()} ${token()}`;
    await deliver(
      'user.updated',
      {
        userId: owner.userId,
        firstname: fullname.split(' ')[0],
        lastname: fullname.split(' ')[1],
        fullname,
        language: 'en',
        profileImage: null,
      },
      new Date(),
      'users',
    );
    await deliver('circle.member.added', { ownerId: owner.userId, memberId: circle.userId });
    for (const follower of [owner, member, circle])
      if (follower !== owner)
        await deliver('follow.changed', {
          followerId: follower.userId,
          followeeId: owner.userId,
          following: true,
        });
    return { owner, member, circle, guest: null };
  }

  /**
   * Every way a reader finds a post in a list: everyone's (both orders, by cursor too), the
   * magazine (with the reader's language first too), the publisher's profile, a title search,
   * an author search, the questionnaire's, and the following feed.
   */
  async function listsHolding(who: Member | null, post: Post, owner: Member): Promise<string[]> {
    const name = (
      await sql<{ search_name: string }>(
        'select search_name from posts.publishers where user_id = $1',
        [owner.userId],
      )
    )[0]?.search_name as string;
    const word = post.title.split(' ').at(-1) as string;
    const lists: Record<string, Record<string, unknown>> = {
      everyone: {},
      oldest: { sortBy: 'oldest' },
      magazine: { magazine: true },
      magazineLanguage: { magazine: true, language: 'en' },
      profile: { publisherId: owner.userId },
      magazineProfile: { magazine: true, publisherId: owner.userId },
      title: { topicSearchValue: word },
      author: { authorSearchValue: name.split(' ')[0] },
      ...(post.questionId ? { question: { questionId: post.questionId } } : {}),
    };
    const holding: string[] = [];
    for (const [label, body] of Object.entries(lists)) {
      const ids = (await list(who, body)).map((summary: PostSummary) => summary.postId);
      if (ids.includes(post.postId)) holding.push(label);
    }
    if (who && who.userId !== owner.userId && (await following(who)).includes(post.postId))
      holding.push('following');
    return holding;
  }

  /**
   * What each reader may do with the post: read it (with the owner's `moderation` as they see
   * it), count a view and a share, like it; and in which lists they find it.
   */
  async function whatEachSees(readers: Record<Reader, Member | null>, post: Post) {
    const owner = readers.owner as Member;
    const seen: Record<string, unknown> = {};
    for (const [name, who] of Object.entries(readers)) {
      const answer = await read(who, post.postId);
      const view = await call(base, 'POST', '/api/posts/updatePostViews', {
        headers: as(who),
        body: { postId: post.postId },
      });
      const share = await call(base, 'POST', '/api/posts/updateShareProp', {
        headers: as(who),
        body: { objectId: post.postId },
      });
      const like = who
        ? (
            await call(base, 'PUT', '/api/posts/like', {
              headers: as(who),
              body: { id: post.postId },
            })
          ).status
        : 'no guest likes';
      seen[name] = {
        read: answer.status === 200 ? 200 : (answer.body as ErrorEnvelope).code,
        moderation: answer.status === 200 ? ((answer.body as Post).moderation ?? null) : null,
        view: view.status,
        share: share.status,
        like,
        lists: await listsHolding(who, post, owner),
      };
    }
    return seen;
  }

  const everyList = [
    'everyone',
    'oldest',
    'magazine',
    'magazineLanguage',
    'profile',
    'magazineProfile',
    'title',
    'author',
  ];
  const allOf = (who: Reader) => ({
    read: 200,
    moderation: null,
    view: 200,
    share: 200,
    like: who === 'guest' ? 'no guest likes' : 200,
    lists: [...everyList, ...(who === 'member' || who === 'circle' ? ['following'] : [])],
  });
  const noneOf = (who: Reader) => ({
    read: 'POST_NOT_FOUND',
    moderation: null,
    view: 404,
    share: 404,
    like: who === 'guest' ? 'no guest likes' : 404,
    lists: [],
  });
  /** The publisher's own view of their hidden post: every list of theirs, and why. */
  const ownersOf = (state: 'held' | 'removed', caseId: string) => ({
    ...allOf('owner'),
    moderation: { state, caseId },
    // The public lists of everyone else hold it no more; the publisher's own merged lists do.
    lists: everyList,
  });

  beforeAll(async () => {
    tested = await startTestService(
      'posts',
      (platform) =>
        createPostsApp(platform, {
          translation: { provider: 'off' },
          // A member's first two posts with a link wait for review (the default is three).
          reviewHolds: { firstItems: REVIEW_FIRST },
        }),
      { engine },
    );
    ({ base } = tested);
    tested.queue.process('events', async (job) => void announced.push(job.data as Announced));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('hides a held post from every reader but its publisher, shows it again, and removes it', async () => {
    const readers = await cast();
    const { owner } = readers;
    const post = await create(owner, {
      title: `A public story ${token()}`,
      destination: 'magazine',
    });
    const everyone = Object.fromEntries(
      (Object.keys(readers) as Reader[]).map((who) => [who, allOf(who)]),
    );
    // Read by everyone first, guests' answers kept for seconds.
    expect(await whatEachSees(readers, post)).toEqual(everyone);

    const held = randomUUID();
    await moderate(postWord(post, 'held', held));
    expect(await whatEachSees(readers, post)).toEqual({
      owner: ownersOf('held', held),
      member: noneOf('member'),
      circle: noneOf('circle'),
      guest: noneOf('guest'),
    });

    await moderate(postWord(post, 'visible'));
    expect(await whatEachSees(readers, post)).toEqual(everyone);

    const removed = randomUUID();
    await moderate(postWord(post, 'removed', removed));
    expect(await whatEachSees(readers, post)).toEqual({
      owner: ownersOf('removed', removed),
      member: noneOf('member'),
      circle: noneOf('circle'),
      guest: noneOf('guest'),
    });
  });

  it.each(['members', 'circle', 'private'] as const)(
    'takes a %s post from those of its audience too, and gives it back',
    async (privacy: PostPrivacy) => {
      const readers = await cast();
      const post = await create(readers.owner, { privacy });
      const mayRead = (who: Reader) =>
        who === 'owner' ||
        (privacy === 'members' && who !== 'guest') ||
        (privacy === 'circle' && who === 'circle');
      const reads = async () => {
        const statuses: Record<string, number> = {};
        for (const [name, who] of Object.entries(readers)) {
          statuses[name] = (await read(who, post.postId)).status;
          const ids = (await list(who, {})).map((summary) => summary.postId);
          const theirs = (await list(who, { publisherId: readers.owner.userId })).map(
            (summary) => summary.postId,
          );
          expect({
            name,
            everyone: ids.includes(post.postId),
            profile: theirs.includes(post.postId),
          }).toEqual({
            name,
            everyone: statuses[name] === 200,
            profile: statuses[name] === 200,
          });
        }
        return statuses;
      };
      const before = await reads();
      expect(before).toEqual(
        Object.fromEntries(
          (Object.keys(readers) as Reader[]).map((who) => [who, mayRead(who) ? 200 : 404]),
        ),
      );
      await moderate(postWord(post, 'held'));
      expect(await reads()).toEqual({ owner: 200, member: 404, circle: 404, guest: 404 });
      await moderate(postWord(post, 'visible'));
      expect(await reads()).toEqual(before);
    },
  );

  it('lets the newest word stand, whatever order they come in, and a word heard twice change nothing', async () => {
    const { owner } = await cast();
    const post = await create(owner);
    const t0 = Date.now();
    const caseId = randomUUID();
    // Shown again at t0 + 2; the hold of t0 + 1 arrives after it and changes nothing.
    await moderate(postWord(post, 'visible', caseId), new Date(t0 + 2000));
    await moderate(postWord(post, 'held', caseId), new Date(t0 + 1000));
    expect(await stateOf(post.postId)).toEqual({
      moderation_state: 'visible',
      moderation_case_id: null,
    });
    expect((await read(null, post.postId)).status).toBe(200);

    // Removed at t0 + 3, heard twice; the same word again, even after a newer one, is old.
    const removal = postWord(post, 'removed', caseId);
    await moderate(removal, new Date(t0 + 3000));
    await moderate(removal, new Date(t0 + 3000));
    expect(await stateOf(post.postId)).toEqual({
      moderation_state: 'removed',
      moderation_case_id: caseId,
    });
    await moderate(postWord(post, 'visible', caseId), new Date(t0 + 4000));
    await moderate(removal, new Date(t0 + 3000));
    expect(await stateOf(post.postId)).toEqual({
      moderation_state: 'visible',
      moderation_case_id: null,
    });
    expect((await read(null, post.postId)).status).toBe(200);
  });

  it('keeps the state through the publisher’s own edits, and tells them why on each', async () => {
    const { owner, member } = await cast();
    const post = await create(owner);
    const caseId = randomUUID();
    await moderate(postWord(post, 'held', caseId));
    const edited = await call<Post>(base, 'PUT', '/api/posts/update', {
      headers: as(owner),
      body: { postId: post.postId, title: 'A title changed while held' },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.moderation).toEqual({ state: 'held', caseId });
    const widened = await call<Post>(base, 'POST', '/api/posts/updatePostPrivacy', {
      headers: as(owner),
      body: { postId: post.postId, privacy: 'public' },
    });
    expect(widened.body.moderation).toEqual({ state: 'held', caseId });
    expect((await read(member, post.postId)).status).toBe(404);
    expect((await read(null, post.postId)).status).toBe(404);
  });

  it('follows an answer’s word to the magazine post made from it, in either order', async () => {
    const { owner, member, guest } = await cast();
    const questionId = `q-${token()}`;
    const meAnswerId = randomUUID();
    const title = `Where I come from ${token()}`;
    const publish = (at: Date, words = title) =>
      deliver(
        'meAnswer.published',
        {
          userId: owner.userId,
          questionId,
          meAnswerId,
          title: words,
          content: `<p>${LONG_TEXT}</p>`,
          privacy: 'public',
        },
        at,
        'me-answers',
      );
    const answerWord = (state: ModerationState, caseId = randomUUID()): Moderation => ({
      kind: 'answer',
      itemId: meAnswerId,
      ownerId: owner.userId,
      state,
      caseId,
    });
    // In the past: an answer's post is dated by its word, and lists hold nothing from later.
    const t0 = Date.now() - 60_000;
    // Held before it is in the magazine: its post is hidden from its first moment.
    const caseId = randomUUID();
    await moderate(answerWord('held', caseId), new Date(t0));
    await publish(new Date(t0 + 1000));
    const [summary] = await list(owner, { questionId, publisherId: owner.userId });
    expect(summary).toMatchObject({ title, moderation: { state: 'held', caseId } });
    const postId = (summary as PostSummary).postId;
    // Announced as withheld: no follower is told of a story the moderators took down.
    const told = await eventually(
      async () =>
        announced.find(
          (event) => event.type === 'post.published' && event.payload['postId'] === postId,
        ),
      { what: 'the post announced' },
    );
    expect(told.payload).toMatchObject({ withheld: true, questionId });
    for (const who of [member, guest]) {
      expect((await read(who, postId)).status).toBe(404);
      const me = await call(base, 'POST', '/api/posts/getMePost', {
        headers: as(who),
        body: { postId },
      });
      expect(me.status).toBe(404);
      expect((await list(who, { magazine: true })).map((p) => p.postId)).not.toContain(postId);
      expect((await list(who, { questionId })).map((p) => p.postId)).not.toContain(postId);
    }
    // Saved again (a newer word from me-answers): still held.
    await publish(new Date(t0 + 2000), `${title} again`);
    expect((await read(owner, postId)).body).toMatchObject({
      title: `${title} again`,
      moderation: { state: 'held', caseId },
    });
    expect((await read(guest, postId)).status).toBe(404);

    // Shown again, then removed.
    await moderate(answerWord('visible'), new Date(t0 + 3000));
    expect((await read(guest, postId)).status).toBe(200);
    expect((await list(member, { magazine: true })).map((p) => p.postId)).toContain(postId);
    await moderate(answerWord('removed', caseId), new Date(t0 + 4000));
    expect((await read(member, postId)).status).toBe(404);
    expect((await read(owner, postId)).body).toMatchObject({
      moderation: { state: 'removed', caseId },
    });

    // Out of the magazine and back: the new post starts removed, as its answer is.
    await deliver(
      'meAnswer.unpublished',
      { userId: owner.userId, questionId, meAnswerId },
      new Date(t0 + 5000),
      'me-answers',
    );
    expect((await read(owner, postId)).status).toBe(404);
    await publish(new Date(t0 + 6000));
    const [again] = await list(owner, { questionId, publisherId: owner.userId });
    expect(again?.postId).not.toBe(postId);
    expect(again?.moderation).toEqual({ state: 'removed', caseId });
    expect((await read(guest, (again as PostSummary).postId)).status).toBe(404);
  });

  it('lets the stronger of a questionnaire post’s own word and its answer’s stand', async () => {
    const { owner } = await cast();
    const questionId = `q-${token()}`;
    const meAnswerId = randomUUID();
    await deliver(
      'meAnswer.published',
      {
        userId: owner.userId,
        questionId,
        meAnswerId,
        title: 'Both words',
        content: `<p>${LONG_TEXT}</p>`,
        privacy: 'public',
      },
      new Date(),
      'me-answers',
    );
    const [summary] = await list(owner, { questionId, publisherId: owner.userId });
    const postId = (summary as PostSummary).postId;
    const [postCase, answerCase] = [randomUUID(), randomUUID()];
    const word = (kind: 'post' | 'answer', state: ModerationState): Moderation => ({
      kind,
      itemId: kind === 'post' ? postId : meAnswerId,
      ownerId: owner.userId,
      state,
      caseId: kind === 'post' ? postCase : answerCase,
    });
    await moderate(word('answer', 'held'));
    await moderate(word('post', 'removed'));
    expect(await stateOf(postId)).toEqual({
      moderation_state: 'removed',
      moderation_case_id: postCase,
    });
    // The post's own removal lifted: the answer's hold still stands.
    await moderate(word('post', 'visible'));
    expect(await stateOf(postId)).toEqual({
      moderation_state: 'held',
      moderation_case_id: answerCase,
    });
    await moderate(word('answer', 'visible'));
    expect(await stateOf(postId)).toEqual({
      moderation_state: 'visible',
      moderation_case_id: null,
    });
    expect((await read(null, postId)).status).toBe(200);
  });

  it('learns the answer of a post made before answers were kept, from an old word that changes nothing else', async () => {
    const { owner } = await cast();
    const questionId = `q-${token()}`;
    const meAnswerId = randomUUID();
    const published = (title: string) => ({
      userId: owner.userId,
      questionId,
      meAnswerId,
      title,
      content: `<p>${LONG_TEXT}</p>`,
      privacy: 'public' as const,
    });
    await deliver('meAnswer.published', published('As it was'), new Date(), 'me-answers');
    const [summary] = await list(owner, { questionId, publisherId: owner.userId });
    const postId = (summary as PostSummary).postId;
    // As a post from before: its answer unknown here.
    await sql('update posts.posts set me_answer_id = null where id = $1', [postId]);
    await moderate({
      kind: 'answer',
      itemId: meAnswerId,
      ownerId: owner.userId,
      state: 'held',
      caseId: 'c1',
    });
    expect((await read(null, postId)).status).toBe(200);
    // me-answers' announcement of its magazine answers, dated the epoch (its migration).
    await deliver('meAnswer.published', published('An old word'), new Date(0), 'me-answers');
    expect((await read(null, postId)).status).toBe(404);
    expect((await read(owner, postId)).body).toMatchObject({
      title: 'As it was',
      moderation: { state: 'held', caseId: 'c1' },
    });
  });

  it('is moved by no word about another member’s post, another kind, or an id that is none', async () => {
    const { owner, member } = await cast();
    const post = await create(owner);
    const theirs = await create(member);
    const attempts: Moderation[] = [
      // The owner named wrongly: a word about someone else's post reaches nothing.
      { ...postWord(post, 'removed'), ownerId: member.userId },
      // A post's id as an answer's, a comment's or a profile's.
      { ...postWord(post, 'removed'), kind: 'answer' },
      { ...postWord(post, 'removed'), kind: 'comment' },
      { ...postWord(post, 'removed'), kind: 'profile' },
      // The owner's id as the item.
      { ...postWord(post, 'removed'), itemId: owner.userId },
      // Ids that are no ids.
      { ...postWord(post, 'removed'), itemId: 'not-a-post' },
      { ...postWord(post, 'removed'), ownerId: `${owner.userId}' or 1=1 --` },
    ];
    for (const attempt of attempts) await moderate(attempt);
    for (const id of [post.postId, theirs.postId]) {
      expect(await stateOf(id)).toEqual({ moderation_state: 'visible', moderation_case_id: null });
      expect((await read(null, id)).status).toBe(200);
    }
    // Only the word naming the answer-kind id is kept (an answer's post may come later); none
    // about the post itself, since it named its owner wrongly.
    expect(await decisions(post.postId)).toEqual([{ kind: 'answer', state: 'removed' }]);
  });

  it('keeps a deleted post deleted, and forgets a member who left with every word about them', async () => {
    const { owner } = await cast();
    const post = await create(owner);
    const deleted = await call(base, 'DELETE', `/api/posts/deletePost/${post.postId}`, {
      headers: as(owner),
    });
    expect(deleted.status).toBe(200);
    await moderate(postWord(post, 'visible'));
    expect((await read(owner, post.postId)).status).toBe(404);
    expect(await decisions(post.postId)).toEqual([]);

    const kept = await create(owner);
    const meAnswerId = randomUUID();
    await moderate(postWord(kept, 'held'));
    await moderate({
      kind: 'answer',
      itemId: meAnswerId,
      ownerId: owner.userId,
      state: 'held',
      caseId: 'c',
    });
    await deliver('user.deleted', { userId: owner.userId }, new Date(), 'users');
    const theirs = await sql('select 1 from posts.moderation_decisions where owner_id = $1', [
      owner.userId,
    ]);
    expect(theirs).toEqual([]);
    // A late word about them writes nothing back.
    await moderate({
      kind: 'answer',
      itemId: meAnswerId,
      ownerId: owner.userId,
      state: 'removed',
      caseId: 'c',
    });
    expect(await decisions(meAnswerId)).toEqual([]);
  });
  it('takes a held or removed profile’s name and picture off every byline and out of author searches, and back once visible', async () => {
    const { owner, member } = await cast();
    const post = await create(owner);
    const [fullname] = (
      await sql<{ fullname: string }>('select fullname from posts.publishers where user_id = $1', [
        owner.userId,
      ])
    ).map((row) => row.fullname);
    const profileWord = (state: ModerationState): Moderation => ({
      kind: 'profile',
      itemId: owner.userId,
      ownerId: owner.userId,
      state,
      caseId: 'case-profile',
    });
    const bylines = async (who: Member | null) => {
      const read = await call<Post>(base, 'POST', '/api/posts/getPostById', {
        headers: as(who),
        body: { postId: post.postId },
      });
      const card = (await list(who, { publisherId: owner.userId })).find(
        (summary) => summary.postId === post.postId,
      );
      const found = (await list(who, { authorSearchValue: fullname!.split(' ')[0] })).some(
        (summary) => summary.postId === post.postId,
      );
      return {
        read: read.body.publisher?.fullname ?? null,
        card: card?.publisher?.fullname ?? null,
        found,
      };
    };
    expect(await bylines(member)).toEqual({ read: fullname, card: fullname, found: true });

    await moderate(profileWord('removed'));
    // The story stays; whose it is, by name and picture, does not (for its publisher too).
    for (const who of [member, null, owner])
      expect(await bylines(who)).toEqual({ read: null, card: null, found: false });
    // A word about a profile that names another member as its owner reaches nothing.
    await moderate({ ...profileWord('visible'), ownerId: member.userId });
    expect((await bylines(member)).read).toBeNull();

    await moderate(profileWord('visible'));
    expect(await bylines(member)).toEqual({ read: fullname, card: fullname, found: true });
  });

  describe('review holds (a new member’s first posts with a link)', () => {
    const withText = (text: string) => ({
      content: `<p>This is the story of a summer that changed everything, told slowly and with care, one memory at a time. ${text}</p>`,
    });
    const publishedOf = (postId: string) =>
      announced
        .filter((event) => event.type === 'post.published' && event.payload['postId'] === postId)
        .map((event) => event.payload);

    it('holds them from everyone but their publisher under a case of their own, until moderators let them out', async () => {
      const readers = await cast();
      const { owner, member } = readers;
      const bare = await create(owner, withText('Tickets at trips.example.com, cheap.'));
      const anchor = await create(owner, withText('<a href="https://example.org/x">here</a>'));
      const titled = await create(owner, { title: 'See www.cheap-pills.xyz now' });
      const plain = await create(owner, withText('Write to me at dana@example.org.'));

      for (const post of [bare, anchor, titled]) {
        const caseId = (await stateOf(post.postId))?.moderation_case_id as string;
        expect(post.moderation).toEqual({ state: 'held', caseId });
        expect(await whatEachSees(readers, post)).toEqual({
          // Not a magazine post: the owner finds it in every list but the magazine's.
          owner: {
            ...ownersOf('held', caseId),
            lists: everyList.filter((list) => !list.startsWith('magazine')),
          },
          member: noneOf('member'),
          circle: noneOf('circle'),
          guest: noneOf('guest'),
        });
        await eventually(async () => publishedOf(post.postId).length > 0 || undefined, {
          what: 'the post announced',
        });
        expect(publishedOf(post.postId)).toEqual([
          expect.objectContaining({
            withheld: true,
            review: { caseId, reason: 'firstLinks' },
          }),
        ]);
      }
      // An email address is no link: nothing waits.
      expect(plain.moderation).toBeUndefined();
      expect((await read(member, plain.postId)).status).toBe(200);

      // The moderators let two out: two posts out, no longer new; the next link goes out at once.
      for (const post of [bare, anchor]) {
        const caseId = (await stateOf(post.postId))?.moderation_case_id as string;
        await moderate(postWord(post, 'visible', caseId));
      }
      expect((await read(member, bare.postId)).status).toBe(200);
      const later = await create(owner, withText('More at trips.example.com.'));
      expect(later.moderation).toBeUndefined();
      expect((await read(member, later.postId)).status).toBe(200);
      await eventually(async () => publishedOf(later.postId).length > 0 || undefined, {
        what: 'the post announced',
      });
      expect(publishedOf(later.postId)[0]).not.toHaveProperty('review');
    });

    it('counts only posts out for others: held ones and deleted ones keep a member new', async () => {
      const { owner, member } = await cast();
      const gone = await create(owner);
      const alsoGone = await create(owner);
      for (const post of [gone, alsoGone])
        expect(
          (
            await call(base, 'DELETE', `/api/posts/deletePost/${post.postId}`, {
              headers: as(owner),
            })
          ).status,
        ).toBe(200);
      const held = await create(owner, withText('trips.example.com'));
      expect(held.moderation?.state).toBe('held');
      const second = await create(owner, withText('trips.example.com'));
      expect(second.moderation?.state).toBe('held');
      expect((await read(member, second.postId)).status).toBe(404);
    });

    it('holds an edit that puts the first link in, and not one of a post let out with its link', async () => {
      const { owner, member } = await cast();
      const post = await create(owner);
      const edit = (content: string) =>
        call<Post>(base, 'PUT', '/api/posts/update', {
          headers: as(owner),
          body: { postId: post.postId, ...withText(content) },
        });
      const linked = await edit('Now with trips.example.com in it.');
      expect(linked.status).toBe(200);
      const caseId = (await stateOf(post.postId))?.moderation_case_id as string;
      expect(linked.body.moderation).toEqual({ state: 'held', caseId });
      expect((await read(member, post.postId)).status).toBe(404);
      await eventually(
        async () =>
          publishedOf(post.postId).some((payload) => payload['review'] !== undefined) || undefined,
        { what: 'the edit announced with its review' },
      );

      await moderate(postWord(post, 'visible', caseId));
      const again = await edit('Now with trips.example.com and www.more.example in it.');
      expect(again.body.moderation).toBeUndefined();
      expect((await read(member, post.postId)).status).toBe(200);
    });
  });
});
