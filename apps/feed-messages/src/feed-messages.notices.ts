import { excerptOf, type DomainEventPayload } from '@mepedia/contracts';
import type { Subject } from '@mepedia/server-database';
import { hiddenFrom, type SubjectReader } from '@mepedia/server-platform';
import type { MessageRow } from './feed-messages.schema';

/** What `feedMessage.changed` says of a comment when it is written (issue 32). */
export type CommentNotice = NonNullable<DomainEventPayload<'feedMessage.changed'>['comment']>;

/**
 * What a new comment tells the notifications service: its author, the comment it answers and
 * that comment's author (a placeholder has none), its text cut short, and its subject's owner
 * and audience as last announced here (nothing when never announced).
 */
export function commentNotice(
  message: Pick<MessageRow, 'authorId' | 'roomId' | 'text'>,
  parent: Pick<MessageRow, 'id' | 'authorId'> | undefined,
  subject: Subject | undefined,
  /** The comment waits for review (issue 35): no news to anyone. */
  review?: CommentNotice['review'],
): CommentNotice {
  return {
    authorId: message.authorId ?? '',
    parentId: parent?.id ?? null,
    parentAuthorId: parent?.authorId ?? null,
    roomId: message.roomId,
    excerpt: excerptOf(message.text ?? ''),
    ...(subject && !subject.deleted
      ? { subjectOwnerId: subject.ownerId, subjectPrivacy: subject.audience }
      : {}),
    ...(review ? { review } : {}),
  };
}

/**
 * Whom a member's like of a comment may tell: its author, unless the like is their own (or the
 * comment a placeholder's, which has no author). Undefined: nobody, and nothing to look up.
 */
export function authorToTell(
  message: Pick<MessageRow, 'authorId'>,
  userId: string,
): string | undefined {
  const authorId = message.authorId;
  return authorId === null || authorId === userId ? undefined : authorId;
}

/**
 * `feedMessage.like.changed` for a member's like of a comment, or nothing to announce: a like
 * of one's own comment (or a placeholder's, which has no author), or one in a discussion closed
 * to the comment's author (`author`, as `SubjectAccess.reader` makes them for `subjects`: a
 * subject whose audience they are outside of, such as a circle they were taken out of, is never
 * told of).
 */
export function likeNotice(
  message: Pick<MessageRow, 'id' | 'postId' | 'authorId' | 'text'>,
  userId: string,
  liked: boolean,
  subjects: Iterable<Subject | undefined>,
  author: SubjectReader,
): DomainEventPayload<'feedMessage.like.changed'> | undefined {
  const authorId = authorToTell(message, userId);
  if (authorId === undefined) return undefined;
  // The decision is about the author: a reader made for anyone else would decide for them.
  if (author.id !== authorId) throw new Error('likeNotice: `author` is not the comment’s author');
  if (hiddenFrom(subjects, author)) return undefined;
  return {
    messageId: message.id,
    subjectId: message.postId,
    userId,
    authorId,
    liked,
    excerpt: excerptOf(message.text ?? ''),
  };
}
