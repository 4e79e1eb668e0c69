import {
  BUS_CHANNELS,
  POSTS_PAGE_SIZE,
  POST_CONTENT_MAX,
  POST_CONTENT_MIN,
  hasInvisibleControls,
  normalizeSearchText,
  type LikeResponse,
  type Post,
  type PostPrivacy,
  type PostsPage,
  type CreatePostRequest,
  type GetPostsRequest,
  type UpdatePostRequest,
} from '@mepedia/contracts';
import { newId } from '@mepedia/server-database';
import { AppError, fieldError } from '@mepedia/server-http';
import { GuestCache } from '@mepedia/server-queue';
import type { z } from 'zod';
import { decodeCursor, encodeCursor } from './posts.cursor';
import { toPost, toSummary } from './posts.mapper';
import type { PostWithPublisher, PostsRepository } from './posts.repository';
import { SANITIZER_VERSION, sanitizeContent, textOf } from './sanitize';

type CreateInput = z.output<typeof CreatePostRequest>;
type UpdateInput = z.output<typeof UpdatePostRequest>;
type ListInput = z.output<typeof GetPostsRequest>;

function words(value: string | undefined): string[] {
  return normalizeSearchText(value ?? '')
    .split(/[\s\u05BE,.;:!?"'()-]+/)
    .filter(Boolean)
    .slice(0, 5);
}

/**
 * Clean content: sanitized HTML, and its text long enough. Invisible controls are refused as the
 * sanitizer hands them back, so those written as character references (`&#x202E;`) are found too.
 */
function cleanContent(content: string): {
  content: string;
  contentText: string;
  contentSanitizer: number;
} {
  const clean = sanitizeContent(content);
  if (hasInvisibleControls(clean.replace(/\r/g, '\n')))
    throw fieldError('content', 'UNSUPPORTED_CHARACTER');
  const text = textOf(clean);
  if (text.length < POST_CONTENT_MIN) throw fieldError('content', 'CONTENT_TOO_SHORT');
  if (text.length > POST_CONTENT_MAX) throw fieldError('content', 'TOO_LONG');
  return { content: clean, contentText: text, contentSanitizer: SANITIZER_VERSION };
}

/** Who may read a post: anyone a public one, its author only a private one. */
export function mayRead(
  post: { privacy: PostPrivacy; publisherId: string },
  viewerId: string | null,
): boolean {
  return post.privacy !== 'private' || post.publisherId === viewerId;
}

/** A post as `viewerId` may see it: a private one exists for its author only. */
function seenBy(row: PostWithPublisher | undefined, viewerId: string | null): PostWithPublisher {
  if (!row || !mayRead(row, viewerId)) throw new AppError('POST_NOT_FOUND');
  return row;
}

/** The rules of posts: who sees, who changes, what a post must hold. */
export class PostsService {
  constructor(
    private readonly repository: PostsRepository,
    private readonly onOutboxWrite: () => void,
    private readonly guests: GuestCache = new GuestCache(BUS_CHANNELS.postsChanged),
  ) {}

  /** A member's own post. Questionnaire posts come only from me-answers' events (posts.events.ts). */
  async create(authorId: string, input: CreateInput): Promise<Post> {
    const now = new Date();
    const row = await this.repository.insert({
      id: newId(now.getTime()),
      publisherId: authorId,
      questionId: null,
      title: input.title,
      ...cleanContent(input.content),
      image: input.image,
      credit: input.credit,
      privacy: input.privacy,
      destination: input.destination,
      createdAt: now,
      updatedAt: now,
    });
    this.onOutboxWrite();
    await this.guests.clear();
    const created = await this.repository.findById(row.id);
    return toPost(created as PostWithPublisher, false);
  }

  /** Only the author changes a post; anyone else learns nothing about a private one. */
  private async owned(authorId: string, postId: string): Promise<PostWithPublisher> {
    const row = await this.repository.findById(postId);
    if (!row || (row.privacy === 'private' && row.publisherId !== authorId))
      throw new AppError('POST_NOT_FOUND');
    if (row.publisherId !== authorId) throw new AppError('NOT_POST_OWNER');
    return row;
  }

  async update(authorId: string, input: UpdateInput): Promise<Post> {
    await this.owned(authorId, input.postId);
    const changes: Parameters<PostsRepository['update']>[1] = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.content !== undefined) Object.assign(changes, cleanContent(input.content));
    if (input.image !== undefined) changes.image = input.image;
    if (input.credit !== undefined) changes.credit = input.credit;
    if (input.privacy !== undefined) changes.privacy = input.privacy;
    if (input.destination !== undefined) changes.destination = input.destination;
    await this.repository.update(input.postId, changes);
    if (changes.privacy !== undefined) this.onOutboxWrite();
    await this.guests.clear();
    const row = (await this.repository.findById(input.postId)) as PostWithPublisher;
    return toPost(row, await this.repository.likedBy(row.id, authorId));
  }

  async updatePrivacy(authorId: string, postId: string, privacy: PostPrivacy): Promise<Post> {
    return this.update(authorId, { postId, privacy });
  }

  async delete(authorId: string, postId: string): Promise<void> {
    await this.owned(authorId, postId);
    await this.repository.delete(postId, authorId);
    await this.guests.clear();
    this.onOutboxWrite();
  }

  /** The author's post for a questionnaire answer, taken out of the magazine and the profile. */
  async deleteMePost(authorId: string, questionId: string): Promise<void> {
    const row = await this.repository.findMePost(authorId, questionId);
    if (!row) throw new AppError('POST_NOT_FOUND');
    await this.repository.delete(row.id, authorId);
    await this.guests.clear();
    this.onOutboxWrite();
  }

  /** A post as the viewer may see it: private posts exist only for their author. */
  async visible(postId: string, viewerId: string | null): Promise<PostWithPublisher> {
    return seenBy(await this.repository.findById(postId), viewerId);
  }

  async getById(postId: string, viewerId: string | null): Promise<Post> {
    if (!viewerId) {
      // Guests all see the same post: remembered for a few seconds (GuestCache in server-queue).
      return this.guests.get(`post:${postId}`, async () =>
        toPost(await this.visible(postId, null), false),
      );
    }
    const found = await this.repository.findByIdFor(postId, viewerId);
    return toPost(seenBy(found?.row, viewerId), found?.liked ?? false);
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
    const rows = await this.repository.list(
      {
        viewerId,
        publisherId: input.publisherId,
        questionId: input.questionId,
        authorWords: words(input.authorSearchValue),
        topicWords: words(input.topicSearchValue),
        magazine: input.magazine ?? false,
        asOf,
        after: input.cursor ? decodeCursor(input.cursor) : undefined,
      },
      sort,
      pageNumber * limit,
      limit,
    );
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const hasMore = rows.length > limit;
    return {
      posts: page.map(toSummary),
      pageNumber,
      limit,
      hasMore,
      asOf: asOf.toISOString(),
      nextCursor: hasMore && last ? encodeCursor(last) : null,
    };
  }

  async like(postId: string, memberId: string): Promise<LikeResponse> {
    await this.visible(postId, memberId);
    const toggled = await this.repository.toggleLike(postId, memberId);
    // Announced for userLikes (post.like.changed): one like state, whichever call set it.
    this.onOutboxWrite();
    return toggled;
  }

  /** Count a view once per viewer key; without one (unknown guest, crawler) nothing counts. */
  async view(
    postId: string,
    viewer: string | undefined,
    viewerId: string | null,
  ): Promise<{ views: number; counted: boolean }> {
    const post = await this.visible(postId, viewerId);
    if (!viewer) return { views: post.views, counted: false };
    const viewed = await this.repository.addView(postId, viewer);
    // A counted view is announced for userViews (post.viewed): one count, whichever call.
    if (viewed.counted) this.onOutboxWrite();
    return viewed;
  }

  /**
   * A like given or taken back through `userLikes/toggleLike` (post.like.requested), as the
   * member's own `like` is: only by a member who may read the post. Refused, the like stays as
   * it is here and is announced as it is, so the reactions service's mirror drops what it took.
   * Answers whether anything was written (announced).
   */
  async applyLikeRequest(postId: string, userId: string, liked: boolean): Promise<boolean> {
    const written = await this.repository.setLike(postId, userId, liked, (post) =>
      mayRead(post, userId),
    );
    if (written) {
      this.onOutboxWrite();
      await this.guests.clear();
    }
    return written;
  }

  /**
   * A view counted through `userViews/toggleView` (post.view.requested), as `view` counts one:
   * only for a viewer who may read the post (a guest's only on a public one). Refused, the
   * viewer's state here is announced (post.viewed with `counted`), so the mirror drops it.
   */
  async applyViewRequest(postId: string, viewer: string): Promise<boolean> {
    const member = /^member:(.+)$/.exec(viewer)?.[1] ?? null;
    const written = await this.repository.applyViewRequest(postId, viewer, (post) =>
      mayRead(post, member),
    );
    // As a view through updatePostViews: guests' cached posts catch up within seconds.
    if (written) this.onOutboxWrite();
    return written;
  }

  /** Count a share once per viewer key, like views. */
  async share(
    postId: string,
    viewer: string | undefined,
    viewerId: string | null,
  ): Promise<{ shareCount: number }> {
    const post = await this.visible(postId, viewerId);
    if (!viewer) return { shareCount: post.shareCount };
    const { shareCount } = await this.repository.addShare(postId, viewer);
    return { shareCount };
  }
}
