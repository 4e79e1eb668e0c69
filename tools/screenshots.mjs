// Pictures of the main pages for docs/design.md, in English and Hebrew, on a laptop and a phone:
// `npm start`'s process with the demo seed (the community a new site shows with
// `npm run start:demo`) on a fresh PGlite in a temporary folder, a member of this run with a
// story, a draft, a private question, a follow and a comment from someone else, and Chromium.
//   node tools/build.mjs && node tools/screenshots.mjs [out-dir]   (default docs/screenshots)
// Pages drawn by the server are stable; what changes with the seed's dates (relative times) is
// of no matter to the look. CHROMIUM_PATH picks the browser (Debian's by default).
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import {
  boatStory,
  call,
  homeParts,
  log,
  startStandalone,
  verifiedMember,
} from './bench/standalone-process.mjs';

const out = resolve(process.argv[2] ?? 'docs/screenshots');
const MAGAZINE = '/mepedia-magazine';
const WIDTHS = { laptop: 1280, phone: 390 };
/** How much of a page is kept (CSS pixels from its top), and how wide the picture is drawn. */
const TALL = { laptop: 2000, phone: 1800 };
const SHOWN = { laptop: 960, phone: 390 };
/** The pages shown on a phone too (every page is shown on a laptop). */
const ON_PHONES = new Set(['home-member', 'magazine', 'profile', 'post']);

/** The pages to show: a name and its address (English; Hebrew is under /he). */
function pagesOf({ postId, memberId }) {
  return [
    ['home-guest', '/', 'guest'],
    ['home-member', '/', 'member'],
    ['magazine', MAGAZINE, 'guest'],
    ['people', '/people', 'member'],
    ['profile', `/profile/${memberId}`, 'member'],
    ['post', `/post/${postId}`, 'guest'],
    ['me', `/me/${memberId}`, 'guest'],
    ['memorial', '/efi', 'guest'],
  ];
}

const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-screenshots-'));
let standalone;
let browser;
try {
  standalone = await startStandalone(dataDir, { DEMO_SEED: 'true' });
  const base = standalone.url.replace('localhost', '127.0.0.1');
  // The demo seed goes in after the process is up: wait for it.
  for (let i = 0; i < 600; i++) {
    const ready = await fetch(`${base}/health/ready`).catch(() => null);
    if (ready?.status === 200) break;
    await new Promise((done) => setTimeout(done, 500));
  }
  log(
    'a member of this run, with a story, a draft, a question waiting, a follower and a comment...',
  );
  const member = await verifiedMember(base, { firstname: 'Maya', lastname: 'Golan' });
  const me = await call(base, 'POST', '/api/users/session', undefined, member);
  const post = await boatStory(base, member);
  await homeParts(base, member, post);
  // The notification is made by events: a moment for it.
  await new Promise((done) => setTimeout(done, 3000));

  mkdirSync(out, { recursive: true });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless=new', '--no-sandbox'],
  });
  const cookies = member
    .header()
    .split('; ')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      return { name: pair.slice(0, eq), value: pair.slice(eq + 1), url: base };
    });
  for (const [name, path, who] of pagesOf({ postId: post.postId, memberId: me.id })) {
    for (const [device, width] of Object.entries(WIDTHS)) {
      if (device === 'phone' && !ON_PHONES.has(name)) continue;
      for (const prefix of ['', '/he']) {
        const context = await browser.newContext({
          viewport: { width, height: device === 'phone' ? 844 : 900 },
          deviceScaleFactor: 1,
          reducedMotion: 'reduce',
        });
        if (who === 'member') await context.addCookies(cookies);
        const page = await context.newPage();
        // A member's page keeps a live connection open (notifications): never "network idle".
        await page.goto(`${base}${prefix}${path === '/' && prefix ? '' : path}`, {
          waitUntil: 'load',
        });
        // Lazy pictures load once scrolled to.
        // (Run in the page: its globals are the browser's, reached through globalThis here.)
        await page.evaluate(async () => {
          const view = globalThis;
          for (let y = 0; y < view.document.body.scrollHeight; y += 600) {
            view.scrollTo(0, y);
            await new Promise((done) => setTimeout(done, 50));
          }
          view.scrollTo(0, 0);
        });
        await page.waitForTimeout(500);
        const file = join(out, `${name}-${prefix ? 'he' : 'en'}-${device}.jpg`);
        // The page's top (what a reader sees first, and some way past it), kept small enough to
        // live in the repository.
        const shot = await page.screenshot({ fullPage: true, type: 'png' });
        const { height } = await sharp(shot).metadata();
        await sharp(shot)
          .extract({ left: 0, top: 0, width, height: Math.min(height, TALL[device]) })
          .resize({ width: SHOWN[device] })
          .jpeg({ quality: 68, mozjpeg: true })
          .toFile(file);
        log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser?.close();
  standalone?.child.kill('SIGTERM');
  await new Promise((done) => setTimeout(done, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
