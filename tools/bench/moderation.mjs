// The moderation benchmark (issue 35; a measurement, not a test), after the same run's
// calibration (calibration.mjs): how long a moderator's decision takes to reach every place the
// item was shown.
//
// 1. npm start (one process, PGlite): a member's public story, read by a guest (its page, and the
//    public list) and in a follower's notifications, is reported, and a moderator removes it.
//    Measured from the `decide` call's answer until (a) a guest's read of the story's page
//    answers 404, (b) the public list no longer holds it, (c) the follower's notifications no
//    longer show it; REMOVALS times (after WARMUP unmeasured ones), p50 and p99.
// 2. Services mode: the same, with every service, the worker, the gateway and the web server as
//    their own processes on a fresh PostgreSQL database and Redis (BullMQ): the decision goes
//    through the moderation service's outbox, the relay, the worker's fan-out and each service's
//    queue; the guests' caches are cleared on the Redis bus.
// 3. npm start: REPORTERS members report one story at once, with the automatic hold set at
//    REPORTERS: reports a second into one case, and the time from the first report sent until a
//    guest's read of the story answers 404 (the hold, everywhere).
//
// Rewrites the moderation section of docs/benchmarks.md (between its markers).
//
//   npm run build && node tools/bench/moderation.mjs
//   REMOVALS=50 REPORTERS=50 node tools/bench/moderation.mjs
//   ONLY=standalone node tools/bench/moderation.mjs     (one part; docs/benchmarks.md untouched)
//   ONLY=services | ONLY=reports
import { spawn } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { calibrate } from './calibration.mjs';
import { rewriteDocSection } from './doc-section.mjs';
import { sql, startService } from './service-process.mjs';
import { call, startStandalone, uploadPhoto, verifiedMember } from './standalone-process.mjs';

const REMOVALS = Number(process.env.REMOVALS ?? 20);
const WARMUP = Number(process.env.WARMUP ?? 2);
const REPORTERS = Number(process.env.REPORTERS ?? 30);
/** The pause between one read of a surface and the next while waiting for the item to go. */
const POLL_MS = Number(process.env.POLL_MS ?? 2);
/** How long a surface may keep showing a removed item before the run gives up on it. */
const GIVE_UP_MS = Number(process.env.GIVE_UP_MS ?? 60_000);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB = `mepedia_bench_${randomBytes(3).toString('hex')}`;
const DB_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DB}`);
const REDIS_PREFIX = `bench-${randomBytes(3).toString('hex')}`;

const log = (message) => process.stdout.write(`${message}\n`);
const require = createRequire(import.meta.url);
// The compiled registry and limits (npm run build), as the processes measured load them.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled library
const { SERVICE_APPS, serviceUrlVariable } = require('../../dist/libs/contracts/src/index.js');
// eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled gateway's settings
const { everyRateLimitAt } = require('../../dist/apps/gateway/src/gateway.config.js');

// One reporter reports every story and one moderator decides them all, far past a person's
// limits: the limits are the gateway's to test, not this bench's.
const NO_LIMITS = everyRateLimitAt(1_000_000);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The operator's command (docs/moderation.md, "Roles"), with `env` saying where the data is. */
function admin(args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['dist/apps/users/src/admin.js', ...args], {
      env: { PATH: process.env.PATH, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) =>
      code === 0
        ? resolve(output)
        : reject(new Error(`admin ${args[0]} exited ${code}: ${output}`)),
    );
  });
}

/** Retries `attempt` (events are still on their way) until it answers, for up to 30 s. */
async function eventually(attempt, what) {
  const began = Date.now();
  for (;;) {
    try {
      const result = await attempt();
      if (result !== undefined) return result;
    } catch (error) {
      if (Date.now() - began > 30_000) throw error;
    }
    if (Date.now() - began > 30_000) throw new Error(`${what}: not after 30 s`);
    await sleep(20);
  }
}

const session = (base, member) => call(base, 'POST', '/api/users/session', undefined, member);

/**
 * The members of a removal: the story's author, a follower, a reporter and a moderator, who is
 * given the role with the operator's command (`adminEnv`: where the command finds the data).
 * `outboxAt`: where the verification codes are read (the dev outbox).
 */
async function cast(base, adminEnv, outboxAt = base) {
  const member = (firstname, lastname) => verifiedMember(base, { firstname, lastname }, outboxAt);
  const author = await member('Noa', 'Levi');
  const follower = await member('Dana', 'Cohen');
  const reporter = await member('Avi', 'Mizrahi');
  const moderator = await member('Tamar', 'Katz');
  const authorId = (await session(base, author)).id;
  const { email } = await session(base, moderator);
  await admin(['grant', 'moderator', email, '--by', 'bench'], adminEnv);
  // The gateway keeps a session for seconds; where nothing announces the change, it waits.
  await eventually(
    async () => ((await session(base, moderator)).roles.includes('moderator') ? true : undefined),
    'the moderator holding the role',
  );
  // The follows service hears of new members by events: the follow may wait for them.
  await eventually(
    () => call(base, 'POST', '/api/follows/follow', { userId: authorId }, follower),
    'the follow',
  );
  const image = await uploadPhoto(base, author);
  return { author, follower, reporter, moderator, image };
}

/** Reads whose answer says whether the story is still shown, each timed. */
function surfaces(base, pages, follower, postId) {
  return {
    page: async () => {
      const response = await fetch(`${pages}/post/${postId}`);
      await response.arrayBuffer();
      if (response.status !== 200 && response.status !== 404)
        throw new Error(`the story's page answered ${response.status}`);
      return response.status === 200;
    },
    list: async () =>
      (await call(base, 'POST', '/api/posts/getPosts', {})).posts.some(
        (post) => post.postId === postId,
      ),
    notifications: async () =>
      (
        await call(base, 'POST', '/api/notifications/getNotifications', {}, follower)
      ).notifications.some((item) => item.subject?.id === postId),
  };
}

/**
 * REMOVALS (after WARMUP) removals in a row, each of a fresh story: published, seen by a guest
 * (its page and the list: the guests' caches hold it) and in the follower's notifications,
 * reported, and removed. What each surface took from `decide`'s answer until it no longer showed
 * the story, with that last read's own time.
 */
async function removals(base, pages, people) {
  const { author, follower, reporter, moderator, image } = people;
  const rows = [];
  for (let i = 0; i < WARMUP + REMOVALS; i++) {
    const story = await call(
      base,
      'POST',
      '/api/posts/create',
      {
        title: `The summer we built the boat, part ${i + 1}`,
        content: `<p>${'My father and I built a wooden boat in the yard, one plank every Saturday. '.repeat(4)}</p>`,
        image: image.url,
        credit: 'Noa',
        privacy: 'public',
      },
      author,
    );
    const reads = surfaces(base, pages, follower, story.postId);
    // Shown everywhere first: the page and the list read (and kept) for guests, and the
    // notification stored (the worker's fan-out, in services mode).
    const readMs = {};
    for (const [name, shown] of Object.entries(reads))
      await eventually(async () => {
        const began = performance.now();
        const yes = await shown();
        readMs[name] = performance.now() - began;
        return yes ? true : undefined;
      }, `the story shown (${name})`);
    // The moderation service hears of the story by an event: until then a report is a 404.
    await eventually(
      () =>
        call(
          base,
          'POST',
          '/api/moderation/report',
          { itemKind: 'post', itemId: story.postId, reason: 'spam', words: 'An advertisement.' },
          reporter,
        ),
      'the report taken',
    );
    const queue = await call(
      base,
      'POST',
      '/api/moderation/getQueue',
      { status: 'open', limit: 50 },
      moderator,
    );
    const found = queue.cases.find((one) => one.item.itemId === story.postId);
    if (!found) throw new Error('the case is not in the queue');

    const asked = performance.now();
    await call(
      base,
      'POST',
      '/api/moderation/decide',
      {
        caseId: found.caseId,
        version: found.version,
        action: 'remove',
        rule: 'spam',
        statement: 'An advertisement, not a story: removed under the rule on spam.',
      },
      moderator,
    );
    const answered = performance.now();
    const gone = {};
    await Promise.all(
      Object.entries(reads).map(async ([name, shown]) => {
        for (;;) {
          const began = performance.now();
          const still = await shown();
          const now = performance.now();
          if (!still) {
            gone[name] = { ms: now - answered, lastReadMs: now - began };
            return;
          }
          if (now - answered > GIVE_UP_MS)
            throw new Error(`${name} still showed the story ${GIVE_UP_MS} ms after the decision`);
          await sleep(POLL_MS);
        }
      }),
    );
    const row = {
      decideMs: answered - asked,
      readMs,
      gone,
      everywhereMs: Math.max(...Object.values(gone).map((one) => one.ms)),
    };
    if (i >= WARMUP) rows.push(row);
    log(
      `${i < WARMUP ? 'warm-up' : `removal ${i - WARMUP + 1}/${REMOVALS}`}: decide ${row.decideMs.toFixed(1)} ms; gone from the page ${gone.page.ms.toFixed(1)}, the list ${gone.list.ms.toFixed(1)}, notifications ${gone.notifications.ms.toFixed(1)} ms`,
    );
  }
  return summarize(rows);
}

function summarize(rows) {
  const stat = (values) => ({
    p50: percentile(values, 50),
    p99: percentile(values, 99),
    max: Math.max(...values),
  });
  const names = ['page', 'list', 'notifications'];
  return {
    count: rows.length,
    decide: stat(rows.map((row) => row.decideMs)),
    everywhere: stat(rows.map((row) => row.everywhereMs)),
    surfaces: Object.fromEntries(
      names.map((name) => [
        name,
        {
          gone: stat(rows.map((row) => row.gone[name].ms)),
          read: percentile(
            rows.map((row) => row.readMs[name]),
            50,
          ),
        },
      ]),
    ),
  };
}

/** Part 1: npm start. */
async function standaloneRemovals() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-bench-moderation-'));
  const standalone = await startStandalone(dataDir, NO_LIMITS);
  try {
    const base = standalone.url;
    // The command reaches the running process through its folder's socket.
    const people = await cast(base, { DATA_DIR: dataDir });
    return await removals(base, base, people);
  } finally {
    await stop(standalone.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Part 2: services mode, each app its own process, PostgreSQL and Redis. */
async function servicesRemovals() {
  await sql(ADMIN_URL, `create database "${DB}"`);
  const filesDir = mkdtempSync(join(tmpdir(), 'mepedia-bench-files-'));
  const keys = generateKeyPairSync('ed25519');
  const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
  const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const shared = {
    DATABASE_URL: DB_URL,
    DATABASE_POOL_SIZE: '4',
    REDIS_URL,
    REDIS_PREFIX,
    IDENTITY_PUBLIC_KEY: publicKey,
    PORT: '0',
    HOST: '127.0.0.1',
    EMAIL_LINK_SECRET: 'b'.repeat(32),
    PUBLIC_URL: 'http://mepedia.test',
  };
  const processes = [];
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  try {
    const urls = {};
    const apps = [...SERVICE_APPS, 'worker'];
    // Two at a time: each migrates its schema first, on two cores.
    for (let index = 0; index < apps.length; index += 2)
      await Promise.all(
        apps.slice(index, index + 2).map(async (app) => {
          const started = await startService(
            `dist/apps/${app}/src/main.js`,
            {
              ...shared,
              ...(app === 'files' ? { FILES_DIR: filesDir } : {}),
              // The worker keeps its messages in its dev outbox (no SMTP, no SMS provider):
              // the members' verification codes are read there, at the worker's address.
              ...(app === 'worker' ? { NODE_ENV: 'development' } : {}),
            },
            app,
          );
          processes.push(started.child);
          urls[app] = started.url;
        }),
      );
    const gateway = await startService(
      'dist/apps/gateway/src/main.js',
      {
        ...shared,
        IDENTITY_PRIVATE_KEY: privateKey,
        ...Object.fromEntries(SERVICE_APPS.map((app) => [serviceUrlVariable(app), urls[app]])),
        ...NO_LIMITS,
      },
      'gateway',
    );
    processes.push(gateway.child);
    const web = await startService(
      'dist/apps/web/server/main.js',
      { PORT: '0', HOST: '127.0.0.1', GATEWAY_URL: gateway.url, PUBLIC_URL: 'http://mepedia.test' },
      'web',
    );
    processes.push(web.child);
    // The command on PostgreSQL, announcing on Redis as the gateways listen.
    const people = await cast(
      gateway.url,
      { DATABASE_URL: DB_URL, REDIS_URL, REDIS_PREFIX },
      urls.worker,
    );
    return await removals(gateway.url, web.url, people);
  } finally {
    await Promise.all(processes.reverse().map(stop));
    await redis.connect().catch(() => undefined);
    const left = await redis.keys(`${REDIS_PREFIX}:*`).catch(() => []);
    if (left.length > 0) await redis.del(...left);
    redis.disconnect();
    await sql(ADMIN_URL, `drop database if exists "${DB}" with (force)`);
    rmSync(filesDir, { recursive: true, force: true });
  }
}

/** Part 3: npm start, REPORTERS members reporting one story at once until it is held. */
async function reportBurst() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-bench-moderation-'));
  const standalone = await startStandalone(dataDir, {
    ...NO_LIMITS,
    MODERATION_HOLD_AFTER_REPORTS: String(REPORTERS),
  });
  try {
    const base = standalone.url;
    const author = await verifiedMember(base, { firstname: 'Noa', lastname: 'Levi' });
    const reporters = [];
    // Names are letters only: Reader Rea, Reb, … (the reader's number in base 26, a to z).
    const letters = (i) =>
      [...i.toString(26)].map((digit) => String.fromCharCode(97 + parseInt(digit, 26))).join('');
    for (let i = 0; i < REPORTERS; i++)
      reporters.push(
        await verifiedMember(base, { firstname: 'Reader', lastname: `Re${letters(i)}` }),
      );
    const image = await uploadPhoto(base, author);
    const story = await call(
      base,
      'POST',
      '/api/posts/create',
      {
        title: 'The summer we built the boat',
        content: `<p>${'My father and I built a wooden boat in the yard, one plank every Saturday. '.repeat(4)}</p>`,
        image: image.url,
        credit: 'Noa',
        privacy: 'public',
      },
      author,
    );
    const page = async () => {
      const response = await fetch(`${base}/post/${story.postId}`);
      await response.arrayBuffer();
      return response.status;
    };
    await eventually(async () => ((await page()) === 200 ? true : undefined), 'the page');
    // The moderation service knows the story once its author's own report is refused as such.
    await eventually(async () => {
      try {
        await call(
          base,
          'POST',
          '/api/moderation/report',
          { itemKind: 'post', itemId: story.postId, reason: 'spam' },
          author,
        );
      } catch (error) {
        if (/CANNOT_REPORT_OWN_ITEM/.test(String(error))) return true;
        throw error;
      }
      return undefined;
    }, 'the moderation service to know the story');
    const began = performance.now();
    const answers = await Promise.allSettled(
      reporters.map((reporter) =>
        call(
          base,
          'POST',
          '/api/moderation/report',
          { itemKind: 'post', itemId: story.postId, reason: 'spam' },
          reporter,
        ),
      ),
    );
    const reported = performance.now();
    const refused = answers.filter((answer) => answer.status === 'rejected');
    for (const answer of refused.slice(0, 3)) log(`refused: ${answer.reason}`);
    for (;;) {
      if ((await page()) === 404) break;
      if (performance.now() - began > GIVE_UP_MS) throw new Error('the story was never held');
      await sleep(POLL_MS);
    }
    const held = performance.now();
    return {
      reporters: REPORTERS,
      taken: answers.length - refused.length,
      refused: refused.length,
      burstMs: reported - began,
      perSecond: (answers.length - refused.length) / ((reported - began) / 1000),
      heldMs: held - began,
    };
  } finally {
    await stop(standalone.child);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function removalTable(title, r) {
  const ms = (value) => value.toFixed(1);
  const row = (label, s, before = '') =>
    `| ${label} | ${before} | ${ms(s.p50)} | ${ms(s.p99)} | ${ms(s.max)} |`;
  const surface = r.surfaces;
  return [
    `| ${title}, ${r.count} removals | a read before, p50 ms | p50 ms | p99 ms | slowest ms |`,
    '| --- | --: | --: | --: | --: |',
    row('`decide` answers (from sending it)', r.decide),
    row(
      "(a) a guest's read of the story's page answers 404",
      surface.page.gone,
      ms(surface.page.read),
    ),
    row(
      '(b) gone from the public list (`getPosts`, a guest)',
      surface.list.gone,
      ms(surface.list.read),
    ),
    row(
      "(c) gone from the follower's notifications",
      surface.notifications.gone,
      ms(surface.notifications.read),
    ),
    row('**gone everywhere** (each removal, the slowest of the three)', r.everywhere),
    '',
  ];
}

async function main() {
  log('Calibrating…');
  const calibration = await calibrate({ databaseUrl: ADMIN_URL, duration: 5 });
  for (const r of calibration)
    log(`calibration, ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
  const results = {};
  if (!ONLY || ONLY.test('standalone')) {
    log(`Part 1: ${REMOVALS} removals, npm start…`);
    results.standalone = await standaloneRemovals();
    log(JSON.stringify(results.standalone));
  }
  if (!ONLY || ONLY.test('services')) {
    log(`Part 2: ${REMOVALS} removals, services mode…`);
    results.services = await servicesRemovals();
    log(JSON.stringify(results.services));
  }
  if (!ONLY || ONLY.test('reports')) {
    log(`Part 3: ${REPORTERS} reports of one story at once, npm start…`);
    results.reports = await reportBurst();
    log(JSON.stringify(results.reports));
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const lines = [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine} by \`node tools/bench/moderation.mjs\` (REMOVALS=${REMOVALS} after WARMUP=${WARMUP}, REPORTERS=${REPORTERS}, POLL_MS=${POLL_MS}).`,
    '',
    '| calibration (same run) | req/s | p50 ms | p99 ms |',
    '| --- | --: | --: | --: |',
    ...calibration.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} |`),
    '',
  ];
  if (results.standalone)
    lines.push(...removalTable("npm start, from `decide`'s answer", results.standalone));
  if (results.services)
    lines.push(...removalTable("services mode, from `decide`'s answer", results.services));
  if (results.reports) {
    const b = results.reports;
    lines.push(
      `| ${b.reporters} members report one story at once, held at ${b.reporters} (npm start) | measured |`,
      '| --- | --: |',
      `| reports taken (refused) | ${b.taken} (${b.refused}) |`,
      `| all answered | ${b.burstMs.toFixed(0)} ms (${b.perSecond.toFixed(0)} reports/s) |`,
      `| from the first sent until a guest's read of the page answers 404 | ${b.heldMs.toFixed(0)} ms |`,
      '',
    );
  }
  const table = lines.join('\n');
  log(`\n${table}`);
  if (ONLY) return;
  if (!rewriteDocSection('moderation-bench', table)) {
    log('docs/benchmarks.md has no moderation-bench markers: not rewritten');
    return;
  }
  log('docs/benchmarks.md rewritten');
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
