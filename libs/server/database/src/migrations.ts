import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { Db, DatabaseHandle } from './database';

export type MigrationTarget = {
  /** The service's Postgres schema. Its migration journal lives in `<schema>_migrations`. */
  schema: string;
  /** Folder of generated SQL migrations (drizzle-kit output). */
  folder: string;
  /**
   * Data work SQL cannot do, in TypeScript (posts: stored content cleaned again under a newer
   * sanitizer policy), after the SQL migrations and under the same lock. It runs with every
   * migration (each start and the migrations Job), so it must be idempotent and cheap when there
   * is nothing left to do.
   */
  afterMigrations?: (db: Db) => Promise<void>;
};

/**
 * One stable signed 64-bit key for the whole database, not one per schema: migrations also
 * create database-wide objects (`CREATE EXTENSION IF NOT EXISTS pg_trgm` in users and posts),
 * and two of those at once fail on the catalogue's unique index. Services sharing a database
 * so migrate one at a time (each in milliseconds); replicas of one service, as before.
 */
export const MIGRATION_LOCK_KEY: string = createHash('sha256')
  .update('mepedia:migrate')
  .digest()
  .readBigInt64BE(0)
  .toString();

/**
 * Apply a service's migrations. Several replicas, and several services sharing a database, may
 * start at once: the advisory lock makes them take turns, and the journal makes the later ones
 * no-ops. A migration that fails throws; the service does not start half-migrated.
 */
export async function runMigrations(
  handle: DatabaseHandle,
  target: MigrationTarget,
): Promise<void> {
  if (!existsSync(target.folder)) {
    throw new Error(`Migrations folder not found: ${target.folder}`);
  }
  const config = {
    migrationsFolder: target.folder,
    // Not the service schema itself: the first migration creates that one.
    migrationsSchema: `${target.schema}_migrations`,
    migrationsTable: 'journal',
  };
  if (handle.kind === 'pglite') {
    // One connection in one process: nothing to race with.
    await migratePglite(drizzlePglite({ client: handle.pglite }), config);
    await target.afterMigrations?.(handle.db);
    return;
  }
  const client = await handle.pool.connect();
  const key = MIGRATION_LOCK_KEY;
  try {
    await client.query('select pg_advisory_lock($1::bigint)', [key]);
    try {
      const locked = drizzleNodePg({ client });
      await migrateNodePg(locked, config);
      // On the connection that holds the lock: the migrations Job's pool has only that one.
      await target.afterMigrations?.(locked);
    } finally {
      await client.query('select pg_advisory_unlock($1::bigint)', [key]);
    }
  } finally {
    client.release();
  }
}
