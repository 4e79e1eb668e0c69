// Drops whatever this run's tests left behind (databases named mp_<run>_*), and fails the run if a
// test wrote into the developer's ./.data.
const { existsSync } = require('node:fs');
const { Client } = require('pg');

module.exports = async function globalTeardown() {
  await dropDatabases();
  // A test that started npm start's process without a DATA_DIR of its own wrote its images (or
  // its PGlite files) into the developer's ./.data: fail the run rather than mix test data into it.
  if (globalThis.__mepediaDataDirAbsent && existsSync(`${__dirname}/../../.data`))
    throw new Error(
      "A test wrote into ./.data (npm start's own data folder): give it a DATA_DIR of its own (mkdtemp) or memory://",
    );
};

async function dropDatabases() {
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
}
