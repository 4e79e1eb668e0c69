import { join } from 'node:path';
import { createTestDatabase, SETUP_TIMEOUT_MS, withClient } from '@mepedia/server-testing';
import { sql } from 'drizzle-orm';
import { openDatabase, type Db } from '../src/database';
import { MIGRATION_LOCK_KEY, runMigrations } from '../src/migrations';

const fixtures = join(__dirname, 'fixtures');

describe(runMigrations.name, () => {
  it('lets replicas starting together apply each migration exactly once', async () => {
    const database = await createTestDatabase();
    const replicas = await Promise.all(
      [1, 2, 3].map(() => openDatabase({ url: database.url, poolSize: 2 })),
    );
    try {
      await Promise.all(
        replicas.map((handle) =>
          runMigrations(handle, { schema: 'fixture', folder: join(fixtures, 'good') }),
        ),
      );
      await withClient(database.url, async (client) => {
        const journal = await client.query('select hash from fixture_migrations.journal');
        expect(journal.rowCount).toBe(2);
        const columns = await client.query(
          "select column_name from information_schema.columns where table_schema = 'fixture' and table_name = 'things' order by ordinal_position",
        );
        expect(columns.rows.map((row: { column_name: string }) => row.column_name)).toEqual([
          'id',
          'name',
        ]);
      });
    } finally {
      await Promise.all(replicas.map((handle) => handle.close()));
      await database.drop();
    }
  });

  it('makes services sharing a database take turns, so database-wide objects never race', async () => {
    // users and posts both create the pg_trgm extension, a database-wide object: two services
    // migrating at once raced on it. Every schema's migrations now wait for the one lock.
    const database = await createTestDatabase();
    const handle = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      await withClient(database.url, async (holder) => {
        await holder.query('select pg_advisory_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
        let done = false;
        const migrating = runMigrations(handle, {
          schema: 'quick_second',
          folder: join(fixtures, 'quick-second'),
        }).then(() => (done = true));
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(done).toBe(false);
        await holder.query('select pg_advisory_unlock($1::bigint)', [MIGRATION_LOCK_KEY]);
        await migrating;
        expect(done).toBe(true);
      });
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('runs the data work after the SQL migrations, under the lock, on a one-connection pool', async () => {
    // The migrations Job opens a pool of one: the data work must use the connection holding the
    // lock, or it would wait for itself.
    const database = await createTestDatabase();
    const handle = await openDatabase({ url: database.url, poolSize: 1 });
    try {
      const seen: string[] = [];
      const target = {
        schema: 'fixture',
        folder: join(fixtures, 'good'),
        afterMigrations: async (db: Db) => {
          // The driver-independent Db does not know the row type: asserted from the select.
          const answer: unknown = await db.execute(
            sql`select exists (select 1 from pg_locks where locktype = 'advisory'
                  and pid = pg_backend_pid()) as locked,
                (select column_name from information_schema.columns
                  where table_schema = 'fixture' and table_name = 'things' and column_name = 'name')
                  as name`,
          );
          const { rows } = answer as { rows: Array<{ locked: boolean; name: string | null }> };
          seen.push(`${rows[0]?.locked} ${rows[0]?.name}`);
        },
      };
      await runMigrations(handle, target);
      await runMigrations(handle, target);
      expect(seen).toEqual(['true name', 'true name']);
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('fails loudly on a broken migration and applies none of that batch', async () => {
    const database = await createTestDatabase();
    const handle = await openDatabase({ url: database.url });
    try {
      await expect(
        runMigrations(handle, { schema: 'fixture', folder: join(fixtures, 'broken') }),
      ).rejects.toThrow();
      await withClient(database.url, async (client) => {
        const schemas = await client.query(
          "select 1 from information_schema.schemata where schema_name = 'fixture'",
        );
        expect(schemas.rowCount).toBe(0);
      });
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it('refuses a missing migrations folder', async () => {
    const database = await createTestDatabase();
    const handle = await openDatabase({ url: database.url });
    try {
      await expect(
        runMigrations(handle, { schema: 'fixture', folder: join(fixtures, 'nope') }),
      ).rejects.toThrow('Migrations folder not found');
    } finally {
      await handle.close();
      await database.drop();
    }
  });

  it(
    'applies migrations on embedded PGlite too',
    async () => {
      // PGlite's first open runs initdb: seconds on an idle machine, over ten on a busy one.
      const handle = await openDatabase({
        dataDir: 'memory://',
        template: process.env['PGLITE_TEMPLATE'],
      });
      try {
        if (handle.kind !== 'pglite') throw new Error('PGlite expected without a URL');
        await runMigrations(handle, { schema: 'fixture', folder: join(fixtures, 'good') });
        await runMigrations(handle, { schema: 'fixture', folder: join(fixtures, 'good') });
        const journal = await handle.pglite.query('select hash from fixture_migrations.journal');
        expect(journal.rows).toHaveLength(2);
      } finally {
        await handle.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
