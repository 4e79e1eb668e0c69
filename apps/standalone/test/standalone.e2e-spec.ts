import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { CurrentUser, RegisterResponse } from '@mepedia/contracts';
import {
  CookieJar,
  VERIFY_MEMBER_SQL,
  call,
  newRegistration,
  parseSetCookie,
  startProcess,
  type RunningProcess,
} from '@mepedia/server-testing';

// `npm start`'s process: everything in one, on PGlite in a data folder.
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
  });

  it('serves NoSession, keeps a registration across a restart, and walks login -> logout', async () => {
    standalone = await start();
    let url = standalone.match[1]!;
    expect((await call(url, 'POST', '/api/users/session')).body).toBe('NoSession');

    const registration = newRegistration({ language: 'he', firstname: 'נועה', lastname: 'כהן' });
    const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
      body: registration,
    });
    expect(created.status).toBe(201);

    // Stopped cleanly, the data stays in DATA_DIR. Verification arrives with the members
    // issue; until then the test marks the member verified in the stopped database.
    expect(await standalone.stop()).toBe(0);
    const pglite = await PGlite.create(join(dataDir, 'pglite'));
    await pglite.query(VERIFY_MEMBER_SQL, [created.body.userId]);
    await pglite.close();

    standalone = await start();
    url = standalone.match[1]!;
    const jar = new CookieJar();
    const login = await call<CurrentUser>(url, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
    });
    expect(login.status).toBe(200);
    const cookie = parseSetCookie(login.headers.get('set-cookie'))!;
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    jar.store(login.headers.get('set-cookie'));

    const session = await call<CurrentUser>(url, 'POST', '/api/users/session', {
      headers: jar.header(),
    });
    expect(session.body).toMatchObject({
      id: created.body.userId,
      fullname: 'נועה כהן',
      language: 'he',
    });

    const update = await call<CurrentUser>(url, 'PUT', '/api/users/updateUserInformation', {
      headers: jar.header(),
      body: { aboutMe: 'מספרת סיפורים' },
    });
    expect(update.body.aboutMe).toBe('מספרת סיפורים');

    const stale = jar.header();
    const logout = await call(url, 'POST', '/api/users/logout', { headers: jar.header() });
    expect(logout.status).toBe(200);
    expect((await call(url, 'POST', '/api/users/session', { headers: stale })).body).toBe(
      'NoSession',
    );
  }, 60_000);
});
