import type { ErrorEnvelope } from '@mepedia/contracts';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import { call, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import { startSiteApp } from './site-app';
import {
  MIGRATED_IMAGES,
  MIGRATED_SERVICES,
  MIGRATED_TEXT,
  SITE_CACHE_CONTROL,
  SITE_ROUTES,
  SPEC_LANGUAGES,
} from './site-content';

// The standalone process runs on embedded PGlite: the migrations (schema and data) must apply
// there too, and the service answer the same.
describe('site service on PGlite', () => {
  const identity = testIdentity();
  let handle: DatabaseHandle;
  let site: Awaited<ReturnType<typeof startSiteApp>>;

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    site = await startSiteApp({ database: handle, identityPublicKey: identity.keys.publicKey });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await site?.close();
    await handle?.close();
  }, SETUP_TIMEOUT_MS);

  it('migrates, then answers every route with the migrated content, cacheable', async () => {
    const expected = [MIGRATED_TEXT, MIGRATED_SERVICES, MIGRATED_IMAGES, SPEC_LANGUAGES];
    for (const [i, route] of SITE_ROUTES.entries()) {
      const response = await call(site.base, route.method, route.path);
      expect({ ...route, status: response.status }).toEqual({ ...route, status: 200 });
      expect(response.body).toEqual(expected[i]);
      expect(response.headers.get('cache-control')).toBe(SITE_CACHE_CONTROL);
    }
    const write = await call<ErrorEnvelope>(site.base, 'PUT', '/api/applicationImages/getImages', {
      body: { logo: '/elsewhere.svg' },
    });
    expect(write.status).toBe(404);
  });
});
