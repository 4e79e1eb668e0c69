import { randomUUID } from 'node:crypto';
import type {
  CurrentUser,
  ErrorEnvelope,
  PeoplePage,
  MessageSentResponse,
  RegisterResponse,
  UserToVerify,
} from '@mepedia/contracts';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { BullMqQueue, RedisBus } from '@mepedia/server-queue';
import {
  call,
  codeIn,
  CookieJar,
  createTestDatabase,
  linkParam,
  newRegistration,
  parseSetCookie,
  SETUP_TIMEOUT_MS,
  startSmtpCapture,
  startTwilioCapture,
  testIdentity,
  testRedisPrefix,
} from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGatewayApp, type GatewayApp } from '../../gateway/src/gateway.app';
import { loadGatewayConfig } from '../../gateway/src/gateway.config';
import { createUsersApp } from '../../users/src/users.app';
import { createWorkerApp } from '../../worker/src/worker.app';
import { loadWorkerConfig } from '../../worker/src/worker.config';

const LINK_SECRET = 'members-test-link-secret-0123456789abcdef';

// Services mode in one test process: gateway, users and worker on real
// PostgreSQL, Redis and BullMQ; SMS to a Twilio-shaped listener, email to a
// real SMTP server. Codes and links are read out of what those received.
describe('members: verification, reset and unsubscribe through real providers', () => {
  const identity = testIdentity();
  const redis = testRedisPrefix();
  const logger = createLogger({ name: 'test', level: 'silent' });
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
  let twilio: Awaited<ReturnType<typeof startTwilioCapture>>;
  let queue: BullMqQueue;
  let bus: RedisBus;
  let users: NestFastifyApplication;
  let worker: Awaited<ReturnType<typeof createWorkerApp>>;
  let gateway: GatewayApp;
  let url: string;

  const sql = async (text: string, params: unknown[] = []) => {
    if (handle.kind !== 'postgres') throw new Error('postgres expected');
    return (await handle.pool.query(text, params)).rows as Array<Record<string, unknown>>;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 6 });
    smtp = await startSmtpCapture();
    twilio = await startTwilioCapture();
    queue = new BullMqQueue(redis.url, redis.prefix);
    bus = new RedisBus(redis.url, redis.prefix);
    const { config: workerConfig } = loadWorkerConfig({
      SMTP_URL: smtp.url,
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC123',
      TWILIO_AUTH_TOKEN: 'twilio-token',
      TWILIO_FROM: '+15550001111',
      TWILIO_API_URL: twilio.url,
      PUBLIC_URL: 'https://mepedia.test',
      EMAIL_LINK_SECRET: LINK_SECRET,
    });
    worker = await createWorkerApp({ logger, database: handle, queue }, workerConfig);
    expect(worker.devOutbox).toBe(false);
    users = await createUsersApp(
      {
        production: false,
        logger,
        database: handle,
        queue,
        bus,
        identityPublicKey: identity.keys.publicKey,
      },
      { production: false, publicUrl: 'https://mepedia.test', linkSecret: LINK_SECRET },
    );
    await users.listen({ port: 0, host: '127.0.0.1' });
    gateway = await createGatewayApp(
      loadGatewayConfig({
        IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
        USERS_SERVICE_URL: (await users.getUrl()).replace('[::1]', '127.0.0.1'),
        REDIS_URL: redis.url,
        REDIS_PREFIX: redis.prefix,
        LOG_LEVEL: 'silent',
        RATE_LIMIT_RESET_PER_EMAIL: '3',
        RATE_LIMIT_MESSAGES_PER_IP: '1000',
        RATE_LIMIT_VERIFY_PER_IP: '1000',
        RATE_LIMIT_REGISTER_PER_IP: '1000',
        RATE_LIMIT_LOGIN_PER_IP: '1000',
      }),
    );
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    url = (await gateway.app.getUrl()).replace('[::1]', '127.0.0.1');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await gateway?.close();
    await queue?.close();
    await users?.close();
    await worker?.close();
    await bus?.close();
    await handle?.close();
    await smtp?.close();
    await twilio?.close();
    await database?.drop();
    await redis.cleanup();
  }, SETUP_TIMEOUT_MS);

  const e164 = (r: { phoneNumberPrefix: string; phoneNumber: string }) =>
    `${r.phoneNumberPrefix}${r.phoneNumber.replace(/^0/, '')}`;

  async function register(overrides = {}) {
    const registration = newRegistration(overrides);
    const response = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
      body: registration,
    });
    expect(response.status).toBe(201);
    // The registering browser holds the verification ticket; only it can go on verifying.
    const ticket = new CookieJar();
    ticket.store(response.headers);
    const sms = await twilio.waitFor((m) => m.to === e164(registration));
    return { registration, userId: response.body.userId, code: codeIn(sms.body), sms, ticket };
  }

  /** Registered and phone verified: the email link is in the inbox, not opened yet. */
  async function phoneVerified(overrides = {}) {
    const member = await register(overrides);
    const { ticket } = member;
    const phone = {
      prefix: member.registration.phoneNumberPrefix,
      phone: member.registration.phoneNumber,
    };
    const verified = await call(url, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: { ...phone, verifyCode: member.code },
    });
    expect(verified.status).toBe(200);
    ticket.store(verified.headers);
    const email = await smtp.waitFor(
      (m) => m.to === member.registration.email && m.subject.includes('Confirm'),
    );
    return { ...member, phone, emailToken: linkParam(email.text, 'token') };
  }

  async function verifyFully(overrides = {}) {
    const member = await phoneVerified(overrides);
    // The registering browser opens its link: it holds the ticket, so it is signed in.
    const jar = new CookieJar();
    const done = await call<CurrentUser>(url, 'PUT', '/api/users/verifyUserByEmail', {
      headers: member.ticket.header(),
      body: { verifyCode: member.emailToken },
    });
    expect(done.status).toBe(200);
    jar.store(done.headers);
    return { ...member, jar };
  }

  it('walks register -> SMS code -> phone verified -> email link -> verified and signed in', async () => {
    const { registration, userId, code, sms, ticket } = await register({
      language: 'he',
      firstname: 'נועה',
      lastname: 'כהן',
    });
    expect(sms).toMatchObject({ from: '+15550001111', accountSid: 'AC123' });
    expect(sms.authorization).toBe(`Basic ${Buffer.from('AC123:twilio-token').toString('base64')}`);
    expect(sms.body).toBe(`מפדיה: קוד האימות שלך הוא ${code}. הקוד בתוקף 10 דקות.`);

    const toVerify = await call<UserToVerify>(url, 'POST', '/api/users/getUserToVerify', {
      headers: ticket.header(),
      body: { userId },
    });
    expect(toVerify.body).toMatchObject({
      userId,
      verification: 'registered',
      phoneNumberPrefix: '+972',
      language: 'he',
    });
    expect(toVerify.body.emailHint).toMatch(/^d•••@example\.com$/);

    const phone = await call(url, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: {
        verifyCode: code,
        prefix: registration.phoneNumberPrefix,
        phone: registration.phoneNumber,
      },
    });
    expect(phone.body).toEqual({ userId, verification: 'phone_verified' });
    expect(
      (
        await call(url, 'POST', '/api/users/userVerified', {
          headers: ticket.header(),
          body: { userId },
        })
      ).body,
    ).toEqual({ verified: false, verification: 'phone_verified' });

    const email = await smtp.waitFor((m) => m.to === registration.email);
    expect(email.subject).toBe('אישור כתובת האימייל שלך במפדיה');
    expect(email.html).toContain('dir="rtl"');
    expect(email.html).toContain('lang="he"');
    expect(email.text).toContain('https://mepedia.test/he/email-verification?token=');
    expect(email.headers.get('list-unsubscribe')).toContain(
      'https://mepedia.test/he/unsubscribe?email=',
    );

    ticket.store(phone.headers);
    const done = await call<CurrentUser>(url, 'PUT', '/api/users/verifyUserByEmail', {
      headers: ticket.header(),
      body: { verifyCode: linkParam(email.text, 'token') },
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ id: userId, verification: 'verified' });
    const jar = new CookieJar();
    jar.store(done.headers);
    expect(
      (await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: jar.header() })).body,
    ).toMatchObject({ id: userId });
    expect(
      (
        await call(url, 'POST', '/api/users/userVerified', {
          headers: ticket.header(),
          body: { userId },
        })
      ).body,
    ).toEqual({ verified: true, verification: 'verified' });

    // The ticket holder's own account: its phone in full, still only to that browser.
    const later = await call<UserToVerify>(url, 'POST', '/api/users/getUserToVerify', {
      headers: ticket.header(),
      body: { userId },
    });
    expect(later.body.phoneNumber).toBe(registration.phoneNumber.replace(/^0/, ''));

    const audit = await sql(
      'select type, details from users.audit_events where user_id = $1 order by created_at',
      [userId],
    );
    expect(audit.map((row) => row['type'])).toEqual([
      'user.registered',
      'code.sent',
      'code.verified',
      'code.sent',
      'email.verified',
    ]);
    expect(JSON.stringify(audit)).not.toContain(code);
  });

  describe('an email link signs in only the browser that registered (no login CSRF)', () => {
    const sessionCookie = (response: { headers: Headers }) => parseSetCookie(response.headers);

    it('verifies the email of a browser without the ticket, but signs nobody in', async () => {
      const attacker = await phoneVerified();
      const victim = await verifyFully();
      // The victim's browser opens the attacker's link: its session is the victim's, as before.
      const opened = await call(url, 'PUT', '/api/users/verifyUserByEmail', {
        headers: victim.jar.header(),
        body: { verifyCode: attacker.emailToken },
      });
      expect(opened.status).toBe(200);
      expect(opened.body).toEqual({ emailVerified: true, signedIn: false });
      expect(sessionCookie(opened)).toBeUndefined();
      expect(opened.headers.getSetCookie().join('\n')).not.toMatch(/mepedia_session=/);
      expect(
        (
          await call<CurrentUser>(url, 'POST', '/api/users/session', {
            headers: victim.jar.header(),
          })
        ).body,
      ).toMatchObject({ id: victim.userId });
      // The link proved the mailbox: the account is verified; its owner signs in with the password.
      const login = await call<CurrentUser>(url, 'POST', '/api/users/login', {
        body: { email: attacker.registration.email, password: attacker.registration.password },
      });
      expect(login.status).toBe(200);
      expect(login.body).toMatchObject({ id: attacker.userId, verification: 'verified' });
    });

    it('signs in no browser without a session or the ticket either', async () => {
      const member = await phoneVerified();
      const elsewhere = await call(url, 'PUT', '/api/users/verifyUserByEmail', {
        body: { verifyCode: member.emailToken },
      });
      expect(elsewhere.status).toBe(200);
      expect(elsewhere.body).toEqual({ emailVerified: true, signedIn: false });
      expect(sessionCookie(elsewhere)).toBeUndefined();
      // A ticket for another pending account is no ticket for this one.
      const other = await phoneVerified();
      const again = await call(url, 'PUT', '/api/users/verifyUserByEmail', {
        headers: member.ticket.header(),
        body: { verifyCode: other.emailToken },
      });
      expect(again.body).toEqual({ emailVerified: true, signedIn: false });
      expect(sessionCookie(again)).toBeUndefined();
    });

    it('never replaces the session of another member, even in the registering browser', async () => {
      const registrant = await phoneVerified();
      const signedIn = await verifyFully();
      const browser = new CookieJar();
      for (const jar of [signedIn.jar, registrant.ticket])
        for (const pair of (jar.header().cookie ?? '').split('; ')) browser.store(pair);
      const opened = await call(url, 'PUT', '/api/users/verifyUserByEmail', {
        headers: browser.header(),
        body: { verifyCode: registrant.emailToken },
      });
      expect(opened.body).toEqual({ emailVerified: true, signedIn: false });
      expect(sessionCookie(opened)).toBeUndefined();
      expect(
        (await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: browser.header() }))
          .body,
      ).toMatchObject({ id: signedIn.userId });
    });

    it('signs in the registering browser, which holds the ticket', async () => {
      const member = await phoneVerified();
      const opened = await call<CurrentUser>(url, 'PUT', '/api/users/verifyUserByEmail', {
        headers: member.ticket.header(),
        body: { verifyCode: member.emailToken },
      });
      expect(opened.status).toBe(200);
      expect(opened.body).toMatchObject({ id: member.userId, verification: 'verified' });
      const jar = new CookieJar();
      jar.store(opened.headers);
      expect(
        (await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: jar.header() }))
          .body,
      ).toMatchObject({ id: member.userId });
    });
  });

  it('uses each link once', async () => {
    const { registration } = await verifyFully();
    const email = smtp.messages.find((m) => m.to === registration.email)!;
    const again = await call<ErrorEnvelope>(url, 'PUT', '/api/users/verifyUserByEmail', {
      body: { verifyCode: linkParam(email.text, 'token') },
    });
    expect(again.status).toBe(410);
    expect(again.body.code).toBe('VERIFY_LINK_EXPIRED');
  });

  it('allows five wrong tries per code, then voids it', async () => {
    const { registration, code, ticket } = await register();
    const phone = { prefix: registration.phoneNumberPrefix, phone: registration.phoneNumber };
    const wrong = code === '000000' ? '111111' : '000000';
    for (let left = 4; left >= 1; left--) {
      const response = await call<ErrorEnvelope>(url, 'PUT', '/api/users/verifyUserByPhone', {
        headers: ticket.header(),
        body: { ...phone, verifyCode: wrong },
      });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({
        code: 'INVALID_VERIFY_CODE',
        details: { attemptsLeft: left },
      });
    }
    const fifth = await call<ErrorEnvelope>(url, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: { ...phone, verifyCode: wrong },
    });
    expect(fifth.body.code).toBe('VERIFY_CODE_EXPIRED');
    const right = await call<ErrorEnvelope>(url, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: { ...phone, verifyCode: code },
    });
    expect(right.status).toBe(410);
    expect(right.body.code).toBe('VERIFY_CODE_EXPIRED');
  });

  it('refuses an expired code', async () => {
    const { registration, userId, code, ticket } = await register();
    await sql(
      "update users.verification_codes set expires_at = now() - interval '1 second' where user_id = $1",
      [userId],
    );
    const response = await call<ErrorEnvelope>(url, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: {
        prefix: registration.phoneNumberPrefix,
        phone: registration.phoneNumber,
        verifyCode: code,
      },
    });
    expect(response.body.code).toBe('VERIFY_CODE_EXPIRED');
  });

  it('throttles resends, and a new code voids the old one', async () => {
    const { registration, userId, code, ticket } = await register();
    const phone = { prefix: registration.phoneNumberPrefix, phone: registration.phoneNumber };
    const tooSoon = await call<ErrorEnvelope>(url, 'POST', '/api/users/sendPhoneCode', {
      headers: ticket.header(),
      body: phone,
    });
    expect(tooSoon.status).toBe(429);
    expect(tooSoon.body.code).toBe('RESEND_TOO_SOON');
    expect(
      (tooSoon.body.details as { retryAfterSeconds: number }).retryAfterSeconds,
    ).toBeGreaterThan(50);

    await sql(
      "update users.verification_codes set created_at = now() - interval '2 minutes' where user_id = $1",
      [userId],
    );
    const resent = await call<MessageSentResponse>(url, 'POST', '/api/users/sendPhoneCode', {
      headers: ticket.header(),
      body: phone,
    });
    expect(resent.body).toEqual({ sent: true, resendAfterSeconds: 60, expiresInSeconds: 600 });
    const second = await twilio.waitFor(
      (m) => m.to === e164(registration) && codeIn(m.body) !== code,
    );
    const old = await call<ErrorEnvelope>(url, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: { ...phone, verifyCode: code },
    });
    expect(old.body.code).toBe('INVALID_VERIFY_CODE');
    const fresh = await call(url, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: { ...phone, verifyCode: codeIn(second.body) },
    });
    expect(fresh.status).toBe(200);
  });

  it('answers a phone number that is not the account’s with its own message', async () => {
    const { ticket } = await register();
    const response = await call<ErrorEnvelope>(url, 'POST', '/api/users/sendPhoneCode', {
      headers: { ...ticket.header(), 'accept-language': 'he' },
      body: { prefix: '+972', phone: '0509999999' },
    });
    expect(response.status).toBe(404);
    expect(response.body).toMatchObject({
      code: 'PHONE_NOT_FOUND',
      message: 'מספר הטלפון אינו קיים במערכת. יש לנסות מספר אחר',
    });
  });

  describe('a pending account belongs to whoever registered it', () => {
    const phoneOf = (r: { phoneNumberPrefix: string; phoneNumber: string }) => ({
      prefix: r.phoneNumberPrefix,
      phone: r.phoneNumber,
    });

    it('a stranger without the ticket learns nothing and changes nothing', async () => {
      const victim = await register();
      const before = await sql('select phone_number from users.users where id = $1', [
        victim.userId,
      ]);
      const calls: Array<[string, string, Record<string, unknown>]> = [
        ['POST', '/api/users/getUserToVerify', { userId: victim.userId }],
        ['POST', '/api/users/userVerified', { userId: victim.userId }],
        [
          'PUT',
          '/api/users/changePhonenumber',
          { userId: victim.userId, phoneNumberPrefix: '+972', phoneNumber: '0501112233' },
        ],
        ['POST', '/api/users/sendPhoneCode', phoneOf(victim.registration)],
        ['POST', '/api/users/sendVerificationEmailToUser', phoneOf(victim.registration)],
        [
          'PUT',
          '/api/users/verifyUserByPhone',
          { ...phoneOf(victim.registration), verifyCode: '123456' },
        ],
        // A number nobody has answers exactly the same: no way to tell who is registered.
        ['POST', '/api/users/sendPhoneCode', { prefix: '+972', phone: '0509999999' }],
      ];
      for (const [method, path, body] of calls) {
        const response = await call<ErrorEnvelope>(url, method, path, { body });
        expect([path, response.status, response.body.code]).toEqual([
          path,
          401,
          'VERIFICATION_SESSION_REQUIRED',
        ]);
        expect(response.text).not.toContain(victim.userId);
        expect(response.text).not.toContain(victim.registration.phoneNumber.slice(-4));
      }
      expect(
        await sql('select phone_number from users.users where id = $1', [victim.userId]),
      ).toEqual(before);
    });

    it('a ticket for one account does nothing to another', async () => {
      const victim = await register();
      const stranger = await register();
      const asStranger = stranger.ticket.header();
      const byId = await call<ErrorEnvelope>(url, 'PUT', '/api/users/changePhonenumber', {
        headers: asStranger,
        body: { userId: victim.userId, phoneNumberPrefix: '+972', phoneNumber: '0501112234' },
      });
      expect(byId.body.code).toBe('VERIFICATION_SESSION_REQUIRED');
      const hints = await call<ErrorEnvelope>(url, 'POST', '/api/users/getUserToVerify', {
        headers: asStranger,
        body: { userId: victim.userId },
      });
      expect(hints.body.code).toBe('VERIFICATION_SESSION_REQUIRED');
      // Naming the victim's phone is just a number that is not the stranger's.
      const byPhone = await call<ErrorEnvelope>(
        url,
        'POST',
        '/api/users/sendVerificationEmailToUser',
        {
          headers: asStranger,
          body: phoneOf(victim.registration),
        },
      );
      expect(byPhone.body.code).toBe('PHONE_NOT_FOUND');
      expect(byPhone.body.details).toBeUndefined();
      const code = await call<ErrorEnvelope>(url, 'PUT', '/api/users/verifyUserByPhone', {
        headers: asStranger,
        body: { ...phoneOf(victim.registration), verifyCode: victim.code },
      });
      expect(code.body.code).toBe('PHONE_NOT_FOUND');
      const row = await sql('select phone_verified_at from users.users where id = $1', [
        victim.userId,
      ]);
      expect(row[0]?.['phone_verified_at']).toBeNull();
    });

    it('the registrant continues in another browser after proving the password', async () => {
      const { registration, userId, code } = await register();
      const login = await call<ErrorEnvelope>(url, 'POST', '/api/users/login', {
        body: { email: registration.email, password: registration.password },
      });
      expect(login.status).toBe(403);
      expect(login.body).toMatchObject({
        code: 'USER_NOT_VERIFIED',
        details: { userId, verification: 'registered' },
      });
      const other = new CookieJar();
      other.store(login.headers);
      const state = await call<UserToVerify>(url, 'POST', '/api/users/getUserToVerify', {
        headers: other.header(),
        body: { userId },
      });
      expect(state.body).toMatchObject({
        userId,
        phoneNumber: registration.phoneNumber.replace(/^0/, ''),
      });
      const verified = await call(url, 'PUT', '/api/users/verifyUserByPhone', {
        headers: other.header(),
        body: { ...phoneOf(registration), verifyCode: code },
      });
      expect(verified.status).toBe(200);
      // A wrong password hands out nothing.
      const wrong = await call(url, 'POST', '/api/users/login', {
        body: { email: registration.email, password: 'not-the-password' },
      });
      expect(wrong.status).toBe(401);
      expect(parseSetCookie(wrong.headers, 'mepedia_verification')).toBeUndefined();
    });

    it('expires when its deadline passes, and its email and phone can be registered again', async () => {
      const { registration, userId } = await register();
      const deadline = await sql(
        'select extract(epoch from verification_deadline - created_at)::int as left from users.users where id = $1',
        [userId],
      );
      // An hour to verify the phone.
      expect(deadline[0]?.['left']).toBe(3600);
      await sql(
        "update users.users set verification_deadline = now() - interval '1 second' where id = $1",
        [userId],
      );
      const login = await call<ErrorEnvelope>(url, 'POST', '/api/users/login', {
        body: { email: registration.email, password: registration.password },
      });
      expect(login.body.code).toBe('INVALID_CREDENTIALS');
      const again = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
        body: {
          ...newRegistration(),
          email: registration.email,
          phoneNumber: registration.phoneNumber,
        },
      });
      expect(again.status).toBe(201);
      expect(again.body.userId).not.toBe(userId);
      expect(await sql('select id from users.users where id = $1', [userId])).toEqual([]);
    });

    it('the owner of the email reclaims it from someone who registered with it', async () => {
      const owner = newRegistration();
      // A squatter registers with the owner's email and their own phone, and verifies the phone.
      const squatter = await register({ email: owner.email });
      const squatterPhone = await call(url, 'PUT', '/api/users/verifyUserByPhone', {
        headers: squatter.ticket.header(),
        body: { ...phoneOf(squatter.registration), verifyCode: squatter.code },
      });
      expect(squatterPhone.status).toBe(200);

      // The owner cannot register, but the reset link reaches their inbox.
      const blocked = await call<ErrorEnvelope>(url, 'POST', '/api/users/register', {
        body: owner,
      });
      expect(blocked.body.code).toBe('EMAIL_EXISTS');
      await call(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email: owner.email },
      });
      const reset = await smtp.waitFor(
        (m) => m.to === owner.email && m.text.includes('password-reset'),
      );
      const reclaimed = await call<ErrorEnvelope>(url, 'POST', '/api/users/updateUserPassword', {
        body: {
          userId: squatter.userId,
          newPassword: 'owner-takes-it-back',
          token: linkParam(reset.text, 'token'),
        },
      });
      expect(reclaimed.status).toBe(403);
      expect(reclaimed.body).toMatchObject({
        code: 'USER_NOT_VERIFIED',
        details: { userId: squatter.userId, verification: 'registered' },
      });
      const ownerTicket = new CookieJar();
      ownerTicket.store(reclaimed.headers);

      // The squatter's ticket and password are dead; the phone must be verified again.
      const squatterTries = await call<ErrorEnvelope>(url, 'POST', '/api/users/getUserToVerify', {
        headers: squatter.ticket.header(),
        body: { userId: squatter.userId },
      });
      expect(squatterTries.body.code).toBe('VERIFICATION_SESSION_REQUIRED');
      const squatterLogin = await call<ErrorEnvelope>(url, 'POST', '/api/users/login', {
        body: { email: owner.email, password: squatter.registration.password },
      });
      expect(squatterLogin.body.code).toBe('INVALID_CREDENTIALS');

      // The owner puts their own phone on it and finishes.
      const changed = await call(url, 'PUT', '/api/users/changePhonenumber', {
        headers: ownerTicket.header(),
        body: {
          userId: squatter.userId,
          phoneNumberPrefix: owner.phoneNumberPrefix,
          phoneNumber: owner.phoneNumber,
        },
      });
      expect(changed.status).toBe(200);
      const sms = await twilio.waitFor((m) => m.to === e164(owner));
      const phone = await call(url, 'PUT', '/api/users/verifyUserByPhone', {
        headers: ownerTicket.header(),
        body: { ...phoneOf(owner), verifyCode: codeIn(sms.body) },
      });
      expect(phone.status).toBe(200);
    });
  });

  it('changes a mistyped number and texts the new one at once', async () => {
    const { userId, registration, ticket } = await register();
    const corrected = newRegistration().phoneNumber;
    const response = await call<MessageSentResponse>(url, 'PUT', '/api/users/changePhonenumber', {
      headers: ticket.header(),
      body: { userId, phoneNumberPrefix: '+972', phoneNumber: corrected },
    });
    expect(response.status).toBe(200);
    const sms = await twilio.waitFor((m) => m.to === `+972${corrected.replace(/^0/, '')}`);
    const verified = await call(url, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: { prefix: '+972', phone: corrected, verifyCode: codeIn(sms.body) },
    });
    expect(verified.status).toBe(200);
    const oldNumber = await call<ErrorEnvelope>(url, 'POST', '/api/users/sendPhoneCode', {
      headers: ticket.header(),
      body: { prefix: '+972', phone: registration.phoneNumber },
    });
    expect(oldNumber.body.code).toBe('PHONE_NOT_FOUND');
  });

  it('sends a code exactly once when the SMS provider fails twice first', async () => {
    const before = twilio.attempts();
    twilio.failNext(2);
    const registration = newRegistration();
    const response = await call(url, 'POST', '/api/users/register', { body: registration });
    expect(response.status).toBe(201);
    await twilio.waitFor((m) => m.to === e164(registration), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(twilio.messages.filter((m) => m.to === e164(registration))).toHaveLength(1);
    expect(twilio.attempts() - before).toBe(3);
  });

  describe('password reset', () => {
    it('answers the same for a known and an unknown email', async () => {
      const { registration } = await verifyFully();
      const known = await call(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email: registration.email },
      });
      const unknown = await call(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email: 'nobody.at.all@example.com' },
      });
      expect(known.status).toBe(200);
      expect(unknown.status).toBe(known.status);
      expect(unknown.text).toBe(known.text);
      expect(known.body).toEqual({ sent: true });
      await smtp.waitFor(
        (m) => m.to === registration.email && m.subject === 'Reset your Mepedia password',
      );
      expect(smtp.messages.some((m) => m.to === 'nobody.at.all@example.com')).toBe(false);
    });

    it('sets a new password with the link once, ending every session', async () => {
      const { registration, userId, jar } = await verifyFully();
      await call(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email: registration.email },
      });
      const email = await smtp.waitFor(
        (m) => m.to === registration.email && m.subject === 'Reset your Mepedia password',
      );
      expect(linkParam(email.text, 'userId')).toBe(userId);
      const token = linkParam(email.text, 'token');

      const reset = await call<CurrentUser>(url, 'POST', '/api/users/updateUserPassword', {
        body: { userId, newPassword: 'brand-new-42', token },
      });
      expect(reset.status).toBe(200);
      expect(reset.body.id).toBe(userId);
      expect(reset.headers.get('set-cookie')).toContain('mepedia_session=');
      expect((await call(url, 'POST', '/api/users/session', { headers: jar.header() })).body).toBe(
        'NoSession',
      );

      const reuse = await call<ErrorEnvelope>(url, 'POST', '/api/users/updateUserPassword', {
        body: { userId, newPassword: 'another-one-42', token },
      });
      expect(reuse.status).toBe(410);
      expect(reuse.body).toMatchObject({
        code: 'PASSWORD_RESET_EXPIRED',
        message: 'Password reset is expired',
      });

      expect(
        (
          await call(url, 'POST', '/api/users/login', {
            body: { email: registration.email, password: registration.password },
          })
        ).status,
      ).toBe(401);
      expect(
        (
          await call(url, 'POST', '/api/users/login', {
            body: { email: registration.email, password: 'brand-new-42' },
          })
        ).status,
      ).toBe(200);
      const audit = await sql(
        "select type from users.audit_events where user_id = $1 and type like 'reset.%' order by created_at",
        [userId],
      );
      expect(audit.map((row) => row['type'])).toEqual(['reset.requested', 'reset.used']);
    });

    it('rotates the session of a signed-in member who resets their password with the link', async () => {
      const { registration, userId, jar } = await verifyFully();
      await call(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email: registration.email },
      });
      const email = await smtp.waitFor(
        (m) => m.to === registration.email && m.subject === 'Reset your Mepedia password',
      );
      // The gateway has this token in its cache when the reset goes through.
      expect(
        (await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: jar.header() }))
          .body,
      ).toMatchObject({ id: userId });
      const reset = await call<CurrentUser>(url, 'POST', '/api/users/updateUserPassword', {
        headers: jar.header(),
        body: { userId, newPassword: 'brand-new-43', token: linkParam(email.text, 'token') },
      });
      expect(reset.status).toBe(200);
      const fresh = new CookieJar();
      fresh.store(reset.headers);
      expect(parseSetCookie(reset.headers)?.value).toMatch(/^[\w-]{43}$/);
      expect(fresh.header().cookie).not.toBe(jar.header().cookie);
      expect((await call(url, 'POST', '/api/users/session', { headers: jar.header() })).body).toBe(
        'NoSession',
      );
      expect(
        (await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: fresh.header() }))
          .body,
      ).toMatchObject({ id: userId });
    });

    it('refuses an expired reset link', async () => {
      const { registration, userId } = await verifyFully();
      await call(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email: registration.email },
      });
      const email = await smtp.waitFor(
        (m) => m.to === registration.email && m.subject === 'Reset your Mepedia password',
      );
      await sql(
        "update users.verification_codes set expires_at = now() - interval '1 second' where user_id = $1 and purpose = 'password_reset'",
        [userId],
      );
      const response = await call<ErrorEnvelope>(url, 'POST', '/api/users/updateUserPassword', {
        body: { userId, newPassword: 'brand-new-42', token: linkParam(email.text, 'token') },
      });
      expect(response.body.code).toBe('PASSWORD_RESET_EXPIRED');
    });

    it('lets a signed-in member change their password, ending their other sessions and rotating this one', async () => {
      const { registration, userId, jar } = await verifyFully();
      const other = new CookieJar();
      other.store(
        (
          await call(url, 'POST', '/api/users/login', {
            body: { email: registration.email, password: registration.password },
          })
        ).headers,
      );
      // The session alone is not enough: the current password is asked for, and checked.
      const without = await call<ErrorEnvelope>(url, 'POST', '/api/users/updateUserPassword', {
        headers: jar.header(),
        body: { userId, newPassword: 'changed-pass-7' },
      });
      expect(without.status).toBe(400);
      expect(without.body.details).toEqual([
        expect.objectContaining({ field: 'currentPassword', code: 'FIELD_REQUIRED' }),
      ]);
      const wrong = await call<ErrorEnvelope>(url, 'POST', '/api/users/updateUserPassword', {
        headers: jar.header(),
        body: { userId, newPassword: 'changed-pass-7', currentPassword: 'a-wrong-guess-1' },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('PASSWORD_INCORRECT');
      // The old token has just been resolved, so the gateway holds it in its cache.
      expect(
        (await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: jar.header() }))
          .body,
      ).toMatchObject({ id: userId });
      const changed = await call<CurrentUser>(url, 'POST', '/api/users/updateUserPassword', {
        headers: jar.header(),
        body: { userId, newPassword: 'changed-pass-7', currentPassword: registration.password },
      });
      expect(changed.status).toBe(200);
      expect(changed.body.id).toBe(userId);
      // This browser goes on signed in, under a new token; the old one is refused at once.
      const oldToken = /mepedia_session=([\w-]+)/.exec(jar.header().cookie ?? '')?.[1];
      expect(oldToken).toBeDefined();
      const rotated = parseSetCookie(changed.headers);
      expect(rotated?.value).toMatch(/^[\w-]{43}$/);
      expect(rotated?.value).not.toBe(oldToken);
      expect((await call(url, 'POST', '/api/users/session', { headers: jar.header() })).body).toBe(
        'NoSession',
      );
      const fresh = new CookieJar();
      fresh.store(changed.headers);
      expect(
        (await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: fresh.header() }))
          .body,
      ).toMatchObject({ id: userId });
      expect(
        (await call(url, 'POST', '/api/users/session', { headers: other.header() })).body,
      ).toBe('NoSession');
      const guest = await call<ErrorEnvelope>(url, 'POST', '/api/users/updateUserPassword', {
        body: { userId, newPassword: 'changed-pass-8' },
      });
      expect(guest.body.code).toBe('AUTH_REQUIRED');
    });

    it('holds new passwords to NIST 800-63B: 8 to 64 characters, any kind, not a common one', async () => {
      const { userId, registration, jar } = await verifyFully();
      const attempt = (newPassword: string) =>
        call<ErrorEnvelope>(url, 'POST', '/api/users/updateUserPassword', {
          headers: jar.header(),
          body: { userId, newPassword, currentPassword: registration.password },
        });
      for (const [password, code] of [
        ['abc123', 'PASSWORD_RULES'],
        ['seven77', 'PASSWORD_RULES'],
        ['x'.repeat(65), 'PASSWORD_RULES'],
        ['password1', 'PASSWORD_TOO_COMMON'],
        ['Qwerty123', 'PASSWORD_TOO_COMMON'],
      ] as const) {
        const refused = await attempt(password);
        expect(refused.status).toBe(400);
        expect(refused.body.details).toEqual([
          expect.objectContaining({ field: 'newPassword', code }),
        ]);
      }
      const hebrew = await call<ErrorEnvelope>(url, 'POST', '/api/users/register?lang=he', {
        body: { ...newRegistration(), password: 'iloveyou1' },
      });
      expect(hebrew.body.details).toEqual([
        expect.objectContaining({
          field: 'password',
          code: 'PASSWORD_TOO_COMMON',
          message: 'זו סיסמה נפוצה מדי וקל לנחש אותה. כדאי לבחור סיסמה אחרת',
        }),
      ]);
      // Spaces, no digit, Hebrew: all fine when long enough.
      expect((await attempt('a calm river at dusk')).status).toBe(200);
    });

    it('limits reset requests per email at the gateway', async () => {
      const email = 'flood.target@example.com';
      for (let i = 0; i < 3; i++)
        expect(
          (await call(url, 'POST', '/api/users/sendPasswordResetEmail', { body: { email } }))
            .status,
        ).toBe(200);
      const limited = await call<ErrorEnvelope>(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email },
      });
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).not.toBeNull();
    });
  });

  it('carries a publication event from the events queue through the fan-out into the people directory', async () => {
    const { userId } = await verifyFully({ firstname: 'Event', lastname: 'Traveller' });
    const event = {
      id: randomUUID(),
      type: 'profile.publication.changed',
      source: 'me-answers',
      occurredAt: new Date().toISOString(),
      payload: { userId, publishedAnswers: 2, topics: ['Favourite places'] },
    };
    await queue.add('events', event.type, event, { jobId: event.id });
    let found: PeoplePage | undefined;
    for (let i = 0; i < 200 && !found?.users.length; i++) {
      found = (
        await call<PeoplePage>(url, 'POST', '/api/users/getPublishedUsers', {
          body: { searchValue: 'favourite' },
        })
      ).body;
      if (!found.users.length) await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(found?.users.map((user) => user.id)).toEqual([userId]);
  });

  describe('unsubscribe', () => {
    it('stops notices, not transactional mail, and refuses a forged link', async () => {
      const { registration } = await verifyFully();
      const email = smtp.messages.find((m) => m.to === registration.email)!;
      const signature = linkParam(email.text, 'signature');
      const forged = await call<ErrorEnvelope>(url, 'POST', '/api/users/unsubscribe', {
        body: { email: registration.email, signature: 'A'.repeat(43) },
      });
      expect(forged.status).toBe(400);
      expect(forged.body.code).toBe('INVALID_UNSUBSCRIBE_LINK');

      for (let i = 0; i < 2; i++) {
        const response = await call(url, 'POST', '/api/users/unsubscribe', {
          body: { email: registration.email, signature },
        });
        expect(response.body).toEqual({ unsubscribed: true });
      }
      // The event reaches the worker through the outbox, the events queue and the fan-out.
      for (let i = 0; i < 200; i++) {
        if (
          (
            await sql('select 1 from worker.email_suppressions where email = $1', [
              registration.email,
            ])
          ).length > 0
        )
          break;
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      await queue.add('email', 'notice', {
        template: 'notice',
        to: registration.email,
        language: 'en',
        data: { subject: 'News', text: 'Hello' },
      });
      await queue.add('email', 'notice', {
        template: 'notice',
        to: 'still.subscribed@example.com',
        language: 'en',
        data: { subject: 'News', text: 'Hello' },
      });
      await smtp.waitFor((m) => m.to === 'still.subscribed@example.com');
      await call(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email: registration.email },
      });
      await smtp.waitFor(
        (m) => m.to === registration.email && m.subject === 'Reset your Mepedia password',
      );
      expect(smtp.messages.some((m) => m.to === registration.email && m.subject === 'News')).toBe(
        false,
      );
    });
  });
});
