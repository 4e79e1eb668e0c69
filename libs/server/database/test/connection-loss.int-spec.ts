import { createTestDatabase, withClient } from '@mepedia/server-testing';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../src/database';

/**
 * PostgreSQL ends a connection (a restart, a failover, an administrator) while a transaction
 * holds it between two queries: the server's last word ("terminating connection", 57P01)
 * reaches a client the pool has lent out. The process must live on, the transaction fail, and
 * the pool hand out good connections afterwards. Before the fix the client's 'error' event
 * had no listener and ended the whole service (found by the PostgreSQL-restart drill).
 */
/** The backend's pid a `select pg_backend_pid() as pid` answered (node-postgres rows). */
const pidOf = (result: unknown) =>
  Number((result as { rows: Array<{ pid: number }> }).rows[0]?.pid);

describe('a connection lost inside a transaction', () => {
  it('fails that transaction, keeps the process, and the pool serves the next call', async () => {
    const database = await createTestDatabase();
    const handle = await openDatabase({ url: database.url, poolSize: 2 });
    try {
      let backendPid = 0;
      const transaction = handle.db.transaction(async (tx) => {
        const result: unknown = await tx.execute(sql`select pg_backend_pid() as pid`);
        backendPid = Number(pidOf(result));
        // The transaction is between two queries when its connection is ended.
        await withClient(database.url, async (admin) => {
          await admin.query('select pg_terminate_backend($1)', [backendPid]);
        });
        // Time for the server's FATAL message to reach the idle, lent-out client.
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      await expect(transaction).rejects.toThrow();
      expect(backendPid).toBeGreaterThan(0);

      const again: unknown = await handle.db.execute(sql`select pg_backend_pid() as pid`);
      expect(pidOf(again)).not.toBe(backendPid);
    } finally {
      await handle.close();
      await database.drop();
    }
  });
});
