import type { CurrentUser, Post, RegisterRequest, RegisterResponse } from '@mepedia/contracts';
import {
  call,
  CookieJar,
  e164Of,
  newRegistration,
  PROCESS_TEST_TIMEOUT_MS,
  startPrivateS3,
  startProcess,
  startSmtpCapture,
  testIdentity,
  testRedisPrefix,
  type RunningProcess,
  eventually,
  verifyThroughOutbox,
  withClient,
} from '@mepedia/server-testing';
import { IMAGE_MAX_BYTES, SERVICE_APPS, serviceUrlVariable } from '@mepedia/contracts';
import sharp from 'sharp';
import { drillReport, startPrivatePostgres, startPrivateRedis } from './faults';
import { rowsMentioning, startServicesMode, type ServicesMode } from './services-mode';
import { rawUpload, residentMb, sampleResident, standInServices } from './upload-pressure';

// ---------------------------------------------------------------------------
// FAULT DRILLS (tools/drills/README.md). Services mode as in production, then one thing breaks:
// the database restarts, Redis restarts, a service or the worker dies mid-work, S3 goes away.
// Each drill prints what it did and what it found, and fails on what must not happen. `npm test`
// runs the short form; `node tools/drills/run.mjs` the long one (DRILLS=full).
// ---------------------------------------------------------------------------

const FULL = process.env['DRILLS'] === 'full';

/** The drills put load on one member from one address: far past what the limits let a person do. */
const UNLIMITED = {
  RATE_LIMIT_COMMENTS_PER_MEMBER: '1000000',
  RATE_LIMIT_COMMENTS_PER_IP: '1000000',
  RATE_LIMIT_POSTS_PER_MEMBER: '1000000',
  RATE_LIMIT_POSTS_PER_IP: '1000000',
  RATE_LIMIT_UPLOADS_PER_MEMBER: '1000000',
  RATE_LIMIT_UPLOADS_PER_IP: '1000000',
  RATE_LIMIT_REGISTER_PER_IP: '1000000',
  RATE_LIMIT_MESSAGES_PER_IP: '1000000',
  RATE_LIMIT_VERIFY_PER_IP: '1000000',
};

/** How much the gateway's memory may grow under the upload drill (see the drill). */
const UPLOAD_DRILL_GROWTH_MB = 100;

type Member = { jar: CookieJar; userId: string; email: string };

async function newMember(mode: ServicesMode): Promise<Member> {
  const registration = newRegistration();
  const created = await call<RegisterResponse>(mode.gatewayUrl, 'POST', '/api/users/register', {
    body: registration,
  });
  const verified = await verifyThroughOutbox(mode.gatewayUrl, registration, created);
  const jar = new CookieJar();
  jar.store(verified.headers);
  return { jar, userId: created.body.userId, email: registration.email };
}

async function upload(mode: ServicesMode, author: Member) {
  const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#557799' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('purpose', 'post');
  form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'drill.png');
  const started = Date.now();
  const response = await fetch(`${mode.gatewayUrl}/api/files/uploadApplicationFile`, {
    method: 'POST',
    headers: author.jar.header(),
    body: form,
  });
  return {
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
    ms: Date.now() - started,
  };
}

async function newPost(mode: ServicesMode, author: Member): Promise<Post> {
  const uploaded = await upload(mode, author);
  const image = String(uploaded.body['url']);
  const created = await call<Post>(mode.gatewayUrl, 'POST', '/api/posts/create', {
    headers: author.jar.header(),
    body: {
      title: 'A drill',
      content: `<p>${'A story told slowly and with care, one memory at a time. '.repeat(3)}</p>`,
      image,
      credit: 'Drill',
      privacy: 'public',
    },
  });
  if (created.status !== 201) throw new Error(`create answered ${created.text}`);
  return created.body;
}

type Outcome = { status: number; ms: number; finished: number };

const histogram = (outcomes: Outcome[]) =>
  Object.entries(
    outcomes.reduce<Record<number, number>>((counts, { status }) => {
      counts[status] = (counts[status] ?? 0) + 1;
      return counts;
    }, {}),
  )
    .map(([status, count]) => `${count} × ${status}`)
    .join(', ');

describe('fault drills', () => {
  it(
    'PostgreSQL restarted under load: calls fail fast with 503, recover by themselves, write nothing partly',
    async () => {
      const report = drillReport('postgres-restart');
      const postgres = await startPrivatePostgres();
      let mode: ServicesMode | undefined;
      try {
        mode = await startServicesMode({
          database: postgres.database('drill'),
          env: { gateway: UNLIMITED },
        });
        const url = mode.gatewayUrl;
        const member = await newMember(mode);
        const post = await newPost(mode, member);
        const clients = FULL ? 8 : 3;
        const seconds = FULL ? 30 : 8;
        report.did(
          `started services mode on a PostgreSQL of its own; ${clients} clients comment and read for ${seconds} s`,
        );

        const sent: Array<Outcome & { text: string }> = [];
        const read: Outcome[] = [];
        const began = Date.now();
        const until = began + seconds * 1000;
        // Past the planned load, the clients go on (up to half a minute more) until a call after
        // the restart has succeeded: on a busy machine the pools' first good connection can come
        // after the planned seconds, and the drill asks that they recover, not how fast.
        const cap = until + 30_000;
        let upAt = Number.POSITIVE_INFINITY;
        // Recovered: a comment (a write) and a read have both succeeded since the restart.
        const recovered = () =>
          sent.some((o) => o.finished > upAt && o.status < 300) &&
          read.some((o) => o.finished > upAt && o.status < 300);
        let serial = 0;
        const client = async () => {
          while (Date.now() < until || (!recovered() && Date.now() < cap)) {
            const text = `drill comment ${(serial += 1)}`;
            const started = Date.now();
            const answer = await call(url, 'POST', '/api/feedMessages/sendMessage', {
              headers: member.jar.header(),
              body: { message: text, tag: null, postId: post.postId },
            });
            sent.push({
              status: answer.status,
              ms: Date.now() - started,
              finished: Date.now(),
              text,
            });
            const reading = Date.now();
            const page = await call(url, 'POST', '/api/posts/getPosts', { body: { limit: 5 } });
            read.push({ status: page.status, ms: Date.now() - reading, finished: Date.now() });
          }
        };
        const load = Promise.all(Array.from({ length: clients }, client));
        await new Promise((resolve) => setTimeout(resolve, (seconds * 1000) / 4));
        const downAt = Date.now();
        report.did(
          `restarted PostgreSQL (fast shutdown, 1.5 s down) at ${((downAt - began) / 1000).toFixed(1)} s`,
        );
        await postgres.restart(1500);
        upAt = Date.now();
        report.did(
          `PostgreSQL accepts connections again ${((upAt - downAt) / 1000).toFixed(1)} s later`,
        );
        await load;

        const all = [...sent, ...read];
        report.found(`comments: ${histogram(sent)}; reads: ${histogram(read)}`);
        // Every process lived through it: a service that died would answer 503 (through the
        // gateway) for as long as nothing restarted it, as feed-messages once did when a
        // lent-out connection's 'error' had no listener (libs/server/database).
        const died = mode.died();
        report.found(
          died.length === 0 ? 'every process lived through it' : `died: ${died.join(', ')}`,
        );
        expect(died).toEqual([]);
        // Writes recover as reads do: comments (a transaction each) succeed after the restart.
        const commentsAfter = sent.filter((o) => o.finished > upAt && o.status < 300).length;
        report.found(`comments answered 201 after PostgreSQL was back: ${commentsAfter}`);
        expect(commentsAfter).toBeGreaterThan(0);
        // Only successes and 503 SERVICE_UNAVAILABLE: never a 500, never a hang.
        expect(
          [...new Set(all.map((o) => o.status))].filter((s) => ![200, 201, 503].includes(s)),
        ).toEqual([]);
        const failed = all.filter((o) => o.status === 503);
        const slowest = Math.max(0, ...failed.map((o) => o.ms));
        report.found(`${failed.length} calls answered 503, the slowest in ${slowest} ms`);
        expect(slowest).toBeLessThan(10_000);
        // Recovered by themselves: calls after the restart succeed, no process was restarted.
        const firstGood = all
          .filter((o) => o.finished > upAt && o.status < 300)
          .sort((a, b) => a.finished - b.finished)[0];
        expect(firstGood).toBeDefined();
        report.found(
          `first success ${((firstGood!.finished - upAt) / 1000).toFixed(1)} s after PostgreSQL was back; no process restarted`,
        );
        const lastFailure = Math.max(0, ...failed.map((o) => o.finished));
        expect(lastFailure - upAt).toBeLessThan(15_000);
        // Nothing written partly: each comment answered 201 is there once; one answered 503 at
        // most once (its commit may have landed as the connection went).
        const stored = await withClient(mode.databaseUrl, async (db) => {
          const rows = await db.query<{ message: string; count: string }>(
            `select text as message, count(*) as count from feed_messages.messages where post_id = $1 group by text`,
            [post.postId],
          );
          return new Map(rows.rows.map((row) => [row.message, Number(row.count)]));
        });
        const lost = sent.filter((o) => o.status === 201 && stored.get(o.text) !== 1);
        expect(lost.map((o) => o.text)).toEqual([]);
        const doubled = [...stored].filter(([, count]) => count > 1);
        expect(doubled).toEqual([]);
        const landedAnyway = sent.filter(
          (o) => o.status === 503 && stored.get(o.text) === 1,
        ).length;
        report.found(
          `every comment answered 201 is stored once; of those answered 503, ${landedAnyway} committed as the connection went, none twice`,
        );
        const me = await call<CurrentUser>(url, 'POST', '/api/users/session', {
          headers: member.jar.header(),
        });
        expect(me.body.id).toBe(member.userId);
      } finally {
        report.print();
        await mode?.stop();
        await postgres.stop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'S3 away during uploads: a clear 503, no orphan rows, and uploads work again once it is back',
    async () => {
      const report = drillReport('s3-unavailable');
      const s3 = await startPrivateS3();
      let mode: ServicesMode | undefined;
      try {
        mode = await startServicesMode({ env: { files: s3.env, gateway: UNLIMITED } });
        const member = await newMember(mode);
        const rows = () =>
          withClient(mode!.databaseUrl, async (db) =>
            Number(
              (await db.query<{ n: string }>('select count(*) as n from files.images')).rows[0]?.n,
            ),
          );
        const first = await upload(mode, member);
        expect(first.status).toBe(201);
        report.did(
          'started services mode with images on an S3 server of its own; one upload stored',
        );
        const before = await rows();

        await s3.stop();
        report.did('stopped the S3 server');
        const tries = FULL ? 10 : 3;
        const refused = [];
        for (let i = 0; i < tries; i++) refused.push(await upload(mode, member));
        const codes = [...new Set(refused.map((r) => `${r.status} ${String(r.body['code'])}`))];
        const times = refused.map((r) => r.ms);
        report.found(
          `${tries} uploads answered ${codes.join(' / ')}, in ${Math.min(...times)} to ${Math.max(...times)} ms`,
        );
        for (const answer of refused) {
          expect(answer.status).toBe(503);
          expect(answer.body).toMatchObject({
            code: 'SERVICE_UNAVAILABLE',
            message: expect.any(String),
          });
        }
        expect(await rows()).toBe(before);
        report.found(`no rows were added for them (${before} images before and after)`);

        await s3.start();
        report.did('started the S3 server again on its port');
        const again = await upload(mode, member);
        expect(again.status).toBe(201);
        const served = await fetch(`${mode.gatewayUrl}${String(again.body['url'])}`);
        expect(served.status).toBe(200);
        expect(served.headers.get('content-type')).toBe('image/webp');
        expect(await rows()).toBe(before + 1);
        report.found('the next upload was stored and served, with no restart of the files service');
      } finally {
        report.print();
        await mode?.stop();
        await s3.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'the worker killed mid-send: the email goes out once, after the worker is back',
    async () => {
      const report = drillReport('worker-killed-mid-job');
      // An SMTP server that takes 4 s to answer each message, and keeps none whose sender left.
      const smtp = await startSmtpCapture({ holdMs: 4000 });
      let mode: ServicesMode | undefined;
      try {
        mode = await startServicesMode({ env: { gateway: UNLIMITED } });
        const member = await newMember(mode);
        // A 10 s lock: the dead worker's job is taken up within seconds, not BullMQ's half
        // minute, and a live worker on a busy machine still renews its lock in time (a lock
        // renewed late counts its job as stalled once more, and a job stalled twice fails).
        await mode.stopApp('worker');
        await mode.startApp('worker', { SMTP_URL: smtp.url, QUEUE_LOCK_MS: '10000' });
        report.did(
          'started services mode; the worker (QUEUE_LOCK_MS=10000) sends email to a slow SMTP server',
        );
        const asked = await call(mode.gatewayUrl, 'POST', '/api/users/sendPasswordResetEmail', {
          body: { email: member.email },
        });
        expect(asked.status).toBe(200);
        await eventually(() => (smtp.receiving() > 0 ? true : undefined), {
          timeoutMs: 60_000,
          what: 'the worker handing the email over',
        });
        await mode.killApp('worker');
        const killedAt = Date.now();
        report.did('killed the worker (SIGKILL) while the SMTP server held its answer');
        await new Promise((resolve) => setTimeout(resolve, 5000));
        const to = (email: { to: string }) => email.to.toLowerCase().includes(member.email);
        expect(smtp.messages.filter(to)).toHaveLength(0);
        report.found('the SMTP server kept nothing: the message was never accepted');

        // With the same settings (the slow SMTP server, the short lock).
        await mode.startApp('worker');
        report.did('started the worker again');
        const delivered = await smtp.waitFor(to, 120_000).catch((error: unknown) => {
          // What the worker said is what tells why (the test's own output stays short).
          throw new Error(
            `${String(error)}\nthe worker's output:\n${mode!.output('worker').slice(-4000)}`,
          );
        });
        const after = ((Date.now() - killedAt) / 1000).toFixed(0);
        // Room for a second copy to show up, if it were going to.
        await new Promise((resolve) => setTimeout(resolve, 6000));
        expect(smtp.messages.filter(to)).toHaveLength(1);
        report.found(
          `delivered once, ${after} s after the kill (the queue takes up a dead worker's job once its lock expires), Message-ID ${delivered.headers.get('message-id') ?? '?'}`,
        );
        expect(mode.output('worker')).toContain('an earlier attempt died mid-send');
      } finally {
        report.print();
        await mode?.stop();
        await smtp.close();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'Redis restarted with jobs queued: each job is done once, and every app reconnects by itself',
    async () => {
      const report = drillReport('redis-restart');
      const redis = await startPrivateRedis();
      let mode: ServicesMode | undefined;
      try {
        mode = await startServicesMode({ redisUrl: redis.url, env: { gateway: UNLIMITED } });
        const url = mode.gatewayUrl;
        await mode.stopApp('worker');
        const count = FULL ? 40 : 8;
        report.did(
          `started services mode on a Redis of its own (append-only, every write synced); stopped the worker; ${count} people register`,
        );
        const registrations: RegisterRequest[] = [];
        for (let i = 0; i < count; i++) {
          const registration = newRegistration();
          const created = await call(url, 'POST', '/api/users/register', { body: registration });
          expect(created.status).toBe(201);
          registrations.push(registration);
        }
        // Their texts wait in Redis: the relay has moved every event onto the queue.
        const texts = (phones: string[]) =>
          withClient(mode!.databaseUrl, async (db) => {
            const rows = await db.query<{ to: string; n: string }>(
              `select "to", count(*) as n from worker.dev_outbox where channel = 'sms' and "to" = any($1) group by "to"`,
              [phones],
            );
            return new Map(rows.rows.map((row) => [row.to, Number(row.n)]));
          });
        await new Promise((resolve) => setTimeout(resolve, 3000));

        await redis.kill();
        report.did('killed Redis (SIGKILL) with the jobs queued');
        const during = Date.now();
        const refused = await call(url, 'POST', '/api/users/register', { body: newRegistration() });
        report.found(
          `a registration while Redis was down: ${refused.status} in ${Date.now() - during} ms`,
        );
        expect([201, 503]).toContain(refused.status);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        await redis.start();
        report.did('started Redis again on its port, from its append-only file');
        await mode.startApp('worker');
        report.did('started the worker');

        const phones = registrations.map(e164Of);
        const sent = await eventually(
          async () => {
            const found = await texts(phones);
            return phones.every((phone) => found.has(phone)) ? found : undefined;
          },
          { timeoutMs: 90_000, intervalMs: 250, what: 'every queued text' },
        );
        await new Promise((resolve) => setTimeout(resolve, 3000));
        const settled = await texts(phones);
        expect([...settled.values()].filter((n) => n !== 1)).toEqual([]);
        report.found(`all ${sent.size} queued texts sent, each once`);

        // Every app found Redis again by itself: a new registration goes all the way.
        const later = newRegistration();
        const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
          body: later,
        });
        expect(created.status).toBe(201);
        await eventually(
          async () => ((await texts([e164Of(later)])).get(e164Of(later)) ? true : undefined),
          {
            timeoutMs: 60_000,
            intervalMs: 250,
            what: 'the text of a registration after the restart',
          },
        );
        report.found('a registration after the restart got its text: no app needed a restart');
        expect(mode.died()).toEqual([]);
      } finally {
        report.print();
        await mode?.stop();
        await redis.stop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'a service killed during a profile deletion: the deletion completes after it is back',
    async () => {
      const report = drillReport('deletion-interrupted');
      let mode: ServicesMode | undefined;
      try {
        mode = await startServicesMode({ env: { gateway: UNLIMITED } });
        const url = mode.gatewayUrl;
        const registration = newRegistration({ firstname: 'Tamar', lastname: 'Drillwoman' });
        const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
          body: registration,
        });
        const verified = await verifyThroughOutbox(url, registration, created);
        const member: Member = {
          jar: new CookieJar(),
          userId: created.body.userId,
          email: registration.email,
        };
        member.jar.store(verified.headers);
        const posts = FULL ? 20 : 4;
        for (let i = 0; i < posts; i++) {
          const post = await newPost(mode, member);
          await call(url, 'POST', '/api/feedMessages/sendMessage', {
            headers: member.jar.header(),
            body: { message: `Tamar writes ${i}`, tag: null, postId: post.postId },
          });
          await call(url, 'POST', '/api/userLikes/toggleLike', {
            headers: member.jar.header(),
            body: { collectionName: 'posts', objectId: post.postId },
          });
        }
        const needles = [member.userId, registration.email, 'Drillwoman'];
        expect((await rowsMentioning(mode.databaseUrl, needles)).length).toBeGreaterThan(3);
        report.did(
          `a member with ${posts} posts, comments on them and likes; she deletes her profile`,
        );

        const consumers = ['posts', 'feed-messages', 'reactions', 'files'] as const;
        // Down as the deletion goes out: its events wait for them.
        for (const app of consumers) await mode.killApp(app);
        report.did(`killed ${consumers.join(', ')} (SIGKILL)`);
        const deleted = await call(url, 'POST', '/api/users/deleteUserById', {
          headers: member.jar.header(),
          body: { id: member.userId, password: registration.password },
        });
        expect(deleted.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 2000));
        const pending = await rowsMentioning(mode.databaseUrl, needles);
        report.found(
          `her account is gone at once; with those services down, ${pending.map((p) => `${p.table} (${p.rows})`).join(', ')} still wait`,
        );
        expect(pending.some((found) => found.table.startsWith('users.'))).toBe(false);
        expect(pending.length).toBeGreaterThan(0);
        for (const app of consumers) await mode.startApp(app);
        const back = Date.now();
        report.did('started them again');

        const left = await eventually(
          async () => {
            const found = await rowsMentioning(mode!.databaseUrl, needles);
            return found.length === 0 ? found : undefined;
          },
          { timeoutMs: 150_000, intervalMs: 500, what: 'the deletion to complete' },
        );
        expect(left).toEqual([]);
        report.found(
          `nothing of her left in any schema ${((Date.now() - back) / 1000).toFixed(0)} s after the restart`,
        );
      } finally {
        report.print();
        await mode?.stop();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'guests pressing uploads on the gateway: its memory stays bounded',
    async () => {
      const report = drillReport('upload-memory');
      const redis = testRedisPrefix();
      const services = await standInServices();
      const identity = testIdentity();
      const concurrent = 60;
      const stalled = 40;
      const holdSeconds = FULL ? 30 : 5;
      const size = IMAGE_MAX_BYTES;
      let gateway: RunningProcess | undefined;
      try {
        gateway = await startProcess(
          'dist/apps/gateway/src/main.js',
          {
            NODE_ENV: 'development',
            LOG_LEVEL: 'warn',
            HOST: '127.0.0.1',
            PORT: '0',
            REDIS_URL: redis.url,
            REDIS_PREFIX: redis.prefix,
            IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
            ...Object.fromEntries(
              SERVICE_APPS.map((app) => [serviceUrlVariable(app), services.url]),
            ),
            // Limits out of reach: what holds must hold for an attacker with many addresses.
            ...UNLIMITED,
          },
          /listening on (http:\/\/\S+)/,
        );
        const url = gateway.match[1]!;
        const pid = gateway.child.pid!;
        const path = '/api/files/uploadApplicationFile';
        // Warm up (the first calls load code), then the baseline.
        for (let i = 0; i < 5; i++) await rawUpload(url, path, 1024);
        const before = residentMb(pid);
        report.did(`started the gateway alone (pid ${pid}): ${before} MB resident`);

        const sampler = sampleResident(pid);
        const full = await Promise.all(
          Array.from({ length: concurrent }, () => rawUpload(url, path, size)),
        );
        const afterConcurrent = sampler.peak();
        report.did(
          `${concurrent} guests upload ${size / 1024 / 1024} MiB each at once: ${histogram(full.map((o) => ({ status: o.status, ms: 0, finished: 0 })))}; each sent ${Math.round(Math.min(...full.map((o) => o.sent)) / 1024)} to ${Math.round(Math.max(...full.map((o) => o.sent)) / 1024)} KiB before its answer`,
        );
        report.found(`peak ${afterConcurrent} MB resident (+${afterConcurrent - before} MB)`);

        let release: () => void = () => undefined;
        const released = new Promise<void>((resolve) => (release = resolve));
        const held = Array.from({ length: stalled }, () =>
          rawUpload(url, path, size, { stallAfter: 2 * 1024 * 1024, release: released }),
        );
        await new Promise((resolve) => setTimeout(resolve, holdSeconds * 1000));
        const whileStalled = residentMb(pid);
        release();
        const stalledOutcomes = await Promise.all(held);
        sampler.stop();
        const peak = sampler.peak();
        report.did(
          `${stalled} guests send 2 MiB of a 10 MiB upload and stall for ${holdSeconds} s: ${histogram(stalledOutcomes.map((o) => ({ status: o.status, ms: 0, finished: 0 })))}`,
        );
        report.found(
          `${whileStalled} MB resident while they stall; peak over the drill ${peak} MB (+${peak - before} MB over ${before} MB)`,
        );
        report.print();

        // Every guest refused (401) without its body being taken. The connection ends with the
        // answer, so a client still writing may see it reset before it reads the 401 (status 0
        // here). The answer comes before the client has sent it all, but "sent" counts what the
        // client handed to its socket, and on loopback the kernel's buffers can take a whole
        // 10 MiB before the 401 is read (seen once in CI on a quiet machine): some uploads are
        // cut short, and the memory bound below shows no body was held.
        expect(full.every((o) => o.status === 401 || o.status === 0)).toBe(true);
        expect(full.some((o) => o.sent < size)).toBe(true);
        expect(stalledOutcomes.every((o) => o.status === 401)).toBe(true);
        // The bound: 100 connections' buffers and the answers' garbage, never the bodies. Ten
        // bodies held whole would be 100 MB; the gateway before this drill held all of them
        // (about 1,000 MB for the 100 uploads here).
        expect(peak - before).toBeLessThan(UPLOAD_DRILL_GROWTH_MB);
      } finally {
        await gateway?.stop();
        await services.close();
        await redis.cleanup();
      }
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
