import {
  NOTIFICATIONS_PAGE_DEFAULT,
  type Audience,
  type DomainEventEnvelope,
  type DomainEventPayload,
  type Language,
  type NotificationItem,
  type NotificationPage,
  type UnreadCount,
} from '@mepedia/contracts';
import { isUuid, withheld } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import { sql } from 'drizzle-orm';
import {
  commentOfPart,
  commentPart,
  followDay,
  groupKeyOf,
  isNewStory,
  linkOf,
  mayTell,
  reactionPart,
  SITE_KINDS,
  titleIn,
  type KnownSubject,
} from './notification-rules';
import type {
  GroupChange,
  GroupRow,
  NotificationStore,
  ThingDone,
} from './notification-store.repository';

/** The group a reaction joins (or leaves). */
type Target = {
  recipientId: string;
  kind: 'reaction' | 'commentReaction';
  groupKey: string;
  subjectId: string;
  commentId: string | null;
  excerpt: string | null;
};

/**
 * What the service announces after a commit (to the streams, on every replica): the groups that
 * changed, or a story told to a publisher's followers (named by the publisher alone, however
 * many they are). `{ stories: true }` is what a replica of the previous release announces.
 */
export type NotificationsChanged =
  { changes: GroupChange[] } | { story: { publisherId: string } } | { stories: true };

const STAMP = /^\d{1,19}$/;

/** What an unfollow is recorded under (a follow is in whichever day's group it was told). */
const FOLLOWS = 'follower';

/** A stamp or version a client passes back: one this service made, or INVALID_CURSOR. */
export function parseStamp(value: string): bigint {
  if (!STAMP.test(value)) throw new AppError('INVALID_CURSOR');
  const stamp = BigInt(value);
  if (stamp > 9223372036854775807n) throw new AppError('INVALID_CURSOR');
  return stamp;
}

/**
 * Notifications (issue 32): the domain events turned into groups for the members they concern,
 * by the rules of notification-rules.ts, each event applied once in one transaction; and the
 * member's groups, worded for their language, for the API and the stream.
 */
export class NotificationsService {
  constructor(
    private readonly store: NotificationStore,
    /** Tell every replica's streams what changed (after the commit). */
    private readonly announce: (changed: NotificationsChanged) => void = () => undefined,
    /** Relay the outbox: a block ended follows (follow.changed). */
    private readonly onOutboxWrite: () => void = () => undefined,
  ) {}

  // --- events ---------------------------------------------------------------------------

  /** Apply an event once (the outbox delivers at least once), then announce what changed. */
  private async once(
    event: DomainEventEnvelope,
    work: (store: NotificationStore) => Promise<GroupChange[] | { story: { publisherId: string } }>,
  ): Promise<GroupChange[]> {
    const outcome = await this.store.transaction(async (store) => {
      if (!(await store.applyOnce(event.id))) return [];
      return work(store);
    });
    if (!Array.isArray(outcome)) {
      this.announce(outcome);
      return [];
    }
    if (outcome.length > 0) this.announce({ changes: outcome });
    return outcome;
  }

  /** A post as it now is: its subject, its privacy's consequences, and the story's followers. */
  postPublished(post: DomainEventPayload<'post.published'>, event: DomainEventEnvelope) {
    const at = new Date(event.occurredAt);
    return this.once(event, async (store) => {
      if (await store.anyLeft([post.publisherId])) return [];
      await store.saveSubject(
        {
          subjectId: post.postId,
          kind: 'post',
          ownerId: post.publisherId,
          audience: post.privacy,
          title: post.title,
          excerpt: post.excerpt,
          questionId: post.questionId ?? null,
          madeAt: new Date(post.createdAt),
        },
        at,
      );
      // One moderation decides on at this moment waits for it, or it for this (issue 35).
      await store.lockItem('subject', post.postId);
      const subject = await store.subject(post.postId);
      if (!subject || subject.deleted) return [];
      // Held or removed by moderation: no story, now or once visible again (no news), and no
      // one else keeps what they were told. A new member's story waiting for review as it was
      // written is no news yet: it is told when a moderator lets it out (`moderationChanged`).
      if (post.withheld || (subject.moderation !== undefined && subject.moderation !== 'visible')) {
        if (!post.review) await store.tellStoryOnce(post.postId);
        return store.keepToAudience({ ...subject, audience: 'private' });
      }
      // Narrowed: those now outside its audience lose what they were told; a private post is
      // no one's news but its owner's, and its followers' stories wait for it to open.
      const taken = await store.keepToAudience(subject);
      if (subject.audience === 'private') return taken;
      if (!isNewStory(new Date(post.createdAt), at)) return [];
      if (!(await store.tellStoryOnce(post.postId))) return [];
      const told = await store.fanOutStory({
        postId: post.postId,
        publisherId: post.publisherId,
        groupKey: groupKeyOf('story', { subjectId: post.postId }),
        excerpt: post.excerpt,
        at,
      });
      if (taken.length > 0) this.announce({ changes: taken });
      return told > 0 ? { story: { publisherId: post.publisherId } } : [];
    });
  }

  /**
   * A post's or answer's audience: narrowed, it is no one's news but its audience's (issue 34);
   * made private, its owner's alone.
   */
  privacyChanged(
    change: {
      subjectId: string;
      kind: 'post' | 'meAnswer';
      ownerId: string;
      audience: Audience;
      title?: string;
      titleHe?: string;
      questionId?: string;
    },
    event: DomainEventEnvelope,
  ) {
    return this.once(event, async (store) => {
      if (await store.anyLeft([change.ownerId])) return [];
      await store.saveSubject(change, new Date(event.occurredAt));
      const subject = await store.subject(change.subjectId);
      return subject && !subject.deleted ? store.keepToAudience(subject) : [];
    });
  }

  /**
   * Who is in whose circle (the circles service's word at the event's time): a member who left
   * a circle is told nothing more of its circle stories, and loses what they were told.
   */
  circleChanged(
    change: { ownerId: string; memberId: string; inCircle: boolean },
    event: DomainEventEnvelope,
  ) {
    return this.once(event, async (store) => {
      await store.circles.apply({ ...change, occurredAt: new Date(event.occurredAt) });
      if (change.inCircle || !isUuid(change.ownerId) || !isUuid(change.memberId)) return [];
      // Only when the removal is the word that stands (a late "removed" older than an "added"
      // changes nothing).
      if (await store.circles.inCircleOf(change.ownerId, change.memberId)) return [];
      return store.leftCircle(change.ownerId, change.memberId);
    });
  }

  /**
   * The moderation service's word on a post, answer or comment (issue 35), applied by its time
   * (a replay, or an older word come late, changes nothing), whether or not the item is known
   * here yet. Held or removed: what anyone but its owner was told of it is taken back
   * (`withhold`, announced to open streams as removals), and the list, the stream and emails
   * show its groups to its owner alone (READABLE). Visible again: nothing is told again (no news),
   * but a story never told, held for review as it was written and let out while it is still new,
   * is told now, as it would have been then. A profile's word is not kept here: notifications
   * name members as they are.
   */
  moderationChanged(
    word: DomainEventPayload<'moderation.item.changed'>,
    event: DomainEventEnvelope,
  ) {
    const at = new Date(event.occurredAt);
    return this.once(event, async (store) => {
      if (word.kind === 'profile') return [];
      await store.lockItem(word.kind === 'comment' ? 'comment' : 'subject', word.itemId);
      const applied = await store.moderation.apply({ ...word, occurredAt: at });
      if (!applied) return [];
      if (word.state !== 'visible') return store.withhold(word);
      if (word.kind !== 'post') return [];
      const subject = await store.subject(word.itemId);
      if (
        !subject ||
        subject.deleted ||
        subject.moderation !== undefined ||
        subject.audience === 'private' ||
        subject.ownerId !== word.ownerId ||
        subject.madeAt === null ||
        !isNewStory(subject.madeAt, at)
      )
        return [];
      if (!(await store.tellStoryOnce(word.itemId))) return [];
      const told = await store.fanOutStory({
        postId: word.itemId,
        publisherId: subject.ownerId,
        groupKey: groupKeyOf('story', { subjectId: word.itemId }),
        excerpt: subject.excerpt ?? '',
        at,
      });
      return told > 0 ? { story: { publisherId: subject.ownerId } } : [];
    });
  }

  /**
   * The moderation service's word on a block or mute (issue 35), applied by its time (a replay,
   * or an older word come late, changes nothing), never about a member who left. A block made:
   * the two's follows of each other end (announced as unfollows) and what each was told of the
   * other's doings is taken back (`separate`); from then on neither follows the other (refused
   * by the follows) nor is told of the other's doings (`NotificationStore.add`), and the list,
   * stream and emails leave out the other's parts (`actorShown`). Undone, nothing comes back:
   * no follow, and nothing told (no news). A mute changes nothing here: notifications are not
   * a feed.
   */
  async blockChanged(
    change: DomainEventPayload<'member.block.changed'>,
    event: DomainEventEnvelope,
  ): Promise<GroupChange[]> {
    let unfollowed = 0;
    const changes = await this.once(event, async (store) => {
      const applied = await store.blocks.apply({
        ...change,
        occurredAt: new Date(event.occurredAt),
      });
      if (!applied || change.kind !== 'block' || !change.active) return [];
      const separated = await store.separate(change.blockerId, change.blockedId);
      unfollowed = separated.ended;
      return separated.changes;
    });
    // Committed: the unfollows go now rather than at the relay's next round.
    if (unfollowed > 0) this.onOutboxWrite();
    return changes;
  }

  postDeleted(post: DomainEventPayload<'post.deleted'>, event: DomainEventEnvelope) {
    return this.once(event, (store) =>
      store.deleteSubject(post.postId, 'post', post.publisherId, new Date(event.occurredAt)),
    );
  }

  /** A comment written (its owner and a replied-to author told), or gone (taken along). */
  feedMessageChanged(
    message: DomainEventPayload<'feedMessage.changed'>,
    event: DomainEventEnvelope,
  ) {
    const at = new Date(event.occurredAt);
    return this.once(event, async (store) => {
      if (message.deleted) return store.deleteComment(message.messageId, message.subjectId);
      // An edit: what was shown of it changes; it is no news.
      if (message.edited)
        return store.editComment(
          {
            messageId: message.messageId,
            subjectId: message.subjectId,
            excerpt: message.edited.excerpt,
          },
          at,
        );
      const comment = message.comment;
      if (!comment) return [];
      // One moderation decides on at this moment waits for it, or it for this (issue 35).
      await store.lockItem('comment', message.messageId);
      const known = await store.comment(message.messageId);
      if (known?.deleted) return [];
      // A late word of a member who left, or under a departed member's post: nothing is kept.
      if (await store.anyLeft([comment.authorId, comment.subjectOwnerId])) return [];
      // Its words as they stand: an edit applied first has the newer ones.
      const excerpt = await store.saveComment(
        {
          messageId: message.messageId,
          subjectId: message.subjectId,
          authorId: comment.authorId,
          excerpt: comment.excerpt,
        },
        at,
      );
      if (excerpt === undefined) return [];
      // Waiting for review as it was written, or held or removed by moderation (its word came
      // first): its author's alone, no one's news.
      if (comment.review || withheld(await store.moderation.state('comment', message.messageId)))
        return [];
      const subject:
        Pick<KnownSubject, 'ownerId' | 'audience' | 'deleted' | 'moderation'> | undefined =
        (await store.subjectToTell(message.subjectId)) ??
        (comment.subjectOwnerId
          ? {
              ownerId: comment.subjectOwnerId,
              audience: comment.subjectPrivacy ?? 'public',
              deleted: false,
            }
          : undefined);
      const inCircleOf = (recipientId: string | null | undefined) =>
        this.inCircle(store, subject, recipientId);
      const changes: GroupChange[] = [];
      const part = commentPart(message.messageId);
      let replied: string | undefined;
      if (
        comment.parentId &&
        mayTell(
          comment.parentAuthorId,
          comment.authorId,
          subject,
          await inCircleOf(comment.parentAuthorId),
        ) &&
        !(await store.anyLeft([comment.parentAuthorId]))
      ) {
        replied = comment.parentAuthorId;
        const parent = await store.comment(comment.parentId);
        if (!parent?.deleted)
          changes.push(
            ...(await store.add({
              recipientId: replied,
              kind: 'reply',
              groupKey: groupKeyOf('reply', { commentId: comment.parentId }),
              subjectId: message.subjectId,
              commentId: comment.parentId,
              excerpt: parent?.excerpt ?? null,
              actorId: comment.authorId,
              part,
              partExcerpt: excerpt,
              at,
            })),
          );
      }
      const owner = subject?.ownerId;
      // The owner told of a reply to their own comment hears it once, as a reply.
      if (
        owner !== replied &&
        mayTell(owner, comment.authorId, subject) &&
        !(await store.anyLeft([owner]))
      )
        changes.push(
          ...(await store.add({
            recipientId: owner,
            kind: 'comment',
            groupKey: groupKeyOf('comment', { subjectId: message.subjectId }),
            subjectId: message.subjectId,
            commentId: null,
            excerpt: null,
            actorId: comment.authorId,
            part,
            partExcerpt: excerpt,
            at,
          })),
        );
      return changes;
    });
  }

  /** A like of a comment (feed-messages' own), or taken back. */
  commentLikeChanged(
    like: DomainEventPayload<'feedMessage.like.changed'>,
    event: DomainEventEnvelope,
  ) {
    return this.once(event, async (store) => {
      const comment = await store.comment(like.messageId);
      const target = {
        recipientId: like.authorId,
        kind: 'commentReaction' as const,
        groupKey: groupKeyOf('commentReaction', { commentId: like.messageId }),
        subjectId: like.subjectId,
        commentId: like.messageId,
        // Its words as last heard (an edit after the like has newer ones than the like carries).
        excerpt: comment?.excerpt || like.excerpt,
      };
      const at = new Date(event.occurredAt);
      if (!like.liked) return this.takeBack(store, target, like.userId, 'like', at);
      if (comment?.deleted) return [];
      return this.tell(store, target, like.userId, 'like', at);
    });
  }

  /** A like of a post (the posts service's own), or taken back. */
  postLikeChanged(like: DomainEventPayload<'post.like.changed'>, event: DomainEventEnvelope) {
    return this.once(event, async (store) => {
      const subject = await store.subject(like.postId);
      const owner = subject?.ownerId ?? like.publisherId;
      if (!owner) return [];
      const target = {
        recipientId: owner,
        kind: 'reaction' as const,
        groupKey: groupKeyOf('reaction', { subjectId: like.postId }),
        subjectId: like.postId,
        commentId: null,
        excerpt: null,
      };
      const part = reactionPart('like');
      const at = new Date(event.occurredAt);
      if (!like.liked) return this.takeBack(store, target, like.userId, part, at);
      return this.tell(store, target, like.userId, part, at);
    });
  }

  /** A reaction (a lottie, or a like of an answer or comment), or taken back. */
  reactionChanged(reaction: DomainEventPayload<'reaction.changed'>, event: DomainEventEnvelope) {
    return this.once(event, async (store) => {
      const part = reactionPart(reaction.reaction);
      let target: Target;
      if (reaction.kind === 'comment') {
        const comment = await store.comment(reaction.objectId);
        if (!comment?.authorId) return [];
        if (reaction.on && comment.deleted) return [];
        target = {
          recipientId: comment.authorId,
          kind: 'commentReaction' as const,
          groupKey: groupKeyOf('commentReaction', { commentId: reaction.objectId }),
          subjectId: comment.subjectId,
          commentId: reaction.objectId,
          excerpt: comment.excerpt,
        };
      } else {
        const subject = await store.subject(reaction.objectId);
        const owner = subject?.ownerId ?? reaction.ownerId;
        if (!owner) return [];
        target = {
          recipientId: owner,
          kind: 'reaction' as const,
          groupKey: groupKeyOf('reaction', { subjectId: reaction.objectId }),
          subjectId: reaction.objectId,
          commentId: null,
          excerpt: null,
        };
      }
      const at = new Date(event.occurredAt);
      if (!reaction.on) return this.takeBack(store, target, reaction.userId, part, at);
      return this.tell(store, target, reaction.userId, part, at);
    });
  }

  /**
   * A follow, or an unfollow that takes its notice along, whichever order they come in: taken
   * back as a like is (the take-back recorded by `occurredAt`), not by asking the follows table.
   * The table says whether a follow stands now, but not which follow a late event is about: a
   * follow, an unfollow and a follow again days apart fall in different days' groups, and the
   * late first follow would be told beside the second. Both events are this service's own,
   * stamped by the database's clock in the transaction that changed the follow (one pair's
   * changes wait for each other's lock), so their `occurredAt` orders them as the table did.
   */
  followChanged(follow: DomainEventPayload<'follow.changed'>, event: DomainEventEnvelope) {
    const at = new Date(event.occurredAt);
    return this.once(event, async (store) => {
      if (!isUuid(follow.followerId) || !isUuid(follow.followeeId)) return [];
      const thing: ThingDone = {
        recipientId: follow.followeeId,
        groupKey: FOLLOWS,
        actorId: follow.followerId,
        part: '',
      };
      // From whichever day's group it is in.
      if (!follow.following) return store.takeBack(thing, at, sql`g.kind = 'follower'`);
      if (!mayTell(follow.followeeId, follow.followerId, undefined)) return [];
      if (await store.anyLeft([follow.followerId, follow.followeeId])) return [];
      // The take-back stays (a week) even when followed again: a late older follow would be
      // told in its own day's group, where no newer part of the follower stands to stop it.
      if (await store.takenBack(thing, at)) return [];
      return store.add({
        recipientId: follow.followeeId,
        kind: 'follower',
        groupKey: groupKeyOf('follower', { day: followDay(at) }),
        subjectId: null,
        commentId: null,
        excerpt: null,
        actorId: follow.followerId,
        part: '',
        partExcerpt: null,
        at,
      });
    });
  }

  /**
   * A member's answer went into the magazine, or left it, by someone else's hand (one group per
   * answer: the latest). The member's own doing is no news to them.
   */
  magazineChanged(
    answer: {
      userId: string;
      meAnswerId: string | undefined;
      added: boolean;
      /** Who did it: absent (older events) is the owner. */
      by: string | undefined;
    },
    event: DomainEventEnvelope,
  ) {
    const { meAnswerId } = answer;
    if (!meAnswerId) return Promise.resolve([]);
    return this.once(event, async (store) => {
      // The member's own toggle, or a save of an answer that is there: nothing to tell them.
      if (!mayTell(answer.userId, answer.by ?? answer.userId, undefined)) return [];
      if (await store.anyLeft([answer.userId])) return [];
      const kind = answer.added ? 'magazineAdded' : 'magazineRemoved';
      return store.add({
        recipientId: answer.userId,
        kind,
        groupKey: groupKeyOf(kind, { subjectId: meAnswerId }),
        subjectId: meAnswerId,
        commentId: null,
        excerpt: null,
        // The site did it: the owner stands as the group's one actor, never shown.
        actorId: answer.userId,
        part: 'magazine',
        partExcerpt: null,
        at: new Date(event.occurredAt),
      });
    });
  }

  /** A member left: everything of theirs and about them here goes. */
  async removeMember(userId: string, event?: DomainEventEnvelope): Promise<number> {
    const changes = await this.store.transaction(async (store) => {
      // Noted as applied (a redelivery finds nothing left to take anyway).
      if (event) await store.applyOnce(event.id);
      return store.removeMember(userId);
    });
    const others = changes.filter((change) => change.recipientId !== userId);
    if (others.length > 0) this.announce({ changes: others });
    return changes.length;
  }

  /**
   * Whether `recipientId` is in the owner's circle, asked only of a circle subject told to
   * someone else than its owner (one probe of the memberships' key).
   */
  private async inCircle(
    store: NotificationStore,
    subject: Pick<KnownSubject, 'ownerId' | 'audience'> | undefined,
    recipientId: string | null | undefined,
  ): Promise<boolean> {
    if (!subject || subject.audience !== 'circle' || !recipientId) return false;
    if (recipientId === subject.ownerId || !isUuid(recipientId)) return false;
    return store.circles.inCircleOf(subject.ownerId, recipientId);
  }

  /**
   * The recipient is told of a like or reaction done at `at`, if the rules allow it and it was
   * not taken back since (its unlike applied first: events come in any order).
   */
  private async tell(
    store: NotificationStore,
    target: Target,
    actorId: string,
    part: string,
    at: Date,
  ): Promise<GroupChange[]> {
    const subject = await store.subjectToTell(target.subjectId);
    const inCircle = await this.inCircle(store, subject, target.recipientId);
    if (!mayTell(target.recipientId, actorId, subject, inCircle)) return [];
    if (!isUuid(actorId) || !isUuid(target.recipientId)) return [];
    if (await store.anyLeft([actorId, target.recipientId])) return [];
    const thing = { recipientId: target.recipientId, groupKey: target.groupKey, actorId, part };
    if (await store.takenBack(thing, at)) return [];
    // An older take-back can go: the part added now is newer, so a like older than it that
    // comes late finds the part newer than itself (in the same group) and adds nothing.
    await store.forgetTakeBackBefore(thing, at);
    return store.add({ ...target, actorId, part, partExcerpt: null, at });
  }

  /**
   * A like or reaction taken back at `at` leaves its group (which goes with its last actor),
   * unless it was done again after; the take-back is kept for a like older than it come late.
   */
  private takeBack(
    store: NotificationStore,
    target: Pick<Target, 'recipientId' | 'groupKey'>,
    actorId: string,
    part: string,
    at: Date,
  ): Promise<GroupChange[]> {
    if (!isUuid(actorId) || !isUuid(target.recipientId)) return Promise.resolve([]);
    return store.takeBack(
      { recipientId: target.recipientId, groupKey: target.groupKey, actorId, part },
      at,
      sql`g.group_key = ${target.groupKey}`,
    );
  }

  /** Applied event ids older than a week are forgotten (a redelivery comes within minutes). */
  forgetOldEvents(now = new Date()): Promise<void> {
    return this.store.forgetEventsBefore(new Date(now.getTime() - 7 * 24 * 60 * 60 * 1000));
  }

  // --- the member's notifications ------------------------------------------------------

  async list(
    memberId: string,
    language: Language,
    cursor: string | undefined,
    limit: number | undefined,
  ): Promise<NotificationPage> {
    const size = limit ?? NOTIFICATIONS_PAGE_DEFAULT;
    const beforeStamp = cursor === undefined ? undefined : parseStamp(cursor);
    const rows = await this.store.groups(memberId, { beforeStamp }, size + 1);
    const page = rows.slice(0, size);
    const last = page.at(-1);
    return {
      notifications: page.map((row) => wordGroup(row, language)),
      nextCursor: rows.length > size && last ? last.stamp : null,
      ...(await this.store.unread(memberId)),
    };
  }

  unreadCount(memberId: string): Promise<UnreadCount> {
    return this.store.unread(memberId);
  }

  async markRead(memberId: string, groupId: string): Promise<UnreadCount> {
    if (!isUuid(groupId) || !(await this.store.markRead(memberId, groupId)))
      throw new AppError('NOTIFICATION_NOT_FOUND');
    this.announce({ changes: [{ recipientId: memberId, groupId, removed: false }] });
    return this.store.unread(memberId);
  }

  async markAllRead(memberId: string, upTo: string | undefined): Promise<UnreadCount> {
    const ids = await this.store.markAllRead(
      memberId,
      upTo === undefined ? undefined : parseStamp(upTo),
    );
    if (ids.length > 0)
      this.announce({
        changes: ids.map((groupId) => ({ recipientId: memberId, groupId, removed: false })),
      });
    return this.store.unread(memberId);
  }

  /** The member's groups changed after a version (oldest change first), worded, with versions. */
  async changedSince(
    memberId: string,
    language: Language,
    version: bigint,
    limit = 50,
  ): Promise<Array<{ version: bigint; item: NotificationItem }>> {
    const rows = await this.store.groups(memberId, { afterVersion: version }, limit);
    return rows.map((row) => ({ version: BigInt(row.version), item: wordGroup(row, language) }));
  }
}

/** A group as the member reads it, in their language. */
export function wordGroup(row: GroupRow, language: Language): NotificationItem {
  const site = SITE_KINDS.includes(row.kind);
  const latestCommentId = commentOfPart(row.latestPart);
  return {
    id: row.id,
    kind: row.kind,
    actors: site ? [] : row.actors,
    actorCount: site ? 0 : row.actorCount,
    subject:
      row.kind === 'follower' || !row.subject
        ? null
        : {
            kind: row.subject.kind,
            id: row.subject.subjectId,
            title: titleIn(row.subject, language),
          },
    excerpt:
      row.kind === 'comment' || row.kind === 'reply'
        ? row.latestExcerpt
        : row.kind === 'commentReaction'
          ? row.excerpt
          : row.kind === 'story'
            ? // The story's words as its last edit left them (the group keeps its first words).
              (row.subjectExcerpt ?? row.excerpt)
            : null,
    link: linkOf({
      kind: row.kind,
      subject: row.subject,
      commentId: row.commentId,
      latestCommentId,
      latestActorId: row.actors[0]?.userId,
      recipientId: row.recipientId,
    }),
    read: row.read,
    updatedAt: row.updatedAt.toISOString(),
  };
}
