import type {
  LikedByCurrentUserResponse,
  LottiesState,
  ReactionCollection,
  ReactionName,
  ToggleLottieResponse,
  ToggleUserLikeResponse,
  ToggleViewResponse,
  ViewProperty,
} from '@mepedia/contracts';
import {
  isUuid,
  type BlockChange,
  type CircleMembershipChange,
  type ModerationWord,
} from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { SubjectAccess, type PrivacyAnnouncement } from '@mepedia/server-platform';
import { isSubjectCollection, ReactionsAccess, visibleLikes } from './reactions.access';
import { toLottiesState } from './reactions.mapper';
import { reactionNotice } from './reactions.notices';
import type { ObjectRef, ReactionsRepository, RemovedMember } from './reactions.repository';

/** The viewer key `@ViewerKey()` gives a member: their views are found by it when they leave. */
export const memberViewerKey = (userId: string): string => `member:${userId}`;

export { UNANNOUNCED_GRACE_MS } from '@mepedia/server-platform';

/** The member a viewer key names (`memberViewerKey`); undefined: a visitor's key. */
const memberOfViewerKey = (viewer: string): string | undefined => /^member:(.+)$/.exec(viewer)?.[1];

/**
 * Likes, views and reactions of objects other services own. For posts and me answers the
 * owners announce each one's privacy and deletion (events.ts); who may react to and read what is
 * the access rule's (reactions.access.ts, docs/api/reactions.md), asked before each read and
 * each change, and again after a change commits (`stillThere`). The rule is asked just before
 * the change's transaction, not in it: it notes a subject taken on trust, and that note, held
 * in the transaction, made 50 toggles of one object at once wait on each other's notes as well
 * as on the counter (503s, the pool's wait exceeded); a deletion meanwhile is caught after the
 * commit either way.
 */
export class ReactionsService {
  private readonly subjects: SubjectAccess;
  private readonly access: ReactionsAccess;

  constructor(
    private readonly repository: ReactionsRepository,
    /** Relay the outbox now: a post's like was handed to the posts service. */
    private readonly onOutboxWrite: () => void = () => undefined,
  ) {
    this.subjects = new SubjectAccess(repository);
    this.access = new ReactionsAccess(this.subjects);
  }

  /**
   * A post's like is the posts service's (the one `PUT posts/like` gives): the toggle is applied
   * here at once, so this call and this service's reads agree, and handed to the posts service
   * in the same transaction (post.like.requested), whose word comes back as post.like.changed.
   */
  async toggleLike(object: ObjectRef, userId: string): Promise<ToggleUserLikeResponse> {
    await this.access.requireObject(this.repository, userId, {
      permission: 'object.react',
      object,
    });
    const blocked = await this.access.blockedWith(this.repository, userId, object);
    const { toggled, announced } = await this.repository.transaction(async (repository) => {
      const result = await repository.toggleLike(object, userId);
      // A block refuses a like given, not one taken back: undone with the transaction.
      if (blocked !== undefined && result.liked) throw new AppError(blocked);
      if (object.collection === 'posts')
        await repository.requestPostLike(object.objectId, userId, result.liked);
      const notice = await this.announce(repository, object, userId, 'like', result.liked);
      return { toggled: result, announced: notice || object.collection === 'posts' };
    });
    if (announced) this.onOutboxWrite();
    await this.stillThere(object);
    return toggled;
  }

  /**
   * Announce a reaction as it now is (reaction.changed), in the toggle's transaction, when it
   * tells anyone anything (`reactionNotice`); answers whether it did.
   */
  private async announce(
    repository: ReactionsRepository,
    object: ObjectRef,
    userId: string,
    reaction: string,
    on: boolean,
  ): Promise<boolean> {
    if (object.collection === 'users') return false;
    const subjectId =
      object.collection === 'feedMessages'
        ? (await repository.comment(object.objectId))?.subjectId
        : object.objectId;
    const subject =
      subjectId === undefined ? undefined : await repository.subjects.subject(subjectId);
    const notice = reactionNotice(object, userId, reaction, on, subjectId, subject);
    if (notice) await repository.announceReaction(notice);
    return notice !== undefined;
  }

  /** After a reaction committed: an object deleted meanwhile loses it, and the caller gets 404. */
  private stillThere(object: ObjectRef): Promise<void> {
    return this.access.requireStillThere(this.repository, object, () => this.removeObject(object));
  }

  /** What an object gathered goes, counters with it, in one transaction. */
  private removeObject(object: ObjectRef): Promise<RemovedMember> {
    return this.repository.transaction((repository) => repository.removeObject(object));
  }

  /**
   * The posts service's word on a member's like of a post (post.like.changed), said at
   * `saidAt`: applied unless a later word on that like was.
   */
  async applyPostLike(postId: string, userId: string, liked: boolean, saidAt: Date): Promise<void> {
    if (!isUuid(userId)) return;
    await this.repository.transaction(async (repository) => {
      // Never a member who left: a late announcement must not write their id back.
      if (await repository.memberLeft(userId)) return;
      await repository.setLike({ collection: 'posts', objectId: postId }, userId, liked, saidAt);
    });
  }

  /** Always the caller's own likes, whoever `userId` in the request names. */
  async likedByCurrentUser(
    userId: string,
    collection: ReactionCollection,
    objectId: string | undefined,
  ): Promise<LikedByCurrentUserResponse> {
    const liked = await this.repository.likedBy(userId, collection, objectId);
    if (!isSubjectCollection(collection) || liked.length === 0)
      return { collectionName: collection, objectIds: liked };
    const subjects = await this.repository.subjects.subjects(liked);
    // Whose circles the member is in, among the owners of the circle subjects: one statement.
    const viewer = await this.subjects.reader(userId, subjects.values());
    return { collectionName: collection, objectIds: visibleLikes(liked, subjects, viewer) };
  }

  /**
   * `viewer` undefined (no key, or a crawler): nothing counts, the count is answered.
   * `viewerId` is the signed-in member, if any (who may read a subject narrower than public).
   */
  async view(
    object: ObjectRef,
    property: ViewProperty,
    viewer: string | undefined,
    viewerId: string | null,
  ): Promise<ToggleViewResponse> {
    if (viewer === undefined) {
      await this.access.requireObject(this.repository, viewerId, {
        permission: 'object.read',
        object,
      });
      return { views: await this.repository.viewCount(object, property), counted: false };
    }
    // A view is counted whoever looks: no block stands in its way (nobody is told of it).
    await this.access.requireObject(this.repository, viewerId, {
      permission: 'object.view',
      object,
    });
    const viewed = await this.repository.transaction(async (repository) => {
      const views = await repository.addView(object, property, viewer);
      if (views === undefined)
        return { views: await repository.viewCount(object, property), counted: false };
      // A post's views are the posts service's: the view is handed over in this transaction.
      if (object.collection === 'posts') await repository.requestPostView(object.objectId, viewer);
      return { views, counted: true };
    });
    if (viewed.counted && object.collection === 'posts') this.onOutboxWrite();
    if (viewed.counted) await this.stillThere(object);
    return viewed;
  }

  /**
   * A viewer the posts service counted on a post (post.viewed): counted here the same, never
   * a member who left; one it refused (`counted` false) is taken back here.
   */
  async applyPostView(postId: string, viewer: string, counted: boolean): Promise<void> {
    const post: ObjectRef = { collection: 'posts', objectId: postId };
    const member = memberOfViewerKey(viewer);
    await this.repository.transaction(async (repository) => {
      if (!counted) return repository.removeView(post, 'views', viewer);
      if (member !== undefined && (await repository.memberLeft(member))) return;
      await repository.addView(post, 'views', viewer);
    });
  }

  async toggleLottie(
    object: ObjectRef,
    userId: string,
    name: ReactionName,
  ): Promise<ToggleLottieResponse> {
    await this.access.requireObject(this.repository, userId, {
      permission: 'object.react',
      object,
    });
    const blocked = await this.access.blockedWith(this.repository, userId, object);
    const { reacted, counts, mine, announced } = await this.repository.transaction(
      async (repository) => {
        const toggled = await repository.toggleLottie(object, userId, name);
        // A block refuses a reaction left, not one taken back: undone with the transaction.
        if (blocked !== undefined && toggled.reacted) throw new AppError(blocked);
        const notice = await this.announce(repository, object, userId, name, toggled.reacted);
        return { ...toggled, announced: notice };
      },
    );
    if (announced) this.onOutboxWrite();
    await this.stillThere(object);
    return { reacted, ...toLottiesState(counts, mine) };
  }

  /** A guest (`userId` null) gets the counts and no reactions of their own. */
  async fillLotties(object: ObjectRef, userId: string | null): Promise<LottiesState> {
    await this.access.requireObject(this.repository, userId, { permission: 'object.read', object });
    if (userId === null) return toLottiesState(await this.repository.lottieCounts(object), []);
    const counts = await this.repository.lottieCountsFor(object, userId);
    return toLottiesState(
      counts,
      counts.filter((row) => row.mine).map((row) => row.name),
    );
  }

  /** A post was deleted: what it gathered goes, and it stays gone. */
  removePost(postId: string, deletedAt: Date): Promise<RemovedMember> {
    return this.subjects.deleteSubject(postId, deletedAt, () =>
      this.removeObject({ collection: 'posts', objectId: postId }),
    );
  }

  /**
   * A member left: what they gave goes; what they owned is gone for everyone; their circle and
   * their places in others' go.
   */
  async removeMember(userId: string): Promise<RemovedMember> {
    const removed = await this.repository.transaction((repository) =>
      repository.removeMember(userId, memberViewerKey(userId)),
    );
    await this.repository.subjects.disownSubjects(userId);
    await this.repository.circles.removeMember(userId);
    await this.repository.moderation.removeMember(userId);
    // After `disownSubjects` noted them gone: a late word about a block of theirs writes nothing.
    await this.repository.blocks.removeMember(userId);
    return removed;
  }

  /**
   * The moderation service's word on a block or mute (issue 35), applied by its time (a replay,
   * or an older word come late, changes nothing), never about a member who left: from the next
   * request on, neither adds a like or reaction to the other's posts, answers, profile or
   * comments. Nothing given before is taken away (counts are everyone's, and the owner was told
   * of it then; the notifications service takes back what it told). A mute changes nothing here.
   * Answers whether it changed anything.
   */
  applyBlock(change: BlockChange): Promise<boolean> {
    return this.repository.blocks.apply(change);
  }

  /**
   * The feed-messages service's word on a comment (feedMessage.changed), with its author when it
   * names one (a comment written): recorded first (and
   * committed: a reaction at the same moment sees the mark, or its removal sees the reaction),
   * then a deleted one loses what it gathered.
   */
  async applyComment(
    commentId: string,
    subjectId: string,
    deleted: boolean,
    authorId?: string,
  ): Promise<void> {
    await this.repository.applyComment(commentId, subjectId, deleted, authorId);
    if (deleted) await this.removeObject({ collection: 'feedMessages', objectId: commentId });
  }

  /** The posts or me-answers service's word on a subject's owner and audience. */
  applyPrivacy(subject: PrivacyAnnouncement): Promise<void> {
    return this.subjects.applyPrivacy(subject);
  }

  /**
   * The moderation service's word on a post, answer, comment or profile (issue 35), applied by
   * its time (a replay, or an older word come late, changes nothing), whether or not the item is
   * known here yet: from the next request on, a held or removed one's likes, views and reactions
   * are its owner's alone, and nobody else adds one. Nothing is taken away: visible again, it
   * counts what it had. Answers whether it was applied.
   */
  applyModeration(word: ModerationWord): Promise<boolean> {
    return this.repository.moderation.apply(word);
  }

  /**
   * The circles service's word on who is in whose circle: from the next request on, a member
   * taken out of a circle neither reacts to nor counts its owner's circle subjects.
   */
  applyCircleMembership(change: CircleMembershipChange): Promise<void> {
    return this.repository.circles.apply(change);
  }

  /** What was gathered on subjects taken on trust and never announced within the grace goes. */
  sweepUnannounced(now = Date.now()): Promise<number> {
    return this.subjects.sweepUnannounced(async ({ subjectId, collection }) => {
      // A comment announced since (and not deleted) keeps what it gathered.
      if (
        collection === 'feedMessages' &&
        (await this.repository.comment(subjectId))?.deleted === false
      )
        return;
      // Noted by `requireObject` from an ObjectRef: one of the reactions' collections.
      await this.removeObject({
        collection: collection as ReactionCollection,
        objectId: subjectId,
      });
    }, now);
  }
}
