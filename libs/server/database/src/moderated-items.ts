import type { ModeratedItemKind, ModerationState } from '@mepedia/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  check,
  index,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
  type PgSchema,
} from 'drizzle-orm/pg-core';
import type { Db } from './database';
import { isUuid, removedMemberKey } from './ids';

// ==========================================================================================
// Moderation (issue 35): the moderation service's latest word on each item a service shows or
// keeps something about (`moderation.item.changed`): visible, held pending review, or removed.
// Each such service keeps it in its own Postgres schema, whether or not it knows the item yet
// (events come in any order: a word about a comment or post not heard of yet still holds once
// it is), and reads it beside the item, so held and removed items are their owner's alone
// (the one rule, audience.ts). The table is declared here once and put in each service's schema
// by its schema.ts, beside `removed_members` (subjects.ts); `ModeratedItemStore` is the one
// place its SQL is.
// ==========================================================================================

const KINDS: readonly ModeratedItemKind[] = ['post', 'answer', 'comment', 'profile'];
const STATES: readonly ModerationState[] = ['visible', 'held', 'removed'];
const oneOf = (values: readonly string[]) =>
  sql.raw(values.map((value) => `'${value}'`).join(', '));

/**
 * The latest word on each item, by (kind, id): its owner, where moderation left it, the case
 * that decided, and when (`changed_at`, the event's `occurredAt`: an older word arriving later
 * never overwrites a newer one). An item with no row was never moderated: visible.
 */
export function moderatedItemsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'moderated_items',
    {
      kind: text('kind').$type<ModeratedItemKind>().notNull(),
      /** A post's, answer's or comment's id; a member's id for a profile. */
      itemId: text('item_id').notNull(),
      ownerId: uuid('owner_id').notNull(),
      state: text('state').$type<ModerationState>().notNull(),
      /** The moderation case (what the owner's notice links to). */
      caseId: text('case_id').notNull(),
      changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull(),
    },
    (table) => [
      primaryKey({ columns: [table.kind, table.itemId] }),
      // What a member who leaves owned.
      index('moderated_items_owner_idx').on(table.ownerId),
      check('moderated_items_kind_check', sql`${table.kind} in (${oneOf(KINDS)})`),
      check('moderated_items_state_check', sql`${table.state} in (${oneOf(STATES)})`),
    ],
  );
}

/** One `moderation.item.changed`, as the store applies it. */
export type ModerationWord = {
  kind: ModeratedItemKind;
  itemId: string;
  ownerId: string;
  state: ModerationState;
  caseId: string;
  occurredAt: Date;
};

/** Where moderation left an item, as last heard. */
export type ItemModeration = {
  ownerId: string;
  state: ModerationState;
  caseId: string;
};

/** Whether moderation keeps an item from everyone but its owner (held or removed). */
export const withheld = (moderation: Pick<ItemModeration, 'state'> | undefined): boolean =>
  moderation !== undefined && moderation.state !== 'visible';

/**
 * The SQL of the moderated items read model (see the banner above), in one service's schema
 * (which also has `removed_members`). Words apply in the order of their `occurredAt`, the same
 * word twice changes nothing, and the id of a member who left is never written back.
 */
export class ModeratedItemStore {
  private readonly table;
  private readonly items;
  private readonly removed;

  constructor(
    private readonly db: Db,
    /** The service's Postgres schema, with `moderated_items` and `removed_members`. */
    readonly schema: string,
  ) {
    this.table = moderatedItemsTable(pgSchema(schema));
    this.items = sql`${sql.identifier(schema)}.moderated_items`;
    this.removed = sql`${sql.identifier(schema)}.removed_members`;
  }

  /**
   * The moderation service's word on an item at `occurredAt`, unless a word as new or newer is
   * recorded (a replay, or a late older one). Nothing is written for an owner who left, nor for
   * an owner id that is no member's. Answers whether the word was applied (it is the latest).
   */
  async apply(word: ModerationWord): Promise<boolean> {
    if (!isUuid(word.ownerId)) return false;
    const key = removedMemberKey(word.ownerId);
    const at = word.occurredAt.toISOString();
    const result: unknown = await this.db.execute(sql`
      insert into ${this.items} (kind, item_id, owner_id, state, case_id, changed_at)
      select ${word.kind}, ${word.itemId}, ${word.ownerId}::uuid, ${word.state}, ${word.caseId},
        ${at}::timestamptz
      where not exists (select 1 from ${this.removed} where member_key = ${key})
      on conflict (kind, item_id) do update
        set owner_id = excluded.owner_id, state = excluded.state, case_id = excluded.case_id,
            changed_at = excluded.changed_at
        where ${this.items}.changed_at < excluded.changed_at
      returning 1`);
    // Both drivers (node-postgres, PGlite) answer raw statements with `rows`.
    const applied = (result as { rows: unknown[] }).rows.length > 0;
    // The owner left while the statement above ran (see CircleMembershipStore.apply): gone now.
    await this.db.execute(sql`
      delete from ${this.items}
      where kind = ${word.kind} and item_id = ${word.itemId} and owner_id = ${word.ownerId}::uuid
        and exists (select 1 from ${this.removed} where member_key = ${key})`);
    return applied;
  }

  /** Where moderation left an item; undefined: never moderated (visible). */
  async state(kind: ModeratedItemKind, itemId: string): Promise<ItemModeration | undefined> {
    return (await this.states([kind], [itemId])).get(itemId);
  }

  /**
   * `state` for many items of these kinds (one probe of the primary key each), by item id. The
   * kinds are those one id may be of (a subject: a post or an answer); where one id has words
   * under two of them, a withheld one wins.
   */
  async states(
    kinds: readonly ModeratedItemKind[],
    itemIds: readonly string[],
  ): Promise<Map<string, ItemModeration>> {
    const found = new Map<string, ItemModeration>();
    if (itemIds.length === 0 || kinds.length === 0) return found;
    const rows = await this.db
      .select({
        itemId: this.table.itemId,
        ownerId: this.table.ownerId,
        state: this.table.state,
        caseId: this.table.caseId,
      })
      .from(this.table)
      .where(and(inArray(this.table.kind, [...kinds]), inArray(this.table.itemId, [...itemIds])));
    for (const { itemId, ...moderation } of rows)
      if (!withheld(found.get(itemId))) found.set(itemId, moderation);
    return found;
  }

  /** A member left: the words about what they owned go (a late one finds their digest). */
  async removeMember(userId: string): Promise<void> {
    if (!isUuid(userId)) return;
    await this.db.delete(this.table).where(eq(this.table.ownerId, userId));
  }
}
