import type { ErrorCode, ReactionCollection } from '@mepedia/contracts';
import { withheld, type Subject } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { mayRead, type SubjectAccess, type SubjectReader } from '@mepedia/server-platform';
import type { ObjectRef, ReactionsRepository } from './reactions.repository';

/**
 * The collections whose objects are subjects other services announce (owner, privacy,
 * deletion), with the 404 their owner answers for one the caller may not read.
 */
const SUBJECTS: Partial<Record<ReactionCollection, ErrorCode>> = {
  posts: 'POST_NOT_FOUND',
  meAnswers: 'ANSWER_NOT_FOUND',
};

/** What a comment (`feedMessages`) the caller may not react to answers, as feed-messages does. */
export const COMMENT_NOT_FOUND: ErrorCode = 'MESSAGE_NOT_FOUND';

/** What a member's profile (`users`) moderation withholds answers, as the users service does. */
export const PROFILE_NOT_FOUND: ErrorCode = 'USER_NOT_FOUND';

/** Whether a collection's objects are subjects (posts, me answers) with a rule of their own. */
export const isSubjectCollection = (collection: ReactionCollection): boolean =>
  SUBJECTS[collection] !== undefined;

/** What a caller asks to do with an object's likes, views and reactions. */
export type ObjectRequest = {
  /**
   * Read its counts (a guest too), be counted as a viewer of it, or react to it: a like or a
   * reaction, which its owner is told of and a block stands in the way of (`blockedWith`).
   */
  permission: 'object.read' | 'object.view' | 'object.react';
  object: ObjectRef;
};

/**
 * Of the subjects a member likes, those still shown to them (`viewer`, as
 * `SubjectAccess.reader` makes them for these subjects): one they may no longer read (narrowed
 * by someone else to an audience they are outside of, a circle they were taken out of, deleted)
 * is not; one never announced is (its like was taken under the rule of its time).
 */
export function visibleLikes(
  objectIds: readonly string[],
  subjects: ReadonlyMap<string, Subject>,
  viewer: SubjectReader,
): string[] {
  return objectIds.filter((id) => {
    const subject = subjects.get(id);
    return !subject || mayRead(subject, viewer);
  });
}

/**
 * The access rule of reactions (immich's `requireAccess`, by another name): a reaction, and a
 * count, exist only for someone who may read the object, and only while it exists. A post or me
 * answer is as its owner last announced it (`SubjectAccess`); a comment (`feedMessages`) is what
 * its subject is, as feed-messages announces it; members (`users`) are not looked up. Whatever
 * moderation holds or removed (issue 35: a post, answer, comment or profile) is its owner's
 * alone: to anyone else, its likes, views and reactions are not there, to read or to add. The
 * service asks before each read and change, and again once a change committed
 * (`requireStillThere`).
 */
export class ReactionsAccess {
  constructor(private readonly subjects: SubjectAccess) {}

  /**
   * Refuse, with the subject's own 404, what `viewerId` (a guest: null) may not read: a deleted
   * subject, or one whose audience they are outside of (`mayRead`: a circle subject is read by
   * its owner's circle, a members' one by anyone signed in). A subject never announced is taken as public only
   * when its id is a UUIDv7 made within the grace (a subject made a moment ago), or while the
   * read model is new (`takenOnTrust`), to read or react to; one reacted to is noted for
   * `sweepUnannounced`; any other is refused.
   */
  async requireObject(
    repository: ReactionsRepository,
    viewerId: string | null,
    { permission, object }: ObjectRequest,
  ): Promise<void> {
    const writing = permission !== 'object.read';
    const subjects = this.subjects.in(repository);
    if (object.collection === 'feedMessages')
      return this.requireComment(repository, subjects, object, viewerId, writing);
    if (object.collection === 'users') {
      // A profile moderation holds or removed (its id is the member's own) is theirs alone.
      const profile = await repository.moderation.state('profile', object.objectId);
      if (withheld(profile) && profile?.ownerId !== viewerId) throw new AppError(PROFILE_NOT_FOUND);
      return;
    }
    const notFound = SUBJECTS[object.collection];
    if (notFound === undefined) return;
    await subjects.mustRead(object.objectId, notFound, {
      viewerId,
      writing,
      collection: object.collection,
    });
  }

  /**
   * After a reaction to an object committed: if it was deleted meanwhile, `remove` takes what
   * was just written and the caller gets the 404. A deletion marks the object first, then
   * removes what it gathered, so either that removal saw this write or this sees the mark.
   */
  async requireStillThere(
    repository: ReactionsRepository,
    object: ObjectRef,
    remove: () => Promise<unknown>,
  ): Promise<void> {
    if (object.collection === 'feedMessages') {
      if (!(await repository.comment(object.objectId))?.deleted) return;
      await remove();
      throw new AppError(COMMENT_NOT_FOUND);
    }
    const notFound = SUBJECTS[object.collection];
    if (notFound === undefined) return;
    await this.subjects.in(repository).mustStillExist(object.objectId, notFound, remove);
  }

  /**
   * Whether a block stands between `viewerId` and the object's owner, either way (issue 35), and
   * what the caller then gets when they add a like or reaction (taking one back is always
   * theirs): a post's, answer's or profile's owner can be read of, so MEMBER_BLOCKED says so
   * plainly (nothing of who made it); a comment by someone a block stands between them and is
   * not shown to them by feed-messages, so it is a comment not there (MESSAGE_NOT_FOUND). An
   * owner not known here (a subject or comment not announced yet, or announced without its
   * author) is no one's to ask of. Asked after `requireObject`.
   */
  async blockedWith(
    repository: ReactionsRepository,
    viewerId: string,
    object: ObjectRef,
  ): Promise<ErrorCode | undefined> {
    const owner = await this.ownerOf(repository, object);
    if (owner === undefined || owner === null || owner === viewerId) return undefined;
    if (!(await repository.blocks.eitherBlocks(viewerId, owner))) return undefined;
    return object.collection === 'feedMessages' ? COMMENT_NOT_FOUND : 'MEMBER_BLOCKED';
  }

  /** Whose an object is, as known here: a member's own profile, a subject's or comment's owner. */
  private async ownerOf(
    repository: ReactionsRepository,
    { collection, objectId }: ObjectRef,
  ): Promise<string | null | undefined> {
    if (collection === 'users') return objectId;
    if (collection === 'feedMessages') return (await repository.comment(objectId))?.authorId;
    if (!isSubjectCollection(collection)) return undefined;
    return (await repository.subjects.subject(objectId))?.ownerId;
  }

  /**
   * A comment is what its subject is: refused with MESSAGE_NOT_FOUND (as feed-messages answers
   * a message that is not there) when deleted, when moderation holds or removed it and
   * `viewerId` is not its author (known or not: the word may come first), or when `viewerId`
   * may not read its subject (the subject's own rule). A comment never announced is taken on
   * trust only as a subject is (`takenOnTrust`: made a moment ago), and one reacted to is noted
   * for the sweep.
   */
  private async requireComment(
    repository: ReactionsRepository,
    subjects: SubjectAccess,
    object: ObjectRef,
    viewerId: string | null,
    writing: boolean,
  ): Promise<void> {
    const [comment, moderation] = await Promise.all([
      repository.comment(object.objectId),
      repository.moderation.state('comment', object.objectId),
    ]);
    if (withheld(moderation) && moderation?.ownerId !== viewerId)
      throw new AppError(COMMENT_NOT_FOUND);
    if (comment === undefined) {
      if (!(await subjects.takenOnTrust(object.objectId))) throw new AppError(COMMENT_NOT_FOUND);
      if (writing) await repository.subjects.noteUnannounced(object.objectId, object.collection);
      return;
    }
    if (comment.deleted) throw new AppError(COMMENT_NOT_FOUND);
    await subjects.mustRead(comment.subjectId, COMMENT_NOT_FOUND, { viewerId, writing: false });
  }
}
