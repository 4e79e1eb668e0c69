import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig } from '@playwright/test';

// Browser tests against `npm start`'s process (built first by npm test), in Debian's Chromium.
const port = Number(process.env['E2E_PORT'] ?? 3310);
const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-e2e-'));
const root = resolve(__dirname, '../..');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.e2e.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
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
  webServer: {
    command: `node ${join(root, 'dist/apps/standalone/src/main.js')}`,
    cwd: root,
    url: `http://localhost:${port}/health/live`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      PUBLIC_URL: `http://localhost:${port}`,
    },
  },
});
