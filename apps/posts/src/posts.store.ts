import type { DomainEventPayload, DomainEventType } from '@mepedia/contracts';
import { BlockStore, CircleMembershipStore, type Db } from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { FollowsRepository } from './follows.repository';
import { MeAnswerPostsRepository } from './me-answer-posts.repository';
import { MembersRepository } from './members.repository';
import { PostDraftsRepository } from './post-drafts.repository';
import { PostCountsRepository } from './post-counts.repository';
import { PostLikesRepository } from './post-likes.repository';
import { PostModerationRepository } from './post-moderation.repository';
import { PostListsRepository } from './post-lists.repository';
import { PostsRepository } from './posts.repository';
import { outbox } from './posts.schema';

/** A class's public face: what the service calls, and what a unit spec fakes. */
export type Port<T> = { [K in keyof T]: T[K] };

/** The posts schema's outbox: an event recorded in the transaction of the change it announces. */
export class PostsOutbox {
  constructor(private readonly db: Db) {}

  append<T extends DomainEventType>(type: T, payload: DomainEventPayload<T>): Promise<void> {
    return appendEvent(this.db, outbox, type, payload);
  }
}

/** The repositories of one transaction: all that is written through them commits or none. */
export type PostsTransaction = {
  posts: Port<PostsRepository>;
  likes: Port<PostLikesRepository>;
  counts: Port<PostCountsRepository>;
  members: Port<MembersRepository>;
  mePosts: Port<MeAnswerPostsRepository>;
  follows: Port<FollowsRepository>;
  drafts: Port<PostDraftsRepository>;
  /** Who is in whose circle (issue 34): circle posts' readers. */
  circles: Port<CircleMembershipStore>;
  /** Who blocks or mutes whom (issue 35): the moderation service's word, kept here. */
  blocks: Port<BlockStore>;
  /** The moderation service's decisions on posts and answers (issue 35). */
  moderation: Port<PostModerationRepository>;
  outbox: Port<PostsOutbox>;
};

/**
 * What PostsService reads and writes through: single reads straight (a read of one statement
 * needs no transaction; the hot ones are prepared), and every change in a transaction the
 * service opens, its access check read first inside it.
 */
export type PostsStore = Pick<PostsTransaction, 'posts' | 'members' | 'drafts' | 'blocks'> & {
  lists: Port<PostListsRepository>;
  transaction<T>(work: (tx: PostsTransaction) => Promise<T>): Promise<T>;
};

export function postsStore(db: Db): PostsStore {
  const bound = (executor: Db): PostsTransaction => ({
    posts: new PostsRepository(executor),
    likes: new PostLikesRepository(executor),
    counts: new PostCountsRepository(executor),
    members: new MembersRepository(executor),
    mePosts: new MeAnswerPostsRepository(executor),
    follows: new FollowsRepository(executor),
    drafts: new PostDraftsRepository(executor),
    circles: new CircleMembershipStore(executor, 'posts'),
    blocks: new BlockStore(executor, 'posts'),
    moderation: new PostModerationRepository(executor),
    outbox: new PostsOutbox(executor),
  });
  return {
    posts: new PostsRepository(db),
    members: new MembersRepository(db),
    drafts: new PostDraftsRepository(db),
    blocks: new BlockStore(db, 'posts'),
    lists: new PostListsRepository(db),
    transaction: (work) => db.transaction((tx) => work(bound(tx))),
  };
}
