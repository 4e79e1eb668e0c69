import { randomUUID } from 'node:crypto';
import type { Audience, ModerationState } from '@mepedia/contracts';
import { createTestDatabase, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { asc, sql } from 'drizzle-orm';
import { boolean, pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { mayReadAudience, readableBy, type AudienceReader } from '../src/audience';
import { CircleMembershipStore, circleMembershipsTable } from '../src/circles';
import { openDatabase, type DatabaseHandle, type Db } from '../src/database';
import { removedMemberKey } from '../src/ids';

// The audience rule is written twice (audience.ts): in TypeScript for one item, in SQL for
// lists. Both run here over one table of cases, against PostgreSQL and PGlite (the SQL's
// parameters must be typed for both), and must give the table's answer. Then the memberships'
// store, whose answers the TypeScript side is given.

const SCHEMA = 'reading';
const reading = pgSchema(SCHEMA);
const itemColumns = {
  id: text('id').primaryKey(),
  audience: text('audience').notNull(),
  deleted: boolean('deleted').notNull(),
  moderation: text('moderation').notNull(),
};
/** Items whose owner column is a uuid, as in every service today. */
const items = reading.table('items', { ...itemColumns, ownerId: uuid('owner_id').notNull() });
/** The same items with a text owner column, which `readableBy` compares as text. */
const textItems = reading.table('text_items', {
  ...itemColumns,
  ownerId: text('owner_id').notNull(),
});
const memberships = circleMembershipsTable(reading);

const statements = [
  `create schema ${SCHEMA}`,
  `create table ${SCHEMA}.items (id text primary key, owner_id uuid not null,
     audience text not null, deleted boolean not null, moderation text not null)`,
  `create table ${SCHEMA}.text_items (id text primary key, owner_id text not null,
     audience text not null, deleted boolean not null, moderation text not null)`,
  `create table ${SCHEMA}.circle_memberships (owner_id uuid not null, member_id uuid not null,
     in_circle boolean not null, changed_at timestamptz not null,
     primary key (owner_id, member_id))`,
  `create index circle_memberships_member_idx
     on ${SCHEMA}.circle_memberships (member_id, owner_id) where in_circle`,
  `create table ${SCHEMA}.removed_members (member_key text primary key,
     removed_at timestamptz not null default now())`,
];

const at = (day: number) => new Date(Date.UTC(2026, 10, day));

// --- The table of cases ---------------------------------------------------------------------

const readers = [
  'guest',
  'outsider',
  'inAnotherCircle',
  'circleMember',
  'removedMember',
  'owner',
] as const;
type ReaderName = (typeof readers)[number];

type Case = {
  id: string;
  audience: Audience;
  deleted: boolean;
  moderation: ModerationState;
  readers: ReaderName[];
};
const visible = (item: Omit<Case, 'moderation'>): Case => ({ ...item, moderation: 'visible' });

/** Each item of the owner's (by id, in id order), and who may read it. */
const cases: Case[] = [
  visible({ id: 'circle', audience: 'circle', deleted: false, readers: ['circleMember', 'owner'] }),
  // Gone: nobody, whatever its audience said.
  visible({ id: 'deletedCircle', audience: 'circle', deleted: true, readers: [] }),
  visible({ id: 'deletedPublic', audience: 'public', deleted: true, readers: [] }),
  // Held by moderation or removed (issue 35): its owner alone, whatever its audience said; gone
  // from everyone once deleted.
  {
    id: 'heldCircle',
    audience: 'circle',
    deleted: false,
    moderation: 'held',
    readers: ['owner'],
  },
  { id: 'heldPublic', audience: 'public', deleted: false, moderation: 'held', readers: ['owner'] },
  visible({
    id: 'members',
    audience: 'members',
    deleted: false,
    readers: ['outsider', 'inAnotherCircle', 'circleMember', 'removedMember', 'owner'],
  }),
  visible({ id: 'private', audience: 'private', deleted: false, readers: ['owner'] }),
  visible({ id: 'public', audience: 'public', deleted: false, readers: [...readers] }),
  {
    id: 'removedDeleted',
    audience: 'public',
    deleted: true,
    moderation: 'removed',
    readers: [],
  },
  {
    id: 'removedMembers',
    audience: 'members',
    deleted: false,
    moderation: 'removed',
    readers: ['owner'],
  },
];
const readableItems = (reader: ReaderName) =>
  cases.filter((item) => item.readers.includes(reader)).map((item) => item.id);

describe.each(['PostgreSQL', 'PGlite'] as const)('on %s', (kind) => {
  let dropDatabase: (() => Promise<void>) | undefined;
  let handle: DatabaseHandle;
  let db: Db;
  let store: CircleMembershipStore;

  beforeAll(async () => {
    if (kind === 'PostgreSQL') {
      const database = await createTestDatabase();
      dropDatabase = () => database.drop();
      handle = await openDatabase({ url: database.url, poolSize: 2 });
    } else
      handle = await openDatabase({
        dataDir: 'memory://',
        template: process.env['PGLITE_TEMPLATE'],
      });
    db = handle.db;
    for (const statement of statements) await db.execute(sql.raw(statement));
    store = new CircleMembershipStore(db, SCHEMA);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await handle?.close();
    await dropDatabase?.();
  });

  describe('the audience rule, in TypeScript and in SQL', () => {
    const owner = randomUUID();
    const anotherOwner = randomUUID();
    const ids: Record<ReaderName, string | null> = {
      guest: null,
      outsider: randomUUID(),
      inAnotherCircle: randomUUID(),
      circleMember: randomUUID(),
      removedMember: randomUUID(),
      owner,
    };
    const idOf = (reader: ReaderName) => ids[reader] ?? null;

    beforeAll(async () => {
      const rows = cases.map(({ id, audience, deleted, moderation }) => ({
        id,
        ownerId: owner,
        audience,
        deleted,
        moderation,
      }));
      await db.insert(items).values(rows);
      await db.insert(textItems).values(rows);
      const member = (ownerId: string, reader: ReaderName, inCircle: boolean, day: number) =>
        store.apply({ ownerId, memberId: idOf(reader) ?? '', inCircle, occurredAt: at(day) });
      await member(owner, 'circleMember', true, 1);
      await member(owner, 'removedMember', true, 1);
      await member(owner, 'removedMember', false, 2);
      // In a circle, but not the owner's: a membership must be the item owner's to count.
      await member(anotherOwner, 'inAnotherCircle', true, 1);
    });

    /** The TypeScript rule, told whether the reader is in the owner's circle by the store. */
    const byTypeScript = async (reader: ReaderName) => {
      const id = idOf(reader);
      const inCircle = id !== null && (await store.inCircleOf(owner, id));
      const audienceReader: AudienceReader = { id, inCircle };
      return cases
        .filter((item) => mayReadAudience({ ownerId: owner, ...item }, audienceReader))
        .map((item) => item.id);
    };

    /** The SQL rule, as a list statement over `table` would use it. */
    const bySql = async (table: typeof items | typeof textItems, readerId: string | null) => {
      const rows = await db
        .select({ id: table.id })
        .from(table)
        .where(
          readableBy({
            ownerColumn: table.ownerId,
            audienceColumn: table.audience,
            deletedColumn: table.deleted,
            moderationColumn: table.moderation,
            readerId,
            schema: SCHEMA,
          }),
        )
        .orderBy(asc(table.id));
      return rows.map((row) => row.id);
    };

    /** The SQL rule in a prepared statement, the reader a placeholder (bound null for a guest). */
    const byPreparedSql = async (readerId: string | null) => {
      const rows = await db
        .select({ id: items.id })
        .from(items)
        .where(
          readableBy({
            ownerColumn: items.ownerId,
            audienceColumn: items.audience,
            deletedColumn: items.deleted,
            moderationColumn: items.moderation,
            readerId: sql.placeholder('reader'),
            schema: SCHEMA,
          }),
        )
        .orderBy(asc(items.id))
        .prepare('readable_items')
        .execute({ reader: readerId });
      return rows.map((row) => row.id);
    };

    it.each(readers)('%s: both rules read what the table says', async (reader) => {
      const expected = readableItems(reader);
      const id = idOf(reader);
      expect(await byTypeScript(reader)).toEqual(expected);
      expect(await bySql(items, id)).toEqual(expected);
      expect(await bySql(textItems, id)).toEqual(expected);
      expect(await byPreparedSql(id)).toEqual(expected);
    });

    it('combines with other conditions: the fragment is one parenthesised condition', async () => {
      const rows = await db
        .select({ id: items.id })
        .from(items)
        .where(
          sql`${items.audience} = 'private' and ${readableBy({
            ownerColumn: items.ownerId,
            audienceColumn: items.audience,
            readerId: idOf('outsider'),
            schema: SCHEMA,
          })}`,
        );
      // Unparenthesised, `private and public or (… members …)` would let the members' items in.
      expect(rows).toEqual([]);
    });

    it('refuses a reader id that is not a member id, and an owner column of another type', () => {
      const options = {
        ownerColumn: items.ownerId,
        audienceColumn: items.audience,
        schema: SCHEMA,
      };
      expect(() => readableBy({ ...options, readerId: 'x' })).toThrow(/not a member id/);
      expect(() => readableBy({ ...options, ownerColumn: items.deleted, readerId: owner })).toThrow(
        /of type boolean/,
      );
    });
  });

  describe(CircleMembershipStore.name, () => {
    const rowsOf = (ownerId: string) =>
      db
        .select({ memberId: memberships.memberId, inCircle: memberships.inCircle })
        .from(memberships)
        .where(sql`${memberships.ownerId} = ${ownerId}::uuid`);

    it('applies events by their time, whatever order they arrive in', async () => {
      const [owner, early, late] = [randomUUID(), randomUUID(), randomUUID()];
      // Removed at 2, then the earlier add arrives: stays removed.
      await store.apply({ ownerId: owner, memberId: early, inCircle: false, occurredAt: at(2) });
      await store.apply({ ownerId: owner, memberId: early, inCircle: true, occurredAt: at(1) });
      // Added at 1, removed at 2, added again at 3: in.
      await store.apply({ ownerId: owner, memberId: late, inCircle: true, occurredAt: at(1) });
      await store.apply({ ownerId: owner, memberId: late, inCircle: false, occurredAt: at(2) });
      expect(await store.inCircleOf(owner, late)).toBe(false);
      await store.apply({ ownerId: owner, memberId: late, inCircle: true, occurredAt: at(3) });

      expect(await store.inCircleOf(owner, early)).toBe(false);
      expect(await store.inCircleOf(owner, late)).toBe(true);
      // Membership has a direction: the owner is not in the member's circle.
      expect(await store.inCircleOf(late, owner)).toBe(false);
    });

    it('writes nothing about a member who left, owner or member, however late', async () => {
      const [owner, departed, departedOwner] = [randomUUID(), randomUUID(), randomUUID()];
      await store.removeMember(departed);
      await store.removeMember(departedOwner);
      await store.apply({ ownerId: owner, memberId: departed, inCircle: true, occurredAt: at(9) });
      await store.apply({
        ownerId: departedOwner,
        memberId: owner,
        inCircle: true,
        occurredAt: at(9),
      });

      expect(await rowsOf(owner)).toEqual([]);
      expect(await rowsOf(departedOwner)).toEqual([]);
    });

    it('takes away a row still naming a member who left, written while they were leaving', async () => {
      const [owner, member] = [randomUUID(), randomUUID()];
      // As a departure racing an event leaves it: the digest is there, the row too.
      await db.insert(memberships).values({
        ownerId: owner,
        memberId: member,
        inCircle: true,
        changedAt: at(1),
      });
      await db.execute(sql`
        insert into ${sql.identifier(SCHEMA)}.removed_members (member_key)
        values (${removedMemberKey(member)})`);

      await store.apply({ ownerId: owner, memberId: member, inCircle: true, occurredAt: at(2) });

      expect(await rowsOf(owner)).toEqual([]);
    });

    it('removeMember clears their circle and their places in others’, and only those', async () => {
      const [leaving, theirs, host, hostsOther] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await store.apply({ ownerId: leaving, memberId: theirs, inCircle: true, occurredAt: at(1) });
      await store.apply({ ownerId: host, memberId: leaving, inCircle: true, occurredAt: at(1) });
      await store.apply({ ownerId: host, memberId: hostsOther, inCircle: true, occurredAt: at(1) });

      await store.removeMember(leaving);
      await store.removeMember(leaving);

      expect(await rowsOf(leaving)).toEqual([]);
      expect(await rowsOf(host)).toEqual([{ memberId: hostsOther, inCircle: true }]);
      expect(await store.circlesOf(leaving)).toEqual([]);
      expect(await store.inCircleOf(host, hostsOther)).toBe(true);
    });

    it('circlesOf: the owners whose circles one is in now, in id order', async () => {
      const member = randomUUID();
      const owners = [randomUUID(), randomUUID(), randomUUID()];
      for (const ownerId of owners)
        await store.apply({ ownerId, memberId: member, inCircle: true, occurredAt: at(1) });
      const [left] = owners;
      await store.apply({
        ownerId: left ?? '',
        memberId: member,
        inCircle: false,
        occurredAt: at(2),
      });

      expect(await store.circlesOf(member)).toEqual(owners.slice(1).sort());
      expect(await store.circlesOf(randomUUID())).toEqual([]);
    });

    it('circlesAmong: of the owners asked about, those whose circles one is in now', async () => {
      const member = randomUUID();
      const [inIt, removedFrom, notIn, someoneElses] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await store.apply({ ownerId: inIt, memberId: member, inCircle: true, occurredAt: at(1) });
      await store.apply({
        ownerId: removedFrom,
        memberId: member,
        inCircle: true,
        occurredAt: at(1),
      });
      await store.apply({
        ownerId: removedFrom,
        memberId: member,
        inCircle: false,
        occurredAt: at(2),
      });
      await store.apply({
        ownerId: someoneElses,
        memberId: randomUUID(),
        inCircle: true,
        occurredAt: at(1),
      });

      const asked = [inIt, removedFrom, notIn, someoneElses, inIt, 'not-an-id'];
      expect(await store.circlesAmong(member, asked)).toEqual(new Set([inIt]));
      expect(await store.circlesAmong(member, [])).toEqual(new Set());
      expect(await store.circlesAmong('not-an-id', [inIt])).toEqual(new Set());
      // Membership has a direction: the owner is in nobody's circle by having one.
      expect(await store.circlesAmong(inIt, [member])).toEqual(new Set());
    });

    it('ignores ids that are not members’ and an owner in their own circle', async () => {
      const owner = randomUUID();
      await store.apply({ ownerId: owner, memberId: 'someone', inCircle: true, occurredAt: at(1) });
      await store.apply({ ownerId: owner, memberId: owner, inCircle: true, occurredAt: at(1) });

      expect(await rowsOf(owner)).toEqual([]);
      expect(await store.inCircleOf(owner, 'someone')).toBe(false);
      expect(await store.circlesOf(owner)).toEqual([]);
    });
  });
});
