import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import {
  boolean,
  index,
  pgSchema,
  primaryKey,
  timestamp,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { isUuid, removedMemberKey } from './ids';

// ==========================================================================================
// Circles (issue 34, ADR 9): who is in whose circle, as each service that decides who may read
// a "circle" item keeps it, in its own Postgres schema, from the circles service's events
// (`circle.member.added`, `circle.member.removed`). A decision is then a join or `exists` in the
// statement that reads the items (`readableBy`, audience.ts), never a call to another service.
// The table is declared here once and put in each service's schema by its schema.ts, beside
// `removed_members` (subjects.ts); `CircleMembershipStore` is the one place its SQL is.
// ==========================================================================================

/**
 * The latest word on each (owner, member) pair: in the owner's circle or not. A removal stays as
 * a row (`in_circle` false) with its event's time, so an `added` sent earlier and delivered later
 * never undoes it (`changed_at` decides; ADR 3's order tolerance).
 */
export function circleMembershipsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'circle_memberships',
    {
      /** Whose circle. */
      ownerId: uuid('owner_id').notNull(),
      /** Who is (or was) in it. */
      memberId: uuid('member_id').notNull(),
      inCircle: boolean('in_circle').notNull(),
      /** The event's `occurredAt`: an older event never overwrites a newer one. */
      changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    },
    (table) => [
      // Owner first: "is this reader in this item owner's circle", the probe of every decision.
      primaryKey({ columns: [table.ownerId, table.memberId] }),
      // "Whose circles am I in": a reader's list of circle items starts from the few owners
      // whose circles they are in. Only current memberships: removals are never looked up so.
      index('circle_memberships_member_idx')
        .on(table.memberId, table.ownerId)
        .where(sql`${table.inCircle}`),
    ],
  );
}

/** One membership event, as the store applies it. */
export type CircleMembershipChange = {
  ownerId: string;
  memberId: string;
  /** `circle.member.added`: true; `circle.member.removed`: false. */
  inCircle: boolean;
  occurredAt: Date;
};

/**
 * The SQL of the circle memberships read model (see the banner above), in one service's schema
 * (which also has `removed_members`). Events apply in the order of their `occurredAt`; the id of
 * a member who left is never written back.
 */
export class CircleMembershipStore {
  private readonly table;
  private readonly memberships;
  private readonly removed;

  constructor(
    private readonly db: Db,
    /** The service's Postgres schema, with `circle_memberships` and `removed_members`. */
    readonly schema: string,
  ) {
    this.table = circleMembershipsTable(pgSchema(schema));
    this.memberships = sql`${sql.identifier(schema)}.circle_memberships`;
    this.removed = sql`${sql.identifier(schema)}.removed_members`;
  }

  /**
   * The circles service's word on a pair at `occurredAt`, unless a later word is recorded.
   * Nothing is written about a pair one of whom left Mepedia (their digest is in
   * `removed_members`), nor about ids that are not members' (not UUIDs), nor about an owner in
   * their own circle (they read their items anyway, and a list made of "mine" and "my circles'"
   * would show them twice).
   */
  async apply(change: CircleMembershipChange): Promise<void> {
    const { ownerId, memberId, inCircle } = change;
    if (!isUuid(ownerId) || !isUuid(memberId) || ownerId === memberId) return;
    const keys = [removedMemberKey(ownerId), removedMemberKey(memberId)];
    const at = change.occurredAt.toISOString();
    await this.db.execute(sql`
      insert into ${this.memberships} (owner_id, member_id, in_circle, changed_at)
      select ${ownerId}::uuid, ${memberId}::uuid, ${inCircle}, ${at}::timestamptz
      where not exists (
        select 1 from ${this.removed} where member_key in (${keys[0]}, ${keys[1]}))
      on conflict (owner_id, member_id) do update
        set in_circle = excluded.in_circle, changed_at = excluded.changed_at
        where ${this.memberships}.changed_at < excluded.changed_at`);
    // One of them left while the statement above ran (it did not see the digest yet, and
    // `removeMember`'s delete did not see its row): the row goes now. `removeMember` writes the
    // digest before it deletes, so one of the two statements sees the other's work.
    await this.db.execute(sql`
      delete from ${this.memberships}
      where owner_id = ${ownerId}::uuid and member_id = ${memberId}::uuid
        and exists (
          select 1 from ${this.removed} where member_key in (${keys[0]}, ${keys[1]}))`);
  }

  /**
   * A member left Mepedia: remembered by a digest only (so a late event naming them writes
   * nothing), and every row naming them goes, their own circle and their places in others'.
   * The digest first, in its own statement: see `apply`. Run again, it does nothing more.
   */
  async removeMember(userId: string): Promise<void> {
    if (!isUuid(userId)) return;
    await this.db.execute(sql`
      insert into ${this.removed} (member_key) values (${removedMemberKey(userId)})
      on conflict do nothing`);
    await this.db.execute(sql`
      delete from ${this.memberships}
      where owner_id = ${userId}::uuid or member_id = ${userId}::uuid`);
  }

  /** Whether `memberId` is in `ownerId`'s circle now. */
  async inCircleOf(ownerId: string, memberId: string): Promise<boolean> {
    if (!isUuid(ownerId) || !isUuid(memberId)) return false;
    const [row] = await this.db
      .select({ inCircle: this.table.inCircle })
      .from(this.table)
      .where(and(eq(this.table.ownerId, ownerId), eq(this.table.memberId, memberId)));
    return row?.inCircle === true;
  }

  /**
   * Which of `ownerIds` have `memberId` in their circle now: one statement for all of them (a
   * page of items by several owners), a probe of the primary key per owner. Ids that are not
   * members' are in nobody's circle and are not asked about; none left: no statement at all.
   */
  async circlesAmong(memberId: string, ownerIds: Iterable<string>): Promise<Set<string>> {
    const owners = [...new Set(ownerIds)].filter(isUuid);
    if (!isUuid(memberId) || owners.length === 0) return new Set();
    const rows = await this.db
      .select({ ownerId: this.table.ownerId })
      .from(this.table)
      .where(
        and(
          inArray(this.table.ownerId, owners),
          eq(this.table.memberId, memberId),
          eq(this.table.inCircle, true),
        ),
      );
    return new Set(rows.map((row) => row.ownerId));
  }

  /** The owners whose circles `memberId` is in now, in id order. */
  async circlesOf(memberId: string): Promise<string[]> {
    if (!isUuid(memberId)) return [];
    const rows = await this.db
      .select({ ownerId: this.table.ownerId })
      .from(this.table)
      // The bare column, as the partial index says it (a bound `true` would not match it).
      .where(and(eq(this.table.memberId, memberId), sql`${this.table.inCircle}`))
      .orderBy(asc(this.table.ownerId));
    return rows.map((row) => row.ownerId);
  }
}
