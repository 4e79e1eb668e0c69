// The search service at scale (issue 36; a measurement, not a test), after the same run's
// calibration (calibration.mjs): services mode on PostgreSQL, the search service as its own
// process over DOCS generated documents (1,000,000 by default).
//
// 1. The documents (search-scale-corpus.mjs): a seeded generator of stories and people in Hebrew
//    (60%) and English, words drawn by a Zipf law from made-up vocabularies (so common, middling
//    and rare words exist, and none is a word of the labelled set), audiences as a community's
//    (80% public, 10% members, 5% circle, 5% private), 20,000 owners. Each row is made by the
//    service's own `indexedDocument` (the same lexemes a live announcement gets), in THREADS
//    worker threads (search-scale-worker.mjs), and written in batches, the GIN index built after
//    the load (as a migration of a large installation would).
// 2. Queries from the same vocabularies: a common word, a middling one, a rare one, two words,
//    a phrase, a Hebrew word with prefixes the text lacks, a word still being typed; as a guest
//    and as a member. The maximum rate (50 connections, DURATION s) of the mix, then p50 and
//    p99 at half that rate, beside the calibration's bare `select 1`.
// 3. Indexing lag: LAG_SAMPLES documents announced one at a time as the worker hands them on
//    (`searchable.changed` on the `events-search` BullMQ queue), each timed from the add until a
//    search finds it. (The hop before, an owner's outbox relay and the worker's fan-out, is the
//    one every event takes: docs/benchmarks.md, the moderation section.)
//
// Rewrites the "Search at scale" section of docs/benchmarks.md (between its markers).
//
//   npm run bench:search-scale
//   DOCS=100000 DURATION=5 node tools/bench/search-scale.mjs      (a quicker look; doc untouched)
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { Worker } from 'node:worker_threads';
import pg from 'pg';
import { calibrate, drive as driveOne, table } from './calibration.mjs';
import { rewriteDocSection } from './doc-section.mjs';
import { ENGLISH, HEBREW, generated, ownersOf } from './search-scale-corpus.mjs';
import { sql, startService } from './service-process.mjs';

const DOCS = Number(process.env.DOCS ?? 1_000_000);
const OWNERS = Number(process.env.OWNERS ?? 20_000);
const DURATION = Number(process.env.DURATION ?? 10);
const LAG_SAMPLES = Number(process.env.LAG_SAMPLES ?? 200);
const FIXED_RATE = process.env.RATE ? Number(process.env.RATE) : undefined;
const BATCH = 2000;
/** The threads that make the documents (the database writes them meanwhile). */
const THREADS = Number(process.env.THREADS ?? Math.max(1, availableParallelism() - 1));
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const DB = `mepedia_bench_${randomBytes(3).toString('hex')}`;
const DB_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DB}`);
const REDIS_PREFIX = `bench-${randomBytes(3).toString('hex')}`;
/** Only the full run rewrites docs/benchmarks.md. */
const WRITES_DOC = DOCS === 1_000_000 && !process.env.RATE;

const log = (message) => process.stdout.write(`${message}\n`);
const require = createRequire(import.meta.url);
/* eslint-disable @nx/enforce-module-boundaries -- the compiled apps and libraries, as measured */
const { BullMqQueue } = require('../../dist/libs/server/queue/src/index.js');
const { IdentitySigner, IDENTITY_HEADER } = require('../../dist/libs/server/identity/src/index.js');
/* eslint-enable @nx/enforce-module-boundaries */

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const owners = ownersOf(OWNERS);

// --- the load --------------------------------------------------------------------------------

/**
 * The documents, made by THREADS worker threads (search-scale-worker.mjs: the service's own
 * `indexedDocument` for each, the costly part) and written here a batch per statement as each
 * comes, with the GIN index dropped meanwhile and built after (as a migration of a large
 * installation would).
 */
async function load(url) {
  await sql(url, 'drop index search.documents_terms_idx');
  const began = Date.now();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const threads = Array.from(
    { length: THREADS },
    () =>
      new Worker(new URL('./search-scale-worker.mjs', import.meta.url), {
        workerData: { owners: OWNERS },
      }),
  );
  const batches = Math.ceil(DOCS / BATCH);
  let next = 0;
  let written = 0;
  try {
    await new Promise((resolve, reject) => {
      let writing = Promise.resolve();
      const send = (thread) => {
        if (next >= batches) return false;
        const batch = next++;
        thread.postMessage({
          batch,
          start: batch * BATCH,
          end: Math.min(DOCS, (batch + 1) * BATCH),
        });
        return true;
      };
      for (const thread of threads) {
        thread.on('error', reject);
        thread.on('message', ({ columns }) => {
          // The thread makes the next batch while this one is written.
          send(thread);
          writing = writing
            .then(() => insert(client, columns))
            .then(() => {
              written += columns.kind.length;
              if (Math.floor(written / BATCH) % 50 === 0) log(`  ${written} documents…`);
              if (written >= DOCS) resolve();
            }, reject);
        });
        // Two batches each in flight: one being made, one waiting to be written.
        send(thread);
        send(thread);
      }
    });
  } finally {
    await Promise.all(threads.map((thread) => thread.terminate()));
    await client.end();
  }
  const loaded = Date.now() - began;
  const indexBegan = Date.now();
  await sql(
    url,
    `set maintenance_work_mem = '512MB'; create index documents_terms_idx on search.documents using gin (terms)`,
  );
  const indexed = Date.now() - indexBegan;
  await sql(url, 'vacuum analyze search.documents');
  const size = (
    await sql(url, `select pg_size_pretty(pg_total_relation_size('search.documents')) as size`)
  ).rows[0].size;
  return { loaded, indexed, size };
}

/** One batch's rows, in one statement. */
function insert(client, columns) {
  return client.query(
    `insert into search.documents (kind, id, owner_id, audience, title, body, language,
       created_at, folded_name, terms, changed_at)
     select kind, id, owner_id::uuid, audience, title, body, language, created_at::timestamptz,
       folded_name, title_vector::tsvector || body_vector::tsvector, now()
     from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
       $7::text[], $8::text[], $9::text[], $10::text[], $11::text[])
       as t(kind, id, owner_id, audience, title, body, language, created_at, folded_name,
         title_vector, body_vector)
     on conflict (kind, id) do nothing`,
    [
      columns.kind,
      columns.id,
      columns.ownerId,
      columns.audience,
      columns.title,
      columns.body,
      columns.language,
      columns.createdAt,
      columns.foldedName,
      columns.titleVector,
      columns.bodyVector,
    ],
  );
}

/** The queries: each kind drawn from the vocabularies by rank. */
function queries() {
  const he = (rank) => HEBREW[rank];
  const en = (rank) => ENGLISH[rank];
  return [
    { name: 'a common word', query: en(2) },
    { name: 'a middling word', query: he(300) },
    { name: 'a rare word', query: en(20_000) },
    { name: 'two words', query: `${he(40)} ${he(900)}` },
    { name: 'a phrase', query: `"${en(5)} ${en(7)}"` },
    { name: 'Hebrew with prefixes', query: `וב${he(150)}` },
    { name: 'a word being typed', query: en(60).slice(0, 3), typing: true },
  ];
}

/** calibration.mjs's run (50 connections) of a list of searches, DURATION s unless told. */
const drive = (url, requests, options = {}) =>
  driveOne(url, { duration: DURATION, requests, ...options });

function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
}

async function main() {
  log('Calibrating…');
  const calibration = await calibrate({ databaseUrl: ADMIN_URL, duration: DURATION });
  for (const r of calibration) log(`calibration, ${r.name}: ${r.rps} req/s, p99 ${r.p99} ms`);
  await sql(ADMIN_URL, `create database "${DB}"`);
  const keys = generateKeyPairSync('ed25519');
  const env = {
    DATABASE_URL: DB_URL,
    IDENTITY_PUBLIC_KEY: keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64'),
    PORT: '0',
    HOST: '127.0.0.1',
    DATABASE_POOL_SIZE: '20',
    REDIS_URL,
    REDIS_PREFIX,
  };
  const queue = new BullMqQueue(REDIS_URL, REDIS_PREFIX, () => undefined, 30_000);
  let search;
  try {
    search = await startService('dist/apps/search/src/main.js', env, 'search');
    log(`Loading ${DOCS} documents into ${DB}…`);
    const loaded = await load(DB_URL);
    log(
      `Loaded in ${loaded.loaded} ms, the GIN index built in ${loaded.indexed} ms, ${loaded.size}`,
    );

    const signer = new IdentitySigner(keys.privateKey);
    const member = owners[0];
    const headers = (who) => ({
      'content-type': 'application/json',
      [IDENTITY_HEADER]: signer.sign(
        who === 'guest'
          ? { kind: 'guest' }
          : { kind: 'member', userId: member, sessionId: 'bench', language: 'en', roles: [] },
        'search',
        { ip: '127.0.0.1' },
      ),
    });
    const probe = await fetch(`${search.url}/api/search/searchStories`, {
      method: 'POST',
      headers: headers('guest'),
      body: JSON.stringify({ query: queries()[0].query }),
    });
    if (!probe.ok) throw new Error(`a search answered ${probe.status}: ${await probe.text()}`);
    const rows = [];
    for (const who of ['guest', 'member']) {
      const mix = queries().map(({ query, typing }) => ({
        method: 'POST',
        path: '/api/search/searchStories',
        headers: headers(who),
        body: JSON.stringify({ query, ...(typing ? { typing } : {}), limit: 20 }),
      }));
      // Each query alone, a short run: what each kind costs.
      for (const [index, one] of queries().entries()) {
        const result = await drive(search.url, [mix[index]], {
          duration: Math.max(3, DURATION / 2),
        });
        rows.push({
          name: `${who}: ${one.name} (\`${one.query}\`)`,
          rps: Math.round(result.requests.average),
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
        });
      }
      const most = await drive(search.url, mix);
      const rate = FIXED_RATE ?? Math.max(10, Math.round(most.requests.average / 2));
      const steady = await drive(search.url, mix, { overallRate: rate });
      rows.push({
        name: `${who}: the mix, at its maximum`,
        rps: Math.round(most.requests.average),
        p50: most.latency.p50,
        p99: most.latency.p99,
        errors: most.errors + most.non2xx,
      });
      rows.push({
        name: `${who}: the mix, steady at half (${rate} req/s)`,
        rps: Math.round(steady.requests.average),
        p50: steady.latency.p50,
        p99: steady.latency.p99,
        errors: steady.errors + steady.non2xx,
      });
      log(
        `${who}: max ${Math.round(most.requests.average)} req/s; at ${rate} req/s p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms`,
      );
    }

    log(`Indexing lag, ${LAG_SAMPLES} documents…`);
    const lags = [];
    for (let i = 0; i < LAG_SAMPLES; i++) {
      // A word of letters alone (digits would split it into several).
      const word = `lag${[...randomBytes(8)].map((byte) => String.fromCharCode(107 + (byte % 16))).join('')}`;
      const item = {
        ...generated(DOCS + i, owners),
        kind: 'post',
        id: randomUUID(),
        audience: 'public',
        title: word,
      };
      const event = {
        id: randomUUID(),
        type: 'searchable.changed',
        source: 'bench',
        occurredAt: new Date().toISOString(),
        payload: item,
      };
      const began = performance.now();
      await queue.add('events-search', 'searchable.changed', event, { jobId: event.id });
      for (;;) {
        const answer = await fetch(`${search.url}/api/search/searchStories`, {
          method: 'POST',
          headers: headers('guest'),
          body: JSON.stringify({ query: word }),
        });
        const body = await answer.json();
        if (body.stories?.length) break;
        if (performance.now() - began > 30_000)
          throw new Error(
            `a document not found after 30 s: ${JSON.stringify(await queue.counts('events-search'))} ${JSON.stringify(await queue.failed('events-search'))}`,
          );
        await sleep(2);
      }
      lags.push(performance.now() - began);
    }
    const lag = {
      p50: Math.round(percentile(lags, 50)),
      p99: Math.round(percentile(lags, 99)),
      max: Math.round(Math.max(...lags)),
    };
    log(`indexing lag: p50 ${lag.p50} ms, p99 ${lag.p99} ms`);

    const machine = `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GB, ${new Date().toISOString().slice(0, 10)}`;
    const section = `Measured by \`node tools/bench/search-scale.mjs\` (${machine}): the search service as its own process on PostgreSQL, ${DOCS.toLocaleString('en')} generated documents (${loaded.size} with their indexes; loaded in ${Math.round(loaded.loaded / 1000)} s, the GIN index built in ${Math.round(loaded.indexed / 1000)} s), the load generator on the same machine.

Calibration, the same run:

${table(calibration)}

Searches, straight to the service (a guest's view is public documents only; a member's adds the members' audience, their circles and their own):

${table(rows)}

Indexing lag, from \`searchable.changed\` added to the search service's queue until a guest's search finds the document (${LAG_SAMPLES} documents, one at a time): p50 ${lag.p50} ms, p99 ${lag.p99} ms, the slowest ${lag.max} ms.`;
    log(section);
    if (WRITES_DOC) rewriteDocSection('search-scale', section);
  } finally {
    if (search && search.child.exitCode === null) {
      const exited = new Promise((resolve) => search.child.once('exit', resolve));
      search.child.kill('SIGTERM');
      await exited;
    }
    await queue.close();
    if (process.env.KEEP_DB) log(`kept ${DB_URL}`);
    else await sql(ADMIN_URL, `drop database if exists "${DB}" with (force)`);
    const { Redis } = require('ioredis');
    const redis = new Redis(REDIS_URL);
    const stale = await redis.keys(`${REDIS_PREFIX}:*`);
    if (stale.length > 0) await redis.del(...stale);
    redis.disconnect();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
