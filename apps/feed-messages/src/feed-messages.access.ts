import type { ErrorCode } from '@mepedia/contracts';
import { isUuid, type Subject } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import {
  hiddenFrom,
  readerOutsideCircles,
  type SubjectAccess,
  type SubjectReader,
} from '@mepedia/server-platform';
import type { FeedMessagesRepository } from './feed-messages.repository';
import type { MessageRow } from './feed-messages.schema';

/** What a caller asks to do with a discussion, or with one message in it. */
export type DiscussionRequest =
  /** Read a room's messages or count them (a guest too). */
  | { permission: 'discussion.read'; roomId: string }
  /** Write a message in a room, about a post or me answer. */
  | { permission: 'discussion.write'; roomId: string; postId: string; now: Date };

export type MessageRequest =
  | { permission: 'message.like' | 'message.edit'; messageId: string }
  /** Named with its room (or post) id: a mismatch is a message that is not there. */
  | { permission: 'message.delete'; messageId: string; roomOrPostId: string };

export type MessagePermission = MessageRequest['permission'];

/**
 * Why `viewer` may not do `permission` with `message` (undefined: they may), given the subjects
 * its room and post are (as last announced; undefined: never announced). Anyone who may see the
 * discussion (its subjects' audience: `hiddenFrom`) likes a message; only its author edits or
 * deletes it, and deleting it asks nothing of the discussion's audience (an author may take back
 * what they said in a discussion closed to them since, a circle they were taken out of too). A
 * placeholder is a message that is not there, and so is one moderation holds or removed (issue
 * 35, `withheld`) to anyone but its author: nobody else likes it, or learns it is there by being
 * refused as no author. So is one by a member `blocked` says a block stands between the viewer
 * and (issue 35, either way): their pages do not show it either.
 */
export function messageRefusal(
  permission: MessagePermission,
  message: MessageRow | undefined,
  viewer: SubjectReader,
  subjects: Iterable<Subject | undefined>,
  roomOrPostId?: string,
  blocked = false,
): ErrorCode | undefined {
  if (!message) return 'MESSAGE_NOT_FOUND';
  if (permission !== 'message.delete' && hiddenFrom(subjects, viewer))
    return 'DISCUSSION_NOT_FOUND';
  if (message.deleted) return 'MESSAGE_NOT_FOUND';
  if (message.withheld && message.authorId !== viewer.id) return 'MESSAGE_NOT_FOUND';
  if (blocked && message.authorId !== viewer.id) return 'MESSAGE_NOT_FOUND';
  if (
    permission === 'message.delete' &&
    message.roomId !== roomOrPostId &&
    message.postId !== roomOrPostId
  )
    return 'MESSAGE_NOT_FOUND';
  if (permission !== 'message.like' && message.authorId !== viewer.id) return 'NOT_MESSAGE_AUTHOR';
  return undefined;
}

/**
 * The access rule of feed-messages (immich's `requireAccess`, by another name): the service asks
 * it before it reads or writes, through the repository it is working with (inside its
 * transaction, for a change), and gets a refusal as the error the caller answers. What is
 * discussed is the subjects read model's (`SubjectAccess`): a post's or answer's discussion is
 * open to its audience alone (its owner; the owner's circle, by the memberships this service
 * keeps; members; everyone), and to anyone else it does not exist (DISCUSSION_NOT_FOUND); nobody
 * writes about a post that was deleted or never existed. Where a block stands between a member
 * and a story's owner (issue 35, either way), the member writes nothing in its discussion
 * (MEMBER_BLOCKED); a comment by someone a block stands between them and is not there to them
 * (MESSAGE_NOT_FOUND), to like or reply to, as their pages do not show it.
 */
export class FeedMessagesAccess {
  constructor(private readonly subjects: SubjectAccess) {}

  /** Refuse, with DISCUSSION_NOT_FOUND, a discussion `viewerId` (a guest: null) may not have. */
  async requireDiscussion(
    repository: FeedMessagesRepository,
    viewerId: string | null,
    request: DiscussionRequest,
  ): Promise<void> {
    switch (request.permission) {
      case 'discussion.read':
        return this.requireRoom(repository, request.roomId, viewerId);
      case 'discussion.write': {
        await this.requireVisible(repository, [request.roomId, request.postId], viewerId);
        // A post or answer deleted, or never announced and not made a moment ago, is refused.
        // One never announced but made a moment ago (its UUIDv7 id says when) is taken on
        // trust, not asked of its service: its announcement is queued behind its creation
        // (under a second; minutes across a worker's restart), and its author's first comment
        // waits neither for that nor for another service to answer. Trust costs little: a
        // made-up fresh id opens a discussion of nothing, nobody else's, swept with its
        // messages if still unannounced after the grace (`sweepUnannounced`); and a post
        // announced private after all closes its discussion to others, as one made private
        // later does. The note is written here, in the send's transaction: a message that
        // commits always has its note for the sweep, and a send refused further on (a reply to
        // a message not there) leaves none.
        await this.subjects.in(repository).mustRead(request.postId, 'DISCUSSION_NOT_FOUND', {
          writing: true,
          now: request.now.getTime(),
        });
        if (viewerId !== null)
          await this.requireNoBlock(repository, [request.roomId, request.postId], viewerId);
        return;
      }
    }
  }

  /**
   * Refuse, with MEMBER_BLOCKED, a comment in the discussion of a story (the room's subject or
   * the post's) whose owner and `viewerId` a block stands between, either way (issue 35). Said
   * plainly rather than as a discussion that is not there: the member can read the story and
   * its discussion, and a refusal that says nothing of why would read as a fault; it tells them
   * no more than that a block stands between them, not who made it, and only when they try. A
   * story never announced (made a moment ago) has no owner known here yet: not refused.
   */
  private async requireNoBlock(
    repository: FeedMessagesRepository,
    subjectIds: string[],
    viewerId: string,
  ): Promise<void> {
    const subjects = await repository.subjects.subjects([...new Set(subjectIds)]);
    const owners = new Set([...subjects.values()].map((subject) => subject.ownerId));
    for (const ownerId of owners)
      if (await repository.blocks.eitherBlocks(viewerId, ownerId))
        throw new AppError('MEMBER_BLOCKED');
  }

  /** Whether a block stands between `viewerId` and `authorId` (none: a placeholder). */
  blockedBetween(
    repository: FeedMessagesRepository,
    viewerId: string,
    authorId: string | null | undefined,
  ): Promise<boolean> {
    if (authorId === null || authorId === undefined || authorId === viewerId)
      return Promise.resolve(false);
    return repository.blocks.eitherBlocks(viewerId, authorId);
  }

  /**
   * The message `viewerId` may do `permission` with, locked for the rest of the transaction
   * (a deletion locks its thread's top-level message first); otherwise the refusal. Whether its
   * discussion is hidden is read before the lock (a message never changes room or post), so the
   * lock is held no longer than the change needs: many likes of one message take turns on it.
   */
  async requireMessage(
    repository: FeedMessagesRepository,
    viewerId: string,
    request: MessageRequest,
  ): Promise<MessageRow> {
    if (request.permission === 'message.delete') {
      const message = await repository.lockInThread(request.messageId);
      const refusal = messageRefusal(
        'message.delete',
        message,
        readerOutsideCircles(viewerId),
        [],
        request.roomOrPostId,
      );
      if (refusal !== undefined || !message) throw new AppError(refusal ?? 'MESSAGE_NOT_FOUND');
      return message;
    }
    const seen = await repository.find(request.messageId);
    const subjects = seen
      ? [...(await repository.subjects.subjects([seen.roomId, seen.postId])).values()]
      : [];
    const viewer = await this.subjects.in(repository).reader(viewerId, subjects);
    // A message never changes author, so the block is asked once, before the lock.
    const blocked = await this.blockedBetween(repository, viewerId, seen?.authorId);
    const hidden = messageRefusal(request.permission, seen, viewer, subjects, undefined, blocked);
    if (hidden === 'MESSAGE_NOT_FOUND' || hidden === 'DISCUSSION_NOT_FOUND')
      throw new AppError(hidden);
    const message = await repository.lock(request.messageId);
    const refusal = messageRefusal(
      request.permission,
      message,
      viewer,
      subjects,
      undefined,
      blocked,
    );
    if (refusal !== undefined || !message) throw new AppError(refusal ?? 'MESSAGE_NOT_FOUND');
    return message;
  }

  /**
   * After a message about a subject committed: if the subject was deleted meanwhile, `remove`
   * takes what was written and the caller gets DISCUSSION_NOT_FOUND (`mustStillExist`).
   */
  requireStillThere(subjectId: string, remove: () => Promise<unknown>): Promise<void> {
    return this.subjects.mustStillExist(subjectId, 'DISCUSSION_NOT_FOUND', remove);
  }

  /**
   * The rooms among `roomIds` that `viewerId` (a guest: null) may read, by `requireRoom`'s rule
   * for each, asked of the read model once for all (and of the circle memberships once, for all
   * the circle subjects' owners): what would refuse one room leaves it out. `withMessages`: the
   * rooms that have messages (a room of its own, `feedRoomId`).
   */
  async readableRooms(
    repository: FeedMessagesRepository,
    roomIds: readonly string[],
    viewerId: string | null,
    withMessages: ReadonlySet<string>,
  ): Promise<string[]> {
    const rooms = await repository.subjects.subjects([...roomIds]);
    const access = this.subjects.in(repository);
    const viewer = await access.reader(viewerId, rooms.values());
    const readable: string[] = [];
    for (const roomId of roomIds) {
      const room = rooms.get(roomId);
      if (room) {
        if (!hiddenFrom([room], viewer)) readable.push(roomId);
      } else if (!isUuid(roomId) || withMessages.has(roomId) || (await access.takenOnTrust(roomId)))
        readable.push(roomId);
    }
    return readable;
  }

  /** Refuse a discussion of subjects one of which has an audience `viewerId` is outside of. */
  private async requireVisible(
    repository: FeedMessagesRepository,
    subjectIds: string[],
    viewerId: string | null,
  ): Promise<void> {
    const subjects = await repository.subjects.subjects([...new Set(subjectIds)]);
    const viewer = await this.subjects.in(repository).reader(viewerId, subjects.values());
    if (hiddenFrom(subjects.values(), viewer)) throw new AppError('DISCUSSION_NOT_FOUND');
  }

  /**
   * Refuse to read a room the viewer may not see, or one named by a UUID (what a post's or
   * answer's id is) that is no post or answer ever announced: a made-up id, or one made long
   * ago (not within the grace, `takenOnTrust`), unless messages are in it (a room of its own,
   * `feedRoomId`, whose messages were each taken about a post or answer that existed). An id
   * that is no UUID is never a post or answer: a room of its own, empty or not.
   */
  private async requireRoom(
    repository: FeedMessagesRepository,
    roomId: string,
    viewerId: string | null,
  ): Promise<void> {
    const room = await repository.subjects.subject(roomId);
    const access = this.subjects.in(repository);
    if (room && hiddenFrom([room], await access.reader(viewerId, [room])))
      throw new AppError('DISCUSSION_NOT_FOUND');
    if (room || !isUuid(roomId)) return;
    if (await access.takenOnTrust(roomId)) return;
    if (await repository.hasMessages(roomId)) return;
    throw new AppError('DISCUSSION_NOT_FOUND');
  }
}
