import { createHash } from 'node:crypto';
import type {
  CurrentUser,
  DomainEventEnvelope,
  ErrorEnvelope,
  MembersByIdsResponse,
  PublicProfile,
  RegisterResponse,
  SessionsList,
} from '@mepedia/contracts';
import { SESSION_IDLE_SECONDS, type Identity } from '@mepedia/server-identity';
import { InProcessBus, InProcessQueue, type Job } from '@mepedia/server-queue';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  eventually,
  newRegistration,
  parseSetCookie,
  SETUP_TIMEOUT_MS,
  testIdentity,
} from '@mepedia/server-testing';
import { sql } from 'drizzle-orm';
import { createTestUsersApp } from './users-app';
import { UsersRepository } from '../src/users.repository';
import { captureMessages, registerVerified as registerVerified_ } from './verified-member';

type Member = Extract<Identity, { kind: 'member' }>;

// The users service over real HTTP, on each engine.
describeEachEngine('users service over HTTP', (engine) => {
  const identity = testIdentity();
  let tested: TestService;
  let base: string;
  const queue = new InProcessQueue();
  const bus = new InProcessBus();
  const events: Array<Job<DomainEventEnvelope>> = [];
  const messages = captureMessages(queue);
  const revocations: unknown[] = [];

  beforeAll(async () => {
    queue.process<DomainEventEnvelope>('events', async (job) => {
      events.push(job);
    });
    await bus.subscribe('sessions.revoked', (message) => revocations.push(message));
    tested = await startTestService('users', createTestUsersApp, { engine, queue, bus, identity });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
    await bus.close();
  }, SETUP_TIMEOUT_MS);

  const asMember = (member: Member) => ({
    'x-mepedia-identity': identity.assert(member, 'users'),
  });
  const asGateway = () => ({
    'x-mepedia-identity': identity.assert({ kind: 'service', service: 'gateway' }, 'users'),
  });

  async function resolve(token: string) {
    const response = await call<{
      session: { userId: string; sessionId: string; language: 'en' | 'he' } | null;
    }>(base, 'POST', '/internal/sessions/resolve', { body: { token }, headers: asGateway() });
    expect(response.status).toBe(200);
    return response.body.session;
  }

  const registerVerified = (overrides: Parameters<typeof newRegistration>[0] = {}) =>
    registerVerified_(base, messages, overrides);

  async function signIn(email: string, password: string) {
    const response = await call<CurrentUser>(base, 'POST', '/api/users/login', {
      body: { email, password },
    });
    expect(response.status).toBe(200);
    const cookie = parseSetCookie(response.headers);
    const session = await resolve(cookie!.value);
    const member: Member = {
      kind: 'member',
      userId: session!.userId,
      sessionId: session!.sessionId,
      language: session!.language,
      roles: [],
    };
    return { token: cookie!.value, cookie: cookie!, member, user: response.body };
  }

  async function nextEvent(type: string, userId: string) {
    for (let i = 0; i < 100; i++) {
      const found = events.find(
        (job) => job.name === type && (job.data.payload as { userId?: string }).userId === userId,
      );
      if (found) return found;
      await new Promise((resolveTimer) => setTimeout(resolveTimer, 20));
    }
    throw new Error(`no ${type} event for ${userId}`);
  }

  describe('register', () => {
    it('creates an unverified member, normalising email and phone', async () => {
      const registration = newRegistration({
        email: 'Mixed.Case@Example.COM',
        phoneNumber: '050-123 4567',
      });
      await tested.database.query(
        "delete from users.users where email = 'mixed.case@example.com'",
        [],
      );
      const response = await call<RegisterResponse>(base, 'POST', '/api/users/register', {
        body: registration,
      });
      expect(response.status).toBe(201);
      expect(response.body.verification).toBe('registered');
      const [row] = await tested.database.query(
        'select email, phone_number, password_hash from users.users where id = $1',
        [response.body.userId],
      );
      expect(row).toMatchObject({ email: 'mixed.case@example.com', phone_number: '501234567' });
      expect(String(row!['password_hash'])).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('refuses a taken email and a taken phone number, however they are written', async () => {
      const first = newRegistration();
      expect((await call(base, 'POST', '/api/users/register', { body: first })).status).toBe(201);
      const sameEmail = await call<ErrorEnvelope>(base, 'POST', '/api/users/register', {
        body: newRegistration({ email: first.email.toUpperCase() }),
      });
      expect(sameEmail.status).toBe(409);
      expect(sameEmail.body.code).toBe('EMAIL_EXISTS');
      const national = first.phoneNumber.replace(/^0/, '');
      const samePhone = await call<ErrorEnvelope>(base, 'POST', '/api/users/register', {
        body: newRegistration({ phoneNumber: national }),
      });
      expect(samePhone.status).toBe(409);
      expect(samePhone.body.code).toBe('PHONE_EXISTS');
    });

    it('answers bad input field by field in the user language', async () => {
      const response = await call<ErrorEnvelope>(base, 'POST', '/api/users/register', {
        body: {
          ...newRegistration({ language: 'he', firstname: 'Dana', lastname: 'לוי' }),
          password: 'abcdef',
          termsAccepted: false,
        },
        headers: { 'accept-language': 'he-IL,he;q=0.9' },
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('VALIDATION_FAILED');
      expect(response.body.message).toBe('חלק מהשדות אינם תקינים');
      expect(response.body.requestId).toBe(response.headers.get('x-request-id'));
      expect(response.body.details).toEqual(
        expect.arrayContaining([
          {
            field: 'password',
            code: 'PASSWORD_RULES',
            message: 'הסיסמה צריכה להכיל בין 8 ל-64 תווים (כל תו מותר, גם רווחים)',
          },
          { field: 'termsAccepted', code: 'TERMS_REQUIRED', message: 'יש לאשר את תנאי השימוש' },
        ]),
      );
    });

    it('requires names in the script of the interface language', async () => {
      const response = await call<ErrorEnvelope>(base, 'POST', '/api/users/register', {
        body: newRegistration({ language: 'he', firstname: 'Dana', lastname: 'לוי' }),
      });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([
        { field: 'firstname', code: 'NAME_HEBREW_ONLY', message: 'Hebrew letters only' },
      ]);
      const hebrew = await call(base, 'POST', '/api/users/register', {
        body: newRegistration({ language: 'he', firstname: 'דנה', lastname: "ג'ורג'" }),
      });
      expect(hebrew.status).toBe(201);
    });

    it('stores nothing when the body is not JSON', async () => {
      const response = await call<ErrorEnvelope>(base, 'POST', '/api/users/register', {
        body: '{"email":',
      });
      expect(response.status).toBe(400);
      expect(response.body.code).toBe('INVALID_JSON');
    });
  });

  describe('login and sessions', () => {
    it('refuses an unverified member with the verification state', async () => {
      const registration = newRegistration();
      const created = await call<RegisterResponse>(base, 'POST', '/api/users/register', {
        body: registration,
      });
      const response = await call<ErrorEnvelope>(base, 'POST', '/api/users/login', {
        body: { email: registration.email, password: registration.password },
      });
      expect(response.status).toBe(403);
      expect(response.body).toMatchObject({
        code: 'USER_NOT_VERIFIED',
        message: 'User is not verified',
        details: { userId: created.body.userId, verification: 'registered' },
      });
      // No session; a verification ticket, since the password is proven.
      expect(parseSetCookie(response.headers)).toBeUndefined();
      expect(parseSetCookie(response.headers, 'mepedia_verification')?.value).toMatch(
        /^[\w-]{43}$/,
      );
    });

    it('answers a wrong password and an unknown email alike', async () => {
      const { registration } = await registerVerified();
      const wrong = await call<ErrorEnvelope>(base, 'POST', '/api/users/login', {
        body: { email: registration.email, password: 'not-it-123' },
      });
      const unknown = await call<ErrorEnvelope>(base, 'POST', '/api/users/login', {
        body: { email: 'nobody@example.com', password: 'not-it-123' },
      });
      expect([wrong.status, unknown.status]).toEqual([401, 401]);
      expect(wrong.body.code).toBe('INVALID_CREDENTIALS');
      expect(unknown.body.code).toBe('INVALID_CREDENTIALS');
      expect(wrong.body.message).toBe(unknown.body.message);
    });

    it('signs in with an HttpOnly Lax cookie holding a token stored only as a hash', async () => {
      const { registration, userId } = await registerVerified();
      const { cookie, token, user } = await signIn(
        registration.email.toUpperCase(),
        registration.password,
      );
      expect(user.id).toBe(userId);
      expect(cookie.name).toBe('mepedia_session');
      expect(token).toMatch(/^[\w-]{43}$/);
      expect(cookie.attributes.has('httponly')).toBe(true);
      expect(cookie.attributes.get('samesite')).toBe('Lax');
      expect(cookie.attributes.get('path')).toBe('/');
      expect(Number(cookie.attributes.get('max-age'))).toBe(30 * 24 * 60 * 60);
      const rows = await tested.database.query(
        'select token_hash from users.sessions where user_id = $1',
        [userId],
      );
      // One session from the email link that finished verification, one from this login.
      expect(rows).toHaveLength(2);
      const hashes = rows.map((row) => String(row['token_hash']));
      expect(hashes).not.toContain(token);
      expect(hashes).toContain(createHash('sha256').update(token).digest('hex'));
    });

    it('issues a new token at every login and ends the previous one of that browser', async () => {
      const { registration } = await registerVerified();
      const first = await signIn(registration.email, registration.password);
      const second = await call(base, 'POST', '/api/users/login', {
        body: { email: registration.email, password: registration.password },
        headers: asMember(first.member),
      });
      const token = parseSetCookie(second.headers)!.value;
      expect(token).not.toBe(first.token);
      expect(await resolve(first.token)).toBeNull();
      expect(await resolve(token)).not.toBeNull();
      expect(revocations).toContainEqual({ sessionIds: [first.member.sessionId] });
    });

    it('answers session with the member, or NoSession for a guest', async () => {
      const { registration, userId } = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const mine = await call<CurrentUser>(base, 'POST', '/api/users/session', {
        headers: asMember(member),
      });
      expect(mine.body).toMatchObject({
        id: userId,
        username: registration.email,
        verification: 'verified',
        fullname: 'Dana Levi',
      });
      const guest = await call(base, 'POST', '/api/users/session');
      expect(guest.status).toBe(200);
      expect(guest.headers.get('content-type')).toContain('application/json');
      expect(guest.body).toBe('NoSession');
    });

    it('logout ends the session at once and clears the cookie', async () => {
      const { registration } = await registerVerified();
      const { token, member } = await signIn(registration.email, registration.password);
      const response = await call(base, 'POST', '/api/users/logout', {
        headers: asMember(member),
      });
      expect(response.status).toBe(200);
      expect(response.body).toEqual({ loggedOut: true });
      const cleared = parseSetCookie(response.headers)!;
      expect(cleared.value).toBe('');
      expect(cleared.attributes.get('max-age')).toBe('0');
      expect(await resolve(token)).toBeNull();
    });

    it('does not resolve an expired session', async () => {
      const { registration, userId } = await registerVerified();
      const { token } = await signIn(registration.email, registration.password);
      await tested.database.query(
        "update users.sessions set expires_at = now() - interval '1 second' where user_id = $1",
        [userId],
      );
      expect(await resolve(token)).toBeNull();
      // The hourly sweep removes it.
      expect(
        await new UsersRepository(tested.database.handle.db).deleteExpiredSessions(
          new Date(),
          new Date(Date.now() - SESSION_IDLE_SECONDS * 1000),
        ),
      ).toBeGreaterThanOrEqual(1);
      expect(
        await tested.database.query('select id from users.sessions where user_id = $1', [userId]),
      ).toEqual([]);
    });
  });

  describe('identity assertions', () => {
    it('rejects a forged, expired or misdirected assertion with 401', async () => {
      const { registration } = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const forger = testIdentity();
      const cases = [
        forger.assert(member, 'users'),
        identity.assert(member, 'users', { now: Date.now() - 60_000 }),
        identity.assert(member, 'posts'),
        'not-an-assertion',
      ];
      for (const assertion of cases) {
        const response = await call<ErrorEnvelope>(base, 'POST', '/api/users/session', {
          headers: { 'x-mepedia-identity': assertion },
        });
        expect(response.status).toBe(401);
        expect(response.body.code).toBe('INVALID_IDENTITY');
      }
    });

    it('hides internal routes from anyone but another service', async () => {
      const { registration } = await registerVerified();
      const { member, token } = await signIn(registration.email, registration.password);
      for (const headers of [{}, asMember(member)]) {
        const response = await call<ErrorEnvelope>(base, 'POST', '/internal/sessions/resolve', {
          body: { token },
          headers,
        });
        expect(response.status).toBe(404);
        expect(response.body.code).toBe('ROUTE_NOT_FOUND');
      }
    });
  });

  describe('profile', () => {
    it('lets a member update their own details and announces user.updated', async () => {
      const { registration, userId } = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const response = await call<CurrentUser>(base, 'PUT', '/api/users/updateUserInformation', {
        headers: asMember(member),
        body: {
          ...registration,
          password: undefined,
          termsAccepted: undefined,
          moto: 'Curious about everything',
          videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
          linkedinLink: '',
        },
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        moto: 'Curious about everything',
        videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
        linkedinLink: null,
      });
      const event = await nextEvent('user.updated', userId);
      expect(event.data).toMatchObject({
        source: 'users',
        payload: { userId, fullname: 'Dana Levi', language: 'en' },
      });
    });

    it('keeps moto and about-me to 50 characters and refuses contact changes', async () => {
      const { registration } = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const long = await call<ErrorEnvelope>(base, 'PUT', '/api/users/updateUserInformation', {
        headers: asMember(member),
        body: { aboutMe: 'x'.repeat(51) },
      });
      expect(long.status).toBe(400);
      expect(long.body.details).toEqual([
        { field: 'aboutMe', code: 'MAX_50_CHARACTERS', message: 'At most 50 characters' },
      ]);
      const email = await call<ErrorEnvelope>(base, 'PUT', '/api/users/updateUserInformation', {
        headers: asMember(member),
        body: { email: 'someone.else@example.com' },
      });
      expect(email.status).toBe(422);
      expect(email.body.code).toBe('CONTACT_CHANGE_NOT_ALLOWED');
    });

    it('takes profile images uploaded here, clears them with an empty value, and refuses outside ones', async () => {
      const { registration } = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const update = (body: Record<string, unknown>) =>
        call<CurrentUser & ErrorEnvelope>(base, 'PUT', '/api/users/updateUserInformation', {
          headers: asMember(member),
          body,
        });
      const image = '/api/files/image/Profileimage0123456789';
      const cropped = '/api/files/image/Croppedimage0123456789';
      const set = await update({ profileImage: image, croppedProfileImage: cropped });
      expect(set.status).toBe(200);
      expect(set.body).toMatchObject({ profileImage: image, croppedProfileImage: cropped });
      const outside = await update({ profileImage: 'https://images.example.com/me.jpg' });
      expect(outside.status).toBe(400);
      expect(outside.body.details).toEqual([
        {
          field: 'profileImage',
          code: 'IMAGE_NOT_UPLOADED',
          message: 'Upload the image here; links to images elsewhere are not accepted',
        },
      ]);
      const cleared = await update({ croppedProfileImage: '' });
      expect(cleared.status).toBe(200);
      expect(cleared.body).toMatchObject({ profileImage: image, croppedProfileImage: null });
    });

    it('checks a new name against the interface language being set', async () => {
      const { registration } = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const response = await call<ErrorEnvelope>(base, 'PUT', '/api/users/updateUserInformation', {
        headers: asMember(member),
        body: { language: 'he', firstname: 'Dana' },
      });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([
        { field: 'firstname', code: 'NAME_HEBREW_ONLY', message: 'Hebrew letters only' },
      ]);
    });

    it('saves the interface language', async () => {
      const { registration } = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const response = await call(base, 'PUT', '/api/users/updateUserLanguage', {
        headers: asMember(member),
        body: { language: 'he' },
      });
      expect(response.body).toEqual({ language: 'he' });
      const session = await call<CurrentUser>(base, 'POST', '/api/users/session', {
        headers: asMember(member),
      });
      expect(session.body.language).toBe('he');
      const bad = await call<ErrorEnvelope>(base, 'PUT', '/api/users/updateUserLanguage', {
        headers: asMember(member),
        body: { language: 'fr' },
      });
      expect(bad.status).toBe(400);
    });

    it('refuses profile changes to guests', async () => {
      for (const [method, path] of [
        ['PUT', '/api/users/updateUserInformation'],
        ['PUT', '/api/users/updateUserLanguage'],
        ['POST', '/api/users/deleteUserById'],
        ['GET', '/api/users/getUserIdByEmail/someone@example.com'],
      ] as const) {
        const response = await call<ErrorEnvelope>(
          base,
          method,
          path,
          method === 'GET' ? {} : { body: {} },
        );
        expect(response.status).toBe(401);
        expect(response.body.code).toBe('AUTH_REQUIRED');
      }
    });

    it('shows guests public fields only, and only of verified members', async () => {
      const { userId } = await registerVerified();
      const response = await call<PublicProfile>(
        base,
        'GET',
        `/api/users/getProfileById/${userId}`,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ id: userId, fullname: 'Dana Levi' });
      for (const secret of [
        'email',
        'phoneNumber',
        'phoneNumberPrefix',
        'birthdate',
        'gender',
        'passwordHash',
        'username',
      ]) {
        expect(response.body).not.toHaveProperty(secret);
      }
      const unverified = await call<RegisterResponse>(base, 'POST', '/api/users/register', {
        body: newRegistration(),
      });
      expect(
        (await call(base, 'GET', `/api/users/getProfileById/${unverified.body.userId}`)).status,
      ).toBe(404);
      expect((await call(base, 'GET', '/api/users/getProfileById/not-a-uuid')).status).toBe(404);
    });

    it('tells members, not guests, the id behind an email of a verified member', async () => {
      const { registration } = await registerVerified();
      const other = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const found = await call(
        base,
        'GET',
        `/api/users/getUserIdByEmail/${encodeURIComponent(other.registration.email)}`,
        {
          headers: asMember(member),
        },
      );
      expect(found.body).toEqual({ userId: other.userId });
      const unknown = await call<ErrorEnvelope>(
        base,
        'GET',
        '/api/users/getUserIdByEmail/nobody%40example.com',
        {
          headers: asMember(member),
        },
      );
      expect(unknown.status).toBe(404);
      expect(unknown.body.code).toBe('USER_NOT_FOUND');
    });
  });

  describe('a member’s sessions', () => {
    const lastSeen = async (sessionId: string) =>
      new Date(
        String(
          (
            await tested.database.query('select last_seen_at from users.sessions where id = $1', [
              sessionId,
            ])
          )[0]?.['last_seen_at'],
        ),
      );

    it('lists where the member is signed in, marks this session and names the browser', async () => {
      const { registration } = await registerVerified();
      const login = await call(base, 'POST', '/api/users/login', {
        headers: { 'user-agent': 'Mozilla/5.0 (Test Phone) Mepedia/1' },
        body: { email: registration.email, password: registration.password },
      });
      const phone = await resolve(parseSetCookie(login.headers)!.value);
      const laptop = await signIn(registration.email, registration.password);
      const listed = await call<SessionsList>(base, 'GET', '/api/users/sessions', {
        headers: asMember(laptop.member),
      });
      expect(listed.status).toBe(200);
      const byId = new Map(listed.body.sessions.map((entry) => [entry.id, entry]));
      expect(byId.get(laptop.member.sessionId)?.current).toBe(true);
      expect(byId.get(phone!.sessionId)).toMatchObject({
        current: false,
        userAgent: 'Mozilla/5.0 (Test Phone) Mepedia/1',
      });
      const entry = byId.get(laptop.member.sessionId)!;
      expect(Date.parse(entry.idleExpiresAt) - Date.parse(entry.lastSeenAt)).toBe(
        SESSION_IDLE_SECONDS * 1000,
      );
      expect(Date.parse(entry.expiresAt) - Date.parse(entry.createdAt)).toBe(
        30 * 24 * 60 * 60 * 1000,
      );
      const guest = await call<ErrorEnvelope>(base, 'GET', '/api/users/sessions');
      expect(guest.body.code).toBe('AUTH_REQUIRED');
    });

    it('signs out everywhere else, and ends one session of the member’s own only', async () => {
      const { registration } = await registerVerified();
      const here = await signIn(registration.email, registration.password);
      const there = await signIn(registration.email, registration.password);
      const elsewhere = await signIn(registration.email, registration.password);

      const one = await call(base, 'POST', '/api/users/endSession', {
        headers: asMember(here.member),
        body: { sessionId: there.member.sessionId },
      });
      expect(one.body).toEqual({ ended: true });
      expect(await resolve(there.token)).toBeNull();

      const stranger = await registerVerified();
      const strangerSession = await signIn(
        stranger.registration.email,
        stranger.registration.password,
      );
      const notTheirs = await call<ErrorEnvelope>(base, 'POST', '/api/users/endSession', {
        headers: asMember(strangerSession.member),
        body: { sessionId: here.member.sessionId },
      });
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.body.code).toBe('SESSION_NOT_FOUND');
      expect(await resolve(here.token)).not.toBeNull();
      // One that never was, or no session id at all, is the same answer; none is announced.
      for (const sessionId of ['0196f0a4-0000-7000-8000-000000000000', 'not-a-session']) {
        const none = await call<ErrorEnvelope>(base, 'POST', '/api/users/endSession', {
          headers: asMember(strangerSession.member),
          body: { sessionId },
        });
        expect({ status: none.status, code: none.body.code }).toEqual({
          status: 404,
          code: 'SESSION_NOT_FOUND',
        });
      }
      expect(revocations).not.toContainEqual({ sessionIds: [here.member.sessionId] });

      const others = await call(base, 'POST', '/api/users/endOtherSessions', {
        headers: asMember(here.member),
      });
      // `elsewhere`, and the session the email link opened at verification.
      expect(others.body).toEqual({ ended: 2 });
      expect(await resolve(elsewhere.token)).toBeNull();
      expect(await resolve(here.token)).not.toBeNull();
      // Gateways drop the ended sessions from their caches at once.
      expect(revocations).toContainEqual({
        sessionIds: expect.arrayContaining([elsewhere.member.sessionId]),
      });
    });

    it('ends a session unused for 7 days, and notes use at most every few minutes', async () => {
      const { registration } = await registerVerified();
      const session = await signIn(registration.email, registration.password);
      const signedInAt = await lastSeen(session.member.sessionId);
      await resolve(session.token);
      // Used again at once: no write.
      expect(await lastSeen(session.member.sessionId)).toEqual(signedInAt);

      await tested.database.query(
        "update users.sessions set last_seen_at = now() - interval '1 hour' where id = $1",
        [session.member.sessionId],
      );
      expect(await resolve(session.token)).not.toBeNull();
      expect(Date.now() - (await lastSeen(session.member.sessionId)).getTime()).toBeLessThan(
        60_000,
      );

      await tested.database.query(
        "update users.sessions set last_seen_at = now() - interval '7 days 1 minute' where id = $1",
        [session.member.sessionId],
      );
      expect(await resolve(session.token)).toBeNull();
      const sweep = await new UsersRepository(tested.database.handle.db).deleteExpiredSessions(
        new Date(),
        new Date(Date.now() - SESSION_IDLE_SECONDS * 1000),
      );
      expect(sweep).toBeGreaterThanOrEqual(1);
    });
  });

  describe('getMembersByIds', () => {
    it('names verified members in the order asked, once each, and leaves others out', async () => {
      const first = await registerVerified({ firstname: 'Ada', lastname: 'Lovelace' });
      const second = await registerVerified({ firstname: 'Noa', lastname: 'Cohen' });
      const pending = newRegistration();
      const pendingId = (
        await call<RegisterResponse>(base, 'POST', '/api/users/register', { body: pending })
      ).body.userId;
      const response = await call<MembersByIdsResponse>(
        base,
        'POST',
        '/api/users/getMembersByIds',
        {
          body: {
            ids: [
              second.userId,
              pendingId,
              'not-a-uuid',
              '0196f0a4-0000-7000-8000-000000000000',
              first.userId.toUpperCase(),
              second.userId,
            ],
          },
        },
      );
      expect(response.status).toBe(200);
      expect(response.body.members.map((member) => member.id)).toEqual([
        second.userId,
        first.userId,
      ]);
      expect(response.body.members[1]).toEqual({
        id: first.userId,
        firstname: 'Ada',
        lastname: 'Lovelace',
        fullname: 'Ada Lovelace',
        language: 'en',
        profileImage: null,
        croppedProfileImage: null,
      });
    });

    it('refuses an empty list and more than 50 ids, in the caller’s language', async () => {
      const empty = await call<ErrorEnvelope>(base, 'POST', '/api/users/getMembersByIds', {
        body: { ids: [] },
        headers: { 'accept-language': 'he' },
      });
      expect(empty.status).toBe(400);
      expect(empty.body.details).toEqual([
        {
          field: 'ids',
          code: 'FIELD_REQUIRED',
          message: expect.stringMatching(/[\u0590-\u05FF]/),
        },
      ]);
      const many = await call<ErrorEnvelope>(base, 'POST', '/api/users/getMembersByIds', {
        body: { ids: Array.from({ length: 51 }, (_, i) => `id-${i}`) },
      });
      expect(many.status).toBe(400);
      expect(many.body.details).toEqual([
        expect.objectContaining({ field: 'ids', code: 'INVALID_VALUE' }),
      ]);
    });
  });

  describe('pending accounts', () => {
    it('are swept once past their deadline, and only those', async () => {
      const late = newRegistration();
      const onTime = newRegistration();
      const lateId = (
        await call<RegisterResponse>(base, 'POST', '/api/users/register', { body: late })
      ).body.userId;
      const onTimeId = (
        await call<RegisterResponse>(base, 'POST', '/api/users/register', { body: onTime })
      ).body.userId;
      const { userId: verifiedId } = await registerVerified();
      await tested.database.handle.db.execute(
        sql`update users.users set verification_deadline = now() - interval '1 minute' where id = ${lateId}`,
      );
      const repository = new UsersRepository(tested.database.handle.db);
      expect(await repository.deletePendingPastDeadline(new Date())).toBe(1);
      expect(await repository.findById(lateId)).toBeUndefined();
      expect(await repository.findById(onTimeId)).toBeDefined();
      expect((await repository.findById(verifiedId))?.verificationDeadline).toBeNull();
    });
  });

  describe('changing the phone number or the email of a verified member', () => {
    const phoneOf = async (userId: string) =>
      (
        await tested.database.query(
          'select phone_number_prefix as prefix, phone_number as phone, email from users.users where id = $1',
          [userId],
        )
      )[0];

    it('moves to a new number only with the code sent to it, and tells the member’s email', async () => {
      const { registration, userId } = await registerVerified();
      const other = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const before = await phoneOf(userId);
      const fresh = newRegistration();
      const change = (body: Record<string, unknown>) =>
        call<ErrorEnvelope>(base, 'PUT', '/api/users/changePhonenumber', {
          headers: asMember(member),
          body: { phoneNumberPrefix: '+972', userId, ...body },
        });

      expect((await change({ phoneNumber: registration.phoneNumber })).body.code).toBe(
        'CONTACT_UNCHANGED',
      );
      const taken = await change({ phoneNumber: other.registration.phoneNumber });
      expect([taken.status, taken.body.code]).toEqual([409, 'PHONE_EXISTS']);
      // Another id is taken for a pending account's, which needs that account's ticket.
      const notMine = await change({ phoneNumber: fresh.phoneNumber, userId: other.userId });
      expect([notMine.status, notMine.body.code]).toEqual([401, 'VERIFICATION_SESSION_REQUIRED']);

      const asked = await change({ phoneNumber: fresh.phoneNumber });
      expect(asked.status).toBe(200);
      expect(asked.body).toMatchObject({ sent: true, expiresInSeconds: 600 });
      // Nothing changes until the code comes back.
      expect(await phoneOf(userId)).toEqual(before);
      const to = `+972${fresh.phoneNumber.replace(/^0/, '')}`;
      const sms = await eventually(() => messages.texts.find((job) => job.to === to));

      const confirm = (body: Record<string, unknown>) =>
        call<ErrorEnvelope>(base, 'PUT', '/api/users/verifyUserByPhone', {
          headers: asMember(member),
          body: { prefix: '+972', phone: fresh.phoneNumber, verifyCode: sms.data.code, ...body },
        });
      const wrongNumber = await confirm({ phone: registration.phoneNumber });
      expect(wrongNumber.body.code).toBe('PHONE_NOT_FOUND');
      const wrongCode = await confirm({
        verifyCode: sms.data.code === '000000' ? '111111' : '000000',
      });
      expect([wrongCode.status, wrongCode.body.code]).toEqual([400, 'INVALID_VERIFY_CODE']);
      expect(await phoneOf(userId)).toEqual(before);

      const confirmed = await confirm({});
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toEqual({ userId, verification: 'verified' });
      expect(await phoneOf(userId)).toEqual({
        ...before,
        phone: fresh.phoneNumber.replace(/^0/, ''),
      });
      const notice = await eventually(() =>
        messages.emails.find(
          (job) => job.template === 'contact-changed' && job.to === registration.email,
        ),
      );
      expect(notice.data).toMatchObject({ field: 'phoneNumber' });
      // Used once.
      expect((await confirm({})).body.code).toBe('VERIFY_CODE_EXPIRED');
    });

    it('still verifies an account registered by a browser that is signed in as a member', async () => {
      const { registration } = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const second = newRegistration();
      const registered = await call<RegisterResponse>(base, 'POST', '/api/users/register', {
        headers: asMember(member),
        body: second,
      });
      expect(registered.status).toBe(201);
      const ticket = parseSetCookie(registered.headers, /mepedia_verification$/)!;
      const to = `+972${second.phoneNumber.replace(/^0/, '')}`;
      const sms = await eventually(() => messages.texts.find((job) => job.to === to));
      const headers = { ...asMember(member), cookie: `${ticket.name}=${ticket.value}` };
      const corrected = newRegistration();
      const change = await call(base, 'PUT', '/api/users/changePhonenumber', {
        headers,
        body: {
          userId: registered.body.userId,
          phoneNumberPrefix: '+972',
          phoneNumber: corrected.phoneNumber,
        },
      });
      expect(change.status).toBe(200);
      const corrections = `+972${corrected.phoneNumber.replace(/^0/, '')}`;
      const code = await eventually(() => messages.texts.find((job) => job.to === corrections));
      expect(sms.data.code).toMatch(/^\d{6}$/);
      const verified = await call(base, 'PUT', '/api/users/verifyUserByPhone', {
        headers,
        body: { prefix: '+972', phone: corrected.phoneNumber, verifyCode: code.data.code },
      });
      expect(verified.status).toBe(200);
      expect(verified.body).toEqual({
        userId: registered.body.userId,
        verification: 'phone_verified',
      });
      // The member's own number is untouched.
      expect((await phoneOf(member.userId))!.phone).toBe(
        registration.phoneNumber.replace(/^0/, ''),
      );
    });

    it('moves to a new email with the password and the link sent to it; the old address hears of it', async () => {
      const { registration, userId } = await registerVerified();
      const other = await registerVerified();
      const { member } = await signIn(registration.email, registration.password);
      const newEmail = `moved.${userId.slice(0, 8)}@example.com`;
      const change = (body: Record<string, unknown>, headers = asMember(member)) =>
        call<ErrorEnvelope>(base, 'PUT', '/api/users/changeEmail', {
          headers,
          body: { email: newEmail, password: registration.password, ...body },
        });

      const guest = await change({}, {} as ReturnType<typeof asMember>);
      expect(guest.status).toBe(401);
      const wrongPassword = await change({ password: 'not-my-password' });
      expect([wrongPassword.status, wrongPassword.body.code]).toEqual([403, 'PASSWORD_INCORRECT']);
      expect((await change({ email: registration.email.toUpperCase() })).body.code).toBe(
        'CONTACT_UNCHANGED',
      );
      const taken = await change({ email: other.registration.email });
      expect([taken.status, taken.body.code]).toEqual([409, 'EMAIL_EXISTS']);
      expect(
        messages.emails.some(
          (job) => job.template === 'confirm-email-change' && job.to === newEmail,
        ),
      ).toBe(false);

      const asked = await change({});
      expect(asked.status).toBe(200);
      const link = await eventually(() =>
        messages.emails.find(
          (job) => job.template === 'confirm-email-change' && job.to === newEmail,
        ),
      );
      // Until the click, the old address is the account's.
      expect((await phoneOf(userId))!.email).toBe(registration.email);
      const token =
        link.template === 'confirm-email-change'
          ? new URL(link.data.link).searchParams.get('token')
          : null;
      // Opened where the member is signed in: their session goes on.
      const confirmed = await call<CurrentUser>(base, 'PUT', '/api/users/verifyUserByEmail', {
        headers: asMember(member),
        body: { verifyCode: token },
      });
      expect(parseSetCookie(confirmed.headers)).toBeUndefined();
      expect(confirmed.status).toBe(200);
      expect(confirmed.body).toMatchObject({ id: userId, email: newEmail, username: newEmail });
      expect((await phoneOf(userId))!.email).toBe(newEmail);
      // Announced with the change (one transaction), so the notifications service writes to
      // the new address only.
      await eventually(() =>
        events.find(
          (job) =>
            job.name === 'user.updated' &&
            (job.data.payload as { userId?: string; email?: string }).userId === userId &&
            (job.data.payload as { email?: string }).email === newEmail,
        ),
      );
      await signIn(newEmail, registration.password);
      const oldLogin = await call<ErrorEnvelope>(base, 'POST', '/api/users/login', {
        body: { email: registration.email, password: registration.password },
      });
      expect(oldLogin.body.code).toBe('INVALID_CREDENTIALS');
      const notice = await eventually(() =>
        messages.emails.find(
          (job) => job.template === 'contact-changed' && job.to === registration.email,
        ),
      );
      expect(notice.data).toMatchObject({ field: 'email' });
      const again = await call<ErrorEnvelope>(base, 'PUT', '/api/users/verifyUserByEmail', {
        body: { verifyCode: token },
      });
      expect(again.body.code).toBe('VERIFY_LINK_EXPIRED');
    });
  });

  describe('deleteUserById', () => {
    it('deletes only the caller own account, ends every session and announces user.deleted', async () => {
      const { registration, userId } = await registerVerified();
      const other = await registerVerified();
      const first = await signIn(registration.email, registration.password);
      const second = await signIn(registration.email, registration.password);

      const notMine = await call<ErrorEnvelope>(base, 'POST', '/api/users/deleteUserById', {
        headers: asMember(first.member),
        body: { id: other.userId, password: other.registration.password },
      });
      expect(notMine.status).toBe(403);
      expect(notMine.body.code).toBe('NOT_ACCOUNT_OWNER');
      expect((await call(base, 'GET', `/api/users/getProfileById/${other.userId}`)).status).toBe(
        200,
      );

      // A session alone cannot delete everything: someone at an unlocked screen could.
      const noPassword = await call<ErrorEnvelope>(base, 'POST', '/api/users/deleteUserById', {
        headers: asMember(first.member),
        body: { id: userId },
      });
      expect(noPassword.status).toBe(400);
      expect(noPassword.body.details).toEqual([
        expect.objectContaining({ field: 'password', code: 'FIELD_REQUIRED' }),
      ]);
      const wrong = await call<ErrorEnvelope>(base, 'POST', '/api/users/deleteUserById', {
        headers: asMember(first.member),
        body: { id: userId, password: 'not-my-password' },
      });
      expect(wrong.status).toBe(403);
      expect(wrong.body.code).toBe('PASSWORD_INCORRECT');
      expect(await resolve(first.token)).not.toBeNull();

      const mine = await call(base, 'POST', '/api/users/deleteUserById', {
        headers: asMember(first.member),
        body: { id: userId, password: registration.password },
      });
      expect(mine.status).toBe(200);
      expect(mine.body).toEqual({ deleted: true });
      expect(await resolve(first.token)).toBeNull();
      expect(await resolve(second.token)).toBeNull();
      expect((await call(base, 'GET', `/api/users/getProfileById/${userId}`)).status).toBe(404);
      expect(revocations).toContainEqual({ userId });
      const event = await nextEvent('user.deleted', userId);
      expect(event.data).toMatchObject({
        type: 'user.deleted',
        source: 'users',
        payload: { userId },
      });
      expect(event.id).toBe(event.data.id);
    });
  });

  describe('health', () => {
    it('is live and ready with its database', async () => {
      expect((await call(base, 'GET', '/health/live')).body).toEqual({ status: 'ok' });
      const ready = await call(base, 'GET', '/health/ready');
      expect(ready.status).toBe(200);
      expect(ready.body).toEqual({
        status: 'ok',
        checks: [
          { name: 'database', ok: true },
          { name: 'shutdown', ok: true },
        ],
      });
    });
  });
});
