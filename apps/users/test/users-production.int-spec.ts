import { InProcessQueue } from '@mepedia/server-queue';
import { startTestService, type TestService } from '@mepedia/server-service-testing';
import { call, parseSetCookie, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { createTestUsersApp } from './users-app';
import { captureMessages, registerVerified } from './verified-member';

// In production the session cookie is __Host- prefixed and Secure.
describe('users service in production mode', () => {
  let tested: TestService;
  let base: string;
  const queue = new InProcessQueue();
  const messages = captureMessages(queue);

  beforeAll(async () => {
    tested = await startTestService('users', createTestUsersApp, {
      queue,
      poolSize: 2,
      production: true,
    });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
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
