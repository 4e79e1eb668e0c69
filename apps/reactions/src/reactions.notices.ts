import type { DomainEventPayload, ReactionCollection } from '@mepedia/contracts';
import type { Subject } from '@mepedia/server-database';
import type { ObjectRef } from './reactions.repository';

/** What a reaction is named in `reaction.changed`: a lottie's name, or a like. */
export type ReactionKey = string;

const KINDS: Partial<Record<ReactionCollection, DomainEventPayload<'reaction.changed'>['kind']>> = {
  posts: 'post',
  meAnswers: 'meAnswer',
  feedMessages: 'comment',
};

/**
 * `reaction.changed` for a member's reaction (or like) on an object, or nothing to announce
 * (issue 32): reactions on members are not told; a post's like is the posts service's to
 * announce (post.like.changed); a reaction on one's own post or answer tells nobody; and
 * nothing is said about a subject known to be private or gone (only its owner may react there,
 * and a comment's author outside its audience is never told). A circle or members' subject is
 * announced like a public one: others react there, and the notifications service keeps each
 * notice to who may read the subject. `subjectId` is a comment's
 * subject as announced (undefined: not heard of yet), and `subject` that subject (or the post
 * or answer itself) as last announced.
 */
export function reactionNotice(
  object: ObjectRef,
  userId: string,
  reaction: ReactionKey,
  on: boolean,
  subjectId: string | undefined,
  subject: Subject | undefined,
): DomainEventPayload<'reaction.changed'> | undefined {
  const kind = KINDS[object.collection];
  if (kind === undefined) return undefined;
  if (kind === 'post' && reaction === 'like') return undefined;
  if (subject && (subject.audience === 'private' || subject.deleted)) return undefined;
  if (kind !== 'comment' && subject?.ownerId === userId) return undefined;
  return {
    kind,
    objectId: object.objectId,
    ...(subjectId === undefined ? {} : { subjectId }),
    userId,
    reaction,
    on,
    ...(subject ? { ownerId: subject.ownerId } : {}),
  };
}
