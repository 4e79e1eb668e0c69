import {
  EMAIL_FREQUENCY_DEFAULTS,
  NOTIFICATION_KINDS,
  type Audience,
  type ModeratedItemKind,
  type ModerationState,
  type NotificationKind,
} from '@mepedia/contracts';
import {
  BlockStore,
  CircleMembershipStore,
  ModeratedItemStore,
  noBlockBetween,
  removedMemberKey,
  withheld,
  type Db,
} from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { sql, type SQL } from 'drizzle-orm';
import { commentPart, type AnswerPlace, type KnownSubject } from './notification-rules';
import { outbox } from './notifications.schema';

// The notifications store's SQL (notification-store.schema.ts). Raw statements where one
// statement does the work (an upsert of a group with its actor, a fan-out from follows): both
// drivers (node-postgres, PGlite) answer them with `rows`.

const GROUPS = sql.raw('notifications.notification_groups');
const ACTORS = sql.raw('notifications.notification_actors');
const SUBJECTS = sql.raw('notifications.notification_subjects');

/**
 * An actor's part (`part`, an alias of notification_actors) its group's recipient (`g`) is
 * shown: none by someone a block stands between them and (issue 35). Parts are taken back when
 * a block is made, but one written at the same moment in another transaction could stay: read
 * through this, it is never shown, counted, streamed or emailed.
 */
export const actorShown = (part: string): SQL =>
  noBlockBetween(sql.raw(`${part}.actor_id`), sql.raw('g.recipient_id'), 'notifications');

/**
 * A group its recipient may still read, as the subject now stands (`s`, joined by subject id):
 * none about a subject deleted, nor one its recipient is not of the audience of (issue 34: a
 * recipient is always a member, so `members` is theirs; `circle` theirs while they are in the
 * owner's circle; `private` the owner's); and none about a post, answer or comment moderation
 * holds or removed (issue 35), but its owner's, known here or not; and none with no actor the
 * recipient is shown (`actorShown`: all of them someone a block stands between them and).
 * Groups are taken back when a subject narrows or goes away, is held or removed, a member leaves
 * a circle, or a block is made, but an event about it handled at the same moment in another
 * transaction can still write one; reading through this, such a group is never shown, streamed
 * or emailed.
 */
export const READABLE = sql`((s.subject_id is null or (not s.deleted and (s.audience in ('public', 'members') or s.owner_id = g.recipient_id or (s.audience = 'circle' and exists (select 1 from notifications.circle_memberships readable_circle where readable_circle.owner_id = s.owner_id and readable_circle.member_id = g.recipient_id and readable_circle.in_circle)))))
  and not exists (select 1 from notifications.moderated_items readable_subject
    where readable_subject.kind in ('post', 'answer') and readable_subject.item_id = g.subject_id
      and readable_subject.state <> 'visible' and readable_subject.owner_id <> g.recipient_id)
  and not exists (select 1 from notifications.moderated_items readable_comment
    where readable_comment.kind = 'comment' and readable_comment.item_id = g.comment_id
      and readable_comment.state <> 'visible' and readable_comment.owner_id <> g.recipient_id)
  and exists (select 1 from notifications.notification_actors readable_actor
    where readable_actor.group_id = g.id and ${actorShown('readable_actor')}))`;
const COMMENTS = sql.raw('notifications.notification_comments');
const TAKE_BACKS = sql.raw('notifications.notification_take_backs');
const NEXT = sql.raw(`nextval('notifications.notification_stamp')`);

/**
 * How long news waits before it goes by email at once: a burst (three comments in a minute) goes
 * as one email, and news the member reads in the site meanwhile goes as none.
 */
export const EMAIL_GRACE_MS = 60_000;

/**
 * The frequency (immediate, daily, weekly, never) `recipient` takes `kind` by email, in SQL: their
 * choice (email_preferences' `kinds`), else the kind's default.
 */
export function emailFrequencySql(kind: SQL, recipient: SQL): SQL {
  const defaults = sql.join(
    NOTIFICATION_KINDS.map((name) => sql`when ${name} then ${EMAIL_FREQUENCY_DEFAULTS[name]}`),
    sql` `,
  );
  return sql`coalesce(
    (select p.kinds ->> ${kind} from notifications.email_preferences p where p.user_id = ${recipient}),
    case ${kind} ${defaults} end)`;
}

/** When news of `kind` to `recipient` at `at` is due by email at once: null unless they take it so. */
function emailDueSql(kind: SQL, recipient: SQL, at: Date): SQL {
  const due = new Date(at.getTime() + EMAIL_GRACE_MS).toISOString();
  return sql`case when ${emailFrequencySql(kind, recipient)} = 'immediate' then ${due}::timestamptz end`;
}

/** What changed for whom: a group new or changed, or gone. */
export type GroupChange = { recipientId: string; groupId: string; removed: boolean };

/** A thing done that joins (or makes) a group of the recipient's. */
export type Notice = {
  recipientId: string;
  kind: NotificationKind;
  groupKey: string;
  subjectId: string | null;
  /** The comment the group is about (reply, commentReaction). */
  commentId: string | null;
  /** What the group quotes when its actors do not (the comment reacted to, the story). */
  excerpt: string | null;
  actorId: string;
  part: string;
  /** The actor's own words (a comment or reply). */
  partExcerpt: string | null;
  at: Date;
};

/**
 * One thing done, by what it may be taken back from: the recipient's group (its key; `follower`
 * for a follow, in whichever day's group), the actor and their part.
 */
export type ThingDone = { recipientId: string; groupKey: string; actorId: string; part: string };

/** The take-back record of a thing done (on the take-backs, unaliased). */
function thingIs(thing: ThingDone): SQL {
  return sql`recipient_id = ${thing.recipientId}::uuid and group_key = ${thing.groupKey}
    and actor_id = ${thing.actorId}::uuid and part = ${thing.part}`;
}

export type StoredSubject = KnownSubject & {
  questionId: string | null;
  excerpt: string | null;
  storyTold: boolean;
  /** When a post was made, once heard (see the schema). */
  madeAt: Date | null;
  changedAt: Date;
};

export type StoredComment = {
  messageId: string;
  subjectId: string;
  authorId: string | null;
  excerpt: string;
  deleted: boolean;
};

/** A group as read for its recipient, before it is worded for a language. */
export type GroupRow = {
  id: string;
  recipientId: string;
  kind: NotificationKind;
  subjectId: string | null;
  commentId: string | null;
  excerpt: string | null;
  read: boolean;
  stamp: string;
  version: string;
  /** The version the last email about it told of ('0': none). */
  emailedVersion: string;
  updatedAt: Date;
  subject:
    | (Pick<KnownSubject, 'kind' | 'subjectId' | 'ownerId' | 'title' | 'titleHe'> & AnswerPlace)
    | null;
  subjectExcerpt: string | null;
  actorCount: number;
  actors: Array<{ userId: string; fullname: string; profileImage: string | null }>;
  latestExcerpt: string | null;
  latestPart: string | null;
};

type RawGroup = {
  id: string;
  recipient_id: string;
  kind: NotificationKind;
  subject_id: string | null;
  comment_id: string | null;
  excerpt: string | null;
  read: boolean;
  stamp: string;
  version: string;
  emailed_version: string;
  updated_at: Date | string;
  subject_kind: 'post' | 'meAnswer' | null;
  owner_id: string | null;
  title: string | null;
  title_he: string | null;
  question_index: number | null;
  subject_excerpt: string | null;
  actor_count: number;
  actors: GroupRow['actors'] | string;
  latest_excerpt: string | null;
  latest_part: string | null;
};

export class NotificationStore {
  /** Who is in whose circle (issue 34), in this store's transaction: who may read circle subjects. */
  readonly circles: CircleMembershipStore;
  /** The moderation service's word on posts, answers and comments (issue 35), in this store's transaction. */
  readonly moderation: ModeratedItemStore;
  /** Who blocks whom (issue 35), in this store's transaction. */
  readonly blocks: BlockStore;

  constructor(private readonly db: Db) {
    this.circles = new CircleMembershipStore(db, 'notifications');
    this.moderation = new ModeratedItemStore(db, 'notifications');
    this.blocks = new BlockStore(db, 'notifications');
  }

  /**
   * A block between two members (issue 35), either way: their follows of each other end, each
   * announced as an unfollow (follow.changed, in this transaction: the posts service's following
   * feed, and this service's own notices, hear it), and each one's parts in the other's groups
   * go (a group left without an actor with them). Their member rows are locked first, as a follow
   * locks the followee's, so a follow at the same moment either commits first (and ends here) or
   * waits and then sees the block. Answers the groups that changed and how many follows ended.
   */
  async separate(one: string, other: string): Promise<{ changes: GroupChange[]; ended: number }> {
    await this.db.execute(sql`select 1 from notifications.members
      where user_id in (${one}::uuid, ${other}::uuid) order by user_id for update`);
    const ended = await this.rows<{ follower_id: string; followee_id: string }>(sql`
      delete from notifications.follows
      where (follower_id = ${one}::uuid and followee_id = ${other}::uuid)
        or (follower_id = ${other}::uuid and followee_id = ${one}::uuid)
      returning follower_id, followee_id`);
    for (const follow of ended)
      await appendEvent(this.db, outbox, 'follow.changed', {
        followerId: follow.follower_id,
        followeeId: follow.followee_id,
        following: false,
      });
    const partsOf = (actor: string, recipient: string) =>
      sql`(a.actor_id = ${actor}::uuid and a.group_id in (
        select g.id from ${GROUPS} g where g.recipient_id = ${recipient}::uuid))`;
    const changes = await this.removeParts(sql`${partsOf(one, other)} or ${partsOf(other, one)}`);
    return { changes, ended: ended.length };
  }

  /**
   * What recipients outside a subject's audience were told of it goes (a narrowing: from
   * public or members to circle, or to private). The owner keeps theirs.
   */
  async keepToAudience(subject: { subjectId: string; ownerId: string; audience: Audience }) {
    if (subject.audience === 'public' || subject.audience === 'members') return [];
    const outsider =
      subject.audience === 'circle'
        ? sql`not exists (select 1 from notifications.circle_memberships m
            where m.owner_id = ${subject.ownerId}::uuid and m.member_id = g.recipient_id
              and m.in_circle)`
        : sql`true`;
    return this.removeGroups(
      sql`g.subject_id = ${subject.subjectId} and g.recipient_id <> ${subject.ownerId}::uuid and ${outsider}`,
    );
  }

  /**
   * Moderation holds or removed an item (issue 35): what anyone but its owner was told of it goes,
   * the leftCircle way. A post or answer: every group of others about it (as a narrowing to
   * private takes them), and a post is no story to tell any more, now or when visible again. A
   * comment: the groups of others about it, and its part (its words) in others' groups of
   * comments and replies, a group left without an actor going with it.
   */
  async withhold(item: {
    kind: ModeratedItemKind;
    itemId: string;
    ownerId: string;
  }): Promise<GroupChange[]> {
    const { itemId, ownerId } = item;
    switch (item.kind) {
      case 'post':
      case 'answer':
        await this.db.execute(
          sql`update ${SUBJECTS} set story_told = true where subject_id = ${itemId}`,
        );
        return this.keepToAudience({ subjectId: itemId, ownerId, audience: 'private' });
      case 'comment': {
        const about = await this.removeGroups(
          sql`g.comment_id = ${itemId} and g.recipient_id <> ${ownerId}::uuid`,
        );
        const parts = await this.removeParts(sql`a.part = ${commentPart(itemId)}
          and a.group_id in (select g.id from ${GROUPS} g where g.recipient_id <> ${ownerId}::uuid)`);
        return [...about, ...parts];
      }
      case 'profile':
        return [];
    }
  }

  /**
   * Until the transaction ends, the one at a time to decide on this item: a moderation word
   * about it, and a word about it that may tell others of it (a comment written, a story
   * published). Applied side by side, neither would see the other's uncommitted work, and what
   * was told could outlive the hold.
   */
  async lockItem(kind: 'subject' | 'comment', itemId: string): Promise<void> {
    const key = `notifications:moderated:${kind}:${itemId}`;
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }

  /**
   * A post or answer to decide who is told of it by: as announced, with moderation's word; one
   * never announced that moderation holds or removed, by that word alone (its owner's); else
   * undefined (never announced: public, as every service takes it).
   */
  async subjectToTell(
    subjectId: string,
  ): Promise<Pick<KnownSubject, 'ownerId' | 'audience' | 'deleted' | 'moderation'> | undefined> {
    const known = await this.subject(subjectId);
    if (known) return known;
    const moderation = (await this.moderation.states(['post', 'answer'], [subjectId])).get(
      subjectId,
    );
    return withheld(moderation) && moderation
      ? {
          ownerId: moderation.ownerId,
          audience: 'private',
          deleted: false,
          moderation: moderation.state,
        }
      : undefined;
  }

  /** A member left an owner's circle: what they were told of the owner's circle subjects goes. */
  async leftCircle(ownerId: string, memberId: string): Promise<GroupChange[]> {
    return this.removeGroups(sql`g.recipient_id = ${memberId}::uuid and g.subject_id in (
      select subject_id from ${SUBJECTS}
      where owner_id = ${ownerId}::uuid and audience = 'circle')`);
  }

  /** This store inside one transaction: all of `work` commits or none. */
  transaction<T>(work: (store: NotificationStore) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new NotificationStore(tx)));
  }

  private async rows<T>(statement: SQL): Promise<T[]> {
    const result: unknown = await this.db.execute(statement);
    return (result as { rows: T[] }).rows;
  }

  /** Note an event as applied; false if it already was (a redelivery: apply nothing). */
  async applyOnce(eventId: string): Promise<boolean> {
    const rows = await this.rows(sql`
      insert into notifications.notification_events (event_id) values (${eventId})
      on conflict (event_id) do nothing returning event_id`);
    return rows.length > 0;
  }

  /** Whether any of these members left (a late event names nobody who is gone). */
  async anyLeft(userIds: ReadonlyArray<string | null | undefined>): Promise<boolean> {
    const keys = userIds.filter((id): id is string => !!id).map(removedMemberKey);
    if (keys.length === 0) return false;
    const rows = await this.rows(sql`
      select 1 from notifications.removed_members
      where member_key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )}) limit 1`);
    return rows.length > 0;
  }

  async subject(subjectId: string): Promise<StoredSubject | undefined> {
    const [row] = await this.rows<{
      subject_id: string;
      kind: 'post' | 'meAnswer';
      owner_id: string;
      audience: Audience;
      deleted: boolean;
      title: string;
      title_he: string | null;
      question_id: string | null;
      excerpt: string | null;
      story_told: boolean;
      made_at: Date | string | null;
      changed_at: Date | string;
      moderation: ModerationState | null;
    }>(sql`select s.*, (select m.state from notifications.moderated_items m
        where m.kind in ('post', 'answer') and m.item_id = s.subject_id and m.state <> 'visible'
        limit 1) as moderation
      from ${SUBJECTS} s where s.subject_id = ${subjectId}`);
    if (!row) return undefined;
    return {
      ...(row.moderation === null ? {} : { moderation: row.moderation }),
      subjectId: row.subject_id,
      kind: row.kind,
      ownerId: row.owner_id,
      audience: row.audience,
      deleted: row.deleted,
      title: row.title,
      titleHe: row.title_he,
      questionId: row.question_id,
      excerpt: row.excerpt,
      storyTold: row.story_told,
      madeAt: row.made_at === null ? null : new Date(row.made_at),
      changedAt: new Date(row.changed_at),
    };
  }

  /**
   * A subject as announced at `at`, unless a newer word was applied or it is gone (final).
   * Fields left undefined keep what is known. Answers whether it was applied.
   */
  async saveSubject(
    subject: {
      subjectId: string;
      kind: 'post' | 'meAnswer';
      ownerId: string;
      audience: Audience;
      title?: string;
      titleHe?: string | null;
      questionId?: string | null;
      excerpt?: string | null;
      /** When a post was made (post.published's `createdAt`). */
      madeAt?: Date;
    },
    at: Date,
  ): Promise<boolean> {
    const keep = (column: string, value: unknown) =>
      value === undefined
        ? sql.raw(`${column} = s.${column}`)
        : sql`${sql.raw(column)} = excluded.${sql.raw(column)}`;
    const rows = await this.rows(sql`
      insert into ${SUBJECTS} as s
        (subject_id, kind, owner_id, audience, title, title_he, question_id, excerpt, made_at,
          changed_at)
      values (${subject.subjectId}, ${subject.kind}, ${subject.ownerId}, ${subject.audience},
        ${subject.title ?? ''}, ${subject.titleHe ?? null}, ${subject.questionId ?? null},
        ${subject.excerpt ?? null}, ${subject.madeAt?.toISOString() ?? null}::timestamptz,
        ${at.toISOString()}::timestamptz)
      on conflict (subject_id) do update set
        owner_id = excluded.owner_id, audience = excluded.audience, changed_at = excluded.changed_at,
        ${keep('title', subject.title)}, ${keep('title_he', subject.titleHe)},
        ${keep('question_id', subject.questionId)}, ${keep('excerpt', subject.excerpt)},
        ${keep('made_at', subject.madeAt)}
      where s.changed_at <= excluded.changed_at and not s.deleted
      returning subject_id`);
    return rows.length > 0;
  }

  /** A subject is gone, for good: what was said of it goes too (its groups, for everyone). */
  async deleteSubject(
    subjectId: string,
    kind: 'post' | 'meAnswer',
    ownerId: string,
    at: Date,
  ): Promise<GroupChange[]> {
    // Its owner left: no tombstone naming them, and nothing of it stays (they leave no trace).
    if (await this.anyLeft([ownerId])) {
      await this.db.execute(sql`delete from ${COMMENTS} where subject_id = ${subjectId}`);
      await this.db.execute(sql`delete from ${SUBJECTS} where subject_id = ${subjectId}`);
      return this.removeGroups(sql`g.subject_id = ${subjectId}`);
    }
    await this.db.execute(sql`
      insert into ${SUBJECTS} as s (subject_id, kind, owner_id, audience, deleted, changed_at)
      values (${subjectId}, ${kind}, ${ownerId}, 'private', true, ${at.toISOString()}::timestamptz)
      on conflict (subject_id) do update set deleted = true`);
    return this.removeGroups(sql`g.subject_id = ${subjectId} and g.kind not like 'magazine%'`);
  }

  /** Note that a story's followers were told (once): false if they already were. */
  async tellStoryOnce(subjectId: string): Promise<boolean> {
    const rows = await this.rows(sql`
      update ${SUBJECTS} set story_told = true
      where subject_id = ${subjectId} and not story_told returning subject_id`);
    return rows.length > 0;
  }

  async comment(messageId: string): Promise<StoredComment | undefined> {
    const [row] = await this.rows<{
      message_id: string;
      subject_id: string;
      author_id: string | null;
      excerpt: string;
      deleted: boolean;
    }>(sql`select * from ${COMMENTS} where message_id = ${messageId}`);
    return row
      ? {
          messageId: row.message_id,
          subjectId: row.subject_id,
          authorId: row.author_id,
          excerpt: row.excerpt,
          deleted: row.deleted,
        }
      : undefined;
  }

  /** A comment as written (deleted stays deleted). */
  /**
   * A comment as written at `at`. Answers its words as they now stand (an edit applied before
   * its creation keeps its newer text), or nothing when the comment is gone (its deletion came
   * first, or meanwhile): nothing to tell.
   */
  async saveComment(
    comment: Omit<StoredComment, 'deleted'>,
    at: Date,
  ): Promise<string | undefined> {
    const [row] = await this.rows<{ excerpt: string }>(sql`
      insert into ${COMMENTS} as c (message_id, subject_id, author_id, excerpt, excerpt_at)
      values (${comment.messageId}, ${comment.subjectId}, ${comment.authorId}, ${comment.excerpt},
        ${at.toISOString()}::timestamptz)
      on conflict (message_id) do update set
        author_id = coalesce(excluded.author_id, c.author_id),
        excerpt = case when c.excerpt_at > excluded.excerpt_at then c.excerpt
          else excluded.excerpt end,
        excerpt_at = greatest(c.excerpt_at, excluded.excerpt_at)
      where not c.deleted
      returning c.excerpt`);
    return row?.excerpt;
  }

  /**
   * A comment's new words, edited at `at` (unless a newer word came first, or it is gone): the
   * groups that show them are changed, not made news (no unread, no email): only their version
   * moves, so open streams show the new words.
   */
  async editComment(
    comment: Pick<StoredComment, 'messageId' | 'subjectId' | 'excerpt'>,
    at: Date,
  ): Promise<GroupChange[]> {
    const applied = await this.rows(sql`
      insert into ${COMMENTS} as c (message_id, subject_id, excerpt, excerpt_at)
      values (${comment.messageId}, ${comment.subjectId}, ${comment.excerpt},
        ${at.toISOString()}::timestamptz)
      on conflict (message_id) do update set
        excerpt = excluded.excerpt, excerpt_at = excluded.excerpt_at
      where not c.deleted and (c.excerpt_at is null or c.excerpt_at <= excluded.excerpt_at)
      returning message_id`);
    if (applied.length === 0) return [];
    const rows = await this.rows<{ id: string; recipient_id: string }>(sql`
      with parts as (
        update ${ACTORS} a set excerpt = ${comment.excerpt}
        where a.part = ${commentPart(comment.messageId)}
        returning a.group_id)
      update ${GROUPS} g set version = ${NEXT},
        excerpt = case when g.comment_id = ${comment.messageId} then ${comment.excerpt}
          else g.excerpt end
      where g.comment_id = ${comment.messageId} or g.id in (select group_id from parts)
      returning g.id, g.recipient_id`);
    return rows.map((row) => ({ recipientId: row.recipient_id, groupId: row.id, removed: false }));
  }

  /**
   * A comment is gone: its part in the groups of comments and replies, and the groups about it
   * (replies to it, reactions on it). Only its id stays, so no later word brings it back; its
   * words and author go (an edit heard after its author's departure wrote words with no author).
   */
  async deleteComment(messageId: string, subjectId: string): Promise<GroupChange[]> {
    await this.db.execute(sql`
      insert into ${COMMENTS} as c (message_id, subject_id, deleted)
      values (${messageId}, ${subjectId}, true)
      on conflict (message_id) do update set deleted = true, excerpt = '', author_id = null`);
    const about = await this.removeGroups(sql`g.comment_id = ${messageId}`);
    const parts = await this.removeParts(sql`a.part = ${commentPart(messageId)}`);
    return [...about, ...parts];
  }

  /**
   * The thing done joins the recipient's group (made if new): the group is news again. Unless
   * the actor's part is there already as of this time or later (an older event come late, e.g.
   * a like before an unlike and a like again): nothing is news, and the part keeps its time.
   */
  async add(notice: Notice): Promise<GroupChange[]> {
    // Nothing is told between two members a block stands between, either way (issue 35).
    if (
      notice.actorId !== notice.recipientId &&
      (await this.blocks.eitherBlocks(notice.actorId, notice.recipientId))
    )
      return [];
    const at = notice.at.toISOString();
    const newer = await this.rows(sql`
      select 1 from ${ACTORS} a join ${GROUPS} g on g.id = a.group_id
      where g.recipient_id = ${notice.recipientId}::uuid and g.group_key = ${notice.groupKey}
        and a.actor_id = ${notice.actorId}::uuid and a.part = ${notice.part}
        and a.at >= ${at}::timestamptz`);
    if (newer.length > 0) return [];
    const [row] = await this.rows<{ group_id: string }>(sql`
      with g as (
        insert into ${GROUPS} as g
          (recipient_id, kind, group_key, subject_id, comment_id, excerpt, updated_at,
            email_due_at)
        values (${notice.recipientId}, ${notice.kind}, ${notice.groupKey}, ${notice.subjectId},
          ${notice.commentId}, ${notice.excerpt}, ${at}::timestamptz,
          ${emailDueSql(sql`${notice.kind}`, sql`${notice.recipientId}::uuid`, notice.at)})
        on conflict (recipient_id, group_key) do update set
          kind = excluded.kind,
          excerpt = coalesce(excluded.excerpt, g.excerpt),
          read = false,
          stamp = ${NEXT},
          version = ${NEXT},
          updated_at = greatest(g.updated_at, excluded.updated_at),
          -- Waiting already: the burst goes together, at the first one's time.
          email_due_at = coalesce(g.email_due_at, excluded.email_due_at)
        returning g.id)
      insert into ${ACTORS} as a (group_id, actor_id, part, excerpt, at)
      select id, ${notice.actorId}, ${notice.part}, ${notice.partExcerpt}, ${at}::timestamptz from g
      on conflict (group_id, actor_id, part) do update set
        -- Never back in time (a transaction beside this one may have written a newer part).
        at = greatest(a.at, excluded.at),
        excerpt = case when excluded.at >= a.at then excluded.excerpt else a.excerpt end
      returning group_id`);
    if (!row) throw new Error('a notice joined no group');
    return [{ recipientId: notice.recipientId, groupId: row.group_id, removed: false }];
  }

  /**
   * A thing done at `at` is taken back (`groups`: which of the recipient's groups, on `g`): its
   * part goes unless it is newer (done again after), and the take-back is recorded, its time
   * only ever advanced, for a like older than it that comes late.
   */
  async takeBack(thing: ThingDone, at: Date, groups: SQL): Promise<GroupChange[]> {
    await this.lockThing(thing);
    const when = at.toISOString();
    await this.db.execute(sql`
      insert into ${TAKE_BACKS} as t (recipient_id, group_key, actor_id, part, at)
      values (${thing.recipientId}::uuid, ${thing.groupKey}, ${thing.actorId}::uuid,
        ${thing.part}, ${when}::timestamptz)
      on conflict (recipient_id, group_key, actor_id, part) do update set
        at = greatest(t.at, excluded.at)`);
    return this.removeParts(sql`a.actor_id = ${thing.actorId}::uuid and a.part = ${thing.part}
      and a.at <= ${when}::timestamptz and a.group_id in (
        select g.id from ${GROUPS} g
        where g.recipient_id = ${thing.recipientId}::uuid and ${groups})`);
  }

  /**
   * One thing's like and unlike take turns until the transaction ends: applied side by side,
   * neither would see the other's uncommitted record or part, and the notice could outlive its
   * unlike.
   */
  private async lockThing(thing: ThingDone): Promise<void> {
    const key = `notifications:thing:${thing.recipientId}:${thing.groupKey}:${thing.actorId}:${thing.part}`;
    await this.db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
  }

  /** Whether a thing done at `at` was taken back at that time or later (it is no news). */
  async takenBack(thing: ThingDone, at: Date): Promise<boolean> {
    await this.lockThing(thing);
    const rows = await this.rows(sql`select 1 from ${TAKE_BACKS} where ${thingIs(thing)}
      and at >= ${at.toISOString()}::timestamptz`);
    return rows.length > 0;
  }

  /** Forget a thing's take-back older than `at` (it was done again, and its part guards it). */
  async forgetTakeBackBefore(thing: ThingDone, at: Date): Promise<void> {
    await this.db.execute(sql`delete from ${TAKE_BACKS} where ${thingIs(thing)}
      and at < ${at.toISOString()}::timestamptz`);
  }

  /**
   * Parts taken back (`where` on the actors `a`): their groups change, and a group left without
   * an actor goes.
   */
  async removeParts(where: SQL): Promise<GroupChange[]> {
    const gone = await this.rows<{ group_id: string }>(sql`
      delete from ${ACTORS} a where ${where} returning a.group_id`);
    const ids = [...new Set(gone.map((row) => row.group_id))];
    if (ids.length === 0) return [];
    const list = sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    );
    const emptied = await this.rows<{ id: string; recipient_id: string }>(sql`
      delete from ${GROUPS} g where g.id in (${list})
        and not exists (select 1 from ${ACTORS} a where a.group_id = g.id)
      returning g.id, g.recipient_id`);
    const changed = await this.rows<{ id: string; recipient_id: string }>(sql`
      update ${GROUPS} g set version = ${NEXT} where g.id in (${list})
      returning g.id, g.recipient_id`);
    return [
      ...emptied.map((row) => ({ recipientId: row.recipient_id, groupId: row.id, removed: true })),
      ...changed.map((row) => ({ recipientId: row.recipient_id, groupId: row.id, removed: false })),
    ];
  }

  /** Groups that go whole (`where` on the groups `g`). */
  async removeGroups(where: SQL): Promise<GroupChange[]> {
    const rows = await this.rows<{ id: string; recipient_id: string }>(sql`
      delete from ${GROUPS} g where ${where} returning g.id, g.recipient_id`);
    return rows.map((row) => ({ recipientId: row.recipient_id, groupId: row.id, removed: true }));
  }

  /**
   * A new story: one group for each follower of its publisher, in one statement however many
   * they are (a member with 10,000 followers is one INSERT … SELECT). Answers how many were told.
   */
  async fanOutStory(story: {
    postId: string;
    publisherId: string;
    groupKey: string;
    excerpt: string;
    at: Date;
  }): Promise<number> {
    const at = story.at.toISOString();
    const rows = await this.rows(sql`
      with g as (
        insert into ${GROUPS}
          (recipient_id, kind, group_key, subject_id, excerpt, updated_at, email_due_at)
        select f.follower_id, 'story', ${story.groupKey}, ${story.postId}, ${story.excerpt},
          ${at}::timestamptz, ${emailDueSql(sql`'story'`, sql`f.follower_id`, story.at)}
        from notifications.follows f
        join ${SUBJECTS} s on s.subject_id = ${story.postId}
        where f.followee_id = ${story.publisherId}::uuid
          -- Only followers of its audience (issue 34): a circle story, those in the circle.
          and (s.audience in ('public', 'members') or (s.audience = 'circle' and exists (
            select 1 from notifications.circle_memberships m
            where m.owner_id = s.owner_id and m.member_id = f.follower_id and m.in_circle)))
          -- Never a story moderation holds or removed (issue 35).
          and not exists (select 1 from notifications.moderated_items mi
            where mi.kind = 'post' and mi.item_id = s.subject_id and mi.state <> 'visible')
          -- Nor to a follower a block stands between them and the publisher (issue 35): the
          -- block ended the follow, but one made at the same moment may still stand.
          and ${noBlockBetween(sql`f.follower_id`, sql`${story.publisherId}::uuid`, 'notifications')}
        on conflict (recipient_id, group_key) do nothing
        returning id)
      insert into ${ACTORS} (group_id, actor_id, part, at)
      select id, ${story.publisherId}::uuid, '', ${at}::timestamptz from g
      returning group_id`);
    return rows.length;
  }

  /**
   * Groups of a recipient, newest news first: a page before a stamp, or those changed after a
   * version (oldest change first), or some by id. Each with its subject, its latest actors with
   * their names, how many actors it has, and its latest words, of the actors the recipient is
   * shown (`actorShown`).
   */
  async groups(
    recipientId: string | null,
    filter: { beforeStamp?: bigint; afterVersion?: bigint; ids?: string[] },
    limit: number,
  ): Promise<GroupRow[]> {
    // Any recipient's only by id (the email sweeps, which hold the ids they may tell).
    if (recipientId === null && !filter.ids) return [];
    const conditions: SQL[] = [READABLE];
    if (recipientId !== null) conditions.push(sql`g.recipient_id = ${recipientId}::uuid`);
    if (filter.beforeStamp !== undefined)
      conditions.push(sql`g.stamp < ${filter.beforeStamp.toString()}::bigint`);
    if (filter.afterVersion !== undefined)
      conditions.push(sql`g.version > ${filter.afterVersion.toString()}::bigint`);
    if (filter.ids) {
      if (filter.ids.length === 0) return [];
      conditions.push(
        sql`g.id in (${sql.join(
          filter.ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      );
    }
    const order = filter.afterVersion !== undefined ? sql`g.version asc` : sql`g.stamp desc`;
    // Its actors as the recipient is shown them: none a block stands between them and.
    const shown = actorShown('a');
    const rows = await this.rows<RawGroup>(sql`
      select g.id, g.recipient_id, g.kind, g.subject_id, g.comment_id, g.excerpt, g.read,
        g.stamp::text as stamp, g.version::text as version,
        g.emailed_version::text as emailed_version, g.updated_at,
        s.kind as subject_kind, s.owner_id, s.title, s.title_he, s.excerpt as subject_excerpt,
        (select q.position from notifications.weekly_question_questions q
          where q.question_id = s.question_id) as question_index,
        (select count(distinct a.actor_id)::int from ${ACTORS} a
          where a.group_id = g.id and ${shown}) as actor_count,
        (select coalesce(json_agg(json_build_object(
            'userId', x.actor_id, 'fullname', coalesce(m.fullname, ''),
            'profileImage', m.profile_image) order by x.at desc), '[]'::json)
          from (select a.actor_id, max(a.at) as at from ${ACTORS} a
                where a.group_id = g.id and ${shown}
                group by a.actor_id order by max(a.at) desc limit 3) x
          left join notifications.members m on m.user_id = x.actor_id) as actors,
        (select a.excerpt from ${ACTORS} a
          where a.group_id = g.id and a.excerpt is not null and ${shown}
          order by a.at desc limit 1) as latest_excerpt,
        (select a.part from ${ACTORS} a where a.group_id = g.id and ${shown}
          order by a.at desc limit 1) as latest_part
      from ${GROUPS} g left join ${SUBJECTS} s on s.subject_id = g.subject_id
      where ${sql.join(conditions, sql` and `)}
      order by ${order}
      limit ${limit}`);
    return rows.map((row) => ({
      id: row.id,
      recipientId: row.recipient_id,
      kind: row.kind,
      subjectId: row.subject_id,
      commentId: row.comment_id,
      excerpt: row.excerpt,
      read: row.read,
      stamp: row.stamp,
      version: row.version,
      emailedVersion: row.emailed_version,
      updatedAt: new Date(row.updated_at),
      subject:
        row.subject_kind && row.owner_id
          ? {
              kind: row.subject_kind,
              subjectId: row.subject_id ?? '',
              ownerId: row.owner_id,
              title: row.title ?? '',
              titleHe: row.title_he,
              questionIndex: row.question_index,
            }
          : null,
      subjectExcerpt: row.subject_excerpt,
      actorCount: row.actor_count,
      actors:
        typeof row.actors === 'string'
          ? (JSON.parse(row.actors) as GroupRow['actors'])
          : row.actors,
      latestExcerpt: row.latest_excerpt,
      latestPart: row.latest_part,
    }));
  }

  /** How many of the recipient's groups are unread, and the latest stamp among them all. */
  async unread(recipientId: string): Promise<{ unread: number; stamp: string }> {
    const [row] = await this.rows<{ unread: number; stamp: string }>(sql`
      select count(*) filter (where not g.read)::int as unread,
        coalesce(max(g.stamp), 0)::text as stamp
      from ${GROUPS} g left join ${SUBJECTS} s on s.subject_id = g.subject_id
      where g.recipient_id = ${recipientId}::uuid and ${READABLE}`);
    return row ?? { unread: 0, stamp: '0' };
  }

  /** Mark one of the recipient's groups read; false when it is not theirs (or not there). */
  async markRead(recipientId: string, groupId: string): Promise<boolean> {
    const [row] = await this.rows<{ read_before: boolean }>(sql`
      select g.read as read_before from ${GROUPS} g
      where g.id = ${groupId}::uuid and g.recipient_id = ${recipientId}::uuid`);
    if (!row) return false;
    if (!row.read_before)
      await this.db.execute(sql`
        update ${GROUPS} set read = true, version = ${NEXT}
        where id = ${groupId}::uuid and recipient_id = ${recipientId}::uuid and not read`);
    return true;
  }

  /** Mark the recipient's unread groups read (those with no news after `upTo`); the ids marked. */
  async markAllRead(recipientId: string, upTo: bigint | undefined): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(sql`
      update ${GROUPS} g set read = true, version = ${NEXT}
      where g.recipient_id = ${recipientId}::uuid and not g.read
        ${upTo === undefined ? sql`` : sql`and g.stamp <= ${upTo.toString()}::bigint`}
      returning g.id`);
    return rows.map((row) => row.id);
  }

  /**
   * A member left: their groups, their part in everyone's groups, what was said about their
   * posts and answers, their comments, posts and answers as known here, and what they took back
   * or was taken back from them.
   */
  async removeMember(userId: string): Promise<GroupChange[]> {
    // Their circle and their places in others' first: a late circle event writes nothing back.
    await this.circles.removeMember(userId);
    const own = await this.removeGroups(sql`g.recipient_id = ${userId}::uuid`);
    const parts = await this.removeParts(sql`a.actor_id = ${userId}::uuid`);
    const theirs = sql`select subject_id from ${SUBJECTS} where owner_id = ${userId}::uuid`;
    const about = await this.removeGroups(sql`g.subject_id in (${theirs})`);
    // Nothing of theirs stays (a member who leaves leaves no trace): their comments, the talk
    // under their posts and answers, and those. A late event about any of it finds them gone.
    await this.db.execute(
      sql`delete from ${COMMENTS} where author_id = ${userId}::uuid or subject_id in (${theirs})`,
    );
    await this.db.execute(sql`delete from ${SUBJECTS} where owner_id = ${userId}::uuid`);
    await this.db.execute(
      sql`delete from ${TAKE_BACKS} where recipient_id = ${userId}::uuid or actor_id = ${userId}::uuid`,
    );
    await this.moderation.removeMember(userId);
    await this.blocks.removeMember(userId);
    return [...own, ...parts, ...about];
  }

  /**
   * Forget applied event ids older than `before` (a redelivery comes within minutes), and the
   * take-backs done before it (a like they answer for came long ago).
   */
  async forgetEventsBefore(before: Date): Promise<void> {
    await this.db.execute(sql`
      delete from notifications.notification_events where applied_at < ${before.toISOString()}::timestamptz`);
    await this.db.execute(
      sql`delete from ${TAKE_BACKS} where at < ${before.toISOString()}::timestamptz`,
    );
  }
}
