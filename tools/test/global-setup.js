// Gives the whole test run one id, so every database and Redis prefix it makes
// can be told apart from another run's (and cleaned up by global-teardown).
const { randomBytes } = require('node:crypto');
const { execFileSync } = require('node:child_process');

module.exports = async function globalSetup() {
  if (!process.env.MEPEDIA_TEST_RUN) {
    process.env.MEPEDIA_TEST_RUN = `${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
  }
  // End-to-end tests start the compiled processes; build once per run (swc, well under a second).
  if (!globalThis.__mepediaBuilt) {
    execFileSync(process.execPath, ['tools/build.mjs'], {
      cwd: `${__dirname}/../..`,
      stdio: 'ignore',
    });
    globalThis.__mepediaBuilt = true;
  }
};
