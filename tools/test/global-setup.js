// Gives the whole test run one id, so every database and Redis prefix it makes
// can be told apart from another run's (and cleaned up by global-teardown).
const { randomBytes } = require('node:crypto');
const { execFileSync } = require('node:child_process');
const { existsSync } = require('node:fs');

module.exports = async function globalSetup() {
  // ./.data is the developer's own npm start data: no test may write there (global-teardown
  // fails the run if a test made it). Where it already exists, nothing can be told apart.
  globalThis.__mepediaDataDirAbsent = !existsSync(`${__dirname}/../../.data`);
  if (!process.env.MEPEDIA_TEST_RUN) {
    process.env.MEPEDIA_TEST_RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  }
  // Every in-memory PGlite of the run (in the tests and in the processes they start) starts from
  // one copy of an empty data directory instead of running initdb: seconds each, hundreds of
  // them (libs/server/database/src/pglite-template.ts). Kept with the installed packages.
  process.env.PGLITE_TEMPLATE ??= `${__dirname}/../../node_modules/.cache/mepedia/pglite`;
  // End-to-end tests start the compiled processes; build once per run (swc, well under a second).
  // Not under Nx: there a test target depends on the builds of what it starts, and a build
  // here would rewrite dist/ under the processes of tasks running beside it.
  if (!globalThis.__mepediaBuilt && !process.env.NX_TASK_TARGET_PROJECT) {
    execFileSync(process.execPath, ['tools/build.mjs'], {
      cwd: `${__dirname}/../..`,
      stdio: 'ignore',
    });
    globalThis.__mepediaBuilt = true;
  }
};
