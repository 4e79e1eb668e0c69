import { z } from 'zod';
import { Language } from './language';
import type { ServiceApp } from './routes';

// ---------------------------------------------------------------------------
// QUEUE NAMES ARE STABLE. Jobs already waiting in Redis carry these names;
// renaming one needs a migration plan (drain, then switch).
// ---------------------------------------------------------------------------
export const QUEUES = {
  email: 'email',
  sms: 'sms',
  translation: 'translation',
  /** Every domain event, once; the worker fans each out to its subscribers' queues. */
  events: 'events',
} as const;

/** The queue where one service receives the events it subscribes to. */
export type ServiceEventsQueue = `events-${ServiceApp | 'worker'}`;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES] | ServiceEventsQueue;

export const UserDeletedEvent = z.object({ userId: z.string() });
export const UserUpdatedEvent = z.object({
  userId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  language: Language,
  profileImage: z.string().nullable(),
});

/**
 * A post is gone. `questionId` is set when it was a questionnaire answer's post deleted by its
 * author (deletePost, deleteMePost): the me-answers service then takes the answer out of the
 * magazine too. A deletion the answer itself asked for (meAnswer.unpublished) does not carry it.
 */
export const PostDeletedEvent = z.object({
  postId: z.string(),
  publisherId: z.string(),
  questionId: z.string().optional(),
});

const Privacy = z.enum(['public', 'private']);

/**
 * A post's privacy as it now is: sent when a post is made private (or created private) and
 * whenever an edit names its privacy. Absolute, so replaying converges; `occurredAt` decides
 * between two. A post never announced is public. The comments service keeps a private post's
 * discussion to its author.
 */
export const PostPrivacyChangedEvent = z.object({
  postId: z.string(),
  publisherId: z.string(),
  privacy: Privacy,
});

/**
 * A member's like of a post as it now is (the posts service owns post likes): the reactions
 * service keeps `userLikes` for posts the same. Absolute, so replaying converges.
 */
export const PostLikeChangedEvent = z.object({
  postId: z.string(),
  userId: z.string(),
  liked: z.boolean(),
});

/** A member liked or unliked a post through `userLikes/toggleLike`: the posts service applies it. */
export const PostLikeRequestedEvent = z.object({
  postId: z.string(),
  userId: z.string(),
  liked: z.boolean(),
});

/**
 * A viewer (a viewer key: `member:<id>` or `visitor:<id>`) counted on a post by the posts
 * service, which owns post views: the reactions service counts them the same for `userViews`.
 * `counted: false` answers a view handed over (`post.view.requested`) that the posts service
 * refused (a private post, by anyone but its publisher): the viewer is not counted there, and
 * the reactions service takes its own count of them back. Absent means counted.
 */
export const PostViewedEvent = z.object({
  postId: z.string(),
  viewer: z.string(),
  counted: z.boolean().optional(),
});

/** A view of a post counted through `userViews/toggleView`: the posts service counts it too. */
export const PostViewRequestedEvent = z.object({ postId: z.string(), viewer: z.string() });

/**
 * A comment (a feed message, top-level or a reply) and what it is about: its `postId`, a post's
 * or me answer's id (`subjectId`). Sent when it is written, and with `deleted` when it goes or
 * becomes a placeholder (final: no later word brings it back). The reactions service keeps
 * reactions on a comment to those who may read its subject (issue 29).
 */
export const FeedMessageChangedEvent = z.object({
  messageId: z.string(),
  subjectId: z.string(),
  deleted: z.boolean(),
});

/** Someone followed the unsubscribe link of an email: no more notices to that address. */
export const EmailUnsubscribedEvent = z.object({ email: z.string() });

/**
 * The me-answers service's word on a member's public answers: how many are live
 * and public, and the topics (question titles) they answer. Absolute values, so
 * replaying or reordering them converges; `occurredAt` decides between two.
 */
export const ProfilePublicationChangedEvent = z.object({
  userId: z.string(),
  publishedAnswers: z.number().int().min(0),
  topics: z.array(z.string()),
});

/**
 * A questionnaire answer is (again) in the magazine: the posts service makes or updates the
 * member's post for that question. `content` is HTML made from the live answer (its texts
 * escaped); `title` is the question's title in the member's language.
 */
export const MeAnswerPublishedEvent = z.object({
  userId: z.string(),
  questionId: z.string(),
  meAnswerId: z.string(),
  title: z.string(),
  content: z.string(),
  privacy: z.enum(['public', 'private']),
});

/** A questionnaire answer left the magazine: the posts service deletes its post. */
export const MeAnswerUnpublishedEvent = z.object({ userId: z.string(), questionId: z.string() });

/**
 * A me answer's privacy as it now is, sent with every save that sets it. Like
 * `post.privacy.changed`: absolute, ordered by `occurredAt`, public until announced.
 */
export const MeAnswerPrivacyChangedEvent = z.object({
  meAnswerId: z.string(),
  userId: z.string(),
  privacy: Privacy,
});

/**
 * Whether a member follows another, as it now is (the notifications service owns follows; issue
 * 32): sent with every follow and unfollow that changed something. Absolute, like
 * `post.like.changed`, so replaying converges; `occurredAt` decides between two.
 */
export const FollowChangedEvent = z.object({
  followerId: z.string(),
  followeeId: z.string(),
  following: z.boolean(),
});

/** Domain events, by type. Every event crosses services through the `events` queue. */
export const domainEvents = {
  'user.deleted': UserDeletedEvent,
  'user.updated': UserUpdatedEvent,
  'email.unsubscribed': EmailUnsubscribedEvent,
  'profile.publication.changed': ProfilePublicationChangedEvent,
  'post.deleted': PostDeletedEvent,
  'post.privacy.changed': PostPrivacyChangedEvent,
  'post.like.changed': PostLikeChangedEvent,
  'post.like.requested': PostLikeRequestedEvent,
  'post.viewed': PostViewedEvent,
  'post.view.requested': PostViewRequestedEvent,
  'feedMessage.changed': FeedMessageChangedEvent,
  'meAnswer.published': MeAnswerPublishedEvent,
  'meAnswer.unpublished': MeAnswerUnpublishedEvent,
  'meAnswer.privacy.changed': MeAnswerPrivacyChangedEvent,
  'follow.changed': FollowChangedEvent,
} as const;

export type DomainEventType = keyof typeof domainEvents;
export type DomainEventPayload<T extends DomainEventType> = z.infer<(typeof domainEvents)[T]>;

/** Who receives which events (the worker's fan-out reads this). */
export const eventSubscriptions: Record<DomainEventType, ReadonlyArray<ServiceEventsQueue>> = {
  'user.deleted': [
    'events-posts',
    'events-me-answers',
    'events-private-questions',
    'events-reactions',
    'events-feed-messages',
    'events-files',
    'events-notifications',
  ],
  'user.updated': ['events-posts', 'events-notifications'],
  'email.unsubscribed': ['events-worker'],
  'profile.publication.changed': ['events-users'],
  'post.deleted': ['events-reactions', 'events-feed-messages', 'events-me-answers'],
  'post.privacy.changed': ['events-feed-messages', 'events-reactions'],
  'post.like.changed': ['events-reactions'],
  'post.like.requested': ['events-posts'],
  'post.viewed': ['events-reactions'],
  'post.view.requested': ['events-posts'],
  'feedMessage.changed': ['events-reactions'],
  'meAnswer.published': ['events-posts'],
  'meAnswer.unpublished': ['events-posts'],
  'meAnswer.privacy.changed': ['events-feed-messages', 'events-reactions'],
  'follow.changed': [],
};

export const DomainEventEnvelope = z.object({
  id: z.string(),
  type: z.string(),
  source: z.string(),
  occurredAt: z.string(),
  payload: z.unknown(),
});
export type DomainEventEnvelope = z.infer<typeof DomainEventEnvelope>;

/** Pub/sub channels for cache invalidation between processes (not durable; see MessageBus). */
export const BUS_CHANNELS = {
  /** `{ sessionIds?: string[], userId?: string }`: drop these sessions (or all of a member's). */
  sessionsRevoked: 'sessions.revoked',
  /** `{}`: posts changed (created, edited, hidden, deleted, or a publisher renamed/deleted). */
  postsChanged: 'posts.changed',
  /** `{}`: the people directory changed (a profile published, renamed, re-imaged or deleted). */
  peopleChanged: 'people.changed',
  /** `{}`: a member's live answers changed (saved, privacy, magazine, departure). */
  answersChanged: 'me-answers.changed',
} as const;
