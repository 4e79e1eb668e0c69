import type { Audience, Language, ModerationState, NotificationKind } from '@mepedia/contracts';
import { mayReadAudience } from '@mepedia/server-database';

// The rules of notifications (issue 32), without a database: who may be told, how things group,
// where a group links to. The service applies them; notification-rules.spec.ts holds them.

/** A post or me answer as this service last heard it announced. */
export type KnownSubject = {
  subjectId: string;
  kind: 'post' | 'meAnswer';
  ownerId: string;
  /** Who may read it (issue 34): who may be told of it. */
  audience: Audience;
  deleted: boolean;
  title: string;
  titleHe: string | null;
  /**
   * Where moderation left it (issue 35; absent: never moderated, or visible again): held or
   * removed, it is its owner's alone, whatever its audience.
   */
  moderation?: ModerationState;
};

/**
 * Whether `recipientId` may be told of something `actorId` did about `subject`: never of their
 * own doing; never about what is gone; only if they may read it (its audience and where
 * moderation left it: the one rule, libs/server/database audience.ts; `inCircle`, whether the
 * recipient is in the owner's circle, for a circle subject); an unknown subject (never
 * announced, so public, as every service takes it) anyone.
 */
export function mayTell(
  recipientId: string | null | undefined,
  actorId: string,
  subject: Pick<KnownSubject, 'ownerId' | 'audience' | 'deleted' | 'moderation'> | undefined,
  inCircle = false,
): recipientId is string {
  if (!recipientId || recipientId === actorId) return false;
  if (!subject) return true;
  return mayReadAudience(
    {
      ownerId: subject.ownerId,
      audience: subject.audience,
      deleted: subject.deleted,
      moderation: subject.moderation,
    },
    { id: recipientId, inCircle },
  );
}

/** Kinds whose group is about one comment (the one replied to, the one reacted to). */
export const COMMENT_GROUP_KINDS = [
  'reply',
  'commentReaction',
] as const satisfies NotificationKind[];

/** Kinds that show no actor: the site did it (the owner is kept as its one actor). */
export const SITE_KINDS: readonly NotificationKind[] = ['magazineAdded', 'magazineRemoved'];

/** The day a follow began, in UTC: new followers group by it. */
export function followDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * The key that makes one group of each thing done to one thing: all comments on one post, all
 * replies to one comment, all reactions on one post, answer or comment, one day's new followers,
 * one story, one answer's place in the magazine (added and taken out share it: the latest wins).
 */
export function groupKeyOf(
  kind: NotificationKind,
  target: { subjectId?: string; commentId?: string; day?: string },
): string {
  switch (kind) {
    case 'comment':
    case 'reaction':
    case 'story':
      return `${kind}:${required(target.subjectId, kind)}`;
    case 'reply':
    case 'commentReaction':
      return `${kind}:${required(target.commentId, kind)}`;
    case 'follower':
      return `follower:${required(target.day, kind)}`;
    case 'magazineAdded':
    case 'magazineRemoved':
      return `magazine:${required(target.subjectId, kind)}`;
  }
}

function required(value: string | undefined, kind: string): string {
  if (!value) throw new Error(`a ${kind} group needs its target`);
  return value;
}

/** An actor's part for one comment of theirs in a group (a comment or a reply). */
export const commentPart = (messageId: string) => `comment:${messageId}`;
/** An actor's part for one reaction: a like, or a lottie by name. */
export const reactionPart = (reaction: string) => `reaction:${reaction}`;

/** The comment a part names, if it names one. */
export function commentOfPart(part: string | null | undefined): string | undefined {
  return part?.startsWith('comment:') ? part.slice('comment:'.length) : undefined;
}

/** A subject's title in a language: an answer's question has both; a post has one. */
export function titleIn(
  subject: Pick<KnownSubject, 'kind' | 'title' | 'titleHe'>,
  language: Language,
): string {
  return language === 'he' && subject.titleHe ? subject.titleHe : subject.title;
}

/**
 * Where an answer sits on its owner's "me" (`/me/{ownerId}/{n}`, the web's routes/me.tsx): its
 * question's place in the questionnaire, 1 to 99 (me-answers' `questionnaire.changed` index, the
 * weekly question's `position`), when the reader of the group knows it.
 */
export type AnswerPlace = { questionIndex?: number | null };

/** A question's place as a path segment the me page takes (one or two digits), or none. */
function questionSegment(index: number | null | undefined): string | undefined {
  return index !== null &&
    index !== undefined &&
    Number.isInteger(index) &&
    index >= 1 &&
    index <= 99
    ? String(index)
    : undefined;
}

/**
 * The page of a post or answer: the post's page, or the answer's own page on its owner's "me"
 * (`/me/{ownerId}/{n}`); an answer whose question's place is not known opens the owner's "me" at
 * its first answer (`/me/{ownerId}`).
 */
export function subjectPath(
  subject: Pick<KnownSubject, 'kind' | 'subjectId' | 'ownerId'> & AnswerPlace,
): string {
  if (subject.kind === 'post') return `/post/${encodeURIComponent(subject.subjectId)}`;
  const question = questionSegment(subject.questionIndex);
  const me = `/me/${encodeURIComponent(subject.ownerId)}`;
  return question ? `${me}/${question}` : me;
}

/**
 * Where a group links to, without the language prefix: the comment's place on its post's or
 * answer's page (the latest comment or reply, or the comment reacted to), the post or answer
 * (an answer on its own page, `/me/{ownerId}/{n}`, when its question's place is known), the
 * latest follower's profile.
 */
export function linkOf(group: {
  kind: NotificationKind;
  subject: (Pick<KnownSubject, 'kind' | 'subjectId' | 'ownerId'> & AnswerPlace) | null;
  /** The comment the group is about (reply, commentReaction). */
  commentId: string | null;
  /** The latest comment among the actors' parts (comment, reply). */
  latestCommentId: string | undefined;
  /** The latest actor. */
  latestActorId: string | undefined;
  recipientId: string;
}): string {
  if (group.kind === 'follower')
    return `/profile/${encodeURIComponent(group.latestActorId ?? group.recipientId)}`;
  if (!group.subject) return '/';
  const page = subjectPath(group.subject);
  const anchor =
    group.kind === 'comment' || group.kind === 'reply'
      ? (group.latestCommentId ?? group.commentId)
      : group.kind === 'commentReaction'
        ? group.commentId
        : null;
  return anchor ? `${page}#comment-${encodeURIComponent(anchor)}` : page;
}

/** A story counts as news to followers only this long after it was made (a late first word is not). */
export const STORY_NEWS_MS = 7 * 24 * 60 * 60 * 1000;

/** How far two services' clocks may differ: a word dated this much before the post is still fresh. */
export const CLOCK_SKEW_MS = 5 * 60 * 1000;

/**
 * Whether a post's first public word tells its publisher's followers: heard within a week of
 * its making. A word dated before the post was made is an announcement of what already was
 * (the posts migration announces every existing post dated the epoch): no news to anyone.
 */
export function isNewStory(createdAt: Date, heardAt: Date): boolean {
  const age = heardAt.getTime() - createdAt.getTime();
  return age >= -CLOCK_SKEW_MS && age <= STORY_NEWS_MS;
}
