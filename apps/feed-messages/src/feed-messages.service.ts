import {
  FEED_MESSAGES_PAGE_SIZE,
  type DeleteFeedMessageResponse,
  type EditFeedMessageRequest,
  type FeedMessage,
  type FeedMessagesCount,
  type FeedMessagesPage,
  type GetFeedMessagesRequest,
  type LikeFeedMessageResponse,
  type SendFeedMessageRequest,
} from '@mepedia/contracts';
import { isUuid, newId } from '@mepedia/server-database';
import { AppError, fieldError } from '@mepedia/server-http';
import { SubjectAccess, type PrivacyAnnouncement } from '@mepedia/server-platform';
import type { z } from 'zod';
import { toFeedMessage } from './feed-messages.mapper';
import type {
  FeedMessagesRepository,
  OwnChangeResult,
  RemovedMember,
} from './feed-messages.repository';

type SendInput = z.output<typeof SendFeedMessageRequest>;
type EditInput = z.output<typeof EditFeedMessageRequest>;
type PageInput = z.output<typeof GetFeedMessagesRequest>;

/** The value of an owner's change, or the error that says why there is none. */
function owned<T>(result: OwnChangeResult<T>): T {
  switch (result.kind) {
    case 'done':
      return result.value;
    case 'not-found':
      throw new AppError('MESSAGE_NOT_FOUND');
    case 'forbidden':
      throw new AppError('NOT_MESSAGE_AUTHOR');
  }
}

export { UNANNOUNCED_GRACE_MS } from '@mepedia/server-platform';

/**
 * Comments on posts and me answers, with one level of replies. What is discussed is not asked
 * of its service (docs/api/feed-messages.md): its service announces each post and answer, its
 * privacy and a post's deletion. The discussion of a private post or answer is its owner's
 * alone, and to anyone else it does not exist (DISCUSSION_NOT_FOUND); nobody writes about a post
 * that was deleted or never existed.
 */
export class FeedMessagesService {
  private readonly subjects: SubjectAccess;

  constructor(
    private readonly repository: FeedMessagesRepository,
    /** Relay the outbox now: a comment was announced (feedMessage.changed). */
    private readonly onOutboxWrite: () => void = () => undefined,
  ) {
    this.subjects = new SubjectAccess(repository.subjects);
  }

  /** Refuse a discussion the viewer may not see (a guest: `null`). */
  private async mustSee(subjectIds: string[], viewerId: string | null): Promise<void> {
    if (await this.repository.subjects.hiddenFrom(subjectIds, viewerId))
      throw new AppError('DISCUSSION_NOT_FOUND');
  }

  /**
   * Refuse to read a room the viewer may not see (`mustSee`), or one named by a UUID (what a
   * post's or answer's id is) that is no post or answer ever announced: a made-up id, or one
   * made long ago (not within the grace, `takenOnTrust`), unless messages are in it (a room of its own,
   * `feedRoomId`, whose messages were each taken about a post or answer that existed). An id
   * that is no UUID is never a post or answer: a room of its own, empty or not.
   */
  private async mustSeeRoom(roomId: string, viewerId: string | null): Promise<void> {
    await this.mustSee([roomId], viewerId);
    if (!isUuid(roomId)) return;
    if ((await this.repository.subjects.subject(roomId)) !== undefined) return;
    if (await this.subjects.takenOnTrust(roomId)) return;
    if (await this.repository.hasMessages(roomId)) return;
    throw new AppError('DISCUSSION_NOT_FOUND');
  }

  /** Refuse a message in a discussion the member may not see; unknown: MESSAGE_NOT_FOUND. */
  private async mustSeeMessage(messageId: string, viewerId: string): Promise<void> {
    const hidden = await this.repository.messageHiddenFrom(messageId, viewerId);
    if (hidden === undefined) throw new AppError('MESSAGE_NOT_FOUND');
    if (hidden) throw new AppError('DISCUSSION_NOT_FOUND');
  }

  /**
   * Refuse to write about a post or answer that was deleted, or that was never announced and
   * was not made a moment ago (its UUIDv7 id within the grace); one taken on trust is noted,
   * and its messages go if it is still unannounced after the grace (`sweepUnannounced`). Its
   * privacy is `mustSee`'s.
   */
  private mustExist(subjectId: string, now: Date): Promise<void> {
    return this.subjects.mustRead(subjectId, 'DISCUSSION_NOT_FOUND', {
      writing: true,
      now: now.getTime(),
    });
  }

  async send(authorId: string, input: SendInput, now = new Date()): Promise<FeedMessage> {
    await this.mustSee([input.feedRoomId ?? input.postId, input.postId], authorId);
    await this.mustExist(input.postId, now);
    const result = await this.repository.insert(
      {
        id: newId(now.getTime()),
        roomId: input.feedRoomId ?? input.postId,
        postId: input.postId,
        authorId,
        text: input.message,
        tag: input.tag ?? null,
        createdAt: now,
      },
      input.parentMessageId ?? null,
    );
    switch (result.kind) {
      case 'inserted':
        this.onOutboxWrite();
        // Deleted while this was written: its messages go, this one too.
        await this.subjects.mustStillExist(input.postId, 'DISCUSSION_NOT_FOUND', () =>
          this.repository.removePost(input.postId),
        );
        return toFeedMessage(result.row);
      case 'parent-not-found':
        throw new AppError('MESSAGE_NOT_FOUND');
      case 'other-room':
        throw fieldError('parentMessageId', 'INVALID_VALUE');
    }
  }

  async edit(authorId: string, input: EditInput, now = new Date()): Promise<FeedMessage> {
    await this.mustSeeMessage(input.messageId, authorId);
    const row = owned(
      await this.repository.edit(input.messageId, authorId, {
        text: input.message,
        tag: input.tag,
        editedAt: now,
      }),
    );
    return toFeedMessage(row);
  }

  /** A page, with which of its messages the viewer (a member, if any) likes. */
  async page(input: PageInput, viewerId?: string): Promise<FeedMessagesPage> {
    await this.mustSeeRoom(input.id, viewerId ?? null);
    const parentId = input.parentId ?? null;
    const skip = input.skip ?? 0;
    const sort = input.sort ?? (parentId === null ? 'newest' : 'oldest');
    const { rows, total, visible } = await this.repository.page(
      input.id,
      parentId,
      sort,
      skip,
      FEED_MESSAGES_PAGE_SIZE,
    );
    const likedByMe =
      viewerId && rows.length > 0
        ? await this.repository.likedBy(
            viewerId,
            rows.filter((row) => !row.deleted).map((row) => row.id),
          )
        : [];
    return {
      messages: rows.map(toFeedMessage),
      total,
      count: visible,
      hasMore: skip + rows.length < total,
      likedByMe,
    };
  }

  async count(roomId: string, viewerId?: string): Promise<FeedMessagesCount> {
    await this.mustSeeRoom(roomId, viewerId ?? null);
    return { count: await this.repository.countVisible(roomId) };
  }

  async like(messageId: string, userId: string): Promise<LikeFeedMessageResponse> {
    await this.mustSeeMessage(messageId, userId);
    const result = await this.repository.toggleLike(messageId, userId);
    if (!result) throw new AppError('MESSAGE_NOT_FOUND');
    return result;
  }

  async delete(
    authorId: string,
    messageId: string,
    roomOrPostId: string,
  ): Promise<DeleteFeedMessageResponse> {
    const { placeholder } = owned(await this.repository.delete(messageId, roomOrPostId, authorId));
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

  /** A member left: their messages and likes go; their private discussions stay closed. */
  async removeMember(userId: string, leftAt: Date): Promise<RemovedMember> {
    const removed = await this.repository.removeMember(userId);
    this.onOutboxWrite();
    await this.repository.subjects.disownSubjects(userId, leftAt);
    return removed;
  }

  /** The posts or me-answers service's word on a subject's privacy. */
  applyPrivacy(subject: PrivacyAnnouncement): Promise<void> {
    return this.subjects.applyPrivacy(subject);
  }
}
