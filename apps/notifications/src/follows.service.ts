import {
  FOLLOWS_PAGE_DEFAULT,
  type DomainEventPayload,
  type FollowCounts,
  type FollowListPage,
  type FollowState,
  type FollowStates,
} from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { decodeFollowsCursor, encodeFollowsCursor } from './follows.cursor';
import type { FollowsRepository } from './follows.repository';

/**
 * Who follows whom (issue 32). Only a member this service knows (a verified member the users
 * service announced, who has not left) may be followed or listed; any other id answers
 * USER_NOT_FOUND, as their profile does. A follow or unfollow that changes something is
 * announced (follow.changed) in its transaction. Where a block stands between two members
 * (issue 35, either way), neither follows the other (MEMBER_BLOCKED; the block ended any follow,
 * NotificationStore.separate) nor sees the other in follow lists.
 */
export class FollowsService {
  constructor(
    private readonly repository: FollowsRepository,
    /** Relay the outbox now: a follow changed. */
    private readonly onOutboxWrite: () => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  follow(followerId: string, followeeId: string): Promise<FollowState> {
    return this.change(followerId, followeeId, true);
  }

  unfollow(followerId: string, followeeId: string): Promise<FollowState> {
    return this.change(followerId, followeeId, false);
  }

  async counts(userId: string, viewerId: string | undefined): Promise<FollowCounts> {
    await this.requireKnown(userId);
    return this.repository.counts(userId, viewerId);
  }

  /**
   * Several members' counts at once (a page of people cards), each asked-about member who may be
   * followed once, in the order asked; any other id (malformed, unknown, still being verified,
   * departed) is left out, never refused, as a page may name a member who left since it was
   * drawn. One query, whatever the number; a malformed id never reaches SQL.
   */
  async states(userIds: readonly string[], viewerId: string | undefined): Promise<FollowStates> {
    const asked = [...new Set(userIds)].filter(isUuid);
    if (asked.length === 0) return { states: [] };
    const viewer = viewerId !== undefined && isUuid(viewerId) ? viewerId : undefined;
    const found = new Map(
      (await this.repository.states(asked, viewer)).map((state) => [state.userId, state]),
    );
    return {
      states: asked.flatMap((userId) => {
        const state = found.get(userId);
        return state ? [state] : [];
      }),
    };
  }

  /**
   * A member's followers as `viewerId` (a guest: undefined) is shown them: nobody a block stands
   * between the viewer and (issue 35). The counts stay everyone's.
   */
  followers(
    userId: string,
    cursor: string | undefined,
    limit: number | undefined,
    viewerId?: string,
  ): Promise<FollowListPage> {
    return this.list('followers', userId, cursor, limit, viewerId);
  }

  /** The members a member follows, as `followers` shows followers. */
  following(
    userId: string,
    cursor: string | undefined,
    limit: number | undefined,
    viewerId?: string,
  ): Promise<FollowListPage> {
    return this.list('following', userId, cursor, limit, viewerId);
  }

  /** A member's name, picture or language (users' user.updated at `at`), unless they left. */
  async memberChanged(user: DomainEventPayload<'user.updated'>, at: Date): Promise<boolean> {
    if (!isUuid(user.userId)) return false;
    return this.repository.transaction(async ({ members }) => {
      await members.lockTurn(user.userId);
      if (await members.left(user.userId)) return false;
      await members.upsert(user, at);
      return true;
    });
  }

  /**
   * A member left (user.deleted): their follows both ways and their row go, and a later event
   * naming them writes nothing back. Answers how many follows went. Their follows are not
   * announced one by one: every consumer of follow.changed hears user.deleted too.
   */
  removeMember(userId: string): Promise<number> {
    return this.repository.transaction(async ({ members }) => {
      await members.lockTurn(userId);
      return members.remove(userId);
    });
  }

  private async change(
    followerId: string,
    followeeId: string,
    following: boolean,
  ): Promise<FollowState> {
    if (!isUuid(followeeId)) throw new AppError('USER_NOT_FOUND');
    if (followeeId === followerId) throw new AppError('CANNOT_FOLLOW_SELF');
    const changed = await this.repository.transaction(async (repository) => {
      // Locked: a removal of the member waits for this follow, and then takes it too.
      if (!(await repository.members.lockKnown(followeeId))) throw new AppError('USER_NOT_FOUND');
      if (following && (await repository.members.left(followerId)))
        throw new AppError('AUTH_REQUIRED');
      // Never where a block stands between the two, either way (issue 35); asked under the
      // followee's lock, which a block's ending of follows takes too. An unfollow always may.
      if (following && (await repository.blocks.eitherBlocks(followerId, followeeId)))
        throw new AppError('MEMBER_BLOCKED');
      const did = following
        ? await repository.follow(followerId, followeeId, this.now())
        : await repository.unfollow(followerId, followeeId);
      if (did) await repository.announce(followerId, followeeId, following);
      return did;
    });
    if (changed) this.onOutboxWrite();
    return { userId: followeeId, ...(await this.repository.counts(followeeId, followerId)) };
  }

  private async list(
    side: 'followers' | 'following',
    userId: string,
    cursor: string | undefined,
    limit = FOLLOWS_PAGE_DEFAULT,
    viewerId?: string,
  ): Promise<FollowListPage> {
    const after = cursor === undefined ? undefined : decodeFollowsCursor(cursor);
    await this.requireKnown(userId);
    // A viewer id that is no member's is no one's to ask of (it never reaches SQL).
    const viewer = viewerId !== undefined && isUuid(viewerId) ? viewerId : null;
    // One more than asked: whether there is a next page, without a count.
    const rows =
      side === 'followers'
        ? await this.repository.followersOf(userId, after, limit + 1, viewer)
        : await this.repository.followingOf(userId, after, limit + 1, viewer);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      members: page.map((row) => ({
        userId: row.userId,
        fullname: row.fullname,
        profileImage: row.profileImage,
        followedAt: row.followedAt.toISOString(),
      })),
      nextCursor:
        rows.length > limit && last
          ? encodeFollowsCursor({ followedAt: last.followedAt, userId: last.userId })
          : null,
    };
  }

  private async requireKnown(userId: string): Promise<void> {
    if (!isUuid(userId) || !(await this.repository.members.known(userId)))
      throw new AppError('USER_NOT_FOUND');
  }
}
