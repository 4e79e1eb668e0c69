import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The sites a browser test can ask for, each an `npm start` process of the test's worker:
 *   demo  with the demo seed, the translation stand-in and the suite's settings below;
 *   bare  as every `npm start` is by default: no translation provider, no seed
 *         (translation-off.e2e.ts: the pages must not offer Translate there);
 *   folder the suite's settings without the seed, its database in a folder of its own (removed
 *         when it stops), so the operator's command reaches it (`npm run admin`, through the
 *         folder's socket): the moderators' journey grants its moderator so.
 */
export type Site = 'demo' | 'bare' | 'folder';

export type SiteServer = {
  url: string;
  /** The folder site's data folder (where `npm run admin` finds the process). */
  dataDir?: string;
  /** SIGTERM, so the process closes what it opened (its in-memory database), then its exit. */
  stop(): Promise<void>;
};

const root = resolve(__dirname, '../../..');
const main = join(root, 'dist/apps/standalone/src/main.js');
// The standalone process opens PGlite (initdb) and, for the demo site, seeds it before
// /health/ready answers 200: 15 s idle, two minutes on a two-core machine under a load of 20,
// three and a half for two at once there, over six while two workers also start their browsers.
// Only a guard: a site that exits fails at once.
export const SERVER_READY_TIMEOUT_MS = 600_000;
const STOP_TIMEOUT_MS = 15_000;

/** A free port, asked of the system. */
function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The environment of each site's process, beside the runner's own. */
function siteEnv(
  site: Site,
  port: number,
  worker: number,
  folder?: string,
): Record<string, string> {
  const common = {
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: `http://localhost:${port}`,
  };
  if (site === 'bare') return { ...common, DATA_DIR: 'memory://' };
  // The database lives in memory: nothing is left on disk after the run (E2E_DATA_DIR overrides,
  // one folder in it per worker).
  const dataDir = process.env['E2E_DATA_DIR'];
  return {
    ...common,
    DATA_DIR:
      folder ??
      (dataDir && dataDir !== 'memory://' ? join(dataDir, `worker-${worker}`) : 'memory://'),
    // Every test registers, verifies and signs in its own members, all from 127.0.0.1: far more
    // than a person does in five minutes. The per-address limits are raised for the suite; those
    // per email or per member stay. Rate limits are tested where they are made (apps/gateway's
    // tests).
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
    // Machine translation goes to the stand-in provider (translation-listener.mjs), one for the
    // whole run: it keeps nothing between requests (playwright.config.ts starts it).
    // The demo's and the tests' members are all new, and write links: review holds (issue 35)
    // are tested where they are made, and in the standalone suite that turns them on.
    MODERATION_REVIEW_FIRST_LINKS: '0',
    TRANSLATION_PROVIDER: 'google',
    GOOGLE_TRANSLATE_KEY: 'e2e',
    GOOGLE_TRANSLATE_ENDPOINT: `http://127.0.0.1:${process.env['E2E_TRANSLATION_PORT']}`,
    // A living community from the start, as `npm run start:demo` shows it: the pages are tested
    // with the demo seed's members, posts, comments and reactions in them.
    DEMO_SEED: site === 'folder' ? 'false' : 'true',
    // Broken interface text overrides beside the site's own (its migrations write the footer's
    // credit line): the pages must show the built-in texts in their place; and a good one with a
    // plural, which the browser formats from the server's parse (text-overrides.e2e.ts).
    SITE_TEXT_OVERRIDES: JSON.stringify({
      en: {
        'footer.copyright': '© {yeer} Broken',
        'footer.terms': 'Terms {of service',
        'footer.publishedProfiles':
          '{count, plural, =0 {No stories told yet} one {# story told so far} other {# stories told so far}}',
      },
      he: { 'footer.privacy': '<b>מדיניות שבורה</b>' },
    }),
  };
}

/**
 * Start `site` for the worker with this parallel index, and wait until /health/ready answers 200
 * (the standalone process answers 503 until the demo seed is in). Its port is free, or
 * E2E_PORT (E2E_BARE_PORT for the bare site) plus the index when set.
 */
export async function startSiteServer(site: Site, worker: number): Promise<SiteServer> {
  const fixed = process.env[site === 'bare' ? 'E2E_BARE_PORT' : 'E2E_PORT'];
  const port = fixed ? Number(fixed) + worker : await freePort();
  const folder = site === 'folder' ? await mkdtemp(join(tmpdir(), 'mepedia-e2e-')) : undefined;
  const child = spawn(
    process.execPath,
    ['--require', join(__dirname, 'exit-with-worker.js'), main],
    {
      cwd: root,
      env: { ...process.env, ...siteEnv(site, port, worker, folder) },
      // stdin: the pipe whose end tells the site its worker is gone (exit-with-worker.js).
      stdio: ['pipe', 'ignore', 'pipe'],
    },
  );
  // Its warnings and errors go to the test's output; the last few explain a failed start.
  let errors = '';
  child.stderr.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-20_000);
    process.stderr.write(chunk);
  });
  const exited = new Promise<number | null>((resolveExit) =>
    child.once('exit', (code) => resolveExit(code)),
  );
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    if (folder) await rm(folder, { recursive: true, force: true });
  };

  const url = `http://localhost:${port}`;
  const deadline = Date.now() + SERVER_READY_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  for (;;) {
    if (exitCode !== undefined)
      throw new Error(`the ${site} site (port ${port}) exited with ${exitCode}:\n${errors}`);
    const status = await fetch(`http://127.0.0.1:${port}/health/ready`, {
      signal: AbortSignal.timeout(5_000),
    }).then(
      (response) => response.status,
      () => 0,
    );
    if (status === 200) return folder ? { url, stop, dataDir: folder } : { url, stop };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(
        `the ${site} site (port ${port}) was not ready in ${SERVER_READY_TIMEOUT_MS} ms:\n${errors}`,
      );
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 250));
  }
}
