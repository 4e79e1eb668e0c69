// The notifications benchmark (issue 32; a measurement, not a test), after the same run's
// calibration (calibration.mjs):
//
// 1. Services mode: a member with FOLLOWERS followers publishes a story. posts, notifications
//    and the worker run as their own processes on a fresh PostgreSQL database and Redis (BullMQ);
//    the post is made through the posts service, and its announcement goes the whole way:
//    outbox, relay, the worker's fan-out, the notifications queue, one INSERT … SELECT. Measured:
//    the time until the last follower's notification is stored, the deepest the notifications
//    queue got, and the notifications process's CPU per notification.
// 3. A daily digest for DIGESTS members (100,000), all due in the same minute: the notifications
//    service's digest sweep (the compiled EmailDelivery) on PostgreSQL, each member with two
//    unread reactions to tell, the worker's queue a counter. Measured: the sweep's total time,
//    per member, and the emails it decided.
// 2. npm start: a member's open stream (GET /api/notifications/stream through the gateway), and
//    another member commenting on their story COMMENTS times, one after another: the time from
//    sending a comment until the stream carries it (p50, p99).
//
// Rewrites the notifications section of docs/benchmarks.md (between its markers).
//
//   npm run build && node tools/bench/notifications.mjs
//   FOLLOWERS=1000 COMMENTS=50 node tools/bench/notifications.mjs
//   ONLY=stream node tools/bench/notifications.mjs     (one part; docs/benchmarks.md untouched)
//   DIGESTS=10000 ONLY=digest node tools/bench/notifications.mjs
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { calibrate } from './calibration.mjs';
import { rewriteDocSection } from './doc-section.mjs';
import { sql, startService } from './service-process.mjs';
import { call, startStandalone, uploadPhoto, verifiedMember } from './standalone-process.mjs';

const FOLLOWERS = Number(process.env.FOLLOWERS ?? 10_000);
const COMMENTS = Number(process.env.COMMENTS ?? 200);
const DIGESTS = Number(process.env.DIGESTS ?? 100_000);
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB = `mepedia_bench_${randomBytes(3).toString('hex')}`;
const DB_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DB}`);
const REDIS_PREFIX = `bench-${randomBytes(3).toString('hex')}`;

const log = (message) => process.stdout.write(`${message}\n`);
const require = createRequire(import.meta.url);
const {
  IdentitySigner,
  IDENTITY_HEADER,
  // eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled library, as the processes measured load it
} = require('../../dist/libs/server/identity/src/index.js');

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Part 1: a story's fan-out to FOLLOWERS followers, in services mode. */
async function fanOut() {
  await sql(ADMIN_URL, `create database "${DB}"`);
  const keys = generateKeyPairSync('ed25519');
  const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const shared = {
    DATABASE_URL: DB_URL,
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
  let sampling = false;
  let sampler = Promise.resolve();
  try {
    const posts = await startService('dist/apps/posts/src/main.js', shared, 'posts');
    processes.push(posts.child);
    const notifications = await startService(
      'dist/apps/notifications/src/main.js',
      shared,
      'notifications',
    );
    processes.push(notifications.child);
    // The dev outbox instead of SMTP and SMS providers: this part sends no message.
    const worker = await startService(
      'dist/apps/worker/src/main.js',
      { ...shared, NODE_ENV: 'development' },
      'worker',
    );
    processes.push(worker.child);

    const publisherId = randomUUID();
    const seeded = Date.now();
    await sql(
      DB_URL,
      `insert into posts.publishers (user_id, fullname, profile_image, search_name, version)
       values ($1, 'Noa Levi', null, 'noa levi', now())`,
      [publisherId],
    );
    await sql(
      DB_URL,
      `insert into notifications.members (user_id, fullname, profile_image, language, version)
       select case when i = 0 then $1::uuid else md5('follower' || i)::uuid end,
              case when i = 0 then 'Noa Levi' else 'Follower ' || i end, null,
              case when i % 2 = 0 then 'en' else 'he' end, now()
       from generate_series(0, $2::int) as i`,
      [publisherId, FOLLOWERS],
    );
    await sql(
      DB_URL,
      `insert into notifications.follows (follower_id, followee_id, created_at)
       select md5('follower' || i)::uuid, $1::uuid, now() - (i || ' seconds')::interval
       from generate_series(1, $2::int) as i`,
      [publisherId, FOLLOWERS],
    );
    await sql(DB_URL, 'analyze');
    log(`seeded ${FOLLOWERS} followers in ${Date.now() - seeded} ms`);

    const signer = new IdentitySigner(keys.privateKey);
    const stored = async () =>
      Number(
        (
          await sql(
            DB_URL,
            `select count(*)::int as n from notifications.notification_groups where kind = 'story'`,
          )
        ).rows[0].n,
      );
    const queueKey = `${REDIS_PREFIX}:events-notifications:wait`;
    await redis.connect();
    let deepest = 0;
    sampling = true;
    sampler = (async () => {
      while (sampling) {
        deepest = Math.max(deepest, await redis.llen(queueKey));
        await sleep(20);
      }
    })();

    const cpuBefore = cpuMs(notifications.child.pid);
    const began = Date.now();
    const response = await fetch(`${posts.url}/api/posts/create`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [IDENTITY_HEADER]: signer.sign(
          { kind: 'member', userId: publisherId, sessionId: 'bench', language: 'en', roles: [] },
          'posts',
          { ip: '127.0.0.1' },
        ),
      },
      body: JSON.stringify({
        title: 'The summer we built the boat',
        content: `<p>${'My father and I built a wooden boat in the yard, one plank every Saturday. '.repeat(4)}</p>`,
        image: `/api/files/image/${randomBytes(16).toString('base64url')}`,
        credit: 'Noa',
        privacy: 'public',
      }),
    });
    if (response.status !== 201)
      throw new Error(`create answered ${response.status}: ${await response.text()}`);
    const created = Date.now() - began;
    let count = 0;
    while (count < FOLLOWERS) {
      if (Date.now() - began > 300_000) throw new Error(`only ${count} stored after 5 minutes`);
      await sleep(25);
      count = await stored();
    }
    const elapsed = Date.now() - began;
    // The notifications process settles (its last transaction's commit, the queue's ack).
    await sleep(500);
    const cpu = cpuMs(notifications.child.pid) - cpuBefore;
    sampling = false;
    await sampler;
    return {
      created,
      elapsed,
      deepest,
      cpuMs: cpu,
      cpuPerNotificationUs: (cpu * 1000) / FOLLOWERS,
    };
  } finally {
    sampling = false;
    await sampler.catch(() => undefined);
    for (const child of processes) child.kill('SIGTERM');
    await sleep(500);
    const keys = await redis.keys(`${REDIS_PREFIX}:*`).catch(() => []);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    await sql(ADMIN_URL, `drop database if exists "${DB}" with (force)`);
  }
}

/** Reads a stream of server-sent events, calling `onEvent(name, data)` for each. */
async function readEvents(body, onEvent) {
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of body) {
    buffer += decoder.decode(chunk, { stream: true });
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      let name = 'message';
      let data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event: ')) name = line.slice(7);
        else if (line.startsWith('data: ')) data += line.slice(6);
      }
      if (data) onEvent(name, JSON.parse(data));
    }
  }
}

/** Part 2: npm start, from a comment to the story's author's open stream. */
async function streamLatency() {
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-bench-notifications-'));
  const standalone = await startStandalone(dataDir, {
    RATE_LIMIT_COMMENTS_PER_MEMBER: '100000',
    RATE_LIMIT_COMMENTS_PER_IP: '100000',
  });
  const leaving = new AbortController();
  try {
    const base = standalone.url;
    const author = await verifiedMember(base);
    const reader = await verifiedMember(base, { firstname: 'Dana', lastname: 'Cohen' });
    const image = await uploadPhoto(base, author);
    const story = await call(
      base,
      'POST',
      '/api/posts/create',
      {
        title: 'The summer we built the boat',
        content: `<p>${'My father and I built a wooden boat in the yard, one plank every Saturday. '.repeat(4)}</p>`,
        image: image.url,
        credit: 'Me',
        privacy: 'public',
      },
      author,
    );
    const stream = await fetch(`${base}/api/notifications/stream`, {
      headers: { cookie: author.header(), accept: 'text/event-stream' },
      signal: leaving.signal,
    });
    if (stream.status !== 200) throw new Error(`the stream answered ${stream.status}`);
    let arrived = () => undefined;
    const reading = readEvents(stream.body, (name) => {
      if (name === 'notification') arrived();
    }).catch(() => undefined);
    const latencies = [];
    for (let i = 0; i < COMMENTS; i++) {
      const carried = new Promise((resolve) => (arrived = resolve));
      const began = performance.now();
      await call(
        base,
        'POST',
        '/api/feedMessages/sendMessage',
        { message: `Comment ${i}: what a summer that was`, tag: null, postId: story.postId },
        reader,
      );
      const timeout = sleep(10_000).then(() => 'timeout');
      if ((await Promise.race([carried, timeout])) === 'timeout')
        throw new Error(`comment ${i} never reached the stream`);
      latencies.push(performance.now() - began);
    }
    leaving.abort();
    await reading;
    return {
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: Math.max(...latencies),
    };
  } finally {
    leaving.abort();
    standalone.child.kill('SIGTERM');
    await new Promise((resolve) => standalone.child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Part 3: the daily digest sweep for DIGESTS members due at once. */
async function dailyDigests() {
  const db = `${DB}_digests`;
  const url = ADMIN_URL.replace(/\/[^/]*$/, `/${db}`);
  await sql(ADMIN_URL, `create database "${db}"`);
  // The compiled service and library, as the service's process loads them.
  const dist = (path) => require(join(process.cwd(), 'dist', path));
  const { openDatabase, runMigrations } = dist('libs/server/database/src/index.js');
  const { EmailDelivery } = dist('apps/notifications/src/email-delivery.js');
  const { EmailDeliveryRepository } = dist('apps/notifications/src/email-delivery.repository.js');
  const handle = await openDatabase({ url, poolSize: 4 });
  try {
    await runMigrations(handle, {
      schema: 'notifications',
      folder: join(process.cwd(), 'dist/apps/notifications/src/migrations'),
    });
    const slot = new Date(Date.now() + 60 * 60 * 1000);
    const seed = [
      // Members, half reading Hebrew, each with an address and a daily digest due at `slot`.
      `insert into notifications.members (user_id, fullname, language, email, version)
        select gen_random_uuid(), 'Member ' || i, case when i % 2 = 0 then 'he' else 'en' end,
          'member' || i || '@example.com', now() from generate_series(1, ${DIGESTS}) i`,
      `insert into notifications.email_digests (user_id, next_daily_at, next_weekly_at)
        select user_id, '${slot.toISOString()}', '${slot.toISOString()}'::timestamptz + interval '3 days'
        from notifications.members`,
      // Two stories each, and on each a reaction by another member (reactions: daily by default).
      `insert into notifications.notification_subjects (subject_id, kind, owner_id, private, title, changed_at)
        select m.user_id || '-' || n, 'post', m.user_id, false, 'Story ' || n, now()
        from notifications.members m, generate_series(1, 2) n`,
      `insert into notifications.notification_groups (recipient_id, kind, group_key, subject_id)
        select owner_id, 'reaction', 'reaction:' || subject_id, subject_id
        from notifications.notification_subjects`,
      `insert into notifications.notification_actors (group_id, actor_id, part, at)
        select g.id, (select user_id from notifications.members limit 1), 'reaction:heart', now()
        from notifications.notification_groups g`,
      'analyze',
    ];
    for (const statement of seed) await sql(url, statement);
    let queued = 0;
    const queue = {
      kind: 'in-process',
      add: async () => {
        queued += 1;
      },
    };
    const delivery = new EmailDelivery(new EmailDeliveryRepository(handle.db), queue, {
      publicUrl: 'https://mepedia.test',
      linkSecret: 'bench-link-secret-of-at-least-32-characters',
    });
    const started = performance.now();
    const sent = await delivery.sweepDigests('daily', slot);
    const elapsed = performance.now() - started;
    return { members: DIGESTS, sent, queued, elapsedMs: Math.round(elapsed) };
  } finally {
    await handle.close();
    await sql(ADMIN_URL, `drop database if exists "${db}" with (force)`);
  }
}

async function main() {
  log('Calibrating…');
  const calibration = await calibrate({ databaseUrl: ADMIN_URL, duration: 5 });
  for (const r of calibration)
    log(`calibration, ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
  const results = {};
  if (!ONLY || ONLY.test('fan-out')) {
    log(`Part 1: a story to ${FOLLOWERS} followers, services mode…`);
    results.fanOut = await fanOut();
    log(JSON.stringify(results.fanOut));
  }
  if (!ONLY || ONLY.test('stream')) {
    log(`Part 2: ${COMMENTS} comments to an open stream, npm start…`);
    results.stream = await streamLatency();
    log(JSON.stringify(results.stream));
  }
  if (!ONLY || ONLY.test('digest')) {
    log(`Part 3: a daily digest for ${DIGESTS} members…`);
    results.digests = await dailyDigests();
    log(JSON.stringify(results.digests));
  }
  const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
  const lines = [
    `Run ${new Date().toISOString().slice(0, 10)} on ${machine} by \`node tools/bench/notifications.mjs\` (FOLLOWERS=${FOLLOWERS}, COMMENTS=${COMMENTS}, DIGESTS=${DIGESTS}).`,
    '',
    '| calibration (same run) | req/s | p50 ms | p99 ms |',
    '| --- | --: | --: | --: |',
    ...calibration.map((r) => `| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} |`),
    '',
  ];
  if (results.fanOut) {
    const f = results.fanOut;
    lines.push(
      `| a story to ${FOLLOWERS.toLocaleString('en')} followers (services mode) | measured |`,
      '| --- | --: |',
      `| posts answers the create | ${f.created} ms |`,
      `| until the last follower's notification is stored | ${f.elapsed} ms |`,
      `| deepest the notifications queue got | ${f.deepest} |`,
      `| notifications process CPU | ${Math.round(f.cpuMs)} ms (${f.cpuPerNotificationUs.toFixed(1)} µs a notification) |`,
      '',
    );
  }
  if (results.stream) {
    const s = results.stream;
    lines.push(
      `| ${COMMENTS} comments, one after another, to the author's open stream (npm start) | ms |`,
      '| --- | --: |',
      `| p50 from sending to the stream | ${s.p50.toFixed(1)} |`,
      `| p99 | ${s.p99.toFixed(1)} |`,
      `| slowest | ${s.max.toFixed(1)} |`,
      '',
    );
  }
  if (results.digests) {
    const d = results.digests;
    lines.push(
      `| a daily digest for ${d.members.toLocaleString('en')} members due at once (PostgreSQL) | measured |`,
      '| --- | --: |',
      `| the sweep, start to end | ${(d.elapsedMs / 1000).toFixed(1)} s |`,
      `| a member | ${((d.elapsedMs * 1000) / d.members).toFixed(0)} µs |`,
      `| emails decided and queued | ${d.sent.toLocaleString('en')} (${d.queued.toLocaleString('en')} queued) |`,
      '',
    );
  }
  const table = lines.join('\n');
  log(`\n${table}`);
  if (ONLY) return;
  if (!rewriteDocSection('notifications-bench', table)) {
    log('docs/benchmarks.md has no notifications-bench markers: not rewritten');
    return;
  }
  log('docs/benchmarks.md rewritten');
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
