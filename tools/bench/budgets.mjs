// The performance budgets of issue 17, measured and compared in one run, and printed as a table
// (CI runs it after the tests: a print, not a test; docs/benchmarks.md, "Budgets"):
//   - JavaScript a page makes the browser fetch before it comes alive, gzip, under 120 KB: the
//     home page, a post and a profile, in English and Hebrew;
//   - a page drawn on the server, p50 under 20 ms warm: a guest's (from the page cache) and a
//     signed-in member's (drawn for them; the member's home with all its own parts, issue 33);
// with the calibration of the same run beside them (a bare Fastify "hello", a bare `select 1`),
// since machines here differ several-fold.
//   node tools/bench/budgets.mjs            (build first: npm run build)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { calibrate } from './calibration.mjs';
import {
  boatStory,
  call,
  homeParts,
  log,
  startStandalone,
  verifiedMember,
} from './standalone-process.mjs';

const JS_BUDGET_KB = 120;
const RENDER_BUDGET_MS = 20;
const RUNS = Number(process.env.RUNS ?? 40);
// Requests before the timed ones. A member's page is drawn by code no guest request runs (the
// page cache answers guests), and it takes about a hundred draws for V8 to compile it hot: with
// five, the first member figures measured the warm-up (24 to 28 ms for home, 14 to 16 after).
const WARM = Number(process.env.WARM ?? 100);
const CLIENT = 'dist/web/client';

/** Every script a page's HTML makes the browser fetch, with what each imports: gzip bytes. */
function scriptsOf(html) {
  const queue = [
    ...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g),
    ...html.matchAll(/(?:import|from)\s*"(\/assets\/[^"]+\.js)"/g),
  ].map((match) => match[1]);
  const seen = new Map();
  while (queue.length > 0) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    const file = join(CLIENT, url);
    const code = readFileSync(file, 'utf8');
    seen.set(url, readFileSync(`${file}.gz`).length);
    for (const [, imported] of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g))
      queue.push(`/assets/${imported}`);
  }
  return seen;
}

// Pages are asked for as a browser asks (Accept-Encoding: br, gzip; one kept-alive connection)
// and timed to their last byte, left compressed: what is measured is the server's work. (Until
// 2026-11-24 the bench used fetch, which also unpacks the page: that added 5 to 10 ms of the
// client's own time to every member figure on this machine; docs/benchmarks.md.)
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function fetchRaw(url, headers) {
  return new Promise((resolve, reject) => {
    const call = request(
      url,
      { agent, headers: { 'accept-encoding': 'br, gzip', ...headers } },
      (response) => {
        response.on('data', () => {});
        response.on('end', () => resolve(response.statusCode));
        response.on('error', reject);
      },
    );
    call.on('error', reject);
    call.end();
  });
}

async function timed(url, headers) {
  const times = [];
  for (let i = 0; i < WARM + RUNS; i++) {
    const started = performance.now();
    const status = await fetchRaw(url, headers);
    if (status !== 200) throw new Error(`${url} answered ${status}`);
    if (i >= WARM) times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
}

const verdict = (value, budget) =>
  value <= budget
    ? 'met'
    : `over by ${(value - budget).toFixed(1)} (${Math.round((value / budget - 1) * 100)}%)`;

const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-budgets-'));
let standalone;
try {
  standalone = await startStandalone(dataDir);
  const base = standalone.url.replace('localhost', '127.0.0.1');
  const member = await verifiedMember(base);
  const post = await boatStory(base, member);
  for (let i = 0; i < 3; i++)
    await call(
      base,
      'POST',
      '/api/feedMessages/sendMessage',
      { message: `I remember that boat too (${i}).`, tag: null, postId: post.postId },
      member,
    );
  const me = await call(base, 'POST', '/api/users/session', undefined, member);
  // The member's home has all its own parts (issue 33).
  await homeParts(base, member, post, ['The winter of the long rain', 'Grandmother’s tin box', '']);
  const pages = [
    ['home', '/'],
    ['home (he)', '/he'],
    ['a post', `/post/${post.postId}`],
    ['a post (he)', `/he/post/${post.postId}`],
    ['a profile', `/profile/${me.id}`],
    ['a profile (he)', `/he/profile/${me.id}`],
  ];

  const weights = [];
  for (const [name, path] of pages) {
    const scripts = scriptsOf(await (await fetch(`${base}${path}`)).text());
    const kb = [...scripts.values()].reduce((total, bytes) => total + bytes, 0) / 1024;
    weights.push({ name, scripts: scripts.size, kb });
  }

  const renders = [];
  for (const [name, path] of pages.filter(([name]) => !name.endsWith('(he)'))) {
    const guest = await timed(`${base}${path}`, {});
    const signedIn = await timed(`${base}${path}`, { cookie: member.header() });
    renders.push({ name, guest, signedIn });
  }

  log('calibrating (a bare Fastify "hello", a bare select 1 on PGlite)...');
  const calibration = await calibrate({ duration: 5 });

  const lines = [
    `### JavaScript per page (gzip), budget ${JS_BUDGET_KB} KB`,
    '',
    '| page | scripts | JS gzip | budget |',
    '| --- | --- | --- | --- |',
    ...weights.map(
      (w) =>
        `| ${w.name} | ${w.scripts} | ${w.kb.toFixed(1)} KB | ${verdict(w.kb, JS_BUDGET_KB)} |`,
    ),
    '',
    `### Server render, warm (${WARM} first), ${RUNS} requests one at a time, budget p50 ${RENDER_BUDGET_MS} ms`,
    '',
    '| page | guest p50 / p95 ms | budget | member p50 / p95 ms | budget |',
    '| --- | --- | --- | --- | --- |',
    ...renders.map(
      (r) =>
        `| ${r.name} | ${r.guest.p50.toFixed(1)} / ${r.guest.p95.toFixed(1)} | ${verdict(r.guest.p50, RENDER_BUDGET_MS)} | ${r.signedIn.p50.toFixed(1)} / ${r.signedIn.p95.toFixed(1)} | ${verdict(r.signedIn.p50, RENDER_BUDGET_MS)} |`,
    ),
    '',
    '### Calibration, same run (autocannon, 50 connections, 5 s)',
    '',
    '| call | req/s | p50 ms | p99 ms |',
    '| --- | --- | --- | --- |',
    ...calibration.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} |`),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
} finally {
  agent.destroy();
  standalone?.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
