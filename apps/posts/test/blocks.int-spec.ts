import type {
  CreatePostRequest,
  DomainEventPayload,
  ErrorEnvelope,
  FollowingPostsPage,
  LikeResponse,
  Post,
  PostsPage,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  newMember,
  newPost,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createPostsApp } from '../src/posts.app';

type BlockWord = DomainEventPayload<'member.block.changed'>;

/** Letters only, unlike any other test's: a title word and a name to search by. */
const token = () =>
  Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

const minute = (n: number, from = Date.now()) => new Date(from + n * 60_000);

// Issue 35: blocks and mutes (member.block.changed, the moderation service's word) over real
// HTTP on each engine. Two members one of whom blocks the other find none of the other's stories
// in any list a member reads (everyone's, the magazine, profiles, searches, pages by cursor, the
// following feed), read only the other's public ones by their link (as a guest could), and like
// none; a mute takes someone out of the muter's lists only. Guests and third members see as
// before. The newest word stands whatever order words come in; a departed member leaves no row.
describeEachEngine('posts: blocks and mutes', (engine) => {
  let tested: TestService;
  let base: string;
  const as = (who: Member | null): Record<string, string> => (who ? tested.as(who) : {});
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    tested.database.query<T>(text, params);

  /** Hand an event to the service's queue and wait until it has been handled, without failure. */
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
  const word = (
    blocker: Member | string,
    blocked: Member | string,
    active: boolean,
    at = new Date(),
    kind: BlockWord['kind'] = 'block',
  ) =>
    deliver(
      'member.block.changed',
      {
        blockerId: typeof blocker === 'string' ? blocker : blocker.userId,
        blockedId: typeof blocked === 'string' ? blocked : blocked.userId,
        kind,
        active,
      } satisfies BlockWord,
      at,
      'moderation',
    );
  const rowsNaming = (userId: string) =>
    sql<{ blocker_id: string; blocked_id: string; kind: string; active: boolean }>(
      'select blocker_id, blocked_id, kind, active from posts.member_blocks where blocker_id = $1 or blocked_id = $1',
      [userId],
    );

  async function create(who: Member, overrides: Partial<CreatePostRequest>): Promise<Post> {
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
  const like = (who: Member, postId: string) =>
    call<LikeResponse | ErrorEnvelope>(base, 'PUT', '/api/posts/like', {
      headers: as(who),
      body: { id: postId },
    });
  const list = async (who: Member | null, body: Record<string, unknown>) => {
    const answer = await call<PostsPage>(base, 'POST', '/api/posts/getPosts', {
      headers: as(who),
      body: { limit: 50, ...body },
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** Every page of a list by cursor, two at a time. */
  const walk = async (who: Member | null, body: Record<string, unknown>) => {
    const ids: string[] = [];
    let cursor: string | null | undefined;
    for (let page = 0; page < 20; page++) {
      const answer = await list(who, { ...body, limit: 2, ...(cursor ? { cursor } : {}) });
      ids.push(...answer.posts.map((post) => post.postId));
      cursor = answer.nextCursor;
      if (!cursor) break;
    }
    return ids;
  };
  const following = async (who: Member) => {
    const answer = await call<FollowingPostsPage>(base, 'POST', '/api/posts/getFollowingPosts', {
      headers: as(who),
      body: { limit: 50 },
    });
    expect(answer.status).toBe(200);
    return answer.body.posts.map((post) => post.postId);
  };

  type Cast = {
    tag: string;
    members: Member[];
    /** Each member's public magazine story and members' story. */
    stories: Map<string, { open: Post; members: Post }>;
  };

  /**
   * `count` members named with one tag, each with a public magazine story and a members' story
   * titled with it, each following all the others.
   */
  async function cast(count: number): Promise<Cast> {
    const tag = token();
    const members = Array.from({ length: count }, () => newMember());
    const stories: Cast['stories'] = new Map();
    for (const member of members) {
      const fullname = `${tag} ${token()}`;
      await deliver(
        'user.updated',
        {
          userId: member.userId,
          firstname: tag,
          lastname: fullname.split(' ')[1],
          fullname,
          language: 'en',
          profileImage: null,
        },
        new Date(),
        'users',
      );
      stories.set(member.userId, {
        open: await create(member, {
          title: `Open story ${tag}`,
          privacy: 'public',
          destination: 'magazine',
        }),
        members: await create(member, { title: `Members story ${tag}`, privacy: 'members' }),
      });
    }
    for (const follower of members)
      for (const followee of members)
        if (follower !== followee)
          await deliver(
            'follow.changed',
            { followerId: follower.userId, followeeId: followee.userId, following: true },
            new Date(),
            'notifications',
          );
    return { tag, members, stories };
  }

  /** The cast's story ids `who` finds in each list, sorted. */
  async function seen(who: Member | null, { tag, members, stories }: Cast) {
    const ours = new Set([...stories.values()].flatMap((s) => [s.open.postId, s.members.postId]));
    const lists: Record<string, Record<string, unknown>> = {
      everyone: {},
      magazine: { magazine: true },
      magazineLanguage: { magazine: true, language: 'en' },
      title: { topicSearchValue: tag },
      titleOldest: { topicSearchValue: tag, sortBy: 'oldest' },
      author: { authorSearchValue: tag },
    };
    members.forEach((member, i) => {
      lists[`profile${i}`] = { publisherId: member.userId };
      lists[`magazineProfile${i}`] = { magazine: true, publisherId: member.userId };
    });
    const found: Record<string, string[]> = {};
    for (const [label, body] of Object.entries(lists))
      found[label] = (await list(who, body)).posts
        .map((post) => post.postId)
        .filter((id) => ours.has(id))
        .sort();
    found['titleByCursor'] = (await walk(who, { topicSearchValue: tag }))
      .filter((id) => ours.has(id))
      .sort();
    if (who) found['following'] = (await following(who)).filter((id) => ours.has(id)).sort();
    return found;
  }

  /** What `seen` answers when `who` finds the stories of `authors` (of the cast) only. */
  function expected(who: Member | null, { members, stories }: Cast, authors: Member[]) {
    const of = (member: Member, kinds: Array<'open' | 'members'>) =>
      authors.includes(member)
        ? kinds.map((kind) => (stories.get(member.userId) as Record<string, Post>)[kind]?.postId)
        : [];
    // A guest reads public stories only; a member members' stories too.
    const readable: Array<'open' | 'members'> = who ? ['open', 'members'] : ['open'];
    const all = (kinds: Array<'open' | 'members'>, only = members) =>
      only.flatMap((member) => of(member, kinds) as string[]).sort();
    const want: Record<string, string[]> = {
      everyone: all(readable),
      magazine: all(['open']),
      magazineLanguage: all(['open']),
      title: all(readable),
      titleOldest: all(readable),
      author: all(readable),
    };
    members.forEach((member, i) => {
      want[`profile${i}`] = all(readable, [member]);
      want[`magazineProfile${i}`] = all(['open'], [member]);
    });
    want['titleByCursor'] = all(readable);
    if (who)
      want['following'] = all(
        readable,
        members.filter((member) => member.userId !== who.userId),
      );
    return want;
  }

  beforeAll(async () => {
    tested = await startTestService(
      'posts',
      (platform) => createPostsApp(platform, { translation: { provider: 'off' } }),
      { engine },
    );
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('takes the blocker and the blocked out of each other’s every list, and no one else’s', async () => {
    const story = await cast(4);
    const [blocker, blocked, third, bystander] = story.members as [Member, Member, Member, Member];
    const everyone = story.members;
    // Before: everyone sees everyone.
    for (const who of [...everyone, null])
      expect({ who: who?.userId, found: await seen(who, story) }).toEqual({
        who: who?.userId,
        found: expected(who, story, everyone),
      });

    await word(blocker, blocked, true);
    // The bystander blocks the third: nothing of it reaches the blocker or the blocked.
    await word(bystander, third, true);
    const sees = {
      blocker: [blocker, third, bystander],
      blocked: [blocked, third, bystander],
      third: [blocker, blocked, third],
      bystander: [blocker, blocked, bystander],
    };
    for (const [name, authors] of Object.entries(sees)) {
      const who = { blocker, blocked, third, bystander }[name] as Member;
      expect({ name, found: await seen(who, story) }).toEqual({
        name,
        found: expected(who, story, authors),
      });
    }
    // A guest blocks no one: the public stories of all four.
    expect(await seen(null, story)).toEqual(expected(null, story, everyone));

    // Unblocked, each sees the other again.
    await word(blocker, blocked, false);
    expect(await seen(blocked, story)).toEqual(
      expected(blocked, story, [blocker, blocked, third, bystander]),
    );
    expect(await seen(blocker, story)).toEqual(
      expected(blocker, story, [blocker, blocked, third, bystander]),
    );
  });

  it('keeps a mute to the muter’s own lists, and lets them still open and like a muted member’s stories', async () => {
    const story = await cast(3);
    const [muter, muted, third] = story.members as [Member, Member, Member];
    await word(muter, muted, true, new Date(), 'mute');
    expect(await seen(muter, story)).toEqual(expected(muter, story, [muter, third]));
    // The muted member and a third see as before: a mute is not a block.
    expect(await seen(muted, story)).toEqual(expected(muted, story, story.members));
    expect(await seen(third, story)).toEqual(expected(third, story, story.members));
    const theirs = story.stories.get(muted.userId) as { open: Post; members: Post };
    expect((await read(muter, theirs.members.postId)).status).toBe(200);
    expect((await like(muter, theirs.members.postId)).status).toBe(200);
    await word(muter, muted, false, new Date(), 'mute');
    expect(await seen(muter, story)).toEqual(expected(muter, story, story.members));
  });

  it('lets the two read only each other’s public stories by their link, and like none of them', async () => {
    const story = await cast(3);
    const [blocker, blocked, third] = story.members as [Member, Member, Member];
    const mine = story.stories.get(blocker.userId) as { open: Post; members: Post };
    const theirs = story.stories.get(blocked.userId) as { open: Post; members: Post };
    // Likes given before the block.
    expect((await like(blocked, mine.open.postId)).body).toMatchObject({ liked: true });
    expect((await like(blocked, mine.members.postId)).body).toMatchObject({ liked: true });
    await word(blocker, blocked, true);

    for (const [reader, post, status] of [
      [blocked, mine.open, 200],
      [blocked, mine.members, 404],
      [blocker, theirs.open, 200],
      [blocker, theirs.members, 404],
      [third, mine.members, 200],
      [third, theirs.members, 200],
    ] as const) {
      const answer = await read(reader, post.postId);
      expect({ post: post.title, status: answer.status }).toEqual({
        post: post.title,
        status,
      });
      if (status === 404) expect((answer.body as ErrorEnvelope).code).toBe('POST_NOT_FOUND');
    }
    // A view of a story they may not read is refused as for none.
    const view = await call<ErrorEnvelope>(base, 'POST', '/api/posts/updatePostViews', {
      headers: as(blocked),
      body: { postId: mine.members.postId },
    });
    expect(view.status).toBe(404);

    // A like from before may be taken back where its giver still reads the story (no count of
    // one they may not read is told); no new one, either way, whatever the audience: refused for
    // the block on a story they read, as for none on one they may not.
    expect((await like(blocked, mine.open.postId)).body).toMatchObject({ liked: false });
    for (const [who, post, status, code] of [
      [blocked, mine.open, 403, 'MEMBER_BLOCKED'],
      [blocked, mine.members, 404, 'POST_NOT_FOUND'],
      [blocker, theirs.open, 403, 'MEMBER_BLOCKED'],
    ] as const) {
      const refused = await like(who, post.postId);
      expect({ post: post.title, status: refused.status }).toEqual({ post: post.title, status });
      expect((refused.body as ErrorEnvelope).code).toBe(code);
    }
    expect((await like(third, mine.open.postId)).body).toMatchObject({ liked: true });
    const likes = await sql<{ user_id: string }>(
      'select user_id from posts.post_likes where post_id = $1',
      [mine.open.postId],
    );
    expect(likes.map((row) => row.user_id)).toEqual([third.userId]);

    // A like handed over by the reactions service is refused the same way.
    await deliver(
      'post.like.requested',
      { postId: theirs.open.postId, userId: blocker.userId, liked: true },
      new Date(),
      'reactions',
    );
    expect(
      await sql('select 1 from posts.post_likes where post_id = $1 and user_id = $2', [
        theirs.open.postId,
        blocker.userId,
      ]),
    ).toEqual([]);

    // A guest reads the public ones, as ever.
    expect((await read(null, mine.open.postId)).status).toBe(200);
    expect((await read(null, mine.members.postId)).status).toBe(404);
  });

  it('keeps the newest word whatever order words come in, and the same word twice changes nothing', async () => {
    const story = await cast(3);
    const [a, b, third] = story.members as [Member, Member, Member];
    const t0 = Date.now();
    // The unblock (minute 2) comes before the block it undoes (minute 1).
    await word(a, b, false, minute(2, t0));
    await word(a, b, true, minute(1, t0));
    expect(await seen(b, story)).toEqual(expected(b, story, story.members));
    // A newer block stands; told again, and an older unblock late, it still does.
    await word(a, b, true, minute(3, t0));
    await word(a, b, true, minute(3, t0));
    await word(a, b, false, minute(2.5, t0));
    expect(await seen(b, story)).toEqual(expected(b, story, [b, third]));
    expect(await seen(a, story)).toEqual(expected(a, story, [a, third]));
    // A mute and a block are two words: undoing the mute leaves the block.
    await word(a, b, true, minute(4, t0), 'mute');
    await word(a, b, false, minute(5, t0), 'mute');
    expect(await seen(a, story)).toEqual(expected(a, story, [a, third]));
    await word(a, b, false, minute(6, t0));
    expect(await seen(a, story)).toEqual(expected(a, story, story.members));
    expect(await rowsNaming(a.userId)).toEqual(
      expect.arrayContaining([
        { blocker_id: a.userId, blocked_id: b.userId, kind: 'block', active: false },
        { blocker_id: a.userId, blocked_id: b.userId, kind: 'mute', active: false },
      ]),
    );
  });

  it('keeps nothing of a member who left, nor of ids that are no member’s, nor of oneself', async () => {
    const story = await cast(3);
    const [leaving, staying, third] = story.members as [Member, Member, Member];
    await word(leaving, staying, true);
    await word(third, leaving, true, new Date(), 'mute');
    expect(await rowsNaming(leaving.userId)).toHaveLength(2);
    await deliver('user.deleted', { userId: leaving.userId }, new Date(), 'users');
    expect(await rowsNaming(leaving.userId)).toEqual([]);
    // A word about them still on its way writes nothing.
    await word(staying, leaving, true, minute(1));
    await word(leaving, third, true, minute(1));
    expect(await rowsNaming(leaving.userId)).toEqual([]);
    // Ids that are not members' and oneself: no row, no failed job.
    await word('not-a-member', staying, true);
    await word(staying, "x' or '1'='1", true);
    await word(staying, staying, true);
    expect(await rowsNaming(staying.userId)).toEqual([]);
    // Nothing hides the staying member's stories from the third.
    expect(await seen(third, story)).toEqual(expected(third, story, [staying, third]));
  });
});
