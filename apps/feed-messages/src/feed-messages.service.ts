import {
  FEED_MESSAGES_PAGE_SIZE,
  type DeleteFeedMessageResponse,
  type EditFeedMessageRequest,
  type FeedMessage,
  type FeedMessageCounts,
  type FeedMessagesCount,
  type FeedMessagesPage,
  type GetFeedMessagesRequest,
  type LikeFeedMessageResponse,
  type SendFeedMessageRequest,
  type ReviewHold,
} from '@mepedia/contracts';
import {
  isUuid,
  newId,
  type BlockChange,
  type CircleMembershipChange,
  type ModerationWord,
} from '@mepedia/server-database';
import { AppError, fieldError } from '@mepedia/server-http';
import {
  carriesLink,
  DEFAULT_REVIEW_HOLDS,
  needsReview,
  SubjectAccess,
  type PrivacyAnnouncement,
  type ReviewHolds,
} from '@mepedia/server-platform';
import type { z } from 'zod';
import { toFeedMessage, toShownMessage } from './feed-messages.mapper';
import { FeedMessagesAccess } from './feed-messages.access';
import { authorToTell, commentNotice, likeNotice } from './feed-messages.notices';
import type { MessageRow } from './feed-messages.schema';
import type { FeedMessagesRepository, RemovedMember } from './feed-messages.repository';

type SendInput = z.output<typeof SendFeedMessageRequest>;
type EditInput = z.output<typeof EditFeedMessageRequest>;
type PageInput = z.output<typeof GetFeedMessagesRequest>;

export { UNANNOUNCED_GRACE_MS } from '@mepedia/server-platform';

/**
 * Comments on posts and me answers, with one level of replies. What is discussed is not asked
 * of its service (docs/api/feed-messages.md): its service announces each post and answer, its
 * privacy and a post's deletion. Who may read and write what is the access rule's
 * (feed-messages.access.ts), asked before each read and inside each change's transaction.
 */
export class FeedMessagesService {
  private readonly subjects: SubjectAccess;
  private readonly access: FeedMessagesAccess;

  constructor(
    private readonly repository: FeedMessagesRepository,
    /** Relay the outbox now: a comment was announced (feedMessage.changed). */
    private readonly onOutboxWrite: () => void = () => undefined,
    private readonly reviewHolds: ReviewHolds = DEFAULT_REVIEW_HOLDS,
  ) {
    this.subjects = new SubjectAccess(repository);
    this.access = new FeedMessagesAccess(this.subjects);
  }

  /**
   * Hold a member's comment for review as it is written or edited, when it is one of their
   * first and carries a link (issue 35, point 4; libs/server/platform review-holds.ts): the
   * moderation service's word is recorded here at once (a message written after it takes it),
   * under a case id made here that the moderation service opens when it hears the comment's
   * `review`. Answers the hold, if any.
   */
  private async holdIfNew(
    repository: FeedMessagesRepository,
    message: { id: string; authorId: string; text: string },
    now: Date,
  ): Promise<ReviewHold | undefined> {
    const wait = await needsReview(this.reviewHolds, carriesLink(message.text), (limit) =>
      repository.outCount(message.authorId, limit, message.id),
    );
    if (!wait) return undefined;
    const review: ReviewHold = { caseId: newId(now.getTime()), reason: 'firstLinks' };
    await repository.moderation.apply({
      kind: 'comment',
      itemId: message.id,
      ownerId: message.authorId,
      state: 'held',
      caseId: review.caseId,
      occurredAt: now,
    });
    return review;
  }

  /**
   * The top-level message a reply to `parentId` in `roomId` goes under (a reply to a reply
   * joins its thread), locked: its replies counter moves with the reply. The named parent must
   * exist, not be a placeholder, be shown to the author (not withheld by moderation, and by no
   * one a block stands between them and: issue 35), and be in the room.
   */
  private async replyThread(
    repository: FeedMessagesRepository,
    authorId: string,
    parentId: string,
    roomId: string,
  ): Promise<{ topId: string; parent: MessageRow }> {
    const named = await repository.find(parentId);
    if (!named) throw new AppError('MESSAGE_NOT_FOUND');
    const topId = named.parentId ?? named.id;
    const top = await repository.lock(topId);
    // Under the thread's lock, the named parent is as the last change left it.
    const parent = topId === parentId ? top : await repository.find(parentId);
    if (!top || !parent || parent.deleted) throw new AppError('MESSAGE_NOT_FOUND');
    // One moderation holds or removed is not there to anyone but its author (issue 35).
    if (parent.withheld && parent.authorId !== authorId) throw new AppError('MESSAGE_NOT_FOUND');
    // Nor is one by someone who blocks them, or whom they block: their pages do not show it.
    if (await this.access.blockedBetween(repository, authorId, parent.authorId))
      throw new AppError('MESSAGE_NOT_FOUND');
    if (parent.roomId !== roomId) throw fieldError('parentMessageId', 'INVALID_VALUE');
    return { topId, parent };
  }

  async send(authorId: string, input: SendInput, now = new Date()): Promise<FeedMessage> {
    const roomId = input.feedRoomId ?? input.postId;
    const row = await this.repository.transaction(async (repository) => {
      await this.access.requireDiscussion(repository, authorId, {
        permission: 'discussion.write',
        roomId,
        postId: input.postId,
        now,
      });
      const thread =
        input.parentMessageId === undefined || input.parentMessageId === null
          ? undefined
          : await this.replyThread(repository, authorId, input.parentMessageId, roomId);
      const parentId = thread?.topId ?? null;
      const subject = await repository.subjects.subject(input.postId);
      const id = newId(now.getTime());
      const review = await this.holdIfNew(repository, { id, authorId, text: input.message }, now);
      const created = await repository.insert(
        {
          id,
          roomId,
          postId: input.postId,
          parentId,
          authorId,
          text: input.message,
          tag: input.tag ?? null,
          createdAt: now,
        },
        commentNotice({ authorId, roomId, text: input.message }, thread?.parent, subject, review),
      );
      if (parentId !== null) await repository.countReplies(parentId, 1);
      return { created, review };
    });
    this.onOutboxWrite();
    // Deleted while this was written: its messages go, this one too.
    await this.access.requireStillThere(input.postId, () =>
      this.repository.removePost(input.postId),
    );
    // Its author's own: waiting for review, it says so (issue 35).
    return toFeedMessage(row.created, row.review && { state: 'held', caseId: row.review.caseId });
  }

  async edit(authorId: string, input: EditInput, now = new Date()): Promise<FeedMessage> {
    const row = await this.repository.transaction(async (repository) => {
      const message = await this.access.requireMessage(repository, authorId, {
        permission: 'message.edit',
        messageId: input.messageId,
      });
      // An edit that puts the first link in a new member's comment waits for review, as a new
      // comment with one would; one the moderators already let out with its links does not.
      const review =
        !message.withheld && !carriesLink(message.text) && message.authorId !== null
          ? await this.holdIfNew(
              repository,
              { id: message.id, authorId: message.authorId, text: input.message },
              now,
            )
          : undefined;
      if (review) await repository.setWithheld(message.id, true);
      const edited = await repository.edit(
        message,
        { text: input.message, tag: input.tag, editedAt: now },
        review,
      );
      // Its author's own: held or removed, it says so (issue 35); editing it changes neither.
      return { edited, moderation: await repository.moderation.state('comment', edited.id) };
    });
    // A new text was announced (what others were shown of it changes).
    this.onOutboxWrite();
    return toFeedMessage(row.edited, row.moderation);
  }

  /**
   * A page as the viewer (a member, if any) is shown it, with which of its messages they like:
   * one moderation holds or removed is its author's alone (issue 35): to anyone else it is left
   * out, or a placeholder where it has replies they may read.
   */
  async page(input: PageInput, viewerId?: string): Promise<FeedMessagesPage> {
    await this.access.requireDiscussion(this.repository, viewerId ?? null, {
      permission: 'discussion.read',
      roomId: input.id,
    });
    const parentId = input.parentId ?? null;
    const skip = input.skip ?? 0;
    const sort = input.sort ?? (parentId === null ? 'newest' : 'oldest');
    const { rows, total, visible } = await this.repository.page(
      input.id,
      parentId,
      sort,
      skip,
      FEED_MESSAGES_PAGE_SIZE,
      viewerId ?? null,
    );
    const likedByMe =
      viewerId && rows.length > 0
        ? await this.repository.likedBy(
            viewerId,
            rows.filter((row) => !row.deleted && !row.hiddenFromReader).map((row) => row.id),
          )
        : [];
    return {
      messages: rows.map(toShownMessage),
      total,
      count: visible,
      hasMore: skip + rows.length < total,
      likedByMe,
    };
  }

  async count(roomId: string, viewerId?: string): Promise<FeedMessagesCount> {
    await this.access.requireDiscussion(this.repository, viewerId ?? null, {
      permission: 'discussion.read',
      roomId,
    });
    return { count: await this.repository.countVisible(roomId, viewerId ?? null) };
  }

  /**
   * Many rooms' counts at once (a list of stories): each as `count` gives it, in one query, and
   * a room `count` would refuse left out rather than failing the list.
   */
  async counts(roomIds: readonly string[], viewerId?: string): Promise<FeedMessageCounts> {
    const ids = [...new Set(roomIds)];
    const counted = await this.repository.countsVisible(ids, viewerId ?? null);
    const readable = await this.access.readableRooms(
      this.repository,
      ids,
      viewerId ?? null,
      new Set(counted.keys()),
    );
    return { counts: Object.fromEntries(readable.map((id) => [id, counted.get(id) ?? 0])) };
  }

  /**
   * Toggle a member's like of a message; announced (feedMessage.like.changed) in the same
   * transaction when it tells the comment's author something (`likeNotice`).
   */
  async like(messageId: string, userId: string): Promise<LikeFeedMessageResponse> {
    const { toggled, announced } = await this.repository.transaction(async (repository) => {
      const message = await this.access.requireMessage(repository, userId, {
        permission: 'message.like',
        messageId,
      });
      const result = await repository.toggleLike(messageId, userId);
      const subjects = [
        ...(await repository.subjects.subjects([message.roomId, message.postId])).values(),
      ];
      // Whether the author may still read the discussion is looked up only if they are told.
      const authorId = authorToTell(message, userId);
      const notice =
        authorId === undefined
          ? undefined
          : likeNotice(
              message,
              userId,
              result.liked,
              subjects,
              await this.subjects.in(repository).reader(authorId, subjects),
            );
      if (notice) await repository.announceLike(notice);
      return { toggled: result, announced: notice !== undefined };
    });
    if (announced) this.onOutboxWrite();
    return toggled;
  }

  /**
   * A top-level message with replies becomes a placeholder; any other goes, with its likes. A
   * reply's thread counts one reply fewer, and a placeholder left without replies goes too.
   */
  async delete(
    authorId: string,
    messageId: string,
    roomOrPostId: string,
  ): Promise<DeleteFeedMessageResponse> {
    const placeholder = await this.repository.transaction(async (repository) => {
      const message = await this.access.requireMessage(repository, authorId, {
        permission: 'message.delete',
        messageId,
        roomOrPostId,
      });
      if (message.parentId === null && message.repliesCount > 0) {
        await repository.makePlaceholder(message);
        return true;
      }
      await repository.remove(message);
      if (message.parentId !== null) {
        const thread = await repository.countReplies(message.parentId, -1);
        if (thread?.deleted && thread.repliesCount === 0)
          await repository.removePlaceholder(message.parentId);
      }
      return false;
    });
    this.onOutboxWrite();
    return { deleted: true, placeholder };
  }

  /** A post was deleted: marked so for good first, then its messages go. */
  removePost(postId: string, deletedAt = new Date()): Promise<number> {
    return this.subjects.deleteSubject(postId, deletedAt, () => this.repository.removePost(postId));
  }

  /** Messages about subjects taken on trust and never announced within the grace go. */
  sweepUnannounced(now = Date.now()): Promise<number> {
    return this.subjects.sweepUnannounced(
      ({ subjectId }) => this.repository.removePost(subjectId),
      now,
    );
  }

  /**
   * A member left: their messages and likes go; their private and circle discussions stay
   * closed; their circle and their places in others' go.
   */
  async removeMember(userId: string, leftAt: Date): Promise<RemovedMember> {
    const removed = await this.repository.transaction((repository) =>
      repository.removeMember(userId),
    );
    this.onOutboxWrite();
    await this.repository.subjects.disownSubjects(userId, leftAt);
    await this.repository.circles.removeMember(userId);
    await this.repository.moderation.removeMember(userId);
    // After `disownSubjects` noted them gone: a late word about a block of theirs writes nothing.
    await this.repository.blocks.removeMember(userId);
    return removed;
  }

  /**
   * The moderation service's word on a block or mute (issue 35), applied by its time (a replay,
   * or an older word come late, changes nothing), never about a member who left: from the next
   * request on, the two do not see each other's comments, and neither writes in the other's
   * discussions or to the other's comments. A mute changes nothing here (a discussion is not
   * one's feed). Answers whether it changed anything.
   */
  applyBlock(change: BlockChange): Promise<boolean> {
    return this.repository.blocks.apply(change);
  }

  /** The posts or me-answers service's word on a subject's audience. */
  applyPrivacy(subject: PrivacyAnnouncement): Promise<void> {
    return this.subjects.applyPrivacy(subject);
  }

  /**
   * The moderation service's word on a comment, post or answer (issue 35), applied by its time
   * (a replay, or an older word come late, changes nothing), whether or not the item is known
   * here yet: from the next request on, a held or removed comment is its author's alone, and a
   * held or removed post's or answer's discussion its owner's alone. A profile's is not kept
   * here. Answers whether it was applied.
   */
  applyModeration(word: ModerationWord): Promise<boolean> {
    if (word.kind === 'profile') return Promise.resolve(false);
    return this.repository.transaction(async (repository) => {
      const applied = await repository.moderation.apply(word);
      // A comment here follows the word that stands (one not here yet takes it when written).
      if (applied && word.kind === 'comment' && isUuid(word.itemId))
        await repository.setWithheld(word.itemId, word.state !== 'visible');
      return applied;
    });
  }

  /**
   * The circles service's word on who is in whose circle: from the next request on, a member
   * taken out of a circle reads none of its owner's circle discussions.
   */
  applyCircleMembership(change: CircleMembershipChange): Promise<void> {
    return this.repository.circles.apply(change);
  }
}
