import { startServiceApp, type TestPlatform } from '@mepedia/server-platform';
import { createUsersApp } from '../src/users.app';

export const TEST_LINK_SECRET = 'test-link-secret-of-at-least-32-characters';

/** The users service on a test platform, listening on a loopback port. */
export const startUsersApp = (options: TestPlatform) =>
  startServiceApp(
    'users',
    (platform) =>
      createUsersApp(platform, {
        production: platform.production,
        publicUrl: platform.production ? 'https://mepedia.test' : 'http://web.test',
        linkSecret: TEST_LINK_SECRET,
      }),
    options,
  );
