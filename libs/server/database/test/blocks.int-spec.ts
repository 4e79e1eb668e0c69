import { randomUUID } from 'node:crypto';
import { createTestDatabase, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { asc, sql } from 'drizzle-orm';
import { pgSchema, text, uuid } from 'drizzle-orm/pg-core';
import { BlockStore, notBlocked, notMuted } from '../src/blocks';
import { openDatabase, type DatabaseHandle } from '../src/database';
import { removedMemberKey } from '../src/ids';

// Blocks and mutes (issue 35): the store applies words by their time whatever order they come
// in, keeps nothing about a member who left, and the SQL fragments leave out, in the statement
// that reads, what a block (either way) or the reader's mute hides.

const SCHEMA = 'blocking';
const stories = pgSchema(SCHEMA).table('stories', {
  id: text('id').primaryKey(),
  authorId: uuid('author_id').notNull(),
});

const statements = [
  `create schema ${SCHEMA}`,
  `create table ${SCHEMA}.member_blocks (blocker_id uuid not null, blocked_id uuid not null,
     kind text not null, active boolean not null, changed_at timestamptz not null,
     primary key (blocker_id, blocked_id, kind))`,
  `create index member_blocks_blocked_idx on ${SCHEMA}.member_blocks (blocked_id, blocker_id)
     where active and kind = 'block'`,
  `create table ${SCHEMA}.removed_members (member_key text primary key,
     removed_at timestamptz not null default now())`,
  `create table ${SCHEMA}.stories (id text primary key, author_id uuid not null)`,
];

const at = (minute: number) => new Date(Date.UTC(2026, 10, 27, 12, minute));

describe.each(['PostgreSQL', 'PGlite'] as const)('blocks on %s', (kind) => {
  let dropDatabase: (() => Promise<void>) | undefined;
  let handle: DatabaseHandle;
  let store: BlockStore;

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
    for (const statement of statements) await handle.db.execute(sql.raw(statement));
    store = new BlockStore(handle.db, SCHEMA);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await handle?.close();
    await dropDatabase?.();
  });

  const word = (
    blockerId: string,
    blockedId: string,
    active: boolean,
    minute: number,
    k: 'block' | 'mute' = 'block',
  ) => store.apply({ blockerId, blockedId, kind: k, active, occurredAt: at(minute) });

  it('applies words by their time, whatever order they come in, and says when one changed something', async () => {
    const [noa, dan] = [randomUUID(), randomUUID()];
    expect(await word(noa, dan, true, 1)).toBe(true);
    expect(await word(noa, dan, true, 2)).toBe(false); // the same again: no change
    expect(await word(noa, dan, false, 5)).toBe(true);
    // An older block delivered after the newer unblock changes nothing.
    expect(await word(noa, dan, true, 3)).toBe(false);
    expect(await store.stateOf(noa, dan)).toEqual({ blocked: false, muted: false });
    // Nor does a newer repeat of an old word get overtaken by an older opposite one.
    expect(await word(noa, dan, true, 10)).toBe(true);
    expect(await word(noa, dan, true, 12)).toBe(false);
    expect(await word(noa, dan, false, 11)).toBe(false);
    expect(await store.stateOf(noa, dan)).toEqual({ blocked: true, muted: false });
    expect(await store.eitherBlocks(noa, dan)).toBe(true);
    expect(await store.eitherBlocks(dan, noa)).toBe(true);
  });

  it('keeps blocks and mutes apart, lists and counts the current ones newest first', async () => {
    const [me, a, b, c] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    await word(me, a, true, 1);
    await word(me, b, true, 2);
    await word(me, c, true, 3, 'mute');
    await word(me, a, false, 4);
    expect((await store.listOf(me, 'block')).map((row) => row.userId)).toEqual([b]);
    expect((await store.listOf(me, 'mute')).map((row) => row.userId)).toEqual([c]);
    expect(await store.countOf(me, 'block')).toBe(1);
    expect(await store.stateOf(me, c)).toEqual({ blocked: false, muted: true });
    expect(await store.eitherBlocks(me, c)).toBe(false);
  });

  it('writes nothing about a member who left, oneself, or ids that are not members’', async () => {
    const [gone, other] = [randomUUID(), randomUUID()];
    await word(gone, other, true, 1);
    await handle.db.execute(
      sql`insert into ${sql.identifier(SCHEMA)}.removed_members (member_key) values (${removedMemberKey(gone)})`,
    );
    await store.removeMember(gone);
    expect(await word(gone, other, true, 2)).toBe(false);
    expect(await word(other, gone, true, 3)).toBe(false);
    expect(await word(other, other, true, 4)).toBe(false);
    expect(await word('not-a-member', other, true, 5)).toBe(false);
    const result: unknown = await handle.db.execute(
      sql`select count(*)::int as count from ${sql.identifier(SCHEMA)}.member_blocks where blocker_id = ${other}::uuid or blocked_id = ${other}::uuid`,
    );
    const [counted] = (result as { rows: Array<{ count: number }> }).rows;
    expect(counted?.count).toBe(0);
  });

  it('leaves out, in the statement that reads, what a block either way or the reader’s own mute hides', async () => {
    const [reader, blocked, blocker, muted, plain] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await word(reader, blocked, true, 1);
    await word(blocker, reader, true, 1);
    await word(reader, muted, true, 1, 'mute');
    await handle.db.insert(stories).values([
      { id: 'a-blocked', authorId: blocked },
      { id: 'b-blocker', authorId: blocker },
      { id: 'c-muted', authorId: muted },
      { id: 'd-plain', authorId: plain },
    ]);
    const read = async (readerId: string | null, mutes: boolean) => {
      const conditions = [notBlocked({ memberColumn: stories.authorId, readerId, schema: SCHEMA })];
      if (mutes)
        conditions.push(notMuted({ memberColumn: stories.authorId, readerId, schema: SCHEMA }));
      const rows = await handle.db
        .select({ id: stories.id })
        .from(stories)
        .where(sql.join(conditions, sql` and `))
        .orderBy(asc(stories.id));
      return rows.map((row) => row.id);
    };
    expect(await read(reader, false)).toEqual(['c-muted', 'd-plain']);
    expect(await read(reader, true)).toEqual(['d-plain']);
    // The blocked and the blocker do not see the reader's either; a guest sees all.
    expect(await read(null, true)).toEqual(['a-blocked', 'b-blocker', 'c-muted', 'd-plain']);
    expect(() =>
      notBlocked({ memberColumn: stories.authorId, readerId: 'x', schema: SCHEMA }),
    ).toThrow();
  });
});
