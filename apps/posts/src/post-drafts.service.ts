import {
  CreatePostRequest,
  POST_DRAFTS_MAX,
  POSTS_PAGE_SIZE,
  type GetDraftsRequest,
  type Post,
  type PostDraft,
  type PostDraftsPage,
  type PublishDraftRequest,
  type SaveDraftRequest,
} from '@mepedia/contracts';
import { newId } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import type { z } from 'zod';
import { cleanDraftContent } from './post-content';
import type { DraftChanges, DraftCursor } from './post-drafts.repository';
import { decodeCursor, encodeCursor } from './posts.cursor';
import { toDraft, toDraftSummary } from './posts.mapper';
import type { PostDraftRow } from './posts.schema';
import type { PostsService } from './posts.service';
import type { PostsStore } from './posts.store';

type SaveInput = z.output<typeof SaveDraftRequest>;
type ListInput = z.output<typeof GetDraftsRequest>;
type PublishInput = z.output<typeof PublishDraftRequest>;

/**
 * Drafts of posts (issue 33): their author's alone. Every read and change names the author with
 * the id (post-drafts.repository.ts), so another member's draft is not found, exactly as an
 * unknown one is. Drafts live in a table of their own that nothing else reads: no list, count,
 * feed, the magazine, the sitemap or search can show one. Publishing makes a post as `create`
 * does (PostsService.createWith) and takes the draft in the same transaction.
 */
export class PostDraftsService {
  constructor(
    private readonly store: PostsStore,
    private readonly posts: Pick<PostsService, 'createWith'>,
  ) {}

  /** Autosave: a new draft, or the fields sent, only if the draft is still at `version`. */
  async save(authorId: string, input: SaveInput): Promise<PostDraft> {
    const changes = changesOf(input);
    const now = new Date();
    const { draftId, version } = input;
    if (draftId === undefined) {
      const created = await this.store.transaction(async ({ drafts, members }) => {
        // A member who left keeps nothing here, a save racing their departure included.
        if (await members.left(authorId)) throw new AppError('AUTH_REQUIRED');
        await drafts.lockAuthor(authorId);
        if ((await drafts.countOf(authorId)) >= POST_DRAFTS_MAX) throw new AppError('DRAFTS_LIMIT');
        return drafts.insert({
          ...changes,
          id: newId(now.getTime()),
          authorId,
          version: 1,
          createdAt: now,
          updatedAt: now,
        });
      });
      return toDraft(created);
    }
    // The schema holds `version` required with `draftId`.
    const changed = await this.store.drafts.change(authorId, draftId, version ?? 0, changes, now);
    if (changed) return toDraft(changed);
    throw await this.refusal(authorId, draftId);
  }

  /** The author's drafts, most recently changed first, a page at a time by keyset. */
  async list(authorId: string, input: ListInput): Promise<PostDraftsPage> {
    const limit = input.limit ?? POSTS_PAGE_SIZE;
    const rows = await this.store.drafts.page(authorId, afterOf(input.cursor), limit + 1);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const hasMore = rows.length > limit;
    return {
      drafts: page.map(toDraftSummary),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor({ createdAt: last.updatedAt, id: last.id }) : null,
    };
  }

  async get(authorId: string, draftId: string): Promise<PostDraft> {
    const row = await this.store.drafts.find(authorId, draftId);
    if (!row) throw new AppError('DRAFT_NOT_FOUND');
    return toDraft(row);
  }

  /**
   * The draft, still at `version`, checked as `create` checks a post (the same field errors),
   * becomes a post as `create` makes one, and is gone: one transaction.
   */
  async publish(authorId: string, input: PublishInput): Promise<Post> {
    return this.posts.createWith(authorId, async ({ drafts }) => {
      const draft = await drafts.find(authorId, input.draftId, { lock: true });
      if (!draft) throw new AppError('DRAFT_NOT_FOUND');
      if (draft.version !== input.version) throw new AppError('DRAFT_STALE');
      const post = CreatePostRequest.parse(asPost(draft));
      await drafts.delete(authorId, draft.id);
      return post;
    });
  }

  async delete(authorId: string, draftId: string): Promise<void> {
    if (!(await this.store.drafts.delete(authorId, draftId))) throw new AppError('DRAFT_NOT_FOUND');
  }

  /** Why a versioned change found nothing: not the author's (or not there), or stale. */
  private async refusal(authorId: string, draftId: string): Promise<AppError> {
    const current = await this.store.drafts.find(authorId, draftId);
    return new AppError(current ? 'DRAFT_STALE' : 'DRAFT_NOT_FOUND');
  }
}

/** The fields a save sends, as stored: content cleaned as a post's, `image: null` taken away. */
function changesOf(input: SaveInput): DraftChanges {
  const changes: DraftChanges = {};
  if (input.title !== undefined) changes.title = input.title;
  if (input.content !== undefined) Object.assign(changes, cleanDraftContent(input.content));
  if (input.image !== undefined) changes.image = input.image;
  if (input.credit !== undefined) changes.credit = input.credit;
  if (input.privacy !== undefined) changes.privacy = input.privacy;
  if (input.destination !== undefined) changes.destination = input.destination;
  return changes;
}

/** The draft as `create`'s body would carry it: what is unfinished is absent, as if not sent. */
function asPost(draft: PostDraftRow): Record<string, unknown> {
  return {
    title: draft.title,
    content: draft.content,
    ...(draft.image === null ? {} : { image: draft.image }),
    credit: draft.credit,
    ...(draft.privacy === null ? {} : { privacy: draft.privacy }),
    destination: draft.destination,
  };
}

/** A drafts page's cursor is a post list's (a time and an id): here, the time of the last change. */
function afterOf(cursor: string | undefined): DraftCursor | undefined {
  if (cursor === undefined) return undefined;
  const { createdAt, id } = decodeCursor(cursor);
  return { updatedAt: createdAt, id };
}
