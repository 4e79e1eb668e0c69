import {
  newId,
  openDatabase,
  runMigrations,
  type DatabaseHandle,
  type MigrationTarget,
} from '@mepedia/server-database';
import { createTestDatabase, migrationsBefore } from '@mepedia/server-testing';

/**
 * The engines a service runs on: PostgreSQL (production and `npm run services`) and embedded
 * PGlite (the standalone process). A service's integration suite runs on each.
 */
export const TEST_ENGINES = ['postgres', 'pglite'] as const;
export type TestEngine = (typeof TEST_ENGINES)[number];

/** What a suite says in its name: "on PostgreSQL", "on PGlite". */
export const ENGINE_NAMES: Record<TestEngine, string> = {
  postgres: 'PostgreSQL',
  pglite: 'PGlite',
};

export type TestDatabase = {
  engine: TestEngine;
  handle: DatabaseHandle;
  /** The rows one SQL statement answers, on either engine (arranging or checking state). */
  query: <T = Record<string, unknown>>(text: string, params?: unknown[]) => Promise<T[]>;
  /** The `n` of the first row: for `select count(*)::int as n …`. */
  count: (text: string, params?: unknown[]) => Promise<number>;
  /** Closes the handle; a PostgreSQL database is dropped too. */
  close: () => Promise<void>;
};

/** The engines of the databases this test file has opened, each as its server named itself. */
const opened: TestEngine[] = [];

/**
 * A throw-away database of this test file's own: a fresh PostgreSQL database named after the
 * run (`createTestDatabase`), or an in-memory PGlite.
 */
export async function openTestDatabase(
  engine: TestEngine,
  { poolSize = 10 }: { poolSize?: number } = {},
): Promise<TestDatabase> {
  let handle: DatabaseHandle;
  let drop = async (): Promise<void> => undefined;
  if (engine === 'pglite') {
    handle = await openDatabase({ dataDir: 'memory://', template: process.env['PGLITE_TEMPLATE'] });
  } else {
    const database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize });
    drop = () => database.drop();
  }
  const query = async <T>(text: string, params: unknown[] = []): Promise<T[]> =>
    handle.kind === 'pglite'
      ? (await handle.pglite.query<T>(text, params, { parsers: handle.rawParsers })).rows
      : ((await handle.pool.query(text, params)).rows as T[]);
  const database: TestDatabase = {
    engine,
    handle,
    query,
    count: async (text, params) => (await query<{ n: number }>(text, params))[0]?.n ?? 0,
    close: async () => {
      await handle.close();
      await drop();
    },
  };
  opened.push(await engineBehind(database));
  return database;
}

/**
 * The engine that answers `database`'s queries, as the server names itself (`version()`: PGlite
 * says "PGlite" in it): a suite checks with it that its "on PGlite" run is not on PostgreSQL
 * after all, and that the app's rows are in that database.
 */
export async function engineBehind(database: TestDatabase): Promise<TestEngine> {
  const [row] = await database.query<{ version: string }>('select version() as version');
  return /\bPGlite\b/.test(row?.version ?? '') ? 'pglite' : 'postgres';
}

/** The id of a post (or answer) made a moment ago: one never announced is taken on trust. */
export const newPostId = (): string => newId();

/**
 * One suite, run on every engine in turn (in one test file: the modules load once): `suite` is
 * called inside `describe(`${title} on PostgreSQL`)`, then `… on PGlite`. Run one engine with
 * jest's `-t 'on PGlite'`. Each run ends with a test that fails unless it opened a database and
 * every database it opened (`openTestDatabase`, `startTestService`) is of its engine, as the
 * server names itself: a suite that forgets to pass `engine` on, even to one of its databases,
 * fails on PGlite.
 */
export function describeEachEngine(title: string, suite: (engine: TestEngine) => void): void {
  for (const engine of TEST_ENGINES)
    describe(`${title} on ${ENGINE_NAMES[engine]}`, () => {
      let before = 0;
      beforeAll(() => {
        before = opened.length;
      });
      suite(engine);
      it(`opened its databases on ${ENGINE_NAMES[engine]}`, () => {
        const mine = opened.slice(before);
        expect(mine.length).toBeGreaterThan(0);
        expect(mine.filter((one) => one !== engine)).toEqual([]);
      });
    });
}

/**
 * An upgrade as a deployment lives it, on `engine`: a fresh database migrated as an older release
 * left it (`migrations`' SQL before `tag`, without today's data work), rows written by `seed` as
 * that release wrote them, then migrated to the latest (data work included) and handed to
 * `check`. The copy of the older migrations and the database go afterwards, whatever happened.
 */
export async function upgradeAcross(
  engine: TestEngine,
  migrations: MigrationTarget,
  tag: string,
  seed: (sql: TestDatabase['query']) => Promise<unknown>,
  check: (sql: TestDatabase['query']) => Promise<void>,
): Promise<void> {
  const database = await openTestDatabase(engine, { poolSize: 2 });
  const before = migrationsBefore(migrations.folder, tag);
  try {
    await runMigrations(database.handle, { schema: migrations.schema, folder: before.folder });
    await seed(database.query);
    await runMigrations(database.handle, migrations);
    await check(database.query);
  } finally {
    before.remove();
    await database.close();
  }
}
