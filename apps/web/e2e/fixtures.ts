import { test as base, expect } from '@playwright/test';
import {
  SERVER_READY_TIMEOUT_MS,
  startSiteServer,
  type Site,
  type SiteServer,
} from './site-server';

type CspWindow = { __reportCspViolation?: (text: string) => Promise<void> };

type SiteOptions = {
  /** Which of its worker's sites a test runs against: 'demo' unless a file says otherwise. */
  site: Site;
};
type WorkerFixtures = {
  /** The worker's own sites, each started the first time a test asks for it. */
  sites: {
    url(site: Site): Promise<string>;
    /** The folder site's data folder (`npm run admin` reaches its process there). */
    dataDir(site: Site): Promise<string | undefined>;
  };
};

/**
 * Each worker has its own `npm start` processes (site-server.ts): its own port, in-memory
 * database and demo seed, so tests in parallel workers never see each other's members or posts.
 * Within a worker, files run one after another against the same site, as they did on one worker.
 * A worker that restarts (after a failed test) starts fresh sites.
 *
 * Every browser test fails on a Content-Security-Policy violation: the pages must hydrate and
 * work under the policy, not only carry it. Violations come from the page's own
 * securitypolicyviolation events and from Chromium's console errors.
 */
export const test = base.extend<SiteOptions, WorkerFixtures>({
  site: ['demo', { option: true }],
  sites: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use, workerInfo) => {
      const started = new Map<Site, Promise<SiteServer>>();
      const serverOf = (site: Site) => {
        let server = started.get(site);
        if (!server) {
          server = startSiteServer(site, workerInfo.parallelIndex);
          started.set(site, server);
        }
        return server;
      };
      await use({
        url: async (site) => (await serverOf(site)).url,
        dataDir: async (site) => (await serverOf(site)).dataDir,
      });
      await Promise.all(
        [...started.values()].map((server) => server.then((s) => s.stop()).catch(() => undefined)),
      );
    },
    { scope: 'worker' },
  ],
  // Its own timeout: the first test of a worker waits for the site to start and seed.
  baseURL: [
    async ({ site, sites }, use) => {
      await use(await sites.url(site));
    },
    { scope: 'test', timeout: SERVER_READY_TIMEOUT_MS },
  ],
  // The context, not an automatic fixture: tests that only use `request` start no browser.
  context: async ({ context }, use) => {
    const violations: string[] = [];
    await context.exposeBinding('__reportCspViolation', (_source, text: string) => {
      violations.push(text);
    });
    await context.addInitScript(() => {
      document.addEventListener(
        'securitypolicyviolation',
        (event) => {
          void (window as CspWindow).__reportCspViolation?.(
            `${event.effectiveDirective} refused ${event.blockedURI || 'inline'} in ${event.documentURI} (${event.sourceFile}:${event.lineNumber})`,
          );
        },
        true,
      );
    });
    context.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
        violations.push(message.text());
    });
    await use(context);
    expect(violations, 'Content-Security-Policy violations').toEqual([]);
  },
});

export { expect };
