import { execFileSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser tests against `npm start`'s process (built first by npm test), in Debian's Chromium.
// Free ports, chosen once: Playwright loads this file again in its workers, which inherit the
// environment set here, so every process agrees on them and two runs on one machine never collide.
// Asked of the system in a child process: this file must stay synchronous.
const freePort = () =>
  execFileSync(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
    ],
    { encoding: 'utf8' },
  );
process.env['E2E_PORT'] ??= freePort();
const port = Number(process.env['E2E_PORT']);
// The translation provider's stand-in (e2e/translation-listener.mjs), on a free port of its own.
process.env['E2E_TRANSLATION_PORT'] ??= freePort();
const translationPort = Number(process.env['E2E_TRANSLATION_PORT']);
// A second npm start with no translation provider, as every `npm start` is by default: the pages
// must not offer Translate there (translation-off.e2e.ts). No demo seed: that test makes its own.
process.env['E2E_BARE_PORT'] ??= freePort();
const barePort = Number(process.env['E2E_BARE_PORT']);
// The server's database lives in memory: nothing is left on disk after the run.
const dataDir = process.env['E2E_DATA_DIR'] ?? 'memory://';
const root = resolve(__dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
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
    baseURL: `http://localhost:${port}`,
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
    {
      command: `node ${join(root, 'dist/apps/standalone/src/main.js')}`,
      cwd: root,
      // Ready once the demo seed is in (the standalone process answers 503 until then).
      url: `http://localhost:${port}/health/ready`,
      reuseExistingServer: false,
      // SIGTERM, so the process closes what it opened (its database, the browser tests' images live
      // in memory) before Playwright moves on.
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      // The standalone process opens PGlite (initdb) first: over 10 s on a busy machine.
      timeout: 120_000,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${port}`,
        // Every test registers, verifies and signs in its own members, all from 127.0.0.1: far more
        // than a person does in five minutes. The per-address limits are raised for the suite;
        // those per email or per member stay. Rate limits are tested where they are made
        // (apps/gateway's tests).
        RATE_LIMIT_REGISTER_PER_IP: '10000',
        RATE_LIMIT_LOGIN_PER_IP: '10000',
        RATE_LIMIT_MESSAGES_PER_IP: '10000',
        RATE_LIMIT_VERIFY_PER_IP: '10000',
        RATE_LIMIT_RESET_PER_IP: '10000',
        RATE_LIMIT_UPLOADS_PER_IP: '10000',
        RATE_LIMIT_ACCOUNT_PER_IP: '10000',
        RATE_LIMIT_POSTS_PER_IP: '10000',
        RATE_LIMIT_REACTIONS_PER_IP: '10000',
        RATE_LIMIT_COMMENTS_PER_IP: '10000',
        RATE_LIMIT_ANSWERS_PER_IP: '10000',
        RATE_LIMIT_TRANSLATE_PER_IP: '10000',
        RATE_LIMIT_COUNTERS_PER_IP: '10000',
        // Machine translation goes to the stand-in provider above.
        TRANSLATION_PROVIDER: 'google',
        GOOGLE_TRANSLATE_KEY: 'e2e',
        GOOGLE_TRANSLATE_ENDPOINT: `http://127.0.0.1:${translationPort}`,
        // A living community from the start, as `npm run start:demo` shows it: the pages are
        // tested with the demo seed's members, posts, comments and reactions in them.
        DEMO_SEED: 'true',
        // Broken interface text overrides beside the site's own (its migrations write the
        // footer's credit line): the pages must show the built-in texts in their place
        // (text-overrides.e2e.ts).
        SITE_TEXT_OVERRIDES: JSON.stringify({
          en: { 'footer.copyright': '© {yeer} Broken', 'footer.terms': 'Terms {of service' },
          he: { 'footer.privacy': '<b>מדיניות שבורה</b>' },
        }),
      },
    },
    {
      command: `node ${join(root, 'dist/apps/standalone/src/main.js')}`,
      cwd: root,
      url: `http://localhost:${barePort}/health/ready`,
      reuseExistingServer: false,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      timeout: 120_000,
      env: {
        PORT: String(barePort),
        HOST: '127.0.0.1',
        DATA_DIR: 'memory://',
        LOG_LEVEL: 'warn',
        PUBLIC_URL: `http://localhost:${barePort}`,
      },
    },
  ],
});
