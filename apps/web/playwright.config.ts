import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser tests against `npm start`'s process (built first by npm test), in Debian's Chromium.
// Each worker starts its own processes (e2e/fixtures.ts, e2e/site-server.ts): its own port,
// in-memory database and demo seed, so the workers never share a member or a post.
//
// Workers: one per core, at most WORKERS_MAX (E2E_WORKERS overrides: E2E_WORKERS=1 runs the suite
// as it ran before, one file after another). A worker is a test runner, a Chromium and its site
// processes: about 2 GB of resident memory summed over them (the demo site 0.6 GB), so four stay
// well inside a CI machine's memory.
const WORKERS_MAX = 4;
const workers =
  Number(process.env['E2E_WORKERS']) || Math.max(1, Math.min(availableParallelism(), WORKERS_MAX));

// The translation provider's stand-in (e2e/translation-listener.mjs), one for the whole run (it
// keeps nothing between requests), on a free port chosen once: Playwright loads this file again
// in its workers, which inherit the environment set here, so every process agrees on it and two
// runs on one machine never collide. Asked of the system in a child process: this file must stay
// synchronous.
const freePort = () =>
  execFileSync(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
    ],
    { encoding: 'utf8' },
  );
process.env['E2E_TRANSLATION_PORT'] ??= freePort();
const translationPort = Number(process.env['E2E_TRANSLATION_PORT']);
const root = resolve(__dirname, '../..');
// Each site's in-memory database starts from a copy of an empty PGlite data directory, made once
// and kept with the installed packages, instead of running initdb (as the jest suites do).
process.env['PGLITE_TEMPLATE'] ??= join(root, 'node_modules/.cache/mepedia/pglite');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  // A file's tests stay together, in order, in one worker (appearance.e2e.ts is serial, and some
  // files build on their earlier tests); the files are shared out among the workers.
  fullyParallel: false,
  workers,
  retries: 0,
  // Room for a busy two-core machine: a page that takes 2 s idle can take 10 s there.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env['CI']
    ? [
        ['list'],
        ['json', { outputFile: process.env['PLAYWRIGHT_JSON'] ?? 'playwright-results.json' }],
      ]
    : 'list',
  use: {
    // baseURL: the worker's own site (e2e/fixtures.ts).
    locale: 'en-US',
    launchOptions: {
      executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
      args: [
        '--headless=new',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: [
    {
      command: `node ${join(root, 'apps/web/e2e/translation-listener.mjs')}`,
      url: `http://127.0.0.1:${translationPort}/`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
      timeout: 30_000,
      env: { TRANSLATION_PORT: String(translationPort) },
    },
  ],
});
