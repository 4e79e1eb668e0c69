import { randomUUID } from 'node:crypto';
import type { GetPostsRequest, PostPrivacy } from '@mepedia/contracts';
import { removedMemberKey } from '@mepedia/server-database';
import { copyOnCommit, refusalOf, twoMembers } from '@mepedia/server-service-testing';
import type { z } from 'zod';
import type { MePost } from './me-answer-posts.repository';
import type { ListFilter } from './post-lists.repository';
import type { ModerationDecision } from './post-moderation.repository';
import type { PostWithPublisher, SummaryWithPublisher } from './posts.rows';
import type { PostRow } from './posts.schema';
import { ME_ANSWER_DEFAULT_IMAGE, PostsService } from './posts.service';
import type { PostsStore, PostsTransaction } from './posts.store';

// PostsService's rules over an in-memory store: the repositories' ports faked as maps, the
// transaction a copy of them that is kept only when its work ends without an error. What the
// SQL does is the integration tests' (apps/posts/test).

type Event = { type: string; payload: Record<string, unknown> };
type State = {
  posts: Map<string, PostRow>;
  likes: Set<string>;
  views: Set<string>;
  shares: Set<string>;
  publishers: Map<string, { image: string | null; searchName: string }>;
  left: Set<string>;
  answerEvents: Map<string, Date>;
  follows: Map<string, { following: boolean; at: Date }>;
  decisions: Map<string, ModerationDecision>;
  /** Current blocks, `blocker blocked` (mutes change no rule here: the lists are SQL's). */
  blocks: Set<string>;
  events: Event[];
};

const pair = (a: string, b: string) => `${a} ${b}`;

function copy(state: State): State {
  return {
    posts: new Map([...state.posts].map(([id, row]) => [id, { ...row }])),
    likes: new Set(state.likes),
    views: new Set(state.views),
    shares: new Set(state.shares),
    publishers: new Map(state.publishers),
    left: new Set(state.left),
    answerEvents: new Map(state.answerEvents),
    follows: new Map(state.follows),
    decisions: new Map(state.decisions),
    blocks: new Set(state.blocks),
    events: [...state.events],
  };
}

/** The repositories of a transaction, over `s`. */
function ports(s: State): PostsTransaction {
  const withPublisher = (row: PostRow): PostWithPublisher => ({
    ...row,
    publisherName: null,
    publisherImage: s.publishers.get(row.publisherId)?.image ?? null,
  });
  const blockedWith = (row: PostRow, reader: string | null | undefined) =>
    !!reader &&
    (s.blocks.has(pair(reader, row.publisherId)) || s.blocks.has(pair(row.publisherId, reader)));
  const count = (set: Set<string>, key: 'views' | 'shareCount', postId: string, viewer: string) => {
    const row = s.posts.get(postId) as PostRow;
    const counted = !set.has(pair(postId, viewer));
    if (counted) {
      set.add(pair(postId, viewer));
      row[key] += 1;
    }
    return { count: row[key], counted };
  };
  return {
    posts: {
      findById: async (id) => {
        const row = s.posts.get(id);
        return row && withPublisher(row);
      },
      findByIdFor: async (id, userId) => {
        const row = s.posts.get(id);
        return (
          row && {
            row: {
              ...withPublisher(row),
              readerInCircle: false,
              readerBlocked: blockedWith(row, userId),
            },
            liked: s.likes.has(pair(id, userId)),
          }
        );
      },
      facts: async (id, { readerId } = {}) => {
        const row = s.posts.get(id);
        return row && { ...row, readerInCircle: false, readerBlocked: blockedWith(row, readerId) };
      },
      findMePost: async (publisherId, questionId) =>
        [...s.posts.values()].find(
          (p) => p.publisherId === publisherId && p.questionId === questionId,
        ),
      insert: async (row) => {
        const stored = {
          views: 0,
          likes: 0,
          shareCount: 0,
          contentSanitizer: 0,
          meAnswerId: null,
          moderationState: 'visible',
          moderationCaseId: null,
          moderationChangedAt: null,
          ...row,
        } as PostRow;
        s.posts.set(stored.id, stored);
        return stored;
      },
      update: async (id, changes) => {
        const row = s.posts.get(id);
        if (row) Object.assign(row, changes, { updatedAt: new Date() });
        return row;
      },
      delete: async (id) => {
        const row = s.posts.get(id);
        s.posts.delete(id);
        return (
          row && {
            id: row.id,
            publisherId: row.publisherId,
            questionId: row.questionId,
            privacy: row.privacy,
            createdAt: row.createdAt,
          }
        );
      },
      outCount: async (publisherId, limit, except) =>
        Math.min(
          limit,
          [...s.posts.values()].filter(
            (p) =>
              p.publisherId === publisherId &&
              p.questionId === null &&
              p.moderationState === 'visible' &&
              p.id !== except,
          ).length,
        ),
    },
    likes: {
      has: async (postId, userId) => s.likes.has(pair(postId, userId)),
      toggle: async (postId, userId) => {
        const row = s.posts.get(postId) as PostRow;
        const liked = !s.likes.has(pair(postId, userId));
        if (liked) s.likes.add(pair(postId, userId));
        else s.likes.delete(pair(postId, userId));
        row.likes += liked ? 1 : -1;
        return { liked, likes: row.likes };
      },
      set: async (postId, userId, liked) => {
        const row = s.posts.get(postId) as PostRow;
        if (liked === s.likes.has(pair(postId, userId))) return;
        if (liked) s.likes.add(pair(postId, userId));
        else s.likes.delete(pair(postId, userId));
        row.likes += liked ? 1 : -1;
      },
    },
    counts: {
      addView: async (postId, viewer) => {
        const { count: views, counted } = count(s.views, 'views', postId, viewer);
        return { views, counted };
      },
      addShare: async (postId, viewer) => {
        const { count: shareCount, counted } = count(s.shares, 'shareCount', postId, viewer);
        return { shareCount, counted };
      },
      viewed: async (postId, viewer) => s.views.has(pair(postId, viewer)),
    },
    members: {
      upsertPublisher: async (row) =>
        void s.publishers.set(row.userId, {
          image: row.profileImage ?? null,
          searchName: row.searchName,
        }),
      imageOf: async (userId) => s.publishers.get(userId)?.image,
      left: async (userId) => s.left.has(removedMemberKey(userId)),
      remove: async (userId) => {
        const theirs = [...s.posts.values()].filter((p) => p.publisherId === userId);
        for (const p of theirs) s.posts.delete(p.id);
        s.left.add(removedMemberKey(userId));
        return theirs.map((p) => p.id);
      },
    },
    mePosts: {
      claim: async (publisherId, questionId, at) => {
        const last = s.answerEvents.get(pair(publisherId, questionId));
        if (last && last >= at) return false;
        s.answerEvents.set(pair(publisherId, questionId), at);
        return true;
      },
      upsert: async (post: MePost) => {
        const mine = [...s.posts.values()].find(
          (p) => p.publisherId === post.publisherId && p.questionId === post.questionId,
        );
        const row = mine
          ? Object.assign(mine, { title: post.title, content: post.content, privacy: post.privacy })
          : ({
              views: 0,
              likes: 0,
              shareCount: 0,
              contentSanitizer: 0,
              moderationState: 'visible',
              moderationCaseId: null,
              moderationChangedAt: null,
              ...post,
            } as PostRow);
        s.posts.set(row.id, row);
        return row;
      },
      delete: async (publisherId, questionId) => {
        const mine = [...s.posts.values()].filter(
          (p) => p.publisherId === publisherId && p.questionId === questionId,
        );
        for (const p of mine) s.posts.delete(p.id);
        return mine.map((p) => p.id);
      },
    },
    follows: {
      apply: async (followerId, followeeId, following, at) => {
        const last = s.follows.get(pair(followerId, followeeId));
        const gone = [followerId, followeeId].some((id) => s.left.has(removedMemberKey(id)));
        if (gone || (last && last.at >= at)) return false;
        s.follows.set(pair(followerId, followeeId), { following, at });
        return true;
      },
      removeMember: async (userId) => {
        const theirs = [...s.follows.keys()].filter((key) => key.split(' ').includes(userId));
        for (const key of theirs) s.follows.delete(key);
        return theirs.length;
      },
    },
    drafts: unusedDrafts,
    // Circles are the shared store's (libs/server/database), tested over HTTP: a departure
    // clears them here, nothing else reaches them.
    circles: {
      schema: 'posts',
      apply: unused,
      removeMember: async () => undefined,
      inCircleOf: unused,
      circlesOf: unused,
      circlesAmong: unused,
    },
    // Blocks are the shared store's (libs/server/database), tested over HTTP: here a set of the
    // current ones, as the rules of likes and reads ask of them.
    blocks: blocksOver(s),
    // The SQL's rules (the strongest decision stands, the newest of equals), over maps.
    moderation: {
      lockAnswer: async () => undefined,
      lockPostsOf: async (kind, itemId, ownerId) =>
        [...s.posts.values()]
          .filter((p) => (kind === 'post' ? p.id : p.meAnswerId) === itemId)
          .filter((p) => p.publisherId === ownerId)
          .map((p) => p.id),
      record: async (decision) => {
        const key = pair(decision.kind, decision.itemId);
        const kept = s.decisions.get(key);
        if (kept && kept.changedAt >= decision.changedAt) return false;
        s.decisions.set(key, decision);
        return true;
      },
      stateOf: async (postId) => s.posts.get(postId)?.moderationState,
      refresh: async (postIds) =>
        postIds.filter((id) => {
          const row = s.posts.get(id);
          if (!row) return false;
          const strength = { visible: 0, held: 1, removed: 2 } as const;
          const [standing] = [
            s.decisions.get(pair('post', row.id)),
            row.meAnswerId ? s.decisions.get(pair('answer', row.meAnswerId)) : undefined,
          ]
            .filter((d): d is ModerationDecision => d !== undefined)
            .filter((d) => d.kind === 'post' || d.ownerId === row.publisherId)
            .sort(
              (a, b) =>
                strength[b.state] - strength[a.state] ||
                b.changedAt.getTime() - a.changedAt.getTime(),
            );
          const state = standing?.state ?? 'visible';
          if (
            row.moderationState === state &&
            row.moderationChangedAt === (standing?.changedAt ?? null)
          )
            return false;
          Object.assign(row, {
            moderationState: state,
            moderationCaseId: state === 'visible' ? null : (standing?.caseId ?? null),
            moderationChangedAt: standing?.changedAt ?? null,
          });
          return true;
        }),
      link: async (publisherId, questionId, meAnswerId) =>
        [...s.posts.values()]
          .filter((p) => p.publisherId === publisherId && p.questionId === questionId)
          .map((p) => Object.assign(p, { meAnswerId }).id),
      forgetPosts: async (postIds) => {
        for (const id of postIds) s.decisions.delete(pair('post', id));
      },
      removeMember: async (userId) => {
        for (const [key, d] of s.decisions) if (d.ownerId === userId) s.decisions.delete(key);
      },
    },
    outbox: {
      append: async (type, payload) => void s.events.push({ type, payload }),
    },
  };
}

/** The blocks as a set of current ones; times and mutes are the store's (its own tests). */
function blocksOver(s: State): PostsTransaction['blocks'] {
  return {
    schema: 'posts',
    apply: async ({ blockerId, blockedId, kind, active }) => {
      if (kind !== 'block' || s.blocks.has(pair(blockerId, blockedId)) === active) return false;
      if (active) s.blocks.add(pair(blockerId, blockedId));
      else s.blocks.delete(pair(blockerId, blockedId));
      return true;
    },
    removeMember: async (userId) => {
      for (const key of s.blocks) if (key.split(' ').includes(userId)) s.blocks.delete(key);
    },
    eitherBlocks: unused,
    anyBlockOf: unused,
    stateOf: unused,
    listOf: unused,
    countOf: unused,
  };
}

/** Drafts are PostDraftsService's, tested over HTTP (test/drafts.int-spec.ts): never used here. */
const unused = async (): Promise<never> => {
  throw new Error('PostsService does not read drafts');
};
const unusedDrafts: PostsTransaction['drafts'] = {
  lockAuthor: unused,
  countOf: unused,
  insert: unused,
  find: unused,
  change: unused,
  page: unused,
  delete: unused,
};

function newStore() {
  const kept = copyOnCommit<State>(
    {
      posts: new Map(),
      likes: new Set(),
      views: new Set(),
      shares: new Set(),
      publishers: new Map(),
      left: new Set(),
      answerEvents: new Map(),
      follows: new Map(),
      decisions: new Map(),
      blocks: new Set(),
      events: [],
    },
    copy,
  );
  const page: SummaryWithPublisher[] = [];
  const list = jest.fn(async (_filter: ListFilter) => page);
  const following = jest.fn(
    async (
      _followerId: string,
      _after: { createdAt: Date; id: string } | undefined,
      count: number,
    ) => page.slice(0, count),
  );
  const store: PostsStore = {
    get posts() {
      return ports(kept.current()).posts;
    },
    get members() {
      return ports(kept.current()).members;
    },
    drafts: unusedDrafts,
    get blocks() {
      return ports(kept.current()).blocks;
    },
    lists: { list, following },
    transaction: (work) => kept.transaction((draft) => work(ports(draft))),
  };
  return {
    store,
    list,
    following,
    page,
    state: kept.current,
    events: () => kept.current().events,
  };
}

function setUp() {
  const data = newStore();
  const nudges = jest.fn();
  return { ...data, nudges, sut: new PostsService(data.store, nudges) };
}

const LONG =
  'A story told slowly and with care, one memory at a time, of a summer that changed everything for us.';
const input = (privacy: PostPrivacy = 'public') => ({
  title: 'A summer',
  content: `<p>${LONG}</p><script>x()</script>`,
  image: '/api/files/image/Postimage0123456789_-a',
  credit: 'Photo: the author',
  privacy,
  destination: 'profile' as const,
});

describe(PostsService.name, () => {
  const { owner: author, other } = twoMembers();

  describe('create', () => {
    it('stores the post cleaned and announces its privacy with it', async () => {
      const { sut, events, nudges } = setUp();
      const post = await sut.create(author, input('private'));
      expect(post.content).toBe(`<p>${LONG}</p>`);
      expect(post.questionId).toBeNull();
      expect(events()).toEqual([
        {
          type: 'post.privacy.changed',
          payload: { postId: post.postId, publisherId: author, privacy: 'private' },
        },
        {
          type: 'post.published',
          payload: {
            postId: post.postId,
            publisherId: author,
            title: 'A summer',
            excerpt: LONG,
            privacy: 'private',
            createdAt: post.createdAt,
          },
        },
        {
          type: 'searchable.changed',
          payload: {
            kind: 'post',
            id: post.postId,
            ownerId: author,
            audience: 'private',
            title: 'A summer',
            text: LONG,
            image: '/api/files/image/Postimage0123456789_-a',
            createdAt: post.createdAt,
            deleted: false,
          },
        },
      ]);
      expect(nudges).toHaveBeenCalled();
    });

    it('cuts a long story’s excerpt in post.published, as plain text', async () => {
      const { sut, events } = setUp();
      await sut.create(author, { ...input(), content: `<p><b>${LONG}</b></p><p>${LONG}</p>` });
      const published = events().find((e) => e.type === 'post.published');
      const excerpt = published?.payload['excerpt'] as string;
      expect(excerpt.startsWith('A story told slowly')).toBe(true);
      expect(excerpt.endsWith('…')).toBe(true);
      expect(excerpt).not.toMatch(/[<>]/);
      expect(Array.from(excerpt).length).toBeLessThanOrEqual(140);
    });

    it('refuses content too short, and stores and announces nothing', async () => {
      const { sut, state } = setUp();
      await expect(sut.create(author, { ...input(), content: '<p>Hi</p>' })).rejects.toMatchObject({
        code: 'VALIDATION_FAILED',
        details: [{ field: 'content', code: 'CONTENT_TOO_SHORT' }],
      });
      expect(state().posts.size).toBe(0);
      expect(state().events).toEqual([]);
    });
  });

  describe('update, updatePrivacy, delete', () => {
    it('lets the author change a post, announcing its privacy only when it is changed', async () => {
      const { sut, events } = setUp();
      const { postId } = await sut.create(author, input());
      const before = events().length;
      expect((await sut.update(author, { postId, title: 'Another summer' })).title).toBe(
        'Another summer',
      );
      // A new title is announced as the post now is (post.published, and to the search
      // service), its privacy not.
      expect(
        events()
          .slice(before)
          .map((e) => e.type),
      ).toEqual(['post.published', 'searchable.changed']);
      expect(events().at(-2)?.payload).toMatchObject({ title: 'Another summer' });
      expect(events().at(-1)?.payload).toMatchObject({ title: 'Another summer', text: LONG });
      // A credit is nothing the search shows: nothing announced.
      await sut.update(author, { postId, credit: 'Photo: me' });
      expect(events()).toHaveLength(before + 2);
      expect((await sut.updatePrivacy(author, postId, 'private')).privacy).toBe('private');
      expect(events().slice(-3, -1)).toEqual([
        {
          type: 'post.privacy.changed',
          payload: { postId, publisherId: author, privacy: 'private' },
        },
        {
          type: 'post.published',
          payload: expect.objectContaining({ postId, title: 'Another summer', privacy: 'private' }),
        },
      ]);
    });

    it('tells another member a public post is not theirs, and a private one does not exist', async () => {
      const { sut, state } = setUp();
      const open = await sut.create(author, input('public'));
      const closed = await sut.create(author, input('private'));
      const before = state().events.length;
      expect(await refusalOf(sut.update(other, { postId: open.postId, title: 'Mine' }))).toBe(
        'NOT_POST_OWNER',
      );
      expect(await refusalOf(sut.updatePrivacy(other, closed.postId, 'public'))).toBe(
        'POST_NOT_FOUND',
      );
      expect(await refusalOf(sut.delete(other, open.postId))).toBe('NOT_POST_OWNER');
      expect(await refusalOf(sut.delete(other, closed.postId))).toBe('POST_NOT_FOUND');
      expect(await refusalOf(sut.delete(other, randomUUID()))).toBe('POST_NOT_FOUND');
      expect(state().posts.get(open.postId)?.title).toBe('A summer');
      expect(state().posts.size).toBe(2);
      expect(state().events).toHaveLength(before);
    });

    it('asks who asks before it reads the content: a stranger’s bad content is still not theirs', async () => {
      const { sut } = setUp();
      const { postId } = await sut.create(author, input());
      expect(await refusalOf(sut.update(other, { postId, content: '<p>Hi</p>' }))).toBe(
        'NOT_POST_OWNER',
      );
    });

    it('deletes the author’s post, announced, naming the question of an answer’s post', async () => {
      const { sut, events, state } = setUp();
      const { postId } = await sut.create(author, input());
      await sut.delete(author, postId);
      expect(events().slice(-2)).toEqual([
        { type: 'post.deleted', payload: { postId, publisherId: author } },
        {
          type: 'searchable.changed',
          payload: expect.objectContaining({ kind: 'post', id: postId, deleted: true }),
        },
      ]);
      await sut.publishMeAnswer(answer(author, 'roots'), new Date());
      const [mine] = state().posts.values();
      await sut.deleteMePost(author, 'roots');
      expect(events().at(-1)).toEqual({
        type: 'post.deleted',
        payload: { postId: mine?.id, publisherId: author, questionId: 'roots' },
      });
      expect(state().posts.size).toBe(0);
      expect(await refusalOf(sut.deleteMePost(author, 'roots'))).toBe('POST_NOT_FOUND');
    });
  });

  describe('getById, getMePost', () => {
    it('shows a private post to its author only, with whether they like it', async () => {
      const { sut } = setUp();
      const { postId } = await sut.create(author, input('private'));
      await sut.like(postId, author);
      expect(await sut.getById(postId, author)).toMatchObject({ postId, likedByMe: true });
      expect(await refusalOf(sut.getById(postId, other))).toBe('POST_NOT_FOUND');
      expect(await refusalOf(sut.getById(postId, null))).toBe('POST_NOT_FOUND');
      expect(await refusalOf(sut.getById(randomUUID(), author))).toBe('POST_NOT_FOUND');
    });

    it('shows a public post to anyone, and as an answer’s post only if it is one', async () => {
      const { sut } = setUp();
      const { postId } = await sut.create(author, input('public'));
      expect(await sut.getById(postId, null)).toMatchObject({ postId, likedByMe: false });
      expect(await sut.getById(postId, other)).toMatchObject({ postId, likedByMe: false });
      expect(await refusalOf(sut.getMePost(postId, other))).toBe('POST_NOT_FOUND');
    });
  });

  describe('list', () => {
    const body = (more: Partial<z.output<typeof GetPostsRequest>> = {}) =>
      ({ pageNumber: 0, limit: 2, ...more }) as z.output<typeof GetPostsRequest>;

    it('asks for the posts the policy lets the reader see: a member’s own private ones too', async () => {
      const { sut, list } = setUp();
      await sut.list(body({ authorSearchValue: 'Ora  Tal', magazine: true }), author);
      await sut.list(body({ pageNumber: 3 }), null);
      expect(list.mock.calls[0]).toEqual([
        expect.objectContaining({
          privateOf: author,
          authorWords: ['ora', 'tal'],
          topicWords: [],
          magazine: true,
        }),
        'mostRecent',
        0,
        2,
      ]);
      expect(list.mock.calls[1]).toEqual([
        expect.objectContaining({ privateOf: null }),
        'mostRecent',
        6,
        2,
      ]);
    });

    it('answers a page, and whether more follow by the row past it, with a cursor to them', async () => {
      const { sut, page } = setUp();
      const row = (n: number) =>
        ({
          id: randomUUID(),
          publisherId: author,
          questionId: null,
          title: `Post ${n}`,
          contentText: LONG,
          image: '/i',
          credit: '',
          privacy: 'public',
          destination: 'profile',
          views: 0,
          likes: 0,
          shareCount: 0,
          createdAt: new Date(Date.UTC(2026, 0, n)),
          updatedAt: new Date(Date.UTC(2026, 0, n)),
          language: 'en',
          meAnswerId: null,
          moderationState: 'visible',
          moderationCaseId: null,
          moderationChangedAt: null,
          publisherName: null,
          publisherImage: null,
        }) satisfies SummaryWithPublisher;
      page.push(row(3), row(2), row(1));
      const first = await sut.list(body(), author);
      expect(first.posts.map((p) => p.title)).toEqual(['Post 3', 'Post 2']);
      expect(first.hasMore).toBe(true);
      expect(first.nextCursor).toEqual(expect.any(String));
      page.splice(1);
      const last = await sut.list(body(), author);
      expect(last).toMatchObject({ hasMore: false, nextCursor: null });
    });
  });

  describe('like, view, share', () => {
    it('toggles a member’s like, announcing it as it now is each time', async () => {
      const { sut, events } = setUp();
      const { postId } = await sut.create(author, input());
      expect(await sut.like(postId, other)).toEqual({ liked: true, likes: 1 });
      expect(await sut.like(postId, other)).toEqual({ liked: false, likes: 0 });
      expect(events().filter((e) => e.type === 'post.like.changed')).toEqual([
        {
          type: 'post.like.changed',
          payload: { postId, userId: other, liked: true, publisherId: author },
        },
        {
          type: 'post.like.changed',
          payload: { postId, userId: other, liked: false, publisherId: author },
        },
      ]);
    });

    it('takes no like, view or share of a private post but its author’s', async () => {
      const { sut, state } = setUp();
      const { postId } = await sut.create(author, input('private'));
      expect(await refusalOf(sut.like(postId, other))).toBe('POST_NOT_FOUND');
      expect(await refusalOf(sut.view(postId, 'visitor:v1', null))).toBe('POST_NOT_FOUND');
      expect(await refusalOf(sut.view(postId, undefined, other))).toBe('POST_NOT_FOUND');
      expect(await refusalOf(sut.share(postId, `member:${other}`, other))).toBe('POST_NOT_FOUND');
      expect(state().posts.get(postId)).toMatchObject({ likes: 0, views: 0, shareCount: 0 });
      expect(await sut.view(postId, `member:${author}`, author)).toEqual({
        views: 1,
        counted: true,
      });
    });

    it('takes no new like across a block, either way, but lets a like from before it be taken back (issue 35)', async () => {
      const { sut, state } = setUp();
      const open = await sut.create(author, input('public'));
      const theirs = await sut.create(other, input('public'));
      expect(await sut.like(open.postId, other)).toEqual({ liked: true, likes: 1 });
      await sut.applyBlock(
        { blockerId: author, blockedId: other, kind: 'block', active: true },
        new Date(),
      );
      // The blocked member reads the public post (as a guest could) but likes it no more...
      expect(await sut.getById(open.postId, other)).toMatchObject({ postId: open.postId });
      expect(await sut.like(open.postId, other)).toEqual({ liked: false, likes: 0 });
      expect(await refusalOf(sut.like(open.postId, other))).toBe('MEMBER_BLOCKED');
      // ...nor does the blocker like the blocked member's.
      expect(await refusalOf(sut.like(theirs.postId, author))).toBe('MEMBER_BLOCKED');
      expect(state().posts.get(theirs.postId)?.likes).toBe(0);
      // Handed over by the reactions service, the same: refused and said back as it is.
      expect(await sut.applyLikeRequest(open.postId, other, true)).toBe(true);
      expect(state().likes.has(`${open.postId} ${other}`)).toBe(false);
      await sut.applyBlock(
        { blockerId: author, blockedId: other, kind: 'block', active: false },
        new Date(),
      );
      expect(await sut.like(open.postId, other)).toEqual({ liked: true, likes: 1 });
    });

    it('shows two members who block each other no post of the other’s but a public one', async () => {
      const { sut } = setUp();
      const open = await sut.create(author, input('public'));
      const members = await sut.create(author, input('members'));
      await sut.applyBlock(
        { blockerId: other, blockedId: author, kind: 'block', active: true },
        new Date(),
      );
      expect(await sut.getById(open.postId, other)).toMatchObject({ postId: open.postId });
      expect(await refusalOf(sut.getById(members.postId, other))).toBe('POST_NOT_FOUND');
      expect(await refusalOf(sut.view(members.postId, `member:${other}`, other))).toBe(
        'POST_NOT_FOUND',
      );
      // A mute changes no post page.
      await sut.applyBlock(
        { blockerId: other, blockedId: author, kind: 'block', active: false },
        new Date(),
      );
      await sut.applyBlock(
        { blockerId: other, blockedId: author, kind: 'mute', active: true },
        new Date(),
      );
      expect(await sut.getById(members.postId, other)).toMatchObject({ postId: members.postId });
    });

    it('counts a view once per viewer key, announced once, and none without a key', async () => {
      const { sut, events } = setUp();
      const { postId } = await sut.create(author, input());
      expect(await sut.view(postId, 'visitor:v1', null)).toEqual({ views: 1, counted: true });
      expect(await sut.view(postId, 'visitor:v1', null)).toEqual({ views: 1, counted: false });
      expect(await sut.view(postId, undefined, null)).toEqual({ views: 1, counted: false });
      expect(events().filter((e) => e.type === 'post.viewed')).toEqual([
        { type: 'post.viewed', payload: { postId, viewer: 'visitor:v1' } },
      ]);
    });

    it('counts a share once per viewer key, announcing nothing', async () => {
      const { sut, events } = setUp();
      const { postId } = await sut.create(author, input());
      const before = events().length;
      expect(await sut.share(postId, 'visitor:v1', null)).toEqual({ shareCount: 1 });
      expect(await sut.share(postId, 'visitor:v1', null)).toEqual({ shareCount: 1 });
      expect(await sut.share(postId, undefined, null)).toEqual({ shareCount: 1 });
      expect(events()).toHaveLength(before);
    });
  });

  describe('likes and views handed over by the reactions service', () => {
    it('applies a like from who may read the post, and says back the truth to who may not', async () => {
      const { sut, events, state } = setUp();
      const open = await sut.create(author, input('public'));
      const closed = await sut.create(author, input('private'));
      expect(await sut.applyLikeRequest(open.postId, other, true)).toBe(true);
      expect(state().posts.get(open.postId)?.likes).toBe(1);
      expect(await sut.applyLikeRequest(closed.postId, other, true)).toBe(true);
      expect(state().posts.get(closed.postId)?.likes).toBe(0);
      expect(events().slice(-2)).toEqual([
        {
          type: 'post.like.changed',
          payload: { postId: open.postId, userId: other, liked: true, publisherId: author },
        },
        {
          type: 'post.like.changed',
          payload: { postId: closed.postId, userId: other, liked: false, publisherId: author },
        },
      ]);
    });

    it('does nothing for a post that is gone, an id that is none, or a member who left', async () => {
      const { sut, events } = setUp();
      const { postId } = await sut.create(author, input());
      const before = events().length;
      expect(await sut.applyLikeRequest(randomUUID(), other, true)).toBe(false);
      expect(await sut.applyLikeRequest('not-an-id', other, true)).toBe(false);
      expect(await sut.applyViewRequest(randomUUID(), 'visitor:v1')).toBe(false);
      await sut.removeMember(other);
      const after = events().length;
      expect(await sut.applyLikeRequest(postId, other, true)).toBe(false);
      expect(await sut.applyViewRequest(postId, `member:${other}`)).toBe(false);
      expect(after).toBe(before);
      expect(events()).toHaveLength(after);
    });

    it('counts a view from who may read the post, and tells a refused one it is not counted', async () => {
      const { sut, events } = setUp();
      const open = await sut.create(author, input('public'));
      const closed = await sut.create(author, input('private'));
      expect(await sut.applyViewRequest(open.postId, 'visitor:v1')).toBe(true);
      expect(await sut.applyViewRequest(open.postId, 'visitor:v1')).toBe(false);
      expect(await sut.applyViewRequest(closed.postId, 'visitor:v1')).toBe(true);
      expect(await sut.applyViewRequest(closed.postId, `member:${author}`)).toBe(true);
      expect(events().filter((e) => e.type === 'post.viewed')).toEqual([
        { type: 'post.viewed', payload: { postId: open.postId, viewer: 'visitor:v1' } },
        {
          type: 'post.viewed',
          payload: { postId: closed.postId, viewer: 'visitor:v1', counted: false },
        },
        { type: 'post.viewed', payload: { postId: closed.postId, viewer: `member:${author}` } },
      ]);
    });
  });

  describe('what other services announce', () => {
    it('takes a departed member’s posts, each announced deleted', async () => {
      const { sut, events, nudges } = setUp();
      const one = await sut.create(author, input());
      const two = await sut.create(author, input('private'));
      nudges.mockClear();
      expect(await sut.removeMember(author)).toBe(2);
      expect(events().filter((e) => e.type === 'post.deleted')).toEqual([
        { type: 'post.deleted', payload: { postId: one.postId, publisherId: author } },
        { type: 'post.deleted', payload: { postId: two.postId, publisherId: author } },
      ]);
      expect(nudges).toHaveBeenCalled();
    });

    it('makes an answer’s post in the magazine, with the default picture, newest event winning', async () => {
      const { sut, state, events } = setUp();
      const t0 = Date.now();
      await sut.publishMeAnswer(answer(author, 'roots', 'Roots'), new Date(t0));
      const [post] = state().posts.values();
      expect(post).toMatchObject({
        publisherId: author,
        questionId: 'roots',
        title: 'Roots',
        destination: 'magazine',
        image: ME_ANSWER_DEFAULT_IMAGE,
        content: `<p>${LONG}</p>`,
      });
      expect(events().slice(-2)).toEqual([
        {
          type: 'post.privacy.changed',
          payload: { postId: post?.id, publisherId: author, privacy: 'public' },
        },
        {
          type: 'post.published',
          payload: expect.objectContaining({
            postId: post?.id,
            publisherId: author,
            title: 'Roots',
            questionId: 'roots',
            privacy: 'public',
          }),
        },
      ]);
      // An older event arriving late changes nothing; a newer one removes it, naming no question.
      await sut.unpublishMeAnswer({ userId: author, questionId: 'roots' }, new Date(t0 - 1));
      expect(state().posts.size).toBe(1);
      await sut.unpublishMeAnswer({ userId: author, questionId: 'roots' }, new Date(t0 + 1));
      expect(state().posts.size).toBe(0);
      expect(events().at(-1)).toEqual({
        type: 'post.deleted',
        payload: { postId: post?.id, publisherId: author },
      });
    });

    it('makes an answer’s post with its author’s picture, and none for a member who left', async () => {
      const { sut, state } = setUp();
      await sut.publisherChanged(
        {
          userId: author,
          firstname: 'Ora',
          lastname: 'Tal',
          fullname: 'Ora Tal',
          language: 'en',
          profileImage: '/img/1',
        },
        new Date(),
      );
      expect(state().publishers.get(author)).toEqual({ image: '/img/1', searchName: 'ora tal' });
      await sut.publishMeAnswer(answer(author, 'roots'), new Date());
      expect([...state().posts.values()][0]?.image).toBe('/img/1');
      await sut.removeMember(other);
      await sut.publishMeAnswer(answer(other, 'roots'), new Date());
      expect(state().posts.size).toBe(1);
    });
  });

  describe('following (issue 32)', () => {
    it('keeps the latest word on a follow, and none about a member who left', async () => {
      const { sut, state } = setUp();
      const t0 = Date.now();
      const follow = { followerId: other, followeeId: author };
      expect(await sut.applyFollow({ ...follow, following: true }, new Date(t0))).toBe(true);
      expect(await sut.applyFollow({ ...follow, following: false }, new Date(t0 - 1))).toBe(false);
      expect(state().follows.get(`${other} ${author}`)?.following).toBe(true);
      expect(await sut.applyFollow({ ...follow, following: false }, new Date(t0 + 1))).toBe(true);
      expect(state().follows.get(`${other} ${author}`)?.following).toBe(false);
      const bad = { ...follow, followeeId: 'not-an-id', following: true };
      expect(await sut.applyFollow(bad, new Date(t0 + 1))).toBe(false);
      await sut.removeMember(author);
      expect(state().follows.size).toBe(0);
      expect(await sut.applyFollow({ ...follow, following: true }, new Date(t0 + 2))).toBe(false);
      expect(state().follows.size).toBe(0);
    });

    it('pages the follower’s list by keyset, one row more than asked to know if more follow', async () => {
      const { sut, following, page } = setUp();
      const at = new Date('2026-01-02T03:04:05.006Z');
      const rows = [randomUUID(), randomUUID(), randomUUID()].map((id): SummaryWithPublisher => ({
        id,
        publisherId: author,
        questionId: null,
        title: 'Followed',
        contentText: LONG,
        image: '/i',
        credit: '',
        privacy: 'public',
        destination: 'profile',
        views: 0,
        likes: 0,
        shareCount: 0,
        createdAt: at,
        updatedAt: at,
        language: 'en',
        meAnswerId: null,
        moderationState: 'visible',
        moderationCaseId: null,
        moderationChangedAt: null,
        publisherName: 'Ora Tal',
        publisherImage: null,
      }));
      page.push(...rows);
      const first = await sut.followingPosts(other, { limit: 2 });
      expect(following).toHaveBeenLastCalledWith(other, undefined, 3);
      expect(first.hasMore).toBe(true);
      expect(first.posts.map((post) => post.postId)).toEqual([rows[0]?.id, rows[1]?.id]);
      expect(first.posts[0]).toMatchObject({ excerpt: LONG, publisher: { fullname: 'Ora Tal' } });
      const cursor = first.nextCursor as string;
      await sut.followingPosts(other, { limit: 2, cursor });
      expect(following).toHaveBeenLastCalledWith(other, { createdAt: at, id: rows[1]?.id }, 3);
      page.splice(2);
      expect(await sut.followingPosts(other, {})).toMatchObject({
        hasMore: false,
        nextCursor: null,
      });
      expect(following).toHaveBeenLastCalledWith(other, undefined, 11);
    });

    it('refuses a cursor it did not make, before it reads anything', async () => {
      const { sut, following } = setUp();
      for (const cursor of ['', 'not a cursor', Buffer.from('x|y').toString('base64url')])
        expect(await refusalOf(sut.followingPosts(other, { cursor }))).toBe('INVALID_CURSOR');
      expect(following).not.toHaveBeenCalled();
    });
  });

  function answer(userId: string, questionId: string, title = 'Where I come from') {
    return {
      userId,
      questionId,
      meAnswerId: randomUUID(),
      title,
      content: `<p>${LONG}</p><script>x()</script>`,
      privacy: 'public' as const,
    };
  }
});
