import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const ADMIN_DATABASE_URL =
  process.env['TEST_DATABASE_ADMIN_URL'] ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export function testRunId(): string {
  return process.env['MEPEDIA_TEST_RUN'] ?? 'local';
}

/**
 * A fresh PostgreSQL database for one test file, named after the test run
 * (`mp_<run>_<random>`), so parallel files and parallel runs never share data.
 */
export async function createTestDatabase(): Promise<{
  url: string;
  name: string;
  drop(): Promise<void>;
}> {
  const name = `mp_${testRunId()}_${randomBytes(4).toString('hex')}`.toLowerCase();
  const admin = new Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      const client = new Client({ connectionString: ADMIN_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

/** Run SQL against a test database (for arranging state no API offers yet). */
export async function withClient<T>(url: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
