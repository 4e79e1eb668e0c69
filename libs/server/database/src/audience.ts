import type { Audience, ModerationState } from '@mepedia/contracts';
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isUuid } from './ids';

// ==========================================================================================
// The one access rule for the four audiences (issue 34, ADR 9 §4), written twice: in
// TypeScript for a single item (`mayReadAudience`) and in SQL for lists (`readableBy`, a
// fragment of the statement that reads them, so deciding costs no extra statement). The two
// must agree on every case: test/audience.int-spec.ts runs both over the same table of cases.
// Whoever may not read an item must not learn it exists (the same 404 as for none).
// ==========================================================================================

/** What the rule needs to know about an item. */
export type AudienceItem = {
  ownerId: string;
  audience: Audience;
  /** Gone: nobody reads it, its owner included. */
  deleted?: boolean;
  /**
   * Where moderation left it (issue 35): `held` (pending review) and `removed` are read by their
   * owner alone, whatever the audience said; absent or `visible`, the audience decides.
   */
  moderation?: ModerationState;
};

/** Who is reading. */
export type AudienceReader = {
  /** The signed-in member; a guest: null. */
  id: string | null;
  /** Whether the reader is in the item owner's circle (`CircleMembershipStore.inCircleOf`). */
  inCircle: boolean;
};

/**
 * Whether `reader` may read `item`: never a deleted item; otherwise its owner always, and, unless
 * moderation holds or removed it (then no one else), `public` everyone, `members` anyone signed
 * in, `circle` the members of the owner's circle, `private` no one else.
 */
export function mayReadAudience(item: AudienceItem, reader: AudienceReader): boolean {
  if (item.deleted) return false;
  if (item.moderation !== undefined && item.moderation !== 'visible')
    return reader.id !== null && reader.id === item.ownerId;
  if (item.audience === 'public') return true;
  if (reader.id === null) return false;
  if (reader.id === item.ownerId) return true;
  switch (item.audience) {
    case 'members':
      return true;
    case 'circle':
      return reader.inCircle;
    case 'private':
      return false;
  }
}

export type ReadableByOptions = {
  /**
   * The items' owner column, `uuid` (every service's owner columns today) or `text`. The reader
   * is cast to the column's type, never the column to the reader's, so an index on the column
   * still serves `owner = reader`.
   */
  ownerColumn: PgColumn;
  /** The items' audience column (text holding an `Audience`). */
  audienceColumn: PgColumn;
  /** A boolean column saying the item is gone, where the items keep one (a read model's). */
  deletedColumn?: PgColumn;
  /**
   * The items' moderation state column (text holding a `ModerationState`, issue 35), where the
   * items keep one: anything but `visible` is then its owner's alone.
   */
  moderationColumn?: PgColumn;
  /**
   * The signed-in member's id; a guest: null (the fragment then admits `public` only, and
   * names no reader at all). A placeholder, for a prepared statement, may be bound to null too.
   */
  readerId: string | null | Placeholder;
  /** The service's Postgres schema, which has `circle_memberships` (`circleMembershipsTable`). */
  schema: string;
};

/**
 * `mayReadAudience` as a condition on the rows of any statement, parenthesised so it combines
 * with others in `and(...)`. The audiences are literals, not parameters, so a partial index
 * that says `audience = 'public'` still matches the statement. A member reading a `circle`
 * item costs a probe of `circle_memberships`' primary key (owner, member) by an `exists`.
 */
export function readableBy(options: ReadableByOptions): SQL {
  const { ownerColumn: owner, audienceColumn: audience, readerId: reader } = options;
  const ownerType = columnType(owner);
  const live = options.deletedColumn ? sql`not ${options.deletedColumn} and ` : sql``;
  const moderation = options.moderationColumn;
  if (reader === null)
    return moderation
      ? sql`(${live}${moderation} = 'visible' and ${audience} = 'public')`
      : sql`(${live}${audience} = 'public')`;
  // A member's id is a UUID: anything else is a caller's mistake, refused before it reaches the
  // database as a cast error (or, against a text column, as somebody's id).
  if (typeof reader === 'string' && !isUuid(reader))
    throw new Error('readableBy: the reader id is not a member id (a UUID)');
  const memberships = sql`${sql.identifier(options.schema)}.circle_memberships`;
  // The memberships' alias, named so that no caller's table shadows it or is shadowed by it
  // (a list joining `circle_memberships` itself, say).
  const m = sql.identifier('readable_by_circle');
  const isOwner =
    ownerType === 'uuid' ? sql`${owner} = ${reader}::uuid` : sql`${owner} = ${reader}::text`;
  // A text owner cannot be cast to uuid safely (a row may hold something else, and a failed
  // cast fails the whole statement), so the membership's owner is compared as text instead:
  // the probe then goes by the (member, owner) index of the reader's current memberships.
  const sameOwner =
    ownerType === 'uuid' ? sql`${m}.owner_id = ${owner}` : sql`${m}.owner_id::text = ${owner}`;
  const others = sql`(${audience} = 'public' or (${reader}::uuid is not null and (
    ${audience} = 'members'
    or (${audience} = 'circle' and exists (
      select 1 from ${memberships} ${m}
      where ${sameOwner} and ${m}.member_id = ${reader}::uuid and ${m}.in_circle)))))`;
  // Held or removed by moderation: the owner's alone (the literal keeps a partial index usable).
  const forOthers = moderation ? sql`(${moderation} = 'visible' and ${others})` : others;
  return sql`(${live}((${reader}::uuid is not null and ${isOwner}) or ${forOthers}))`;
}

/** Whether an owner column is a uuid or a text one; any other type is refused. */
function columnType(column: PgColumn): 'uuid' | 'text' {
  const type = column.getSQLType();
  if (type === 'uuid') return 'uuid';
  if (type === 'text' || type.startsWith('varchar')) return 'text';
  throw new Error(`readableBy: an owner column of type ${type} is not supported`);
}
