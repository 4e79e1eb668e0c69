import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import { InProcessQueue } from '@mepedia/server-queue';
import {
  call,
  createTestDatabase,
  parseSetCookie,
  SETUP_TIMEOUT_MS,
  testIdentity,
} from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { startUsersApp } from './users-app';
import { captureMessages, registerVerified } from './verified-member';

// In production the session cookie is __Host- prefixed and Secure.
describe('users service in production mode', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let base: string;
  const queue = new InProcessQueue();
  const messages = captureMessages(queue);

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 2 });
    ({ app, base } = await startUsersApp({
      database: handle,
      queue,
      identityPublicKey: testIdentity().keys.publicKey,
      production: true,
    }));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await queue.close();
    await handle?.close();
    await database?.drop();
  }, SETUP_TIMEOUT_MS);

  it('sets a __Host- Secure HttpOnly cookie at login and clears the same one at logout', async () => {
    const { registration } = await registerVerified(base, messages);
    const login = await call(base, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
    });
    const cookie = parseSetCookie(login.headers)!;
    expect(cookie.name).toBe('__Host-mepedia_session');
    expect(cookie.attributes.has('secure')).toBe(true);
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('path')).toBe('/');
    expect(cookie.attributes.has('domain')).toBe(false);
    const logout = await call(base, 'POST', '/api/users/logout');
    expect(parseSetCookie(logout.headers)!.name).toBe('__Host-mepedia_session');
  });
});
