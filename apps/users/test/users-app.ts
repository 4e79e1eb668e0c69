import type { ServicePlatform } from '@mepedia/server-platform';
import { createUsersApp } from '../src/users.app';

export const TEST_LINK_SECRET = 'test-link-secret-of-at-least-32-characters';

/** The users app with the options its tests run with: `startTestService('users', createTestUsersApp)`. */
export const createTestUsersApp = (platform: ServicePlatform) =>
  createUsersApp(platform, {
    production: platform.production,
    publicUrl: platform.production ? 'https://mepedia.test' : 'http://web.test',
    linkSecret: TEST_LINK_SECRET,
  });
