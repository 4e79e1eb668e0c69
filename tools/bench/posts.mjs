// The posts benchmark (a measurement, not a test). Seeds MEMBERS members and
// POSTS posts into a real PostgreSQL database, starts users, posts and the
// gateway as separate processes from dist/, and drives them with autocannon,
// each scenario through the gateway and straight at the service, after the
// same run's calibration (calibration.mjs). Rewrites the services-mode section
// of docs/benchmarks.md (between its markers).
//
//   npm run build && node tools/bench/posts.mjs
//   MEMBERS=1000 POSTS=100000 DURATION=10 node tools/bench/posts.mjs
//   ONLY='first page' node tools/bench/posts.mjs         only the scenarios whose name matches
//   GATEWAY_NODE_ARGS='--cpu-prof --cpu-prof-dir=prof' node tools/bench/posts.mjs
//     (then node tools/bench/profile-summary.mjs prof/*.cpuprofile: where the gateway's time goes)
// A run with ONLY leaves docs/benchmarks.md as it is.
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { cpus, totalmem } from 'node:os';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { calibrate, startServer } from './calibration.mjs';
import { BENCHMARKS_DOC, rewriteDocSection } from './doc-section.mjs';
import { sql, startService } from './service-process.mjs';

const MEMBERS = Number(process.env.MEMBERS ?? 1000);
const POSTS = Number(process.env.POSTS ?? 100_000);
const DURATION = Number(process.env.DURATION ?? 10);
/** The steady rate; by default half the maximum the same run measured through the gateway. */
const FIXED_RATE = process.env.RATE ? Number(process.env.RATE) : undefined;
const ONLY = process.env.ONLY ? new RegExp(process.env.ONLY, 'i') : undefined;
const GATEWAY_NODE_ARGS = (process.env.GATEWAY_NODE_ARGS ?? '').split(' ').filter(Boolean);
const ADMIN_URL = process.env.BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const DB = `mepedia_bench_${randomBytes(3).toString('hex')}`;
const DB_URL = ADMIN_URL.replace(/\/[^/]*$/, `/${DB}`);

const log = (message) => process.stdout.write(`${message}\n`);
const require = createRequire(import.meta.url);
// The compiled signer (npm run build): a member's calls go straight to the service with an
// assertion, as the gateway would send them, so they skip the guests' cache and reach the database.
const {
  IdentitySigner,
  IDENTITY_HEADER,
  sessionCookieName,
  // eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled library, as the processes measured load it
} = require('../../dist/libs/server/identity/src/index.js');

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

function run(options) {
  return new Promise((resolve, reject) => {
    autocannon(
      { duration: DURATION, connections: 50, pipelining: 1, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

const json = (body) => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function main() {
  log('Calibrating…');
  const calibration = await calibrate({ databaseUrl: ADMIN_URL, duration: DURATION });
  for (const r of calibration)
    log(`calibration, ${r.name}: ${r.rps} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms`);
  log(`Seeding ${MEMBERS} members and ${POSTS} posts into ${DB}…`);
  await sql(ADMIN_URL, `create database "${DB}"`);
  const keys = generateKeyPairSync('ed25519');
  const privateKey = keys.privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
  const publicKey = keys.publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
  const shared = {
    DATABASE_URL: DB_URL,
    IDENTITY_PUBLIC_KEY: publicKey,
    PORT: '0',
    HOST: '127.0.0.1',
    EMAIL_LINK_SECRET: 'b'.repeat(32),
    DATABASE_POOL_SIZE: '20',
  };
  const processes = [];
  try {
    // The services migrate their schemas at start.
    const users = await startService('dist/apps/users/src/main.js', shared, 'users');
    processes.push(users.child);
    const posts = await startService('dist/apps/posts/src/main.js', shared, 'posts');
    processes.push(posts.child);

    const seedStarted = Date.now();
    await sql(
      DB_URL,
      `insert into posts.publishers (user_id, fullname, profile_image, search_name, version)
       select md5('member' || i)::uuid,
              (array['Dana','Noa','Yael','Avi','Moshe','Rivka','Eitan','Tamar'])[1 + i % 8] || ' ' ||
              (array['Levi','Cohen','Mizrahi','Peretz','Biton','Friedman','Katz','Stern'])[1 + (i / 8) % 8] || ' ' || i,
              '/api/files/image/' || i,
              lower((array['Dana','Noa','Yael','Avi','Moshe','Rivka','Eitan','Tamar'])[1 + i % 8] || ' ' ||
              (array['Levi','Cohen','Mizrahi','Peretz','Biton','Friedman','Katz','Stern'])[1 + (i / 8) % 8] || ' ' || i),
              now()
       from generate_series(1, $1::int) as i`,
      [MEMBERS],
    );
    await sql(
      DB_URL,
      `insert into posts.posts (id, publisher_id, title, content, content_sanitizer, content_text, image, credit, privacy, destination, views, likes, share_count, created_at, updated_at)
       select md5('post' || i)::uuid,
              md5('member' || (1 + i % $2::int))::uuid,
              'Story number ' || i || ' about ' || (array['childhood','work','travel','family','music','war','love','school'])[1 + i % 8],
              '<p>' || repeat('A remembered afternoon, told with care. ', 8) || '</p>', 1,
              repeat('A remembered afternoon, told with care. ', 8),
              '/api/files/image/p' || i, 'Photo ' || i,
              case when i % 20 = 0 then 'private' else 'public' end,
              case when i % 3 = 0 then 'magazine' else 'profile' end,
              i % 500, i % 50, i % 7,
              now() - (i || ' minutes')::interval, now() - (i || ' minutes')::interval
       from generate_series(1, $1::int) as i`,
      [POSTS, MEMBERS],
    );
    await sql(DB_URL, 'analyze');
    log(`Seeded in ${Date.now() - seedStarted} ms`);

    const gateway = await startService(
      'dist/apps/gateway/src/main.js',
      {
        IDENTITY_PRIVATE_KEY: privateKey,
        USERS_SERVICE_URL: users.url,
        POSTS_SERVICE_URL: posts.url,
        PORT: '0',
        HOST: '127.0.0.1',
      },
      'gateway',
      GATEWAY_NODE_ARGS,
    );
    processes.push(gateway.child);
    // The same hop with nothing of ours: a bare Fastify passing requests on to posts.
    const bareProxy = await startServer('proxy', { TARGET: posts.url });
    processes.push(bareProxy.child);
    // The same hop through @fastify/reply-from (docs/adr/0008): what the library costs here.
    const replyFromProxy = await startServer('reply-from', { TARGET: posts.url });
    processes.push(replyFromProxy.child);

    const signer = new IdentitySigner(keys.privateKey);
    const memberId = (await sql(DB_URL, 'select user_id from posts.publishers limit 1')).rows[0]
      .user_id;
    // The same member signed in, for calls through the gateway: an account and a session as
    // the users service keeps them (the token's SHA-256, never the token).
    const token = randomBytes(32).toString('base64url');
    await sql(
      DB_URL,
      `insert into users.users (id, email, phone_number_prefix, phone_number, password_hash,
         firstname, lastname, language, birthdate, country, gender, terms_accepted_at)
       values ($1, 'bench@example.com', '+972', '501234567', 'x', 'Bench', 'Member', 'en',
         '1980-01-01', 'IL', 'female', now())`,
      [memberId],
    );
    await sql(
      DB_URL,
      'update users.users set email_verified_at = now(), phone_verified_at = now() where id = $1',
      [memberId],
    );
    await sql(
      DB_URL,
      `insert into users.sessions (id, user_id, token_hash, expires_at)
       values (gen_random_uuid(), $1, $2, now() + interval '1 day')`,
      [memberId, createHash('sha256').update(token).digest('hex')],
    );
    const memberCookie = { cookie: `${sessionCookieName(true)}=${token}` };
    const asMember = () => ({
      [IDENTITY_HEADER]: signer.sign(
        { kind: 'member', userId: memberId, sessionId: 'bench', language: 'en', roles: [] },
        'posts',
        { ip: '127.0.0.1' },
      ),
    });
    const ids = (
      await sql(
        DB_URL,
        "select id from posts.posts where privacy = 'public' order by random() limit 200",
      )
    ).rows.map((row) => row.id);
    let next = 0;
    const scenarios = [
      {
        name: 'getPosts, first page',
        service: posts.url,
        path: '/api/posts/getPosts',
        compareBare: true,
        request: json({}),
      },
      {
        name: 'getPosts, page 500 (offset 5,000)',
        service: posts.url,
        path: '/api/posts/getPosts',
        request: json({ pageNumber: 500, limit: 10 }),
      },
      {
        name: 'getPosts, author search',
        service: posts.url,
        path: '/api/posts/getPosts',
        request: json({ authorSearchValue: 'cohen' }),
      },
      {
        name: 'getPostById',
        service: posts.url,
        path: '/api/posts/getPostById',
        request: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ postId: ids[next++ % ids.length] }),
          }),
        },
      },
      // A member's calls reach the database every time (no guests' cache): through the
      // gateway with the session cookie, directly with the assertion the gateway would sign.
      {
        name: 'getPosts, first page (member)',
        service: posts.url,
        path: '/api/posts/getPosts',
        member: true,
        compareBare: true,
        request: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({ ...req, body: '{}' }),
        },
      },
      {
        name: 'getPostById (member)',
        service: posts.url,
        path: '/api/posts/getPostById',
        member: true,
        request: {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          setupRequest: (req) => ({
            ...req,
            body: JSON.stringify({ postId: ids[next++ % ids.length] }),
          }),
        },
      },
      {
        name: 'users/session (guest)',
        service: users.url,
        path: '/api/users/session',
        request: { method: 'POST' },
      },
    ];

    // Warm up both paths (JIT, pools, caches).
    for (const target of [gateway.url, posts.url])
      await run({ url: `${target}/api/posts/getPosts`, ...json({}), duration: 3 });

    const rows = [];
    const pidOf = new Map([
      [posts.url, posts.child.pid],
      [users.url, users.child.pid],
    ]);
    for (const scenario of scenarios.filter((one) => !ONLY || ONLY.test(one.name))) {
      const paths = [
        ['gateway', gateway.url],
        // For the first page only: what any hop costs here, to read the gateway's cost against.
        ...(scenario.compareBare
          ? [
              ['bare proxy', bareProxy.url],
              ['reply-from proxy', replyFromProxy.url],
            ]
          : []),
        ['direct', scenario.service],
      ];
      for (const [via, base] of paths) {
        const { setupRequest: prepare, ...request } = scenario.request;
        // A member: the cookie through the gateway, a freshly signed assertion directly.
        const setupRequest =
          scenario.member && prepare
            ? (req) => {
                const made = prepare(req);
                const who = via === 'gateway' ? memberCookie : asMember();
                return { ...made, headers: { ...made.headers, ...who } };
              }
            : prepare;
        const options = {
          url: `${base}${scenario.path}`,
          ...request,
          ...(setupRequest ? { requests: [{ setupRequest }] } : {}),
        };
        // Each row warms its own path first (JIT, statements prepared per connection, the
        // gateway's session cache): the first row of a scenario would otherwise pay for all.
        await run({ ...options, duration: 2 });
        // The CPU a call costs the service (direct) or the gateway (through it).
        const pid =
          via === 'direct'
            ? pidOf.get(scenario.service)
            : via === 'gateway'
              ? gateway.child.pid
              : via === 'bare proxy'
                ? bareProxy.child.pid
                : replyFromProxy.child.pid;
        const cpuBefore = pid ? cpuMs(pid) : undefined;
        const result = await run(options);
        const cpuAfter = pid ? cpuMs(pid) : undefined;
        const cpu =
          cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
            ? ((cpuAfter - cpuBefore) / result.requests.total).toFixed(2)
            : '';
        rows.push({
          scenario: scenario.name,
          via,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          errors: result.errors + result.non2xx,
          cpu,
        });
        log(
          `${scenario.name} via ${via}: ${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}${cpu ? `, ${cpu} ms CPU a call` : ''}`,
        );
      }
    }
    const most = rows.find((r) => r.scenario === 'getPosts, first page' && r.via === 'gateway');
    const RATE = FIXED_RATE ?? Math.max(50, Math.round((most?.rps ?? 1000) / 2 / 10) * 10);
    const steady = await run({
      url: `${gateway.url}/api/posts/getPosts`,
      ...json({}),
      overallRate: RATE,
      connections: 20,
    });
    log(
      `getPosts first page at a steady ${RATE} req/s through the gateway: p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms`,
    );
    if (ONLY) {
      log('ONLY was set: docs/benchmarks.md left as it is.');
      return;
    }

    const plans = [];
    for (const [label, query] of [
      [
        'first page (guest)',
        `explain (analyze, buffers off, costs off, timing off, summary off) select p.* from posts.posts p left join posts.publishers pub on pub.user_id = p.publisher_id where p.created_at <= now() and p.privacy = 'public' and p.moderation_state = 'visible' order by p.created_at desc, p.id desc limit 11`,
      ],
      [
        'magazine page',
        `explain (analyze, buffers off, costs off, timing off, summary off) select p.* from posts.posts p where p.created_at <= now() and p.privacy = 'public' and p.destination = 'magazine' and p.moderation_state = 'visible' order by p.created_at desc, p.id desc limit 11`,
      ],
      [
        'author search',
        `explain (analyze, buffers off, costs off, timing off, summary off) select p.* from posts.posts p where p.created_at <= now() and p.privacy = 'public' and p.moderation_state = 'visible' and p.publisher_id in (select user_id from posts.publishers where search_name like '%cohen%') order by p.created_at desc, p.id desc limit 11`,
      ],
    ]) {
      const plan = (await sql(DB_URL, query)).rows.map((row) => row['QUERY PLAN']).join('\n');
      plans.push({ label, plan });
    }

    /** What a hop (`via`) costs against calling the service directly, in throughput. */
    const ratio = (name, via = 'gateway') => {
      const g = rows.find((r) => r.scenario === name && r.via === via);
      const d = rows.find((r) => r.scenario === name && r.via === 'direct');
      return g && d ? `${Math.round((1 - g.rps / d.rps) * 100)}%` : '-';
    };
    const table = rows
      .map(
        (r) =>
          `| ${r.scenario} | ${r.via} | ${Math.round(r.rps)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.cpu} |${r.via === 'direct' ? ' |' : ` ${ratio(r.scenario, r.via)} |`}`,
      )
      .join('\n');
    const memberCost = ratio('getPosts, first page (member)');
    const calibrationRows = calibration
      .map((r) => `| ${r.name} | none | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} | | |`)
      .join('\n');
    const section = `Measured by \`node tools/bench/posts.mjs\` (run \`npm run build\` first) on ${new Date().toISOString().slice(0, 10)}:
${cpus().length} cores (${cpus()[0]?.model ?? 'unknown'}), ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version},
PostgreSQL on the same machine. The load generator (autocannon, 50 connections, ${DURATION} s a row) shares
the two cores with PostgreSQL, the gateway and the services, so these numbers are a floor for a real deployment.
The first rows are the calibration from the same run (no Mepedia code).

Data: ${MEMBERS.toLocaleString('en')} members and ${POSTS.toLocaleString('en')} posts (5% private, a third in the magazine).
Each service runs as its own process (\`NODE_ENV=production\`, \`LOG_LEVEL=warn\`); "direct" calls the service's port
with no identity (a guest: answered from the guests' cache after the first call) or, for the
"(member)" rows, with a member's signed assertion (read from PostgreSQL every time); "gateway" goes
through the gateway as a browser would (a member with the session cookie); "bare proxy" goes through a
bare Fastify process that passes each request on with undici and nothing else (\`calibration-server.mjs\`,
\`KIND=proxy\`): the least any hop costs on this machine; "reply-from proxy" is the same hop through
\`@fastify/reply-from\` (\`KIND=reply-from\`, docs/adr/0008). Each row is warmed for 2 s first.
"CPU ms a call" is the user + system time of the process the row measures (the service for "direct",
the gateway or the proxy otherwise) over the row divided by its calls (from /proc); the load
generator and PostgreSQL are not included.

| scenario | via | req/s | p50 ms | p99 ms | errors | CPU ms a call | hop cost (req/s) |
|---|---|---|---|---|---|---|---|
${calibrationRows}
${table}

At a steady ${RATE} req/s through the gateway (half the first page's maximum through it), \`getPosts\` first page: p50 ${steady.latency.p50} ms, p99 ${steady.latency.p99} ms.

| aim | measured | met |
|---|---|---|
| first page p99 under 25 ms at a steady half of the maximum (${RATE} req/s), through the gateway | ${steady.latency.p99} ms | ${steady.latency.p99 < 25 ? 'yes' : 'no'} |
| gateway costs at most 20% of direct throughput on a database call (member first page) | ${memberCost} (bare proxy: ${ratio('getPosts, first page (member)', 'bare proxy')}) | ${parseInt(memberCost, 10) <= 20 ? 'yes' : 'no'} |

### Query plans (EXPLAIN ANALYZE, ${POSTS.toLocaleString('en')} posts)

${plans.map(({ label, plan }) => `#### ${label}\n\n\`\`\`\n${plan}\n\`\`\``).join('\n\n')}
`;
    if (!rewriteDocSection('services-mode', section))
      throw new Error(`${BENCHMARKS_DOC} lacks the services-mode markers`);
    log(`Wrote the services-mode section of ${BENCHMARKS_DOC}`);
  } finally {
    for (const child of processes.reverse()) child.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await sql(ADMIN_URL, `drop database if exists "${DB}" with (force)`).catch(() => undefined);
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
