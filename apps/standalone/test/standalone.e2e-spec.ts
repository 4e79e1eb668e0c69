import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CurrentUser, RegisterResponse } from '@mepedia/contracts';
import {
  call,
  CookieJar,
  e164Of,
  linkParam,
  newRegistration,
  outboxMessage,
  parseSetCookie,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  startProcess,
  verifyThroughOutbox,
  type RunningProcess,
} from '@mepedia/server-testing';

// `npm start`'s process: everything in one, on PGlite in a data folder, with
// messages in the dev outbox. A person can complete registration with it alone.
describe('the standalone process (npm start)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-standalone-'));
  let standalone: RunningProcess | undefined;

  const start = () =>
    startProcess(
      'dist/apps/standalone/src/main.js',
      { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
      /ready at (http:\/\/\S+)/,
    );

  afterAll(async () => {
    await standalone?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  it(
    'registers, survives a restart, verifies through the dev outbox, signs in and out, resets the password',
    async () => {
      standalone = await start();
      let url = standalone.match[1]!;
      expect((await call(url, 'POST', '/api/users/session')).body).toBe('NoSession');

      const registration = newRegistration({ language: 'he', firstname: 'נועה', lastname: 'כהן' });
      const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
        body: registration,
      });
      expect(created.status).toBe(201);
      await outboxMessage(url, (m) => m.channel === 'sms' && m.to === e164Of(registration));

      // Stopped cleanly, everything stays in DATA_DIR: the member and the texted code.
      expect(await standalone.stop()).toBe(0);
      standalone = await start();
      url = standalone.match[1]!;

      const page = await fetch(`${url}/dev/outbox`, { headers: { accept: 'text/html' } });
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toContain('Dev outbox');

      const jar = new CookieJar();
      const verified = await verifyThroughOutbox(url, registration, created);
      expect(verified.body).toMatchObject({
        fullname: 'נועה כהן',
        language: 'he',
        verification: 'verified',
      });
      jar.store(verified.headers);
      expect(
        (await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: jar.header() }))
          .body,
      ).toMatchObject({
        id: created.body.userId,
      });

      const update = await call<CurrentUser>(url, 'PUT', '/api/users/updateUserInformation', {
        headers: jar.header(),
        body: { aboutMe: 'מספרת סיפורים' },
      });
      expect(update.body.aboutMe).toBe('מספרת סיפורים');

      const stale = jar.header();
      expect((await call(url, 'POST', '/api/users/logout', { headers: jar.header() })).status).toBe(
        200,
      );
      expect((await call(url, 'POST', '/api/users/session', { headers: stale })).body).toBe(
        'NoSession',
      );

      await call(url, 'POST', '/api/users/sendPasswordResetEmail', {
        body: { email: registration.email },
      });
      const reset = await outboxMessage(
        url,
        (m) => m.channel === 'email' && m.text.includes('/he/password-reset?token='),
      );
      // Started on a port of its own choosing with no PUBLIC_URL: links lead back to it.
      expect(reset.text).toContain(`${url}/he/password-reset?token=`);
      const changed = await call(url, 'POST', '/api/users/updateUserPassword', {
        body: {
          userId: created.body.userId,
          newPassword: 'new-secret-9',
          token: linkParam(reset.text, 'token'),
        },
      });
      expect(changed.status).toBe(200);
      const login = await call(url, 'POST', '/api/users/login', {
        body: { email: registration.email, password: 'new-secret-9' },
      });
      expect(login.status).toBe(200);
      const cookie = parseSetCookie(login.headers)!;
      expect(cookie.attributes.has('httponly')).toBe(true);
      expect(cookie.attributes.get('samesite')).toBe('Lax');
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
