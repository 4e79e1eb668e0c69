import { sql } from 'drizzle-orm';
import { date, interval, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { openDatabase, type DatabaseHandle } from '../src/database';

// PGlite is handed to drizzle with its dates and times kept as sent, once, rather than with every
// query (database.ts, `drizzleClient`): what drizzle reads must not change, in or out of a
// transaction; a query asking for other parsers still gets them; and a query straight to PGlite
// with `rawParsers` reads dates as PGlite does by itself.

const events = pgTable('events', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  atText: timestamp('at_text', { withTimezone: true, mode: 'string' }).notNull(),
  day: date('day', { mode: 'string' }).notNull(),
  length: interval('length').notNull(),
});

const ID = '0190a1b2-0000-7000-8000-000000000001';
const AT = '2026-11-27T10:30:00.000Z';

let handle: Extract<DatabaseHandle, { kind: 'pglite' }>;

beforeAll(async () => {
  const opened = await openDatabase({ dataDir: 'memory://' });
  if (opened.kind !== 'pglite') throw new Error('expected PGlite');
  handle = opened;
  await handle.db.execute(sql`
    create table events (id uuid primary key, name text not null, at timestamptz not null,
      at_text timestamptz not null, day date not null, length interval not null)`);
  await handle.db.insert(events).values({
    id: ID,
    name: 'harbour',
    at: new Date(AT),
    atText: AT,
    day: '2026-11-27',
    length: '1 day 02:00:00',
  });
}, 60_000);

afterAll(() => handle.close());

describe('PGlite as drizzle is handed it', () => {
  it('reads dates and times as drizzle makes them, in and out of a transaction', async () => {
    const expected = {
      id: ID,
      name: 'harbour',
      at: new Date(AT),
      atText: '2026-11-27 10:30:00+00',
      day: '2026-11-27',
      length: '1 day 02:00:00',
    };
    expect(await handle.db.select().from(events)).toEqual([expected]);
    const inside = await handle.db.transaction((tx) => tx.select().from(events));
    expect(inside).toEqual([expected]);
    // A raw statement through drizzle: the timestamp as Postgres sent it.
    const raw: unknown = await handle.db.execute(sql`select at from events`);
    expect(raw).toMatchObject({ rows: [{ at: '2026-11-27 10:30:00+00' }] });
  });

  it('keeps a transaction whole: a failure inside it takes back what it wrote', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.update(events).set({ name: 'renamed' });
        throw new Error('changed my mind');
      }),
    ).rejects.toThrow('changed my mind');
    const [row] = await handle.db.select({ name: events.name }).from(events);
    expect(row?.name).toBe('harbour');
  });

  it('gives a query its own parsers when it asks for others', async () => {
    const upper = await handle.pglite.query<{ name: string }>('select name from events', [], {
      parsers: { [25]: (value: string) => value.toUpperCase() },
    });
    expect(upper.rows).toEqual([{ name: 'HARBOUR' }]);
  });

  it('reads dates as PGlite does by itself with rawParsers', async () => {
    const result = await handle.pglite.query<{ at: unknown; day: unknown }>(
      'select at, day from events',
      [],
      { parsers: handle.rawParsers },
    );
    expect(result.rows[0]?.at).toEqual(new Date(AT));
    expect(result.rows[0]?.day).toBeInstanceOf(Date);
  });
});
