import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite, type Extension } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { Pool } from 'pg';

/** The query API every repository is written against; both drivers provide it. */
export type Db = PgDatabase<PgQueryResultHKT>;

// The package's "types" condition points CommonJS callers at ESM typings, so TypeScript
// refuses the import; its "require" build is fine at run time.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { pg_trgm } = require('@electric-sql/pglite/contrib/pg_trgm') as { pg_trgm: Extension };

export type DatabaseHandle =
  | { kind: 'postgres'; db: Db; pool: Pool; ping(): Promise<void>; close(): Promise<void> }
  | { kind: 'pglite'; db: Db; pglite: PGlite; ping(): Promise<void>; close(): Promise<void> };

export type DatabaseOptions = {
  /** PostgreSQL URL. Without one, embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or `memory://` for a throw-away database. */
  dataDir?: string | undefined;
  poolSize?: number | undefined;
  applicationName?: string | undefined;
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
  const pglite = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzlePglite({ client: pglite }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    pglite,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pglite.close(),
  };
}
