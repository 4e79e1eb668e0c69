// Which statements a page costs npm start's PGlite: preloaded into the standalone process, it
// writes each statement PGlite runs (time, rows, SQL) to a file, between two SIGUSR2 signals.
//   npm run build
//   STATEMENTS_LOG=/tmp/statements.log node --import ./tools/bench/pglite-statements.mjs \
//     dist/apps/standalone/src/main.js
//   kill -USR2 <pid>; (load the page once, signed in); kill -USR2 <pid>
// (Through the benches' helpers, NODE_ARGS="--import ./tools/bench/pglite-statements.mjs"; their
// process gets a fixed environment, so the log is pglite-statements.log where it runs.)
// A diagnostic for docs/benchmarks.md ("Budgets"), never loaded by the product. The built
// services load PGlite's CommonJS build, so that is the one patched.
import { appendFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const { PGlite } = createRequire(import.meta.url)('@electric-sql/pglite');
const file = process.env.STATEMENTS_LOG ?? 'pglite-statements.log';
let recording = false;
process.on('SIGUSR2', () => {
  recording = !recording;
  appendFileSync(file, recording ? '--- recording\n' : '--- stopped\n');
});

const query = PGlite.prototype.query;
PGlite.prototype.query = async function timedQuery(sql, params, options) {
  const started = performance.now();
  const result = await query.call(this, sql, params, options);
  if (recording) {
    const ms = (performance.now() - started).toFixed(2);
    appendFileSync(file, `${ms} ms\t${result.rows.length} rows\t${sql.replace(/\s+/g, ' ')}\n`);
  }
  return result;
};
