import { z } from 'zod';
import { Audience } from './audience';
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
/** The queue of a service's repeated work (its sweeps): one job a tick, taken by one replica. */
export type ServiceScheduleQueue = `schedule-${ServiceApp}`;
export type QueueName =
  (typeof QUEUES)[keyof typeof QUEUES] | ServiceEventsQueue | ServiceScheduleQueue;

export const UserDeletedEvent = z.object({ userId: z.string() });
export const UserUpdatedEvent = z.object({
  userId: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  language: Language,
  profileImage: z.string().nullable(),
  /**
   * The member's email address (since issue 32; absent in older events): where the notifications
   * service sends what the member asked for by email (the weekly question). Sent again when the
   * address changes.
   */
  email: z.string().optional(),
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

/**
 * Who may read a post or me answer (issue 34): the four audiences (`Audience`). A service that
 * keeps copies and does not yet tell `circle` and `members` apart treats every value but `public`
 * as its owner's alone: closed, never open, until it learns them.
 */
const Privacy = Audience;

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
 * service keeps `userLikes` for posts the same. Absolute, so replaying converges. Sent for a
 * member's own post too (the mirror needs it): `publisherId` (the post's publisher, always sent
 * since issue 32; absent in older events) lets the notifications service skip one's own like,
 * and `liked: false` takes a notice of the like back.
 */
export const PostLikeChangedEvent = z.object({
  postId: z.string(),
  userId: z.string(),
  liked: z.boolean(),
  publisherId: z.string().optional(),
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
 * or me answer's id (`subjectId`). Sent when it is written, when it is edited (`edited`), and with `deleted` when it goes or
 * becomes a placeholder (final: no later word brings it back). The reactions service keeps
 * reactions on a comment to those who may read its subject (issue 29).
 */
/**
 * An item held for review as its author wrote it (issue 35, a new member's first posts and
 * comments that carry a link): held by its own service under `caseId` (an id it made), the case
 * the moderation service opens for it.
 */
export const ReviewHold = z.object({
  caseId: z.string(),
  /** Why it waits: the only reason so far. */
  reason: z.literal('firstLinks'),
});
export type ReviewHold = z.infer<typeof ReviewHold>;

export const FeedMessageChangedEvent = z.object({
  messageId: z.string(),
  subjectId: z.string(),
  deleted: z.boolean(),
  /**
   * What a new comment says to whom (issue 32), set when it is written (`deleted: false`; absent
   * in a deletion and in older events): enough for the notifications service to tell the
   * subject's owner of a comment, and a parent comment's author of a reply, without asking
   * feed-messages. `subjectOwnerId` and `subjectPrivacy` are the subject as feed-messages last
   * heard it announced, its audience as announced (absent: never announced, e.g. a public post:
   * the consumer takes the owner from `post.published` or `meAnswer.privacy.changed`).
   */
  comment: z
    .object({
      authorId: z.string(),
      /** The comment replied to (the one named, a reply's reply too); null: a top-level one. */
      parentId: z.string().nullable(),
      /** The author of `parentId` at the time of the reply; null: none, or a placeholder. */
      parentAuthorId: z.string().nullable(),
      /** The discussion's room (a post's or answer's id, or a room of its own). */
      roomId: z.string(),
      /** The comment's text, cut short (`excerptOf`): plain text, never markup. */
      excerpt: z.string(),
      subjectOwnerId: z.string().optional(),
      subjectPrivacy: Privacy.optional(),
      /** Set when the comment waits for review (`ReviewHold`): no news to anyone. */
      review: ReviewHold.optional(),
    })
    .optional(),
  /**
   * A comment's new text after its author edited it (issue 32; `deleted: false`, no `comment`):
   * no news to anyone, only what they were shown changes. The envelope's `occurredAt` orders it
   * against the comment's creation and other edits, whichever is applied first.
   */
  edited: z
    .object({
      /** The comment's text, cut short (`excerptOf`): plain text, never markup. */
      excerpt: z.string(),
      /** Set when the edit put a link in a new member's comment (`ReviewHold`): held from now. */
      review: ReviewHold.optional(),
    })
    .optional(),
});

/**
 * A member's like of a comment as it now is (issue 32), sent by feed-messages with each toggle,
 * in its transaction: `liked: false` takes the like back. Never sent for a like of one's own
 * comment (nothing to tell anyone), nor in a discussion the comment's author may not read as
 * feed-messages last heard (a subject made private by someone else: outside the audience, never
 * told).
 * Absolute per (messageId, userId): replaying converges; `occurredAt` decides between two. A
 * comment that goes (`feedMessage.changed` deleted) takes its likes along.
 */
export const FeedMessageLikeChangedEvent = z.object({
  messageId: z.string(),
  /** The post's or me answer's id the comment is about. */
  subjectId: z.string(),
  /** Who liked (or stopped liking). */
  userId: z.string(),
  /** The comment's author: the one to tell. */
  authorId: z.string(),
  liked: z.boolean(),
  /** The comment's text, cut short (`excerptOf`), plain text. */
  excerpt: z.string(),
});

/** What a reaction is about: a post, a me answer, or a comment (feed message). */
export const ReactionSubjectKind = z.enum(['post', 'meAnswer', 'comment']);

/**
 * A member's reaction (a lottie by name, or `like`) on a post, me answer or comment as it now is
 * (issue 32), sent by the reactions service in the toggle's transaction: `on: false` takes it
 * back. Absolute per (kind, objectId, userId, reaction). Not sent for a post's like (posts owns
 * it: `post.like.changed`), for reactions on members, for one's own post or answer (its owner
 * as announced to reactions), nor about a subject reactions knows to be private (only its owner
 * may react there). A comment's author is not known to reactions: the consumer takes it from
 * `feedMessage.changed`, and tells nobody of a reaction on their own comment.
 */
export const ReactionChangedEvent = z.object({
  kind: ReactionSubjectKind,
  /** The post's, answer's or comment's id. */
  objectId: z.string(),
  /**
   * The post or me answer it belongs to (for a post or answer, the object itself); absent for a
   * comment reactions has not heard of yet (the consumer has it from `feedMessage.changed`).
   */
  subjectId: z.string().optional(),
  /** Who reacted. */
  userId: z.string(),
  /** A lottie's name (`REACTION_NAMES`), or `like`. */
  reaction: z.string(),
  on: z.boolean(),
  /** The post's or answer's owner, when reactions has heard it announced. */
  ownerId: z.string().optional(),
});

/**
 * A post as it now is (issue 32): sent by the posts service when a post is made (a member's, or
 * a questionnaire answer's in the magazine) and whenever an edit changes its title, text or privacy.
 * Absolute, keyed by `postId`; `occurredAt` decides between two. The notifications service
 * keeps its subjects from it (owner, title, privacy) and tells a publisher's followers of a
 * story the first time it hears of it public (`createdAt` says when it was made, so a late
 * first word about an old post is not news).
 */
export const PostPublishedEvent = z.object({
  postId: z.string(),
  publisherId: z.string(),
  /** The post's title, plain text, as the member wrote it. */
  title: z.string(),
  /** The beginning of its text (`excerptOf`), plain text. */
  excerpt: z.string(),
  privacy: Privacy,
  /** Set for a questionnaire answer's post (the magazine). */
  questionId: z.string().optional(),
  createdAt: z.string(),
  /**
   * Set when the post is held or removed by moderation as it is announced (issue 35): a magazine
   * post made from an answer the moderators took down. It is no story to anyone, now or later.
   */
  withheld: z.literal(true).optional(),
  /**
   * Set when the post waits for review as it is written or edited (issue 35: a new member's
   * first posts that carry a link): the posts service holds it under `caseId`, a case id it made,
   * and the moderation service opens that case for a moderator. Comes with `withheld`.
   */
  review: ReviewHold.optional(),
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
 * Who put an answer into the magazine or took it out (since issue 32; absent in older events,
 * which were all the owner's own doing). The notifications service tells the owner only when
 * someone else did it (a moderator, issue 35): never of their own toggle or save.
 */
const MagazineChangedBy = z.string().optional();

/**
 * A questionnaire answer is (again) in the magazine: the posts service makes or updates the
 * member's post for that question. `content` is HTML made from the live answer (its texts
 * escaped); `title` is the question's title in the member's language. Sent when the answer
 * goes in and again with every save of it while it is there.
 */
export const MeAnswerPublishedEvent = z.object({
  userId: z.string(),
  questionId: z.string(),
  meAnswerId: z.string(),
  title: z.string(),
  content: z.string(),
  /** The answer's audience, the post's too (the magazine shows it only while public). */
  privacy: Privacy,
  by: MagazineChangedBy,
});

/**
 * A questionnaire answer left the magazine: the posts service deletes its post. `meAnswerId`
 * (since issue 32; absent in older events) names the answer, for the notifications service.
 */
export const MeAnswerUnpublishedEvent = z.object({
  userId: z.string(),
  questionId: z.string(),
  meAnswerId: z.string().optional(),
  by: MagazineChangedBy,
});

/**
 * A me answer's privacy as it now is, sent with every save that sets it. Like
 * `post.privacy.changed`: absolute, ordered by `occurredAt`, public until announced. Since
 * issue 32 it says what the answer is, as its live version now is (absent in older events):
 * its question and the question's title in both languages (plain text), so the notifications
 * service can name an answer someone commented on or reacted to.
 */
export const MeAnswerPrivacyChangedEvent = z.object({
  meAnswerId: z.string(),
  userId: z.string(),
  privacy: Privacy,
  questionId: z.string().optional(),
  title: z.object({ en: z.string(), he: z.string() }).optional(),
});

/**
 * Whether a member follows another, as it now is (the notifications service owns follows; issue
 * 32): sent with every follow and unfollow that changed something. Absolute, like
 * `post.like.changed`, so replaying converges; `occurredAt` decides between two. The
 * notifications service hears its own too: a follow tells the member followed, an unfollow
 * takes that notice back.
 */
export const FollowChangedEvent = z.object({
  followerId: z.string(),
  followeeId: z.string(),
  following: z.boolean(),
});

/**
 * Whether a member has answered a questionnaire question, as it now is (issue 32): `answered` is
 * true once the answer has a live text (a save), false while it has none. Sent by me-answers with
 * every save, in its transaction, for the notifications service's weekly question. Absolute per
 * (userId, questionId); `occurredAt` decides between two.
 */
export const MeAnswerAnsweredEvent = z.object({
  userId: z.string(),
  questionId: z.string(),
  answered: z.boolean(),
});

const LocalizedText = z.object({ en: z.string(), he: z.string() });

/**
 * The questionnaire as it now is (issue 32): its questions in order with their titles and prompts
 * in both languages. Announced by a me-answers migration whenever the questionnaire changes (it
 * changes only by migration), for the notifications service's weekly question. Absolute: the
 * newest (`occurredAt`) replaces the whole list.
 */
export const QuestionnaireChangedEvent = z.object({
  questions: z.array(
    z.object({
      questionId: z.string(),
      /** 1..10: the order questions are answered in, and the page `/profile/edit-me/{index}`. */
      index: z.number().int(),
      title: LocalizedText,
      prompt: LocalizedText,
    }),
  ),
});

/**
 * A member's own private questions that have no answer yet, as they now are (issue 32): sent by
 * the private-questions service with every change that can alter them (a question written,
 * edited or deleted, an answer saved), in its transaction, for the notifications service's
 * weekly question. Only the unanswered ones travel, and only their owner's email ever shows
 * them. `index` is the question's place in the member's list (`/profile/edit-me-private/{index}`),
 * which moves up when an earlier one is deleted. Absolute per member: `revision` counts the
 * member's changes (under their lock), and the higher one replaces the whole list.
 */
export const PrivateQuestionsChangedEvent = z.object({
  userId: z.string(),
  revision: z.number().int().min(0),
  unanswered: z.array(
    z.object({
      questionId: z.string(),
      index: z.number().int().min(1),
      title: z.string(),
      subQuestions: z.array(z.string()),
    }),
  ),
});

/**
 * A member is now in another member's circle (issue 34; the circles service owns circles): sent
 * when an invitation is accepted. With `circle.member.removed`, absolute per (ownerId, memberId):
 * `occurredAt` decides between two, so a late `added` never undoes a newer `removed`. Every
 * service that decides who may read a "circle" item keeps these as its `circle_memberships`.
 */
export const CircleMemberAddedEvent = z.object({
  ownerId: z.string(),
  memberId: z.string(),
});

/**
 * A member is no longer in another member's circle: the owner removed them, they left it, or one
 * of the two left Mepedia (then `user.deleted` also arrives). From this moment they read none of
 * the owner's circle items.
 */
export const CircleMemberRemovedEvent = z.object({
  ownerId: z.string(),
  memberId: z.string(),
});

/**
 * What a report can be about (issue 35): a post, a questionnaire answer (a me answer, by its
 * id), a comment (a feed message) or a member's profile (by the member's id).
 */
export const ModeratedItemKind = z.enum(['post', 'answer', 'comment', 'profile']);
export type ModeratedItemKind = z.infer<typeof ModeratedItemKind>;

/**
 * Where moderation leaves an item (issue 35): `visible` as its owner set it (never reported, a
 * report dismissed, or restored), `held` hidden pending review (reported by enough members, or a
 * new account's first words with links), `removed` by a moderator's decision.
 */
export const ModerationState = z.enum(['visible', 'held', 'removed']);
export type ModerationState = z.infer<typeof ModerationState>;

/**
 * The moderation service's word on an item (issue 35), sent with every change of its state.
 * Absolute per (kind, itemId): `occurredAt` decides between two, so a late `held` never undoes a
 * newer `visible`. Every service that shows the item keeps it: anything but `visible` is shown to
 * its owner alone (who is told why), gone from every other reader's pages, lists, feeds, counts,
 * notifications, widget, oEmbed, sitemap and kept page. `caseId` names the moderation case (what
 * the owner's notice links to).
 */
export const ModerationItemChangedEvent = z.object({
  kind: ModeratedItemKind,
  itemId: z.string(),
  ownerId: z.string(),
  state: ModerationState,
  caseId: z.string(),
});

/** The moderation service's word on a member's account (absolute; the newest by occurredAt wins). */
export const MemberRestrictionChangedEvent = z.object({
  userId: z.string(),
  /** Until when the member may not write (ISO instant); null when not suspended. */
  suspendedUntil: z.string().datetime().nullable(),
  banned: z.boolean(),
});

/**
 * Whether a member blocks or mutes another, as it now is (issue 35; the moderation service keeps
 * them): absolute per (blockerId, blockedId, kind), `occurredAt` decides between two. A block
 * keeps the blocked member from commenting on, reacting to and following the blocker's stories,
 * and each out of the other's people, feeds, comments and notifications; a mute only out of the
 * muter's feeds. Every service that shows one member to another keeps these as its
 * `member_blocks` (libs/server/database blocks.ts).
 */
export const MemberBlockChangedEvent = z.object({
  blockerId: z.string(),
  blockedId: z.string(),
  kind: z.enum(['block', 'mute']),
  active: z.boolean(),
});

/**
 * A post, answer or comment that existed before the moderation service did (issue 35), as its
 * owning service's migration announces it once on upgrade, for the moderation service alone:
 * the item as that service would describe it now, what `moderation.items` keeps. Not news, so
 * not one of the live events (a new `post.published` or `feedMessage.changed` tells followers
 * and owners of a story or comment). Dated the epoch: any live word about the item outranks it.
 * A comment's audience is its post's or answer's (`audienceOwnerId` is that one's owner), or
 * public, from its author, where the subject was never announced.
 */
export const ExistingItemAnnouncedEvent = z.object({
  kind: ModeratedItemKind,
  itemId: z.string(),
  ownerId: z.string(),
  audience: Privacy,
  audienceOwnerId: z.string(),
  /** A post's title; an answer's question's title in English and Hebrew (`en / he`). */
  title: z.string().nullable(),
  /** The beginning of a post's or comment's text (`excerptOf`), plain text. */
  excerpt: z.string().nullable(),
  /** A comment's post or answer. */
  subjectId: z.string().nullable(),
  /** An answer's question, and a magazine post's (made from that answer). */
  questionId: z.string().nullable(),
});

/** What the search service indexes (issue 36): stories of three kinds, and people. */
export const SearchableKind = z.enum(['post', 'answer', 'privateAnswer', 'person']);
export type SearchableKind = z.infer<typeof SearchableKind>;

/**
 * An item as the search service is to index it (issue 36, ADR 11), sent by the service that owns
 * it in the transaction of every change that alters what search shows or who may find it (made,
 * edited, its audience changed, deleted), for the search service alone (no other consumer pays
 * for the text). Absolute per (kind, id): `occurredAt` decides between two (a deleted or emptied
 * answer written again is announced again). Items older than the search service are announced once by their service's migration,
 * dated the epoch, so any live word outranks them.
 * - `post`: a member's post (not a questionnaire answer's magazine post: the answer is its
 *   story); `text` is its body as plain text; `image` its picture.
 * - `answer`: a live questionnaire answer (never a draft): `title` the question's title in the
 *   owner's language, `questionTitle` in both, `text` the sub-answers' plain text. An answer
 *   without live text is announced `deleted`.
 * - `privateAnswer`: the answer to a member's own question (`id` the question's id).
 * - `person`: a member (`id` and `ownerId` their id): `title` the full name, `text` motto and
 *   about; `public` while the profile is in the people directory (a public answer), otherwise
 *   `private` (found by themselves alone); `image` the picture people see.
 */
export const SearchableChangedEvent = z.object({
  kind: SearchableKind,
  id: z.string(),
  ownerId: z.string(),
  audience: Privacy,
  /** Plain text, as written. */
  title: z.string(),
  /** An answer's question's title in English and Hebrew. */
  questionTitle: LocalizedText.optional(),
  /** Plain text (never markup), as written; paragraphs separated by line breaks. */
  text: z.string(),
  /** An answer's question id; a private answer's own question's id. */
  questionId: z.string().optional(),
  /** A post's picture, a person's (a file path of `/api/files/`). */
  image: z.string().nullable().optional(),
  /** When it was first published (ISO 8601): what "newest first" sorts by. */
  createdAt: z.string(),
  /** Gone (or a draft again): out of every result. */
  deleted: z.boolean(),
  /**
   * Set when its service holds it for review as it is written or edited (`ReviewHold`, issue 35):
   * found by its owner alone until the moderation service's word on that case says otherwise.
   */
  review: ReviewHold.optional(),
  /**
   * Where moderation left it as its service last heard (held or removed), sent by the
   * announcements of items older than the search service: those items are never found by
   * others before the moderation service's own word arrives. Dated as the event is, so any later
   * word of the moderation service outranks it.
   */
  withheld: z.object({ state: z.enum(['held', 'removed']), caseId: z.string() }).optional(),
});
export type SearchableChangedEvent = z.infer<typeof SearchableChangedEvent>;

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
  'feedMessage.like.changed': FeedMessageLikeChangedEvent,
  'reaction.changed': ReactionChangedEvent,
  'post.published': PostPublishedEvent,
  'meAnswer.published': MeAnswerPublishedEvent,
  'meAnswer.unpublished': MeAnswerUnpublishedEvent,
  'meAnswer.privacy.changed': MeAnswerPrivacyChangedEvent,
  'follow.changed': FollowChangedEvent,
  'meAnswer.answered': MeAnswerAnsweredEvent,
  'questionnaire.changed': QuestionnaireChangedEvent,
  'privateQuestions.changed': PrivateQuestionsChangedEvent,
  'circle.member.added': CircleMemberAddedEvent,
  'circle.member.removed': CircleMemberRemovedEvent,
  'moderation.item.changed': ModerationItemChangedEvent,
  'member.restriction.changed': MemberRestrictionChangedEvent,
  'member.block.changed': MemberBlockChangedEvent,
  'existingItem.announced': ExistingItemAnnouncedEvent,
  'searchable.changed': SearchableChangedEvent,
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
    'events-circles',
    'events-moderation',
    'events-search',
  ],
  'user.updated': ['events-posts', 'events-notifications', 'events-circles', 'events-moderation'],
  'email.unsubscribed': ['events-worker'],
  'profile.publication.changed': ['events-users'],
  'post.deleted': [
    'events-reactions',
    'events-feed-messages',
    'events-me-answers',
    'events-notifications',
    'events-moderation',
  ],
  'post.privacy.changed': [
    'events-feed-messages',
    'events-reactions',
    'events-notifications',
    'events-moderation',
  ],
  'post.like.changed': ['events-reactions', 'events-notifications'],
  'post.like.requested': ['events-posts'],
  'post.viewed': ['events-reactions'],
  'post.view.requested': ['events-posts'],
  'feedMessage.changed': ['events-reactions', 'events-notifications', 'events-moderation'],
  'feedMessage.like.changed': ['events-notifications'],
  'reaction.changed': ['events-notifications'],
  'post.published': ['events-notifications', 'events-moderation'],
  'meAnswer.published': ['events-posts', 'events-notifications'],
  'meAnswer.unpublished': ['events-posts', 'events-notifications'],
  'meAnswer.privacy.changed': [
    'events-feed-messages',
    'events-reactions',
    'events-notifications',
    'events-moderation',
  ],
  'follow.changed': ['events-posts', 'events-notifications'],
  'meAnswer.answered': ['events-notifications'],
  'questionnaire.changed': ['events-notifications'],
  'privateQuestions.changed': ['events-notifications'],
  // The services that read audiences subscribe as each one learns the "circle" audience.
  'circle.member.added': [
    'events-posts',
    'events-me-answers',
    'events-private-questions',
    'events-feed-messages',
    'events-reactions',
    'events-notifications',
    'events-moderation',
    'events-search',
  ],
  'circle.member.removed': [
    'events-posts',
    'events-me-answers',
    'events-private-questions',
    'events-feed-messages',
    'events-reactions',
    'events-notifications',
    'events-moderation',
    'events-search',
  ],
  // Each service that shows an item of the kind keeps its moderation state.
  'moderation.item.changed': [
    'events-posts',
    'events-me-answers',
    'events-feed-messages',
    'events-reactions',
    'events-users',
    'events-notifications',
    'events-search',
  ],
  // The users service keeps the restriction: sessions carry it, a ban ends them.
  'member.restriction.changed': ['events-users'],
  // Every service that shows one member to another keeps its copy of blocks and mutes.
  'member.block.changed': [
    'events-posts',
    'events-users',
    'events-feed-messages',
    'events-reactions',
    'events-notifications',
    'events-search',
  ],
  // The moderation service alone: what existed before it, which no one else is to hear again.
  'existingItem.announced': ['events-moderation'],
  // The search service alone: the whole text, which no other consumer needs (ADR 11).
  'searchable.changed': ['events-search'],
};

/**
 * Fields of an event's payload that only some subscribers need, and so only they receive: the
 * worker's fan-out leaves them out of every other subscriber's copy (data minimisation). A
 * member's email address goes to the notifications service, which writes to them, and to the
 * circles service, which matches an invitation sent to an address with the account that accepts
 * it, and to the moderation service, which sends an author the statement of reasons the law
 * asks for (issue 35); to no one else (the posts service keeps bylines: names and pictures).
 */
export const eventFieldReaders: {
  readonly [T in DomainEventType]?: Partial<
    Record<keyof DomainEventPayload<T>, ReadonlyArray<ServiceEventsQueue>>
  >;
} = {
  'user.updated': { email: ['events-notifications', 'events-circles', 'events-moderation'] },
};

/** An event's payload as one subscriber receives it: without the fields not meant for it. */
export function payloadFor(type: string, payload: unknown, queue: ServiceEventsQueue): unknown {
  const readers = eventFieldReaders[type as DomainEventType] as
    Record<string, ReadonlyArray<ServiceEventsQueue>> | undefined;
  if (!readers || typeof payload !== 'object' || payload === null) return payload;
  return Object.fromEntries(
    Object.entries(payload).filter(([field]) => readers[field]?.includes(queue) ?? true),
  );
}

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
  /**
   * `{ changes: [{ recipientId, groupId, removed }] }` or `{ story: { publisherId } }` (a story
   * told to the publisher's followers): notifications were stored or changed; each replica brings
   * its open streams of those members (for a story, of those it finds follow the publisher) up
   * to date (apps/notifications, notification-streams.ts).
   */
  notificationsChanged: 'notifications.changed',
} as const;
