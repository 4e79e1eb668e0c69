// Drops whatever this run's tests left behind: databases named mp_<run>_*.
const { Client } = require('pg');

module.exports = async function globalTeardown() {
  const run = process.env.MEPEDIA_TEST_RUN;
  if (!run) return;
  const client = new Client({
    connectionString:
      process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  });
  try {
    await client.connect();
    const { rows } = await client.query('select datname from pg_database where datname like $1', [
      `mp_${run}_%`,
    ]);
    for (const { datname } of rows)
      await client.query(`drop database if exists "${datname}" with (force)`);
  } catch {
    // No server, nothing to clean.
  } finally {
    await client.end().catch(() => undefined);
  }
};
