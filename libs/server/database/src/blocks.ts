import type { BlockKind } from '@mepedia/contracts';
import { and, desc, eq, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import {
  boolean,
  index,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
  type PgColumn,
  type PgSchema,
} from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { isUuid, removedMemberKey } from './ids';

// ==========================================================================================
// Blocks and mutes (issue 35): who blocks or mutes whom. The moderation service keeps the word
// (its routes write it and announce `member.block.changed`); every service that shows one member
// to another keeps a copy in its own schema from those events, and decides with a `not exists`
// in the statement that reads (`notBlocked`, `notMuted`), never with a call to another service.
// The table is declared here once and put in each schema by its schema.ts, beside
// `removed_members` (subjects.ts); `BlockStore` is the one place its SQL is.
// ==========================================================================================

/**
 * The latest word on each (blocker, blocked, kind): on or off. An undoing stays as a row (`active`
 * false) with its time, so an older event delivered later never undoes it.
 */
export function memberBlocksTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'member_blocks',
    {
      blockerId: uuid('blocker_id').notNull(),
      blockedId: uuid('blocked_id').notNull(),
      kind: text('kind', { enum: ['block', 'mute'] }).notNull(),
      active: boolean('active').notNull(),
      /** When it was last set (the event's `occurredAt`): an older word never overwrites it. */
      changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    },
    (table) => [
      primaryKey({ columns: [table.blockerId, table.blockedId, table.kind] }),
      // "Who blocks me": the other side of every check, current blocks only.
      index('member_blocks_blocked_idx')
        .on(table.blockedId, table.blockerId)
        .where(sql`${table.active} and ${table.kind} = 'block'`),
    ],
  );
}

export type BlockChange = {
  blockerId: string;
  blockedId: string;
  kind: BlockKind;
  active: boolean;
  occurredAt: Date;
};

export type BlockRow = { userId: string; since: Date };

/** The SQL of the blocks (a service's copy, or the moderation service's own word). */
export class BlockStore {
  private readonly table;
  private readonly blocks;
  private readonly removed;

  constructor(
    private readonly db: Db,
    /** The service's Postgres schema, with `member_blocks` and `removed_members`. */
    readonly schema: string,
  ) {
    this.table = memberBlocksTable(pgSchema(schema));
    this.blocks = sql`${sql.identifier(schema)}.member_blocks`;
    this.removed = sql`${sql.identifier(schema)}.removed_members`;
  }

  /**
   * A word on a pair at `occurredAt`, unless a later one is recorded. Answers whether it changed
   * anything. Nothing about a member who left, about ids that are not members', or oneself.
   */
  async apply(change: BlockChange): Promise<boolean> {
    const { blockerId, blockedId, kind, active } = change;
    if (!isUuid(blockerId) || !isUuid(blockedId) || blockerId === blockedId) return false;
    const at = change.occurredAt.toISOString();
    // One statement: the row as it was (the snapshot the insert does not change), and as it is.
    const result: unknown = await this.db.execute(sql`
      with before as (
        select active from ${this.blocks}
        where blocker_id = ${blockerId}::uuid and blocked_id = ${blockedId}::uuid and kind = ${kind}),
      written as (
        insert into ${this.blocks} (blocker_id, blocked_id, kind, active, changed_at)
        select ${blockerId}::uuid, ${blockedId}::uuid, ${kind}, ${active}, ${at}::timestamptz
        where not exists (
          select 1 from ${this.removed}
          where member_key in (${removedMemberKey(blockerId)}, ${removedMemberKey(blockedId)}))
        on conflict (blocker_id, blocked_id, kind) do update
          set active = excluded.active, changed_at = excluded.changed_at
          where ${this.blocks}.changed_at < excluded.changed_at
        returning active)
      select (select active from written) as now, (select active from before) as was`);
    // One of them left while the statement above ran (it did not see the digest yet, and the
    // departure's delete did not see its row): the row goes now. `removeMember`'s caller writes
    // the digest before the delete, so one of the two statements sees the other's work.
    await this.db.execute(sql`
      delete from ${this.blocks}
      where blocker_id = ${blockerId}::uuid and blocked_id = ${blockedId}::uuid and kind = ${kind}
        and exists (
          select 1 from ${this.removed}
          where member_key in (${removedMemberKey(blockerId)}, ${removedMemberKey(blockedId)}))`);
    const [row] = (result as { rows: Array<{ now: boolean | null; was: boolean | null }> }).rows;
    // Changed: a newer word was written, and it says something else than before (nothing: off).
    return row?.now !== null && row?.now !== undefined && row.now !== (row.was ?? false);
  }

  /** A member left: every row naming them goes (the digest in `removed_members` is the caller's). */
  async removeMember(userId: string): Promise<void> {
    if (!isUuid(userId)) return;
    await this.db.execute(
      sql`delete from ${this.blocks} where blocker_id = ${userId}::uuid or blocked_id = ${userId}::uuid`,
    );
  }

  /** Whether either of the two blocks the other now. */
  async eitherBlocks(a: string, b: string): Promise<boolean> {
    if (!isUuid(a) || !isUuid(b) || a === b) return false;
    const rows = await this.db
      .select({ one: sql`1` })
      .from(this.table)
      .where(
        and(
          eq(this.table.kind, 'block'),
          eq(this.table.active, true),
          or(
            and(eq(this.table.blockerId, a), eq(this.table.blockedId, b)),
            and(eq(this.table.blockerId, b), eq(this.table.blockedId, a)),
          ),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Whether any block, either way, concerns `memberId` now. */
  async anyBlockOf(memberId: string): Promise<boolean> {
    if (!isUuid(memberId)) return false;
    const rows = await this.db
      .select({ one: sql`1` })
      .from(this.table)
      .where(
        and(
          eq(this.table.kind, 'block'),
          eq(this.table.active, true),
          or(eq(this.table.blockerId, memberId), eq(this.table.blockedId, memberId)),
        ),
      )
      .limit(1);
    return rows.length > 0;
  }

  /** Where `blockerId` stands with `blockedId`: blocking, muting. */
  async stateOf(
    blockerId: string,
    blockedId: string,
  ): Promise<{ blocked: boolean; muted: boolean }> {
    if (!isUuid(blockerId) || !isUuid(blockedId)) return { blocked: false, muted: false };
    const rows = await this.db
      .select({ kind: this.table.kind })
      .from(this.table)
      .where(
        and(
          eq(this.table.blockerId, blockerId),
          eq(this.table.blockedId, blockedId),
          eq(this.table.active, true),
        ),
      );
    return {
      blocked: rows.some((row) => row.kind === 'block'),
      muted: rows.some((row) => row.kind === 'mute'),
    };
  }

  /** Whom `blockerId` blocks (or mutes) now, newest first. */
  async listOf(blockerId: string, kind: BlockKind): Promise<BlockRow[]> {
    if (!isUuid(blockerId)) return [];
    return this.db
      .select({ userId: this.table.blockedId, since: this.table.changedAt })
      .from(this.table)
      .where(
        and(
          eq(this.table.blockerId, blockerId),
          eq(this.table.kind, kind),
          eq(this.table.active, true),
        ),
      )
      .orderBy(desc(this.table.changedAt));
  }

  /** How many `blockerId` blocks (or mutes) now. */
  async countOf(blockerId: string, kind: BlockKind): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(this.table)
      .where(
        and(
          eq(this.table.blockerId, blockerId),
          eq(this.table.kind, kind),
          eq(this.table.active, true),
        ),
      );
    return row?.count ?? 0;
  }
}

export type BlockFilterOptions = {
  /** The member whose rows these are (an author, a follower, a commenter). */
  memberColumn: PgColumn;
  /** The member reading; a guest (null) blocks no one and is blocked by no one. */
  readerId: string | null | Placeholder;
  /** The service's Postgres schema, with `member_blocks`. */
  schema: string;
};

/**
 * Rows whose member and the reader do not block each other (either way), as a condition of the
 * statement that reads them: two probes of `member_blocks`' keys. A guest: no condition.
 */
export function notBlocked(options: BlockFilterOptions): SQL {
  const { memberColumn: member, readerId: reader } = options;
  if (reader === null) return sql`true`;
  if (typeof reader === 'string' && !isUuid(reader))
    throw new Error('notBlocked: the reader id is not a member id (a UUID)');
  return noBlockBetween(sql`${reader}::uuid`, sql`${member}`, options.schema);
}

/**
 * No block stands between two members, either way, each given as SQL (a column, or a value
 * cast to uuid): the condition `notBlocked` is made of, for a statement whose both sides are
 * columns (a notification's recipient and its actor).
 */
export function noBlockBetween(one: SQL, other: SQL, schema: string): SQL {
  const blocks = sql`${sql.identifier(schema)}.member_blocks`;
  const b = sql.identifier('not_blocked');
  return sql`not exists (
    select 1 from ${blocks} ${b}
    where ${b}.kind = 'block' and ${b}.active and (
      (${b}.blocker_id = ${one} and ${b}.blocked_id = ${other})
      or (${b}.blocker_id = ${other} and ${b}.blocked_id = ${one})))`;
}

/** Rows whose member the reader does not mute (their own feeds only). A guest: no condition. */
export function notMuted(options: BlockFilterOptions): SQL {
  const { memberColumn: member, readerId: reader } = options;
  if (reader === null) return sql`true`;
  if (typeof reader === 'string' && !isUuid(reader))
    throw new Error('notMuted: the reader id is not a member id (a UUID)');
  const blocks = sql`${sql.identifier(options.schema)}.member_blocks`;
  const m = sql.identifier('not_muted');
  return sql`not exists (
    select 1 from ${blocks} ${m}
    where ${m}.kind = 'mute' and ${m}.active
      and ${m}.blocker_id = ${reader}::uuid and ${m}.blocked_id = ${member})`;
}
