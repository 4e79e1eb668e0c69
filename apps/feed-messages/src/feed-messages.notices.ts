import { excerptOf, type DomainEventPayload } from '@mepedia/contracts';
import type { Subject } from '@mepedia/server-database';
import { hiddenFrom } from '@mepedia/server-platform';
import type { MessageRow } from './feed-messages.schema';

/** What `feedMessage.changed` says of a comment when it is written (issue 32). */
export type CommentNotice = NonNullable<DomainEventPayload<'feedMessage.changed'>['comment']>;

/**
 * What a new comment tells the notifications service: its author, the comment it answers and
 * that comment's author (a placeholder has none), its text cut short, and its subject's owner
 * and privacy as last announced here (nothing when never announced).
 */
export function commentNotice(
  message: Pick<MessageRow, 'authorId' | 'roomId' | 'text'>,
  parent: Pick<MessageRow, 'id' | 'authorId'> | undefined,
  subject: Subject | undefined,
): CommentNotice {
  return {
    authorId: message.authorId ?? '',
    parentId: parent?.id ?? null,
    parentAuthorId: parent?.authorId ?? null,
    roomId: message.roomId,
    excerpt: excerptOf(message.text ?? ''),
    ...(subject && !subject.deleted
      ? { subjectOwnerId: subject.ownerId, subjectPrivacy: subject.private ? 'private' : 'public' }
      : {}),
  };
}

/**
 * `feedMessage.like.changed` for a member's like of a comment, or nothing to announce: a like
 * of one's own comment (or a placeholder's, which has no author), or one in a discussion closed
 * to the comment's author (a subject private to someone else: its author is outside the
 * audience and is never told).
 */
export function likeNotice(
  message: Pick<MessageRow, 'id' | 'postId' | 'authorId' | 'text'>,
  userId: string,
  liked: boolean,
  subjects: Iterable<Subject | undefined>,
): DomainEventPayload<'feedMessage.like.changed'> | undefined {
  const authorId = message.authorId;
  if (authorId === null || authorId === userId) return undefined;
  if (hiddenFrom(subjects, authorId)) return undefined;
  return {
    messageId: message.id,
    subjectId: message.postId,
    userId,
    authorId,
    liked,
    excerpt: excerptOf(message.text ?? ''),
  };
}
