// Lighthouse, mobile (its default: a mid-range phone, simulated slow 4G), on npm start's process:
// performance and accessibility of the home page, a post, a profile and the magazine, in both
// languages. A
// measurement, not a test. Three runs a page; the median performance is reported.
//
//   npm run build && node tools/bench/lighthouse.mjs
//   RUNS=5 node tools/bench/lighthouse.mjs
//   RUNS=1 ONLY=home node tools/bench/lighthouse.mjs   (a quick look at one page)
//   REPORTS=/some/dir node tools/bench/lighthouse.mjs  (also keeps each run's full report as JSON,
//                                                       to read its audits and timings)
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  boatStory,
  call,
  log,
  startStandalone,
  uploadPhoto,
  verifiedMember,
} from './standalone-process.mjs';

const RUNS = Number(process.env.RUNS ?? 3);
const ONLY = process.env.ONLY;
const REPORTS = process.env.REPORTS;
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** The magazine's path (MAGAZINE_PATH in apps/web/app/lib/site.ts). */
const MAGAZINE_PATH = '/mepedia-magazine';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function main() {
  // chrome-launcher reports a missing binary as an unhandled 'error' event that skips the clean-up
  // below (a standalone process and temporary folders left behind): check first.
  if (!existsSync(CHROME)) {
    throw new Error(`No Chromium at ${CHROME}: run bash tools/browsers.sh, or set CHROME_PATH`);
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-lighthouse-'));
  const profileDir = mkdtempSync(join(tmpdir(), 'mepedia-lighthouse-chrome-'));
  // Chromium keeps its singleton socket in TMPDIR and leaves it when killed: give it ours.
  const chromeTmp = mkdtempSync(join(tmpdir(), 'mepedia-lighthouse-tmp-'));
  let standalone;
  let chrome;
  try {
    standalone = await startStandalone(dataDir);
    const base = standalone.url.replace('localhost', '127.0.0.1');
    const member = await verifiedMember(base);
    const post = await boatStory(base, member);
    // A Hebrew reader's usual page: a Hebrew member's story in Hebrew. (The English story on the
    // Hebrew interface is measured too: its Latin letters add the fonts' Latin files.)
    const hebrewMember = await verifiedMember(base, {
      language: 'he',
      firstname: 'נועה',
      lastname: 'כהן',
    });
    const hebrewImage = await uploadPhoto(base, hebrewMember, 'photo');
    const hebrewPost = await call(
      base,
      'POST',
      '/api/posts/create',
      {
        title: 'הקיץ שבו בנינו את הסירה',
        content:
          '<p>אבא ואני בנינו סירת עץ בחצר, קרש אחד בכל שבת, עד שכל הרחוב בא לראות אותה שטה. היא דלפה, ואהבנו אותה בכל זאת.</p>'.repeat(
            6,
          ),
        image: hebrewImage.url,
        credit: 'אלבום המשפחה',
        privacy: 'public',
        destination: 'magazine',
      },
      hebrewMember,
    );
    // A profile with its posts (the writers' own pages, issue 15).
    const hebrewWriter = await call(base, 'POST', '/api/users/session', undefined, hebrewMember);
    chrome = await chromeLauncher.launch({
      chromePath: CHROME,
      userDataDir: profileDir,
      envVars: { ...process.env, TMPDIR: chromeTmp },
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    const rows = [];
    const pages = [
      ['home', '/'],
      ['home (he)', '/he'],
      ['post', `/post/${post.postId}`],
      ['post (he)', `/he/post/${hebrewPost.postId}`],
      ['post (he), English story', `/he/post/${post.postId}`],
      ['profile', `/profile/${hebrewWriter.id}`],
      ['profile (he)', `/he/profile/${hebrewWriter.id}`],
      ['magazine', MAGAZINE_PATH],
      ['magazine (he)', `/he${MAGAZINE_PATH}`],
    ];
    // ONLY='post' measures the pages whose name includes it.
    for (const [name, path] of pages.filter(([name]) => !ONLY || name.includes(ONLY))) {
      const performance = [];
      const accessibility = [];
      // Lighthouse's own measure of this machine's CPU in the same run (its "benchmarkIndex":
      // higher is faster): the simulated phone's blocking time scales with it.
      const benchmark = [];
      let metrics = {};
      for (let i = 0; i < RUNS; i++) {
        log(`lighthouse ${name}, run ${i + 1}…`);
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
        });
        const { categories, audits, runtimeError } = result.lhr;
        if (REPORTS) {
          mkdirSync(REPORTS, { recursive: true });
          const file = `${name.replace(/\W+/g, '-')}-${i + 1}.json`;
          writeFileSync(join(REPORTS, file), JSON.stringify(result.lhr));
        }
        // A run Lighthouse could not finish (a trace it could not read) is left out, not a 0.
        if (runtimeError || categories.performance.score === null) {
          log(`  run ${i + 1} of ${name} failed: ${runtimeError?.message ?? 'no score'}`);
          continue;
        }
        performance.push(Math.round(categories.performance.score * 100));
        benchmark.push(Math.round(result.lhr.environment.benchmarkIndex));
        accessibility.push(Math.round(categories.accessibility.score * 100));
        metrics = {
          fcp: audits['first-contentful-paint'].numericValue,
          lcp: audits['largest-contentful-paint'].numericValue,
          cls: audits['cumulative-layout-shift'].numericValue,
          tbt: audits['total-blocking-time'].numericValue,
        };
      }
      if (performance.length > 0)
        rows.push({ name, performance, accessibility, metrics, benchmark });
    }
    const lines = [
      '| page | performance (median of runs) | accessibility | FCP ms | LCP ms | CLS | TBT ms | CPU benchmark index |',
      '| --- | --- | --- | --- | --- | --- | --- | --- |',
      ...rows.map(
        ({ name, performance, accessibility, metrics, benchmark }) =>
          `| ${name} | ${median(performance)} (${performance.join(', ')}) | ${median(accessibility)} | ` +
          `${Math.round(metrics.fcp)} | ${Math.round(metrics.lcp)} | ${metrics.cls.toFixed(3)} | ${Math.round(metrics.tbt)} | ` +
          `${median(benchmark)} (${benchmark.join(', ')}) |`,
      ),
    ];
    process.stdout.write(
      `\nLighthouse ${RUNS} runs a page, mobile defaults\n\n${lines.join('\n')}\n`,
    );
  } finally {
    await chrome?.kill();
    if (standalone && standalone.child.exitCode === null) {
      const exited = new Promise((resolve) => standalone.child.once('exit', resolve));
      standalone.child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(profileDir, { recursive: true, force: true });
    rmSync(chromeTmp, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
