import {
  excerptOf,
  type DomainEventPayload,
  type FeedMessageSort,
  type ModerationState,
  type ReviewHold,
} from '@mepedia/contracts';
import {
  BlockStore,
  CircleMembershipStore,
  ModeratedItemStore,
  notBlocked,
  SubjectStore,
  type Db,
} from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  inArray,
  isNull,
  ne,
  not,
  or,
  sql,
  type SQL,
} from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { CommentNotice } from './feed-messages.notices';
import { likes, messages, outbox, type MessageRow } from './feed-messages.schema';

/**
 * Announce a comment, what it is about, and whether it is gone (feedMessage.changed); a new one
 * with what it tells whom (`comment`, for notifications).
 */
const announce = (
  tx: Db,
  messageId: string,
  subjectId: string,
  deleted: boolean,
  comment?: CommentNotice,
) =>
  appendEvent(tx, outbox, 'feedMessage.changed', {
    messageId,
    subjectId,
    deleted,
    ...(comment === undefined ? {} : { comment }),
  });

/**
 * Whether moderation withholds a message from `viewerId` (a guest: null): held or removed
 * (issue 35, its `withheld` column), and they are not its author. `message` names the messages
 * table or an alias of it.
 */
function withheldFrom(
  message: { withheld: AnyPgColumn; authorId: AnyPgColumn },
  viewerId: string | null,
): SQL {
  return viewerId === null
    ? sql`${message.withheld}`
    : sql`(${message.withheld} and ${message.authorId} is distinct from ${viewerId}::uuid)`;
}

/**
 * Whether a block stands between `viewerId` and a message's author, either way (issue 35): the
 * reader and the member they block, or who blocks them, do not see each other's comments. Never
 * for a guest, nor a placeholder (no author). Two probes of `member_blocks`' keys per message
 * (`notBlocked`), asked only where a reader's page is drawn: counts are everyone's.
 */
function blockedFrom(message: { authorId: AnyPgColumn }, viewerId: string | null): SQL {
  if (viewerId === null) return sql`false`;
  return sql`not ${notBlocked({ memberColumn: message.authorId, readerId: viewerId, schema: 'feed_messages' })}`;
}

/**
 * Whether a message is not shown to `viewerId` (a guest: null) on their pages: withheld from
 * them by moderation, or written by someone a block stands between them and.
 */
function hiddenFrom(
  message: { withheld: AnyPgColumn; authorId: AnyPgColumn },
  viewerId: string | null,
): SQL {
  return viewerId === null
    ? withheldFrom(message, viewerId)
    : sql`(${withheldFrom(message, viewerId)} or ${blockedFrom(message, viewerId)})`;
}

/** A message as one reader is shown it: with its moderation, and the replies they may read. */
export type ShownMessageRow = MessageRow & {
  /** Where moderation left it (issue 35), when it withholds it; else null. */
  moderation: ModerationState | null;
  moderationCaseId: string | null;
  /**
   * Whether it is not shown to the reader (a placeholder for them, if shown at all): moderation
   * withholds it from them, or a block stands between them and its author (issue 35).
   */
  hiddenFromReader: boolean;
  /** Its replies the reader may read (`repliesCount` less those hidden from them). */
  visibleReplies: number;
};

export type NewMessage = {
  id: string;
  roomId: string;
  postId: string;
  authorId: string;
  text: string;
  tag: string | null;
  createdAt: Date;
};

/** What a member who leaves took with them. */
export type RemovedMember = {
  likes: number;
  replies: number;
  placeholders: number;
  removed: number;
};

/**
 * Data access for the feed_messages schema: reads and writes, no rules (the service and
 * feed-messages.access.ts decide). A change of several statements is written inside the
 * service's transaction (`transaction`), so its counters and its outbox event commit with it
 * (see the banner in feed-messages.schema.ts).
 *
 * Lock order, to keep clear of deadlocks: a thread's top-level message before any of its
 * replies. A reply's insert or delete locks the top-level message (its replies counter); a
 * like locks the message liked; a member's removal locks everything it changes in id order
 * (UUIDv7: a top-level message is older than its replies, so it comes first).
 */
export class FeedMessagesRepository {
  /**
   * Posts and me answers as their services announce them (feed-messages.schema.ts). A member
   * who leaves takes their subjects with them (deleted, nobody's) but their audience stays as
   * it was: a private or circle discussion stays closed, to everyone now (nobody is in
   * nobody's circle), a members' one open to members. A late announcement naming them
   * leaves a deleted subject nobody owns.
   */
  readonly subjects: SubjectStore;
  /** Who is in whose circle (feed-messages.schema.ts): a circle subject's discussion is theirs. */
  readonly circles: CircleMembershipStore;
  /** The moderation service's word on posts, answers and comments (feed-messages.schema.ts). */
  readonly moderation: ModeratedItemStore;
  /** Who blocks whom (feed-messages.schema.ts), as the moderation service announces it. */
  readonly blocks: BlockStore;

  constructor(private readonly db: Db) {
    this.subjects = new SubjectStore(db, {
      schema: 'feed_messages',
      unannouncedCollection: false,
      disownedPrivacy: 'kept',
    });
    this.circles = new CircleMembershipStore(db, 'feed_messages');
    this.moderation = new ModeratedItemStore(db, 'feed_messages');
    this.blocks = new BlockStore(db, 'feed_messages');
  }

  /** This repository inside one transaction, the service's: all of `work` commits or none. */
  transaction<T>(work: (repository: FeedMessagesRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new FeedMessagesRepository(tx)));
  }

  /**
   * Add a message (in the service's transaction), announced with it (feedMessage.changed, with
   * `notice`: what it tells whom).
   */
  async insert(
    row: NewMessage & { parentId: string | null },
    notice: CommentNotice,
  ): Promise<MessageRow> {
    const [created] = await this.db
      .insert(messages)
      .values({
        ...row,
        // A word of moderation's heard before the message (issue 35) holds from the start.
        withheld: sql`exists (select 1 from feed_messages.moderated_items heard
          where heard.kind = 'comment' and heard.item_id = ${row.id} and heard.state <> 'visible')`,
      })
      .returning();
    await announce(this.db, row.id, row.postId, false, notice);
    return created as MessageRow;
  }

  /** Announce a member's like of a comment as it now is (in the service's transaction). */
  async announceLike(like: DomainEventPayload<'feedMessage.like.changed'>): Promise<void> {
    await appendEvent(this.db, outbox, 'feedMessage.like.changed', like);
  }

  /** Move a top-level message's replies counter; answers the row as it is now. */
  async countReplies(
    topId: string,
    delta: 1 | -1,
  ): Promise<{ deleted: boolean; repliesCount: number } | undefined> {
    const [row] = await this.db
      .update(messages)
      .set({ repliesCount: sql`${messages.repliesCount} + ${delta}` })
      .where(eq(messages.id, topId))
      .returning({ deleted: messages.deleted, repliesCount: messages.repliesCount });
    return row;
  }

  /** Change a message's text (and its tag, unless undefined). */
  /**
   * Change a message's text (and tag); a new text is announced (feedMessage.changed with
   * `edited`, in the service's transaction), so what others were shown of it changes too.
   */
  async edit(
    message: Pick<MessageRow, 'id' | 'text'>,
    change: { text: string; tag: string | null | undefined; editedAt: Date },
    /** The edit made it wait for review (issue 35): announced even when its excerpt is the same. */
    review?: ReviewHold,
  ): Promise<MessageRow> {
    const [row] = await this.db
      .update(messages)
      .set({
        text: change.text,
        editedAt: change.editedAt,
        ...(change.tag === undefined ? {} : { tag: change.tag }),
      })
      .where(eq(messages.id, message.id))
      .returning();
    const edited = row as MessageRow;
    if (review || excerptOf(message.text ?? '') !== excerptOf(change.text))
      await appendEvent(this.db, outbox, 'feedMessage.changed', {
        messageId: edited.id,
        subjectId: edited.postId,
        deleted: false,
        edited: { excerpt: excerptOf(change.text), ...(review ? { review } : {}) },
      });
    return edited;
  }

  /**
   * How many of a member's comments are out for others to read (not deleted, not held or removed
   * by moderation), leaving `except` out, counted no further than `limit`: whether they are still
   * new to review holds (issue 35). By the author index.
   */
  async outCount(authorId: string, limit: number, except?: string): Promise<number> {
    const mine = and(
      eq(messages.authorId, authorId),
      eq(messages.deleted, false),
      eq(messages.withheld, false),
      except === undefined ? undefined : ne(messages.id, except),
    );
    const counted = this.db
      .select({ one: sql`1` })
      .from(messages)
      .where(mine)
      .limit(limit)
      .as('c');
    const [row] = await this.db.select({ n: sql<number>`count(*)::int` }).from(counted);
    return row?.n ?? 0;
  }

  /**
   * Make a message a placeholder (no author, text, tag or likes), its likes gone, announced
   * gone (in the service's transaction).
   */
  async makePlaceholder(message: MessageRow): Promise<void> {
    await this.db.delete(likes).where(eq(likes.messageId, message.id));
    await this.db
      .update(messages)
      .set({ deleted: true, authorId: null, text: null, tag: null, likes: 0, editedAt: null })
      .where(eq(messages.id, message.id));
    await announce(this.db, message.id, message.postId, true);
  }

  /** Remove a message, with its likes (cascade), announced gone (in the service's transaction). */
  async remove(message: Pick<MessageRow, 'id' | 'postId'>): Promise<void> {
    await this.db.delete(messages).where(eq(messages.id, message.id));
    await announce(this.db, message.id, message.postId, true);
  }

  /** Remove a placeholder (announced gone when it became one). */
  async removePlaceholder(messageId: string): Promise<void> {
    await this.db.delete(messages).where(eq(messages.id, messageId));
  }

  /**
   * A page of a room's top-level messages, or of a thread's replies (in `roomId` only), as
   * `viewerId` (a guest: null) is shown them, with how many there are in all. Both read one index
   * range (see the schema). A message hidden from them (issue 35: moderation withholds it from
   * them, or a block stands between them and its author) is left out, or, a top-level one with
   * replies they may read, shown as a placeholder is (as is a deleted one with such replies);
   * each top-level message's `visibleReplies` counts those.
   */
  async page(
    roomId: string,
    parentId: string | null,
    sort: FeedMessageSort,
    skip: number,
    limit: number,
    viewerId: string | null,
  ): Promise<{ rows: ShownMessageRow[]; total: number; visible: number }> {
    const reply = alias(messages, 'reply');
    const hidden = hiddenFrom(messages, viewerId);
    // The message a subquery is about, named in full: a statement of one table leaves its
    // columns unqualified, which inside a subquery would name the subquery's own.
    const thisMessage = sql.raw('feed_messages.messages.id');
    // The thread's replies hidden from the reader: for a guest, the withheld ones, through their
    // partial index (few, usually none); for a member, each reply's author is asked of the
    // blocks too (the thread's replies, through `messages_parent_idx`).
    const visibleReplies = sql<number>`(${messages.repliesCount} - (select count(*)::int
      from feed_messages.messages reply
      where ${reply.parentId} = ${thisMessage} and ${hiddenFrom(reply, viewerId)}))`;
    const where: SQL | undefined =
      parentId === null
        ? and(
            eq(messages.roomId, roomId),
            isNull(messages.parentId),
            or(and(not(messages.deleted), sql`not ${hidden}`), sql`${visibleReplies} > 0`),
          )
        : and(eq(messages.parentId, parentId), eq(messages.roomId, roomId), sql`not ${hidden}`);
    // Its state and case, looked up only for a message moderation withholds.
    const word = (column: 'state' | 'case_id') =>
      sql`case when ${messages.withheld} then (select ${sql.identifier(column)}
        from feed_messages.moderated_items withheld_item
        where withheld_item.kind = 'comment' and withheld_item.item_id = ${thisMessage}::text) end`;
    const order = sort === 'newest' ? desc : asc;
    const [rows, [counted], visible] = await Promise.all([
      this.db
        .select({
          ...getTableColumns(messages),
          moderation: sql<ModerationState | null>`${word('state')}`,
          moderationCaseId: sql<string | null>`${word('case_id')}`,
          hiddenFromReader: sql<boolean>`${hidden}`,
          visibleReplies,
        })
        .from(messages)
        .where(where)
        .orderBy(order(messages.createdAt), order(messages.id))
        .limit(limit)
        .offset(skip),
      this.db.select({ n: count() }).from(messages).where(where),
      this.countVisible(roomId, viewerId),
    ]);
    return { rows, total: counted?.n ?? 0, visible };
  }

  /**
   * Moderation's word on a comment (issue 35), applied to the message it names, if here: its
   * `withheld` column follows the word that stands (in the service's transaction, with it).
   */
  async setWithheld(messageId: string, withheld: boolean): Promise<void> {
    await this.db.update(messages).set({ withheld }).where(eq(messages.id, messageId));
  }

  /**
   * A post is gone: every message about it goes, with the replies in its threads and their
   * likes (cascade). One statement, so the self reference is checked once at its end; answers
   * how many messages went.
   */
  async removePost(postId: string): Promise<number> {
    const aboutPost = this.db
      .select({ id: messages.id })
      .from(messages)
      .where(eq(messages.postId, postId));
    const gone = await this.db
      .delete(messages)
      .where(or(eq(messages.postId, postId), inArray(messages.parentId, aboutPost)))
      .returning({ id: messages.id });
    return gone.length;
  }

  /** Which of these messages the member likes (one primary-key probe each). */
  async likedBy(userId: string, messageIds: string[]): Promise<string[]> {
    if (messageIds.length === 0) return [];
    const rows = await this.db
      .select({ messageId: likes.messageId })
      .from(likes)
      .where(and(eq(likes.userId, userId), inArray(likes.messageId, messageIds)));
    const liked = new Set(rows.map((row) => row.messageId));
    return messageIds.filter((id) => liked.has(id));
  }

  /**
   * Whether any message (a placeholder too) is in the room: a top-level one is, whenever any
   * is (a reply is in its thread's room), so one probe of `messages_room_top_idx` answers.
   */
  async hasMessages(roomId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.roomId, roomId), isNull(messages.parentId)))
      .limit(1);
    return row !== undefined;
  }

  /**
   * What a count leaves out for `viewerId` (a guest: null): messages moderation withholds from
   * them, and (issue 35) those of members a block stands between them and, as their pages leave
   * them out. The blocks are asked per message only of a member with any block (one probe of
   * `member_blocks` first): nearly every reader has none and pays nothing more.
   */
  private async notCountedFor(viewerId: string | null): Promise<SQL> {
    const withheld = sql`not ${withheldFrom(messages, viewerId)}`;
    if (viewerId === null || !(await this.blocks.anyBlockOf(viewerId))) return withheld;
    return sql`${withheld} and ${notBlocked({
      memberColumn: messages.authorId,
      readerId: viewerId,
      schema: 'feed_messages',
    })}`;
  }

  /**
   * Many rooms' messages as `viewerId` (a guest: null) is shown them: replies included,
   * placeholders and what their pages leave out (`notCountedFor`) not. One GROUP BY over the
   * visible messages' index (`messages_room_visible_idx`). A room with none is not in the map.
   */
  async countsVisible(roomIds: string[], viewerId: string | null): Promise<Map<string, number>> {
    if (roomIds.length === 0) return new Map();
    const rows = await this.db
      .select({ roomId: messages.roomId, n: count() })
      .from(messages)
      .where(
        and(
          inArray(messages.roomId, roomIds),
          not(messages.deleted),
          await this.notCountedFor(viewerId),
        ),
      )
      .groupBy(messages.roomId);
    return new Map(rows.map((row) => [row.roomId, row.n]));
  }

  /**
   * A room's messages as `viewerId` (a guest: null) is shown them: replies included,
   * placeholders and what their pages leave out (`notCountedFor`) not.
   */
  async countVisible(roomId: string, viewerId: string | null): Promise<number> {
    const [counted] = await this.db
      .select({ n: count() })
      .from(messages)
      .where(
        and(eq(messages.roomId, roomId), not(messages.deleted), await this.notCountedFor(viewerId)),
      );
    return counted?.n ?? 0;
  }

  /**
   * Turn a member's like of a message on when off, off when on, with its counter (in the
   * service's transaction, the message row locked first, so toggles take turns).
   */
  async toggleLike(messageId: string, userId: string): Promise<{ liked: boolean; likes: number }> {
    const added = await this.db
      .insert(likes)
      .values({ messageId, userId })
      .onConflictDoNothing()
      .returning({ userId: likes.userId });
    const delta =
      added.length === 1
        ? 1
        : -(
            await this.db
              .delete(likes)
              .where(and(eq(likes.messageId, messageId), eq(likes.userId, userId)))
              .returning({ userId: likes.userId })
          ).length;
    const [row] = await this.db
      .update(messages)
      .set({ likes: sql`${messages.likes} + ${delta}` })
      .where(eq(messages.id, messageId))
      .returning({ likes: messages.likes });
    return { liked: delta === 1, likes: row?.likes ?? 0 };
  }

  /**
   * A member is gone: their likes go (counters down), their replies go (threads' counters
   * down), their top-level messages go, or become placeholders where others replied, and
   * placeholders left without replies go. Six statements (in the service's transaction),
   * however many rows the member had.
   */
  async removeMember(userId: string): Promise<RemovedMember> {
    await this.db.execute(sql`
      select 1 from feed_messages.messages m
      where m.author_id = ${userId}
        or m.id in (select l.message_id from feed_messages.likes l where l.user_id = ${userId})
        or m.id in (select r.parent_id from feed_messages.messages r
                    where r.author_id = ${userId} and r.parent_id is not null)
      order by m.id
      for update of m`);
    // Each of the member's messages goes or becomes a placeholder: announced gone, by id and
    // what it is about (no member id in the event).
    await this.db.execute(sql`
      insert into feed_messages.outbox (id, type, payload, occurred_at)
      select gen_random_uuid(), 'feedMessage.changed',
        jsonb_build_object('messageId', m.id::text, 'subjectId', m.post_id, 'deleted', true),
        clock_timestamp()
      from feed_messages.messages m where m.author_id = ${userId}`);
    const removedLikes = await this.number(
      sql`
      with gone as (
        delete from feed_messages.likes where user_id = ${userId} returning message_id
      ), per_message as (
        select message_id, count(*)::int as n from gone group by message_id
      ), corrected as (
        update feed_messages.messages m set likes = m.likes - p.n from per_message p
        where m.id = p.message_id
        returning 1
      )
      select (select count(*) from gone)::int as n`,
    );
    const removedReplies = await this.number(
      sql`
      with gone as (
        delete from feed_messages.messages
        where author_id = ${userId} and parent_id is not null
        returning parent_id
      ), per_thread as (
        select parent_id, count(*)::int as n from gone group by parent_id
      ), corrected as (
        update feed_messages.messages m set replies_count = m.replies_count - p.n
        from per_thread p where m.id = p.parent_id
        returning 1
      )
      select (select count(*) from gone)::int as n`,
    );
    // Now only top-level messages of the member are left: with others' replies they stay as
    // placeholders (their likes gone), without they go (their likes with them).
    const placeholders = await this.number(
      sql`
      with kept as (
        update feed_messages.messages
        set deleted = true, author_id = null, text = null, tag = null, likes = 0, edited_at = null
        where author_id = ${userId} and replies_count > 0
        returning id
      ), unliked as (
        delete from feed_messages.likes where message_id in (select id from kept) returning 1
      )
      select (select count(*) from kept)::int as n`,
    );
    const removedTop = await this.number(
      sql`
      with gone as (
        delete from feed_messages.messages where author_id = ${userId} returning 1
      )
      select (select count(*) from gone)::int as n`,
    );
    // Placeholders whose last replies were the member's.
    const removedPlaceholders = await this.number(
      sql`
      with gone as (
        delete from feed_messages.messages where deleted and replies_count = 0 returning 1
      )
      select (select count(*) from gone)::int as n`,
    );
    return {
      likes: removedLikes,
      replies: removedReplies,
      placeholders,
      removed: removedTop + removedPlaceholders,
    };
  }

  async find(id: string): Promise<MessageRow | undefined> {
    const [row] = await this.db.select().from(messages).where(eq(messages.id, id));
    return row;
  }

  /** The message, locked for the rest of the service's transaction. */
  async lock(id: string): Promise<MessageRow | undefined> {
    const [row] = await this.db.select().from(messages).where(eq(messages.id, id)).for('update');
    return row;
  }

  /**
   * The message, locked for a change that moves its thread's counter: the thread's top-level
   * message first (the lock order), then it. Undefined: no such message.
   */
  async lockInThread(id: string): Promise<MessageRow | undefined> {
    const seen = await this.find(id);
    if (!seen) return undefined;
    if (seen.parentId !== null) await this.lock(seen.parentId);
    return this.lock(id);
  }

  private async number(statement: SQL): Promise<number> {
    // Both drivers (node-postgres, PGlite) answer raw statements with `rows`.
    const result: unknown = await this.db.execute<{ n: number }>(statement);
    return (result as { rows: Array<{ n: number }> }).rows[0]?.n ?? 0;
  }
}
