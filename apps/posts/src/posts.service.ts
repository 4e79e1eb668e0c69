import {
  BUS_CHANNELS,
  excerptOf,
  POSTS_PAGE_SIZE,
  type DomainEventPayload,
  type LikeResponse,
  type Post,
  type PostPrivacy,
  type PostsPage,
  type CreatePostRequest,
  type FollowingPostsPage,
  type GetFollowingPostsRequest,
  type GetPostsRequest,
  type UpdatePostRequest,
  type ReviewHold,
} from '@mepedia/contracts';
import { isUuid, newId } from '@mepedia/server-database';
import {
  carriesLink,
  DEFAULT_REVIEW_HOLDS,
  needsReview,
  type ReviewHolds,
} from '@mepedia/server-platform';
import { AppError, fieldError } from '@mepedia/server-http';
import { GuestCache } from '@mepedia/server-queue';
import type { z } from 'zod';
import {
  cleanContent,
  meAnswerPost,
  publisherOf,
  searchWords,
  type CleanContent,
} from './post-content';
import { listVisibility, mayAccess, requireAccess } from './posts.access';
import { decodeCursor, encodeCursor, type Cursor } from './posts.cursor';
import type { ListFilter } from './post-lists.repository';
import { toPost, toSummary } from './posts.mapper';
import type { PublishedFacts } from './me-answer-posts.repository';
import type { PostRow } from './posts.schema';
import type { PostsStore, PostsTransaction } from './posts.store';
import { searchableDeleted, searchableOf } from './searchable';

type CreateInput = z.output<typeof CreatePostRequest>;
type UpdateInput = z.output<typeof UpdatePostRequest>;
type ListInput = z.output<typeof GetPostsRequest>;
type FollowingInput = z.output<typeof GetFollowingPostsRequest>;

/** A questionnaire post's picture when its author has none (apps/web/public). */
export const ME_ANSWER_DEFAULT_IMAGE = '/me-answer.svg';

/**
 * post.privacy.changed, with every post made and every change of its privacy: the comments and
 * reactions services learn from it that the post exists, whose it is and who may read it.
 */
const privacyOf = (post: Pick<PostRow, 'id' | 'publisherId' | 'privacy'>) =>
  ({ postId: post.id, publisherId: post.publisherId, privacy: post.privacy }) as const;

/**
 * post.published (issue 32), with every post made and every edit of its title, text or privacy:
 * the notifications service learns whose the post is, what it is called and who may read it.
 */
export const publishedOf = (
  post: PublishedFacts,
  withheld = false,
  review?: ReviewHold,
): DomainEventPayload<'post.published'> => ({
  postId: post.id,
  publisherId: post.publisherId,
  title: post.title,
  excerpt: excerptOf(post.contentText),
  privacy: post.privacy,
  ...(post.questionId === null ? {} : { questionId: post.questionId }),
  createdAt: post.createdAt.toISOString(),
  ...(withheld || review ? { withheld: true as const } : {}),
  ...(review ? { review } : {}),
});

/** Whether a change alters what the search service shows of a post: its words, picture or audience. */
const searchChanges = (
  changes: Partial<Record<'title' | 'content' | 'image' | 'privacy', unknown>>,
) => (changes.title ?? changes.content ?? changes.image ?? changes.privacy) !== undefined;

/** Whether a post carries a link: in its title, its text, an anchor of its markup or its credit. */
function postCarriesLink(
  post: Pick<PostRow, 'title' | 'credit'> & Pick<CleanContent, 'content' | 'contentText'>,
): boolean {
  return (
    carriesLink(post.title) ||
    carriesLink(post.contentText) ||
    carriesLink(post.credit) ||
    /<a\s[^>]*href="https?:/i.test(post.content)
  );
}

/**
 * The rules of posts: who sees and who changes (posts.access.ts, asked here), what a post must
 * hold, and what is announced with each change (in the change's transaction).
 */
export class PostsService {
  constructor(
    private readonly store: PostsStore,
    private readonly onOutboxWrite: () => void,
    private readonly guests: GuestCache = new GuestCache(BUS_CHANNELS.postsChanged),
    private readonly reviewHolds: ReviewHolds = DEFAULT_REVIEW_HOLDS,
  ) {}

  /**
   * Hold a member's post for review as it is written or edited, when it is one of their first
   * and carries a link (issue 35, point 4; libs/server/platform review-holds.ts): the moderation
   * service's word is recorded here at once, under a case id made here that the moderation
   * service opens when it hears `post.published`'s `review`. Answers the hold, if any. Other
   * posts of theirs that are out (`except`: the one edited is not one of them) decide.
   */
  private async holdIfNew(
    { posts, moderation }: PostsTransaction,
    post: Pick<PostRow, 'id' | 'publisherId'>,
    linked: boolean,
    now: Date,
  ): Promise<ReviewHold | undefined> {
    const wait = await needsReview(this.reviewHolds, linked, (limit) =>
      posts.outCount(post.publisherId, limit, post.id),
    );
    if (!wait) return undefined;
    const review: ReviewHold = { caseId: newId(now.getTime()), reason: 'firstLinks' };
    await moderation.record({
      kind: 'post',
      itemId: post.id,
      ownerId: post.publisherId,
      state: 'held',
      caseId: review.caseId,
      changedAt: now,
    });
    await moderation.refresh([post.id]);
    return review;
  }

  /** A member's own post. Questionnaire posts come only from me-answers' events. */
  async create(authorId: string, input: CreateInput): Promise<Post> {
    return this.createWith(authorId, async () => input);
  }

  /**
   * A member's own post, made as `create` makes it (announced, guests' lists cleared) from what
   * `prepare` answers in the post's transaction: a draft's publication reads and removes the
   * draft there, so the post and the draft's end commit together or not at all.
   */
  async createWith(
    authorId: string,
    prepare: (tx: PostsTransaction) => Promise<CreateInput>,
  ): Promise<Post> {
    const created = await this.store.transaction(async (tx) => {
      const input = await prepare(tx);
      const now = new Date();
      const content = cleanContent(input.content);
      const post = await tx.posts.insert({
        id: newId(now.getTime()),
        publisherId: authorId,
        questionId: null,
        title: input.title,
        ...content,
        image: input.image,
        credit: input.credit,
        privacy: input.privacy,
        destination: input.destination,
        createdAt: now,
        updatedAt: now,
      });
      const review = await this.holdIfNew(tx, post, postCarriesLink(post), now);
      await tx.outbox.append('post.privacy.changed', privacyOf(post));
      await tx.outbox.append('post.published', publishedOf(post, false, review));
      await this.announceSearchable(tx, searchableOf(post, review));
      return post;
    });
    this.onOutboxWrite();
    await this.guests.clear();
    return toPost(await this.readable(created.id, authorId), false);
  }

  /** Only the author changes a post; anyone else learns nothing about a private one. */
  async update(authorId: string, input: UpdateInput): Promise<Post> {
    await this.store.transaction(async (tx) => {
      const { posts, outbox } = tx;
      // Locked: changes take turns, and their announcements follow their order.
      requireAccess(authorId, 'edit', await posts.facts(input.postId, { lock: true }));
      // What it said before, when the edit changes something a link may be in.
      const before =
        (input.title ?? input.content ?? input.credit) === undefined
          ? undefined
          : await posts.findById(input.postId);
      const changes: Parameters<typeof posts.update>[1] = {};
      if (input.title !== undefined) changes.title = input.title;
      const content = input.content === undefined ? undefined : cleanContent(input.content);
      if (content) Object.assign(changes, content);
      if (input.image !== undefined) changes.image = input.image;
      if (input.credit !== undefined) changes.credit = input.credit;
      if (input.privacy !== undefined) changes.privacy = input.privacy;
      if (input.destination !== undefined) changes.destination = input.destination;
      const row = await posts.update(input.postId, changes);
      if (!row) return;
      // An edit that puts the first link in a new member's post waits for review, as a new
      // post with one would; one the moderators already let out with its links does not.
      const review =
        before &&
        row.questionId === null &&
        row.moderationState === 'visible' &&
        !postCarriesLink(before) &&
        postCarriesLink(row)
          ? await this.holdIfNew(tx, row, true, row.updatedAt)
          : undefined;
      if (changes.privacy !== undefined)
        await outbox.append('post.privacy.changed', privacyOf(row));
      if ((changes.privacy ?? changes.title ?? changes.contentText) !== undefined)
        await outbox.append(
          'post.published',
          publishedOf(row, row.moderationState !== 'visible', review),
        );
      if (searchChanges(changes)) await this.announceSearchable(tx, searchableOf(row, review));
    });
    if (searchChanges(input)) this.onOutboxWrite();
    await this.guests.clear();
    return this.readFor(input.postId, authorId);
  }

  async updatePrivacy(authorId: string, postId: string, privacy: PostPrivacy): Promise<Post> {
    return this.update(authorId, { postId, privacy });
  }

  async delete(authorId: string, postId: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      requireAccess(authorId, 'delete', await tx.posts.facts(postId, { lock: true }));
      await this.remove(tx, postId, authorId);
    });
    await this.guests.clear();
    this.onOutboxWrite();
  }

  /** The author's post for a questionnaire answer, taken out of the magazine and the profile. */
  async deleteMePost(authorId: string, questionId: string): Promise<void> {
    await this.store.transaction(async (tx) => {
      const post = await tx.posts.findMePost(authorId, questionId, { lock: true });
      requireAccess(authorId, 'delete', post);
      await this.remove(tx, post.id, authorId);
    });
    await this.guests.clear();
    this.onOutboxWrite();
  }

  /**
   * Delete a post, announced (post.deleted). A questionnaire answer's post names its question,
   * so the answer leaves the magazine with it (me-answers).
   */
  private async remove(
    { posts, moderation, outbox }: PostsTransaction,
    postId: string,
    publisherId: string,
  ): Promise<void> {
    const deleted = await posts.delete(postId);
    if (!deleted) return;
    // Gone for good: no decision about it is needed again (an answer's is the answer's).
    await moderation.forgetPosts([postId]);
    const { questionId } = deleted;
    await outbox.append('post.deleted', {
      postId,
      publisherId,
      ...(questionId === null ? {} : { questionId }),
    });
    await this.announceSearchable({ outbox }, searchableDeleted(deleted));
  }

  /**
   * searchable.changed (issue 36), in the change's transaction: the search service's copy of a
   * member's post. Nothing for a questionnaire answer's post (undefined: the answer is its
   * story). A member's departure sends none: the search service hears user.deleted itself.
   */
  private async announceSearchable(
    { outbox }: Pick<PostsTransaction, 'outbox'>,
    payload: DomainEventPayload<'searchable.changed'> | undefined,
  ): Promise<void> {
    if (payload) await outbox.append('searchable.changed', payload);
  }

  /** The post as `viewerId` may read it: a private one is its author's. */
  private async readable(postId: string, viewerId: string | null) {
    const post = await this.store.posts.findById(postId);
    requireAccess(viewerId, 'read', post);
    return post;
  }

  async getById(postId: string, viewerId: string | null): Promise<Post> {
    if (!viewerId) {
      // Guests all see the same post: remembered for a few seconds (GuestCache in server-queue).
      return this.guests.get(`post:${postId}`, async () =>
        toPost(await this.readable(postId, null), false),
      );
    }
    return this.readFor(postId, viewerId);
  }

  /** A member's read of a post, with whether they like it. */
  private async readFor(postId: string, memberId: string): Promise<Post> {
    const found = await this.store.posts.findByIdFor(postId, memberId);
    const row = found?.row;
    requireAccess(memberId, 'read', row);
    return toPost(row, found?.liked ?? false);
  }

  async getMePost(postId: string, viewerId: string | null): Promise<Post> {
    const post = await this.getById(postId, viewerId);
    if (post.questionId === null) throw new AppError('POST_NOT_FOUND');
    return post;
  }

  async list(input: ListInput, viewerId: string | null, now = new Date()): Promise<PostsPage> {
    // Guests all see the same lists: remembered for a few seconds (GuestCache in server-queue).
    if (!viewerId)
      return this.guests.get(`list:${JSON.stringify(input)}`, () => this.load(input, null, now));
    return this.load(input, viewerId, now);
  }

  private async load(input: ListInput, viewerId: string | null, now: Date): Promise<PostsPage> {
    const pageNumber = input.pageNumber ?? 0;
    const limit = input.limit && input.limit > 0 ? input.limit : POSTS_PAGE_SIZE;
    const asOf = input.asOf ? new Date(input.asOf) : now;
    const sort = input.sortBy ?? 'mostRecent';
    const after = input.cursor ? decodeCursor(input.cursor) : undefined;
    // A cursor names its part only in a list with the reader's language first: one from the
    // other kind of list cannot say where this one goes on.
    if (after && (after.language === undefined) !== (input.language === undefined))
      throw new AppError('INVALID_CURSOR');
    const filter: ListFilter = {
      ...listVisibility(viewerId),
      publisherId: input.publisherId,
      questionId: input.questionId,
      authorWords: searchWords(input.authorSearchValue),
      topicWords: searchWords(input.topicSearchValue),
      magazine: input.magazine ?? false,
      asOf,
      after,
    };
    const rows = input.language
      ? await this.languageFirst(filter, input.language, after, sort, pageNumber, limit)
      : await this.store.lists.list(filter, sort, pageNumber * limit, limit);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const hasMore = rows.length > limit;
    return {
      posts: page.map(toSummary),
      pageNumber,
      limit,
      hasMore,
      asOf: asOf.toISOString(),
      nextCursor: hasMore && last ? encodeCursor(last, input.language && last.language) : null,
    };
  }

  /**
   * Up to `limit` + 1 rows of a list with the reader's language first: that language's stories,
   * then the others', each part in the list's order and read by its own index. The cursor's
   * language says which part the last page ended in. Later pages come by cursor only: where a
   * page number falls would take counting the first part.
   */
  private async languageFirst(
    filter: ListFilter,
    preferred: 'he' | 'en',
    after: Cursor | undefined,
    sort: 'mostRecent' | 'oldest',
    pageNumber: number,
    limit: number,
  ) {
    if (pageNumber > 0 && !after) throw fieldError('pageNumber', 'INVALID_VALUE');
    const other = preferred === 'he' ? 'en' : 'he';
    const inOther = after?.language === other;
    const first = inOther
      ? []
      : await this.store.lists.list({ ...filter, language: preferred }, sort, 0, limit);
    if (first.length > limit) return first;
    const rest = await this.store.lists.list(
      { ...filter, language: other, after: inOther ? after : undefined },
      sort,
      0,
      limit - first.length,
    );
    return [...first, ...rest];
  }

  /**
   * "From people you follow" (issue 32): the public posts of the members `memberId` follows,
   * newest first, cards as `list` makes them; a page at a time by keyset (`nextCursor`).
   */
  async followingPosts(memberId: string, input: FollowingInput): Promise<FollowingPostsPage> {
    const limit = input.limit ?? POSTS_PAGE_SIZE;
    const after = input.cursor === undefined ? undefined : decodeCursor(input.cursor);
    const rows = await this.store.lists.following(memberId, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const hasMore = rows.length > limit;
    return {
      posts: page.map(toSummary),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor(last) : null,
    };
  }

  /**
   * One member's follow of another as the notifications service said it at `at`
   * (follow.changed): kept for "From people you follow", unless a later word came first or
   * either of them left.
   */
  async applyFollow(follow: DomainEventPayload<'follow.changed'>, at: Date): Promise<boolean> {
    if (!isUuid(follow.followerId) || !isUuid(follow.followeeId)) return false;
    return this.store.transaction(({ follows }) =>
      follows.apply(follow.followerId, follow.followeeId, follow.following, at),
    );
  }

  async like(postId: string, memberId: string): Promise<LikeResponse> {
    const toggled = await this.store.transaction(async ({ posts, likes, outbox }) => {
      // Locked first: this toggle and a handed-over like (applyLikeRequest) take turns.
      const post = await posts.facts(postId, { lock: true, readerId: memberId });
      // Across a block (issue 35) a like given before it may still be taken back, no new one.
      const undoing = post?.readerBlocked === true && (await likes.has(postId, memberId));
      requireAccess(memberId, undoing ? 'unlike' : 'like', post);
      const like = await likes.toggle(postId, memberId);
      // Announced for userLikes (post.like.changed): one like state, whichever call set it.
      await outbox.append('post.like.changed', {
        postId,
        userId: memberId,
        liked: like.liked,
        publisherId: post.publisherId,
      });
      return like;
    });
    this.onOutboxWrite();
    return toggled;
  }

  /** Count a view once per viewer key; without one (unknown guest, crawler) nothing counts. */
  async view(
    postId: string,
    viewer: string | undefined,
    viewerId: string | null,
  ): Promise<{ views: number; counted: boolean }> {
    if (!viewer) {
      const post = await this.store.posts.facts(postId, { readerId: viewerId });
      requireAccess(viewerId, 'view', post);
      return { views: post.views, counted: false };
    }
    const viewed = await this.store.transaction(async ({ posts, counts, outbox }) => {
      requireAccess(viewerId, 'view', await posts.facts(postId, { readerId: viewerId }));
      const view = await counts.addView(postId, viewer);
      // A counted view is announced for userViews (post.viewed): one count, whichever call.
      if (view.counted) await outbox.append('post.viewed', { postId, viewer });
      return view;
    });
    if (viewed.counted) this.onOutboxWrite();
    return viewed;
  }

  /** Count a share once per viewer key, like views. */
  async share(
    postId: string,
    viewer: string | undefined,
    viewerId: string | null,
  ): Promise<{ shareCount: number }> {
    if (!viewer) {
      const post = await this.store.posts.facts(postId, { readerId: viewerId });
      requireAccess(viewerId, 'share', post);
      return { shareCount: post.shareCount };
    }
    const { shareCount } = await this.store.transaction(async ({ posts, counts }) => {
      requireAccess(viewerId, 'share', await posts.facts(postId, { readerId: viewerId }));
      return counts.addShare(postId, viewer);
    });
    return { shareCount };
  }

  /**
   * A like given or taken back through `userLikes/toggleLike` (post.like.requested), as the
   * member's own `like` is: only by a member who may read the post, checked under its row lock.
   * Refused, the like stays as it is here and is announced as it is, so the reactions service's
   * mirror drops what it took. Nothing for a post that is gone, or a member who left. Answers
   * whether anything was written (announced).
   */
  async applyLikeRequest(postId: string, userId: string, liked: boolean): Promise<boolean> {
    if (!isUuid(postId) || !isUuid(userId) || (await this.store.members.left(userId))) return false;
    const written = await this.store.transaction(async ({ posts, likes, outbox }) => {
      const post = await posts.facts(postId, { lock: true, readerId: userId });
      if (!post) return false;
      const allowed = mayAccess(userId, liked ? 'like' : 'unlike', post);
      if (allowed) await likes.set(postId, userId, liked);
      const now = allowed ? liked : await likes.has(postId, userId);
      await outbox.append('post.like.changed', {
        postId,
        userId,
        liked: now,
        publisherId: post.publisherId,
      });
      return true;
    });
    if (written) {
      this.onOutboxWrite();
      await this.guests.clear();
    }
    return written;
  }

  /**
   * A view counted through `userViews/toggleView` (post.view.requested), as `view` counts one:
   * only for a viewer who may read the post (a guest's only on a public one). Refused, whether
   * the viewer is counted here is announced (post.viewed with `counted`), so the mirror drops
   * it. Nothing for a post that is gone, or a member who left. Answers whether it announced.
   */
  async applyViewRequest(postId: string, viewer: string): Promise<boolean> {
    const member = /^member:(.+)$/.exec(viewer)?.[1];
    if (!isUuid(postId) || (member !== undefined && (await this.store.members.left(member))))
      return false;
    const written = await this.store.transaction(async ({ posts, counts, outbox }) => {
      const post = await posts.facts(postId, { readerId: member ?? null });
      if (!post) return false;
      if (mayAccess(member ?? null, 'view', post)) {
        const { counted } = await counts.addView(postId, viewer);
        if (counted) await outbox.append('post.viewed', { postId, viewer });
        return counted;
      }
      const counted = await counts.viewed(postId, viewer);
      await outbox.append('post.viewed', { postId, viewer, counted });
      return true;
    });
    // As a view through updatePostViews: guests' cached posts catch up within seconds.
    if (written) this.onOutboxWrite();
    return written;
  }

  /** A member's name or picture (users' user.updated at `at`), unless a newer one was applied. */
  async publisherChanged(user: DomainEventPayload<'user.updated'>, at: Date): Promise<void> {
    await this.store.members.upsertPublisher(publisherOf(user, at));
    await this.guests.clear();
  }

  /**
   * Who is in whose circle, as the circles service says at `at` (circle.member.added/removed):
   * which circle posts a member may read. Order-tolerant; a member who left is never written
   * back (CircleMembershipStore).
   */
  async applyCircleMembership(
    change: { ownerId: string; memberId: string; inCircle: boolean },
    at: Date,
  ): Promise<void> {
    await this.store.transaction(({ circles }) => circles.apply({ ...change, occurredAt: at }));
  }

  /**
   * Whether a member blocks or mutes another, as the moderation service says at `at`
   * (member.block.changed, issue 35): kept for the lists, the post page and likes, unless a later
   * word on the same pair and kind was kept first; nothing about a member who left, ids that are
   * no member's, or oneself (BlockStore). Guests' kept answers do not change: a block is between
   * two members. Answers whether it changed anything.
   */
  async applyBlock(change: DomainEventPayload<'member.block.changed'>, at: Date): Promise<boolean> {
    const { blockerId, blockedId } = change;
    if (!isUuid(blockerId) || !isUuid(blockedId)) return false;
    const { blocks, members } = this.store;
    const changed = await blocks.apply({ ...change, occurredAt: at });
    // One of the two left while it was written (the store did not see their digest yet, and
    // their departure's delete did not see the row): theirs go now, as the departure meant.
    if (changed)
      for (const id of [blockerId, blockedId])
        if (await members.left(id)) await blocks.removeMember(id);
    return changed;
  }

  /**
   * A member is gone (user.deleted): their posts (announced deleted), their likes, views and
   * shares (counters follow), their publisher row, their follows both ways, their blocks and
   * mutes both ways; a late event cannot bring them back.
   * Answers how many of their posts went.
   */
  async removeMember(userId: string): Promise<number> {
    const removed = await this.store.transaction(async (tx) => {
      const { members, follows, circles, blocks, moderation, outbox } = tx;
      await follows.removeMember(userId);
      // Moderation's decisions about their posts and answers (moderation.item.changed never
      // names them again: a late one finds them gone).
      await moderation.removeMember(userId);
      // Their circle and their places in others' (circle.member.* never names them again).
      await circles.removeMember(userId);
      const postIds = await members.remove(userId);
      // Whom they blocked or muted and who blocked or muted them, last, after their digest:
      // a late member.block.changed finds the digest, and one written while this runs is
      // cleared by applyBlock when it sees the departure (BlockStore does not look twice).
      await blocks.removeMember(userId);
      for (const postId of postIds)
        await outbox.append('post.deleted', { postId, publisherId: userId });
      return postIds.length;
    });
    if (removed > 0) this.onOutboxWrite();
    await this.guests.clear();
    return removed;
  }

  /**
   * The member's questionnaire answer, in the magazine (meAnswer.published at `at`): their post
   * for that question, made or changed, its privacy announced; unless a newer event came first.
   */
  async publishMeAnswer(answer: DomainEventPayload<'meAnswer.published'>, at: Date): Promise<void> {
    const post = meAnswerPost(answer, at);
    const { userId, questionId } = answer;
    const changed = await this.store.transaction(async (tx) => {
      const { members, mePosts, moderation, outbox } = tx;
      if (await members.left(userId)) return false;
      // Made in turn with any moderation decision on the answer (lockAnswer says why).
      if (post.meAnswerId) await moderation.lockAnswer(post.meAnswerId);
      if (!(await mePosts.claim(userId, questionId, at))) {
        // An older word: the post stays as the newer one left it, but learns which answer it
        // was made from (the same answer whatever the word's age), and so that answer's
        // moderation (issue 35; me-answers announces its magazine answers once for that).
        const linked = post.meAnswerId
          ? await moderation.link(userId, questionId, post.meAnswerId)
          : [];
        return (await moderation.refresh(linked)).length > 0;
      }
      const image = (await members.imageOf(userId)) ?? ME_ANSWER_DEFAULT_IMAGE;
      const applied = await mePosts.upsert({ ...post, id: newId(), image });
      if (!applied) return true;
      // Hidden from its first moment if its answer is held or removed (a decision kept here
      // before the post was made: events come in any order).
      await moderation.refresh([applied.id]);
      // The answer's privacy may have changed with it: say what it is now (and that it is
      // withheld, so no follower is told of a story the moderators took down).
      const withheld = (await moderation.stateOf(applied.id)) !== 'visible';
      await outbox.append('post.privacy.changed', privacyOf(applied));
      await outbox.append('post.published', publishedOf(applied, withheld));
      return true;
    });
    if (!changed) return;
    this.onOutboxWrite();
    await this.guests.clear();
  }

  /** The answer left the magazine (meAnswer.unpublished at `at`): its post goes, announced. */
  async unpublishMeAnswer(
    answer: DomainEventPayload<'meAnswer.unpublished'>,
    at: Date,
  ): Promise<void> {
    await this.applyMeAnswer(answer, at, async ({ mePosts, moderation, outbox }) => {
      const deleted = await mePosts.delete(answer.userId, answer.questionId);
      // The posts' own decisions go with them; the answer's stay, for a post made from it again.
      await moderation.forgetPosts(deleted);
      for (const postId of deleted)
        await outbox.append('post.deleted', { postId, publisherId: answer.userId });
      return deleted.length > 0;
    });
  }

  /**
   * The moderation service's word on a post or a questionnaire answer (moderation.item.changed
   * at `at`, issue 35): kept unless a newer word on the same item was, and the posts it reaches
   * (the post; the answer's post) hidden from everyone but their publisher, or shown again. The
   * same word twice, or an older one late, changes nothing. A word about an answer whose post is
   * not here (yet) is kept all the same: the post made from it later starts as it says. A word
   * about a post that is not here is not kept: posts' ids are made here, and the moderation
   * service learns of a post only from this service's announcements, so the post was deleted
   * since (and stays deleted) or was never ours. Comments and profiles are other services'.
   * Answers whether any post changed.
   */
  async applyModeration(
    change: DomainEventPayload<'moderation.item.changed'>,
    at: Date,
  ): Promise<boolean> {
    const { kind, itemId, ownerId, state, caseId } = change;
    if (kind === 'profile') return this.applyProfileModeration(change, at);
    if (kind !== 'post' && kind !== 'answer') return false;
    if (!isUuid(itemId) || !isUuid(ownerId)) return false;
    const changed = await this.store.transaction(async ({ members, moderation }) => {
      if (await members.left(ownerId)) return false;
      if (kind === 'answer') await moderation.lockAnswer(itemId);
      // Locked first: two decisions reaching one post (its own, its answer's) take turns.
      const postIds = await moderation.lockPostsOf(kind, itemId, ownerId);
      if (kind === 'post' && postIds.length === 0) return false;
      const decision = { kind, itemId, ownerId, state, caseId, changedAt: at };
      if (!(await moderation.record(decision))) return false;
      return (await moderation.refresh(postIds)).length > 0;
    });
    // Gone from (or back in) guests' kept lists and pages, here, on every replica and in the
    // web's page cache (which clears on the same channel).
    if (changed) await this.guests.clear();
    return changed;
  }

  /**
   * The moderation service's word on a member's profile (issue 35): held or removed, their name
   * and picture are no post's byline (posts.rows.ts `publisherColumns`), nor found by an author
   * search, nor taken as a new questionnaire post's picture; visible, they are again. Kept by
   * time like any word (one about a member who left is not kept). Answers whether it was kept.
   */
  private async applyProfileModeration(
    { itemId, ownerId, state, caseId }: DomainEventPayload<'moderation.item.changed'>,
    at: Date,
  ): Promise<boolean> {
    if (itemId !== ownerId || !isUuid(ownerId)) return false;
    const kept = await this.store.transaction(async ({ members, moderation }) => {
      if (await members.left(ownerId)) return false;
      return moderation.record({
        kind: 'profile',
        itemId,
        ownerId,
        state,
        caseId,
        changedAt: at,
      });
    });
    if (kept) await this.guests.clear();
    return kept;
  }

  /**
   * Apply a me-answers event for (member, question) in one transaction, unless the member left
   * or a newer event was applied already.
   */
  private async applyMeAnswer(
    { userId, questionId }: { userId: string; questionId: string },
    at: Date,
    apply: (tx: PostsTransaction) => Promise<boolean>,
  ): Promise<void> {
    const changed = await this.store.transaction(async (tx) => {
      if (await tx.members.left(userId)) return false;
      if (!(await tx.mePosts.claim(userId, questionId, at))) return false;
      return apply(tx);
    });
    if (!changed) return;
    this.onOutboxWrite();
    await this.guests.clear();
  }
}
