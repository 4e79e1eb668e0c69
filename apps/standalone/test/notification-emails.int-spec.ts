import type { EmailPreferences, EmailUnsubscribeResult } from '@mepedia/contracts';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { BullMqQueue, RedisBus } from '@mepedia/server-queue';
import {
  call,
  createTestDatabase,
  addressOf,
  notificationsWorld,
  SETUP_TIMEOUT_MS,
  startSmtpCapture,
  testIdentity,
  testRedisPrefix,
} from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import {
  createNotificationsApp,
  EMAIL_GRACE_MS,
  sweepNotificationEmails,
} from '../../notifications/src/notifications.app';
import { createWorkerApp } from '../../worker/src/worker.app';
import { loadWorkerConfig } from '../../worker/src/worker.config';

const SITE = 'https://mepedia.test';
const LINK_SECRET = 'notification-emails-test-link-secret-0123456789';

// Notification emails end to end in services mode, in one test process: the notifications
// service decides them (its sweep run with a fake clock), BullMQ on Redis carries them, the
// worker renders and sends them to a real SMTP server; what the server received is read back,
// headers and all, and the one-click unsubscribe is POSTed as a mail provider would.
describe('notification emails through the worker to a real SMTP server', () => {
  const identity = testIdentity();
  const redis = testRedisPrefix();
  const logger = createLogger({ name: 'test', level: 'silent' });
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let queue: BullMqQueue;
  let bus: RedisBus;
  let worker: Awaited<ReturnType<typeof createWorkerApp>>;
  let notifications: NestFastifyApplication;
  let base: string;

  const count = async (text: string, params: unknown[] = []) => {
    if (handle.kind !== 'postgres') throw new Error('postgres expected');
    const rows = (await handle.pool.query<{ n: number }>(text, params)).rows;
    return rows[0]?.n ?? 0;
  };
  const world = notificationsWorld(() => ({ queue, database: { count } }));

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 6 });
    smtp = await startSmtpCapture();
    queue = new BullMqQueue(redis.url, redis.prefix);
    bus = new RedisBus(redis.url, redis.prefix);
    const { config: workerConfig } = loadWorkerConfig({
      SMTP_URL: smtp.url,
      PUBLIC_URL: SITE,
      EMAIL_LINK_SECRET: LINK_SECRET,
    });
    worker = await createWorkerApp({ logger, database: handle, queue }, workerConfig);
    notifications = await createNotificationsApp(
      {
        production: false,
        logger,
        database: handle,
        queue,
        bus,
        identityPublicKey: identity.keys.publicKey,
      },
      { publicUrl: SITE, linkSecret: LINK_SECRET },
    );
    await notifications.listen({ port: 0, host: '127.0.0.1' });
    base = (await notifications.getUrl()).replace('[::1]', '127.0.0.1');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await notifications?.close();
    await worker?.close();
    await queue?.close();
    await bus?.close();
    await handle?.close();
    await smtp?.close();
    await database?.drop();
    await redis.cleanup();
  }, SETUP_TIMEOUT_MS);

  it('sends a comment at once with both unsubscribe headers; the one-click POST stops that kind', async () => {
    const noa = await world.known('נועה לוי', 'he');
    const dan = await world.known('Dan Cohen');
    const postId = await world.published(noa, 'מאיפה אני');
    const heardAt = new Date();
    await world.comment(dan, postId, { excerpt: 'What a summer <b>that</b> was', at: heardAt });
    const sweep = (at: Date) => sweepNotificationEmails(notifications, at);
    expect((await sweep(new Date(heardAt.getTime() + EMAIL_GRACE_MS + 1000))).immediate).toBe(1);

    const email = await smtp.waitFor((message) => message.to === addressOf(noa), 30_000);
    expect(email.subject).toBe('תגובה חדשה מאת Dan Cohen על מאיפה אני');
    expect(email.html).toContain('<html lang="he" dir="rtl">');
    expect(email.html).toContain(`href="${SITE}/he/post/${postId}#comment-`);
    // What the commenter wrote is text in the email, never markup.
    expect(email.html).toContain('What a summer &lt;b&gt;that&lt;/b&gt; was');
    const header = email.headers.get('list-unsubscribe') ?? '';
    expect(header).toMatch(
      new RegExp(`^<${SITE}/api/notifications/unsubscribe\\?token=${noa.userId}\\.comment\\.`),
    );
    expect(email.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    // The footer's link is the kind's own page, in her language.
    expect(email.text).toContain(`${SITE}/he/unsubscribe?token=`);

    // The mail provider POSTs the header's address, from its own servers: no session.
    const oneClick = new URL(header.slice(1, -1));
    const stopped = await call<EmailUnsubscribeResult>(
      base,
      'POST',
      `${oneClick.pathname}${oneClick.search}`,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(stopped.status).toBe(200);
    expect(stopped.body).toEqual({ kind: 'comment', frequency: 'never' });
    const preferences = await call<EmailPreferences>(
      base,
      'GET',
      '/api/notifications/getEmailPreferences',
      { headers: { 'x-mepedia-identity': identity.assert(noa, 'notifications') } },
    );
    expect(preferences.body.kinds.comment).toBe('never');
    expect(preferences.body.kinds.reply).toBe('immediate');

    // The next comment is not emailed.
    const later = new Date();
    await world.comment(dan, postId, { excerpt: 'And the autumn after', at: later });
    expect((await sweep(new Date(later.getTime() + EMAIL_GRACE_MS + 1000))).immediate).toBe(0);
  });
});
