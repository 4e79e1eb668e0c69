import type {
  CreatePostRequest,
  ErrorEnvelope,
  FollowingPostsPage,
  Post,
  PostPrivacy,
  PostsPage,
} from '@mepedia/contracts';
import { InProcessQueue } from '@mepedia/server-queue';
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

// Issue 34: a post's four audiences over real HTTP, on each engine. Every way a post is read
// (the post, every list, the following feed, likes, views, shares) answers a post only to those
// of its audience, and the same 404 to anyone else as for a post that does not exist. The
// circle is the circles service's word (circle.member.added/removed), kept here.
describeEachEngine('posts: audiences', (engine) => {
  const queue = new InProcessQueue();
  let tested: TestService;
  let base: string;
  const as = (who: Member | null): Record<string, string> => (who ? tested.as(who) : {});

  async function create(who: Member, privacy: PostPrivacy, extra: Partial<CreatePostRequest> = {}) {
    const response = await call<Post>(base, 'POST', '/api/posts/create', {
      headers: as(who),
      body: newPost({ privacy, ...extra }),
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
    return answer.body.posts.map((post) => post.postId);
  };
  const membership = async (owner: Member, member: Member, inCircle: boolean, at = new Date()) => {
    const type = inCircle ? 'circle.member.added' : 'circle.member.removed';
    await queue.add(
      'events-posts',
      type,
      envelope(type, { ownerId: owner.userId, memberId: member.userId }, at, 'circles'),
    );
  };
  const circleRow = (owner: Member, member: Member) =>
    tested.database.query<{ in_circle: boolean }>(
      'select in_circle from posts.circle_memberships where owner_id = $1 and member_id = $2',
      [owner.userId, member.userId],
    );
  const inCircle = async (owner: Member, member: Member, value: boolean) => {
    await membership(owner, member, value);
    await eventually(
      async () => ((await circleRow(owner, member))[0]?.in_circle === value ? true : undefined),
      { what: 'the circle membership' },
    );
  };

  beforeAll(async () => {
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

  it('shows each post to its audience alone, by id and in every list, and the same 404 to anyone else', async () => {
    const [author, family, outsider] = [newMember(), newMember(), newMember()];
    await inCircle(author, family, true);
    const posts = {
      public: await create(author, 'public'),
      members: await create(author, 'members'),
      circle: await create(author, 'circle'),
      private: await create(author, 'private'),
    };
    const readers = { guest: null, outsider, family, author } as const;
    const expected: Record<keyof typeof readers, Array<keyof typeof posts>> = {
      guest: ['public'],
      outsider: ['public', 'members'],
      family: ['public', 'members', 'circle'],
      author: ['public', 'members', 'circle', 'private'],
    };
    for (const [name, reader] of Object.entries(readers) as Array<
      [keyof typeof readers, Member | null]
    >) {
      for (const [audience, post] of Object.entries(posts) as Array<[keyof typeof posts, Post]>) {
        const answer = await read(reader, post.postId);
        const may = expected[name].includes(audience);
        expect({ reader: name, audience, status: answer.status }).toEqual({
          reader: name,
          audience,
          status: may ? 200 : 404,
        });
        if (may) expect((answer.body as Post).privacy).toBe(audience);
        else expect((answer.body as ErrorEnvelope).code).toBe('POST_NOT_FOUND');
        // Views and shares count only for those who may read; a like only for members.
        const view = await call(base, 'POST', '/api/posts/updatePostViews', {
          headers: as(reader),
          body: { postId: post.postId },
        });
        expect(view.status).toBe(may ? 200 : 404);
        if (reader) {
          const like = await call(base, 'PUT', '/api/posts/like', {
            headers: as(reader),
            body: { id: post.postId },
          });
          expect(like.status).toBe(may ? 200 : 404);
        }
      }
      const mine = Object.values(posts).map((post) => post.postId);
      const visible = expected[name].map((audience) => posts[audience].postId);
      // Every list: everyone's, the author's profile, and a search.
      for (const body of [{}, { publisherId: author.userId }, { sortBy: 'oldest' }]) {
        const ids = (await list(reader, body)).filter((id) => mine.includes(id));
        expect({ reader: name, body, ids: ids.sort() }).toEqual({
          reader: name,
          body,
          ids: [...visible].sort(),
        });
      }
    }
  });

  it('keeps the magazine to posts everyone may read, but for the author’s own view', async () => {
    const [author, family] = [newMember(), newMember()];
    await inCircle(author, family, true);
    const open = await create(author, 'public', { destination: 'magazine' });
    const narrow = await create(author, 'circle', { destination: 'magazine' });
    const members = await create(author, 'members', { destination: 'magazine' });
    for (const reader of [null, family]) {
      const ids = await list(reader, { magazine: true });
      expect(ids).toContain(open.postId);
      expect(ids).not.toContain(narrow.postId);
      expect(ids).not.toContain(members.postId);
      const theirs = await list(reader, { magazine: true, publisherId: author.userId });
      expect(theirs).toEqual([open.postId]);
    }
    expect(await list(author, { magazine: true, publisherId: author.userId })).toEqual(
      expect.arrayContaining([open.postId, narrow.postId, members.postId]),
    );
  });

  it('narrows and widens at once: a post made circle leaves guests and outsiders, and comes back', async () => {
    const [author, family, outsider] = [newMember(), newMember(), newMember()];
    await inCircle(author, family, true);
    const post = await create(author, 'public', { destination: 'magazine' });
    // Read by a guest first: the guests' cache holds it.
    expect((await read(null, post.postId)).status).toBe(200);
    expect(await list(null, { magazine: true })).toContain(post.postId);

    const narrowed = await call<Post>(base, 'POST', '/api/posts/updatePostPrivacy', {
      headers: as(author),
      body: { postId: post.postId, privacy: 'circle' },
    });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.privacy).toBe('circle');
    expect((await read(null, post.postId)).status).toBe(404);
    expect(await list(null, { magazine: true })).not.toContain(post.postId);
    expect(await list(null, {})).not.toContain(post.postId);
    expect((await read(outsider, post.postId)).status).toBe(404);
    expect((await read(family, post.postId)).status).toBe(200);

    await call(base, 'POST', '/api/posts/updatePostPrivacy', {
      headers: as(author),
      body: { postId: post.postId, privacy: 'public' },
    });
    expect((await read(null, post.postId)).status).toBe(200);
    expect(await list(null, { magazine: true })).toContain(post.postId);
  });

  it('takes a circle post from a member the moment they leave the circle, whatever order the word comes in', async () => {
    const [author, family] = [newMember(), newMember()];
    const t0 = Date.now();
    await membership(author, family, true, new Date(t0));
    await eventually(async () => ((await circleRow(author, family)).length ? true : undefined), {
      what: 'the membership',
    });
    const post = await create(author, 'circle');
    expect((await read(family, post.postId)).status).toBe(200);
    // Removed at t0 + 2; an older "added" (t0 + 1) arriving after it changes nothing.
    await membership(author, family, false, new Date(t0 + 2000));
    await eventually(
      async () => ((await circleRow(author, family))[0]?.in_circle === false ? true : undefined),
      { what: 'the removal' },
    );
    await membership(author, family, true, new Date(t0 + 1000));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await read(family, post.postId)).status).toBe(404);
    expect(await list(family, {})).not.toContain(post.postId);
    expect(await list(family, { publisherId: author.userId })).not.toContain(post.postId);
  });

  it('shows followers what they may read of the people they follow, and never their private posts', async () => {
    const [author, fan, family] = [newMember(), newMember(), newMember()];
    await inCircle(author, family, true);
    const follow = async (follower: Member) => {
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
            await tested.database.query(
              'select 1 from posts.follows where follower_id = $1 and following',
              [follower.userId],
            )
          ).length
            ? true
            : undefined,
        { what: 'the follow' },
      );
    };
    await follow(fan);
    await follow(family);
    const posts = {
      public: await create(author, 'public'),
      members: await create(author, 'members'),
      circle: await create(author, 'circle'),
      private: await create(author, 'private'),
    };
    const feed = async (who: Member) =>
      (
        await call<FollowingPostsPage>(base, 'POST', '/api/posts/getFollowingPosts', {
          headers: as(who),
          body: { limit: 50 },
        })
      ).body.posts.map((post) => post.postId);
    expect((await feed(fan)).sort()).toEqual([posts.public.postId, posts.members.postId].sort());
    expect((await feed(family)).sort()).toEqual(
      [posts.public.postId, posts.members.postId, posts.circle.postId].sort(),
    );
  });

  it('announces the audience as it is, so every service that keeps copies hears a narrowing', async () => {
    const author = newMember();
    const emitted: Array<{ type: string; payload: { postId?: string; privacy?: string } }> = [];
    queue.process('events', async (job) => void emitted.push(job.data as (typeof emitted)[0]));
    const post = await create(author, 'members');
    await call(base, 'POST', '/api/posts/updatePostPrivacy', {
      headers: as(author),
      body: { postId: post.postId, privacy: 'circle' },
    });
    await eventually(
      () =>
        emitted.filter(
          (event) => event.type === 'post.privacy.changed' && event.payload.postId === post.postId,
        ).length >= 2 || undefined,
      { what: 'two post.privacy.changed' },
    );
    expect(
      emitted
        .filter(
          (event) => event.type === 'post.privacy.changed' && event.payload.postId === post.postId,
        )
        .map((event) => event.payload.privacy),
    ).toEqual(['members', 'circle']);
  });

  it('refuses an audience it does not know, in the caller’s language', async () => {
    const author = newMember({ language: 'he' });
    const answer = await call<ErrorEnvelope>(base, 'POST', '/api/posts/create', {
      headers: as(author),
      body: newPost({ privacy: 'family' as PostPrivacy }),
    });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
  });
});
