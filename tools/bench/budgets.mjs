// The performance budgets of issue 17, measured and compared in one run, and printed as a table
// (CI runs it after the tests: a print, not a test; docs/benchmarks.md, "Budgets"):
//   - JavaScript a page makes the browser fetch before it comes alive, gzip, under 120 KB: the
//     home page, a post and a profile, in English and Hebrew;
//   - a page drawn on the server, p50 under 20 ms warm: a guest's (from the page cache) and a
//     signed-in member's (drawn for them; the member's home with all its own parts, issue 33);
// with the calibration of the same run beside them (a bare Fastify "hello", a bare `select 1`,
// measured before the pages and after them), since machines here differ several-fold.
//   node tools/bench/budgets.mjs            (build first: npm run build)
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
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
const CALIBRATION_S = Number(process.env.CALIBRATION_S ?? 4);

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

async function once(url, headers) {
  const started = performance.now();
  const status = await fetchRaw(url, headers);
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  return performance.now() - started;
}

const percentiles = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return {
    p50: sorted[Math.floor(sorted.length / 2)],
    p95: sorted[Math.floor(sorted.length * 0.95)],
  };
};

/**
 * Each of `targets` ({ url, headers }) drawn WARM times, then RUNS times timed, the targets taken
 * in turn each round, as a server meets them: a page's figure then does not depend on where it
 * stands in this list (measured one after the other, the first member page also paid for warming
 * the code every member page shares: 2 to 3 ms of the home's figure), and a slow moment of the
 * machine falls on all of them alike.
 */
async function timedTogether(targets) {
  for (let round = 0; round < WARM; round++)
    for (const target of targets) await once(target.url, target.headers);
  const times = targets.map(() => []);
  for (let round = 0; round < RUNS; round++)
    for (const [index, target] of targets.entries())
      times[index].push(await once(target.url, target.headers));
  return times.map(percentiles);
}

/**
 * The server's CPU time a page costs, in ms (all its threads: the draw, compression, the
 * collector), over CPU_RUNS of it in a row: what the page asks of the machine, which another
 * machine's load on the same host does not change as it changes the time a page takes. Linux's
 * /proc only (null elsewhere); its clock ticks are 10 ms, so it is read over many requests.
 */
const CPU_RUNS = Number(process.env.CPU_RUNS ?? 100);
async function cpuPerRequest(pid, url, headers) {
  const ticks = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]);
    } catch {
      return null;
    }
  };
  const before = ticks();
  if (before === null) return null;
  for (let i = 0; i < CPU_RUNS; i++) await once(url, headers);
  return ((ticks() - before) * 10) / CPU_RUNS;
}

/**
 * The statements a page costs npm start's PGlite (issue 34's measure: visibility costs at most
 * one statement more): the process runs with pglite-statements.mjs, which records what PGlite
 * runs between two SIGUSR2 (off the rest of the time: a flag's check per statement), and the
 * page is drawn once, signed in, between them.
 */
const STATEMENTS_HOOK = fileURLToPath(new URL('./pglite-statements.mjs', import.meta.url));
async function statementsOf(child, logFile, url, headers) {
  const lines = () => (existsSync(logFile) ? readFileSync(logFile, 'utf8').split('\n') : []);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 200));
  const before = lines().length;
  child.kill('SIGUSR2');
  await settle();
  await once(url, headers);
  await settle();
  child.kill('SIGUSR2');
  await settle();
  const recorded = lines().slice(before);
  return recorded.filter((line) => / ms\t/.test(line)).length;
}

const verdict = (value, budget) =>
  value <= budget
    ? 'met'
    : `over by ${(value - budget).toFixed(1)} (${Math.round((value / budget - 1) * 100)}%)`;

const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-budgets-'));
let standalone;
try {
  const statementsLog = join(dataDir, 'statements.log');
  standalone = await startStandalone(dataDir, { STATEMENTS_LOG: statementsLog }, [
    '--import',
    STATEMENTS_HOOK,
  ]);
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

  // The machine is measured before the pages and again after them: this host's load comes and
  // goes within a run, and a calibration at one end only cannot see a slow middle.
  log('calibrating before the pages (a bare Fastify "hello", a bare select 1 on PGlite)...');
  const calibrationBefore = await calibrate({ duration: CALIBRATION_S });

  const drawn = pages.filter(([name]) => !name.endsWith('(he)'));
  const guests = await timedTogether(
    drawn.map(([, path]) => ({ url: `${base}${path}`, headers: {} })),
  );
  const members = await timedTogether(
    drawn.map(([, path]) => ({ url: `${base}${path}`, headers: { cookie: member.header() } })),
  );
  const cpu = [];
  for (const [, path] of drawn)
    cpu.push(
      await cpuPerRequest(standalone.child.pid, `${base}${path}`, { cookie: member.header() }),
    );
  const statements = [];
  for (const [, path] of drawn)
    statements.push(
      await statementsOf(standalone.child, statementsLog, `${base}${path}`, {
        cookie: member.header(),
      }),
    );
  const renders = drawn.map(([name], index) => ({
    name,
    guest: guests[index],
    signedIn: members[index],
    cpu: cpu[index],
    statements: statements[index],
  }));

  log('calibrating after the pages...');
  const calibrationAfter = await calibrate({ duration: CALIBRATION_S });

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
    `### Server render, warm (${WARM} rounds first), ${RUNS} rounds of the pages in turn, one request at a time, budget p50 ${RENDER_BUDGET_MS} ms`,
    '',
    '| page | guest p50 / p95 ms | budget | member p50 / p95 ms | budget | member CPU ms | member statements |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...renders.map(
      (r) =>
        `| ${r.name} | ${r.guest.p50.toFixed(1)} / ${r.guest.p95.toFixed(1)} | ${verdict(r.guest.p50, RENDER_BUDGET_MS)} | ${r.signedIn.p50.toFixed(1)} / ${r.signedIn.p95.toFixed(1)} | ${verdict(r.signedIn.p50, RENDER_BUDGET_MS)} | ${r.cpu === null ? 'n/a' : r.cpu.toFixed(1)} | ${r.statements} |`,
    ),
    '',
    `(member CPU: the server's CPU time per page, all its threads, over ${CPU_RUNS} of it in a row. Member statements: what PGlite ran to draw the page once, signed in.)`,
    '',
    `### Calibration, same run, before and after the pages (autocannon, 50 connections, ${CALIBRATION_S} s)`,
    '',
    '| call | before: req/s, p50 / p99 ms | after: req/s, p50 / p99 ms |',
    '| --- | --- | --- |',
    ...calibrationBefore.map((before, index) => {
      const after = calibrationAfter[index];
      return `| ${before.name} | ${before.rps}, ${before.p50} / ${before.p99} | ${after.rps}, ${after.p50} / ${after.p99} |`;
    }),
  ];
  process.stdout.write(`\n${lines.join('\n')}\n`);
} finally {
  agent.destroy();
  standalone?.child.kill('SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
