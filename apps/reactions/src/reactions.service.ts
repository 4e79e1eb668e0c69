import type {
  ErrorCode,
  LikedByCurrentUserResponse,
  LottiesState,
  ReactionCollection,
  ReactionName,
  ToggleLottieResponse,
  ToggleUserLikeResponse,
  ToggleViewResponse,
  ViewProperty,
} from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { mayRead, SubjectAccess, type PrivacyAnnouncement } from '@mepedia/server-platform';
import { toLottiesState } from './reactions.mapper';
import type { ObjectRef, ReactionsRepository, RemovedMember } from './reactions.repository';

/** The viewer key `@ViewerKey()` gives a member: their views are found by it when they leave. */
export const memberViewerKey = (userId: string): string => `member:${userId}`;

/**
 * The collections whose objects are subjects other services announce (owner, privacy,
 * deletion), with the 404 their owner answers for one the caller may not read.
 */
const SUBJECTS: Partial<Record<ReactionCollection, ErrorCode>> = {
  posts: 'POST_NOT_FOUND',
  meAnswers: 'ANSWER_NOT_FOUND',
};

/** What a comment (`feedMessages`) the caller may not react to answers, as feed-messages does. */
const COMMENT_NOT_FOUND: ErrorCode = 'MESSAGE_NOT_FOUND';

export { UNANNOUNCED_GRACE_MS } from '@mepedia/server-platform';

/**
 * Likes, views and reactions of objects other services own. For posts and me answers the
 * owners announce each one's privacy and deletion (events.ts): a reaction, and a count, exist
 * only for someone who may read the subject, and only while it exists (docs/api/reactions.md).
 * A comment (`feedMessages`) is what its subject is, as feed-messages announces it
 * (feedMessage.changed). Members (`users`) are not looked up.
 */
export class ReactionsService {
  private readonly subjects: SubjectAccess;

  constructor(
    private readonly repository: ReactionsRepository,
    /** Relay the outbox now: a post's like was handed to the posts service. */
    private readonly onOutboxWrite: () => void = () => undefined,
  ) {
    this.subjects = new SubjectAccess(repository.subjects);
  }

  /**
   * Refuse, with the subject's own 404, what `viewerId` (a guest: null) may not read: a
   * deleted subject, or one private to someone else. A subject never announced is taken as
   * public only when its id is a UUIDv7 made within the grace (a subject made a moment ago), or
   * while the read model is new (`takenOnTrust`), to read or write; one written on is noted for
   * `sweepUnannounced`; any other is refused.
   */
  private async mustRead(
    object: ObjectRef,
    viewerId: string | null,
    writing: boolean,
  ): Promise<void> {
    if (object.collection === 'feedMessages')
      return this.mustReadComment(object, viewerId, writing);
    const notFound = SUBJECTS[object.collection];
    if (notFound === undefined) return;
    await this.subjects.mustRead(object.objectId, notFound, {
      viewerId,
      writing,
      collection: object.collection,
    });
  }

  /**
   * A comment is what its subject is: refused with MESSAGE_NOT_FOUND (as feed-messages answers
   * a message that is not there) when deleted, or when `viewerId` may not read its subject (the
   * subject's own rule, `mustRead`). A comment never announced is taken on trust only as a
   * subject is (`takenOnTrust`: made a moment ago), and one written on is noted for the sweep.
   */
  private async mustReadComment(
    object: ObjectRef,
    viewerId: string | null,
    writing: boolean,
  ): Promise<void> {
    const comment = await this.repository.comment(object.objectId);
    if (comment === undefined) {
      if (!(await this.subjects.takenOnTrust(object.objectId)))
        throw new AppError(COMMENT_NOT_FOUND);
      if (writing)
        await this.repository.subjects.noteUnannounced(object.objectId, object.collection);
      return;
    }
    if (comment.deleted) throw new AppError(COMMENT_NOT_FOUND);
    await this.subjects.mustRead(comment.subjectId, COMMENT_NOT_FOUND, {
      viewerId,
      writing: false,
    });
  }

  /**
   * A post's like is the posts service's (the one `PUT posts/like` gives): the toggle is applied
   * here at once, so this call and this service's reads agree, and handed to the posts service
   * in the same transaction (post.like.requested), whose word comes back as post.like.changed.
   */
  async toggleLike(object: ObjectRef, userId: string): Promise<ToggleUserLikeResponse> {
    await this.mustRead(object, userId, true);
    const toggled = await this.repository.toggleLike(object, userId);
    if (object.collection === 'posts') this.onOutboxWrite();
    await this.stillThere(object);
    return toggled;
  }

  /**
   * After a write on a post or answer: if it was deleted meanwhile, what was just written goes
   * too and the caller gets the 404. post.deleted marks the subject first, then removes what it
   * gathered, so either that removal saw this write or this sees the mark.
   */
  private async stillThere(object: ObjectRef): Promise<void> {
    if (object.collection === 'feedMessages') {
      // A comment deleted meanwhile: deleteComment marks it first, then removes what it gathered.
      if (!(await this.repository.comment(object.objectId))?.deleted) return;
      await this.repository.removeObject(object);
      throw new AppError(COMMENT_NOT_FOUND);
    }
    const notFound = SUBJECTS[object.collection];
    if (notFound === undefined) return;
    await this.subjects.mustStillExist(object.objectId, notFound, () =>
      this.repository.removeObject(object),
    );
  }

  /**
   * The posts service's word on a member's like of a post (post.like.changed), said at
   * `saidAt`: applied unless a later word on that like was.
   */
  applyPostLike(postId: string, userId: string, liked: boolean, saidAt: Date): Promise<void> {
    if (!isUuid(userId)) return Promise.resolve();
    return this.repository.setLike(
      { collection: 'posts', objectId: postId },
      userId,
      liked,
      saidAt,
    );
  }

  /** Always the caller's own likes, whoever `userId` in the request names. */
  async likedByCurrentUser(
    userId: string,
    collection: ReactionCollection,
    objectId: string | undefined,
  ): Promise<LikedByCurrentUserResponse> {
    const liked = await this.repository.likedBy(userId, collection, objectId);
    if (SUBJECTS[collection] === undefined || liked.length === 0)
      return { collectionName: collection, objectIds: liked };
    // Likes of a subject the member may no longer read (made private, deleted) are not shown.
    const subjects = await this.repository.subjects.subjects(liked);
    const objectIds = liked.filter((id) => {
      const subject = subjects.get(id);
      return !subject || mayRead(subject, userId);
    });
    return { collectionName: collection, objectIds };
  }

  /**
   * `viewer` undefined (no key, or a crawler): nothing counts, the count is answered.
   * `viewerId` is the signed-in member, if any (who may read a private subject).
   */
  async view(
    object: ObjectRef,
    property: ViewProperty,
    viewer: string | undefined,
    viewerId: string | null,
  ): Promise<ToggleViewResponse> {
    await this.mustRead(object, viewerId, viewer !== undefined);
    const viewed = await this.repository.view(object, property, viewer);
    // A post's view was handed to the posts service, which owns post views.
    if (viewed.counted && object.collection === 'posts') this.onOutboxWrite();
    if (viewed.counted) await this.stillThere(object);
    return viewed;
  }

  /**
   * A viewer the posts service counted on a post (post.viewed): counted here the same; one it
   * refused (`counted` false) is taken back here.
   */
  applyPostView(postId: string, viewer: string, counted: boolean): Promise<void> {
    return this.repository.applyView({ collection: 'posts', objectId: postId }, viewer, counted);
  }

  async toggleLottie(
    object: ObjectRef,
    userId: string,
    name: ReactionName,
  ): Promise<ToggleLottieResponse> {
    await this.mustRead(object, userId, true);
    const { reacted, counts, mine } = await this.repository.toggleLottie(object, userId, name);
    await this.stillThere(object);
    return { reacted, ...toLottiesState(counts, mine) };
  }

  /** A guest (`userId` null) gets the counts and no reactions of their own. */
  async fillLotties(object: ObjectRef, userId: string | null): Promise<LottiesState> {
    await this.mustRead(object, userId, false);
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
      this.repository.removeObject({ collection: 'posts', objectId: postId }),
    );
  }

  /** A member left: what they gave goes; what they owned is gone for everyone. */
  async removeMember(userId: string): Promise<RemovedMember> {
    const removed = await this.repository.removeMember(userId, memberViewerKey(userId));
    await this.repository.subjects.disownSubjects(userId);
    return removed;
  }

  /**
   * The feed-messages service's word on a comment (feedMessage.changed): recorded first, and a
   * deleted one loses what it gathered.
   */
  async applyComment(commentId: string, subjectId: string, deleted: boolean): Promise<void> {
    await this.repository.applyComment(commentId, subjectId, deleted);
    if (deleted)
      await this.repository.removeObject({ collection: 'feedMessages', objectId: commentId });
  }

  /** The posts or me-answers service's word on a subject's owner and privacy. */
  applyPrivacy(subject: PrivacyAnnouncement): Promise<void> {
    return this.subjects.applyPrivacy(subject);
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
      // Noted by `mustRead` from an ObjectRef: one of the reactions' collections.
      await this.repository.removeObject({
        collection: collection as ReactionCollection,
        objectId: subjectId,
      });
    }, now);
  }
}
