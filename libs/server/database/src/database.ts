import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  PGlite,
  types,
  type Extension,
  type ParserOptions,
  type PGliteOptions,
} from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';
import { createFromTemplate } from './pglite-template';

/** The query API every repository is written against; both drivers provide it. */
export type Db = PgDatabase<PgQueryResultHKT>;

// The package's "types" condition points CommonJS callers at ESM typings, so TypeScript
// refuses the import; its "require" build is fine at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

export type DatabaseHandle =
  | { kind: 'postgres'; db: Db; pool: Pool; ping(): Promise<void>; close(): Promise<void> }
  | {
      kind: 'pglite';
      db: Db;
      pglite: PGlite;
      /**
       * For a query straight to `pglite` (tests): its dates and times as PGlite reads them by
       * itself, Date objects (the instance keeps them as sent, for drizzle: `drizzleClient`).
       */
      rawParsers: ParserOptions;
      ping(): Promise<void>;
      close(): Promise<void>;
    };

/**
 * The types drizzle asks PGlite to leave as Postgres sends them (it makes its own values where a
 * column says so): timestamps, dates, intervals, numeric arrays and their arrays, as its PGlite
 * session lists them (drizzle-orm/pglite/session.js).
 */
const AS_SENT = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231, // numeric[]
  1115, // timestamp[]
  1185, // timestamptz[]
  1187, // interval[]
  1182, // date[]
] as const;
const asSent = (value: string) => value;
const AS_SENT_TYPES = new Set<number>(AS_SENT);

/** Whether `parsers` (a query's) asks only what the instance does already: each type as sent. */
const known = new WeakSet<ParserOptions>();
function onlyAsSent(parsers: ParserOptions): boolean {
  if (known.has(parsers)) return true;
  const same = Object.entries(parsers).every(
    ([type, parse]: [string, (value: string) => unknown]) =>
      AS_SENT_TYPES.has(Number(type)) &&
      parse('2026-01-01 00:00:00+00') === '2026-01-01 00:00:00+00',
  );
  if (same) known.add(parsers);
  return same;
}

/**
 * PGlite as drizzle is handed it. Drizzle sends the same parsers with every query (dates and
 * times as sent), and PGlite merges a query's parsers into a copy of its whole table (some 400
 * types, array types included) each time: a quarter of a simple statement's time
 * (docs/benchmarks.md, issue 33). The instance keeps those types as sent itself, and a query
 * whose parsers ask nothing more goes without them; any other goes as it is. Transactions too.
 */
function drizzleClient<T extends Pick<PGlite, 'query'>>(target: T): T {
  // Made once per client (a statement asks for `query` each time), not per property read.
  const query = (sql: string, params?: unknown[], options?: Parameters<PGlite['query']>[2]) => {
    if (options?.parsers && onlyAsSent(options.parsers)) {
      const { parsers: _same, ...rest } = options;
      return target.query(sql, params, rest);
    }
    return target.query(sql, params, options);
  };
  const transaction = <R>(
    work: (tx: Parameters<Parameters<PGlite['transaction']>[0]>[0]) => Promise<R>,
  ) => (target as unknown as PGlite).transaction((tx) => work(drizzleClient(tx)));
  return new Proxy(target, {
    get(object, property) {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(object, property, object);
      if (property === 'transaction' && typeof value === 'function') return transaction;
      // PGlite's methods use its private fields: called on the instance itself.
      return typeof value === 'function'
        ? (value as (...args: unknown[]) => unknown).bind(object)
        : value;
    },
  });
}

export type DatabaseOptions = {
  /** PostgreSQL URL. Without one, embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` for a throw-away database. */
  dataDir?: string | undefined;
  poolSize?: number | undefined;
  applicationName?: string | undefined;
  /**
   * A folder where an in-memory PGlite (`memory://`) keeps the dump of an empty data directory
   * and starts from it, skipping initdb (pglite-template.ts): test runs and the browser suite.
   */
  template?: string | undefined;
};

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      application_name: options.applicationName ?? 'mepedia',
      idleTimeoutMillis: 30_000,
      // A request waits this long at most for a connection (all in use, or the server not
      // answering), then fails with 503 rather than hanging while the database is away.
      connectionTimeoutMillis: 5_000,
    });
    // A client losing its connection must not crash the process. The pool listens for errors
    // on its idle clients (and re-emits them here); while a client is checked out (a
    // transaction, between two of its queries) the pool takes its listener off, and an error
    // the server sends then (`57P01`, "terminating connection due to administrator command",
    // as PostgreSQL restarts) would be an unhandled 'error' event that ends the process. Each
    // client keeps a listener of its own: the transaction's next query fails instead (503),
    // and the pool drops the broken client when it is released.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    const db = drizzleNodePg({ client: pool }) as unknown as Db;
    const handle: DatabaseHandle = {
      kind: 'postgres',
      db,
      pool,
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
    await handle.ping();
    return handle;
  }
  const dataDir = options.dataDir ?? './.data';
  const location = dataDir.startsWith('memory://') ? dataDir : resolve(dataDir, 'pglite');
  if (!location.startsWith('memory://')) mkdirSync(location, { recursive: true });
  const create = (pgliteOptions: PGliteOptions) => PGlite.create(location, pgliteOptions);
  const pglite =
    options.template && location.startsWith('memory://')
      ? await createFromTemplate(options.template, { extensions: { pg_trgm } }, create)
      : await create({ extensions: { pg_trgm } });
  // After creation: PGlite sets its array types' parsers as it starts.
  const rawParsers: ParserOptions = {};
  for (const type of AS_SENT) {
    const own = pglite.parsers[type];
    if (own) rawParsers[type] = own;
    pglite.parsers[type] = asSent;
  }
  const db = drizzlePglite({ client: drizzleClient(pglite) }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    rawParsers,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pglite.close(),
  };
}
