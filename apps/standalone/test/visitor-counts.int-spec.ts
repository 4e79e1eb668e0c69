import { randomBytes, randomUUID } from 'node:crypto';
import type { Post } from '@mepedia/contracts';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import type { Identity } from '@mepedia/server-identity';
import { startServiceApp } from '@mepedia/server-platform';
import { InProcessQueue } from '@mepedia/server-queue';
import {
  BROWSER_HEADERS,
  call,
  createTestDatabase,
  parseSetCookie,
  SETUP_TIMEOUT_MS,
  testIdentity,
} from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createGatewayApp, type GatewayApp } from '../../gateway/src/gateway.app';
import { loadGatewayConfig } from '../../gateway/src/gateway.config';
import { createPostsApp } from '../../posts/src/posts.app';

const VISITOR = 'mepedia_visitor';

// Views and shares counted the way an outsider calls them: through the gateway, in front of the
// posts service on PostgreSQL. Only a visitor cookie the gateway signed counts a guest.
describe('guests’ views and shares through the gateway', () => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  let posts: NestFastifyApplication;
  let postsBase: string;
  let gateway: GatewayApp;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 4 });
    ({ app: posts, base: postsBase } = await startServiceApp(
      'posts',
      (platform) => createPostsApp(platform, { translation: { provider: 'off' } }),
      { database: handle, queue, identityPublicKey: identity.keys.publicKey },
    ));
    gateway = await createGatewayApp(
      loadGatewayConfig({
        IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
        POSTS_SERVICE_URL: postsBase,
        LOG_LEVEL: 'silent',
      }),
    );
    await gateway.app.listen({ port: 0, host: '127.0.0.1' });
    url = (await gateway.app.getUrl()).replace('[::1]', '127.0.0.1');
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await gateway?.close();
    await posts?.close();
    await queue.close();
    await handle?.close();
    await database?.drop();
  }, SETUP_TIMEOUT_MS);

  /** A public post, written straight at the posts service by a member. */
  async function newPost(): Promise<string> {
    const author: Identity = {
      kind: 'member',
      userId: randomUUID(),
      sessionId: randomUUID(),
      language: 'en',
      roles: [],
    };
    const created = await call<Post>(postsBase, 'POST', '/api/posts/create', {
      headers: { 'x-mepedia-identity': identity.assert(author, 'posts') },
      body: {
        title: 'Counted once',
        content: `<p>${'A story told slowly and with care, one memory at a time. '.repeat(4)}</p>`,
        image: '/api/files/image/Postimage0123456789_-a',
        credit: 'Photo: the author',
        privacy: 'public',
        destination: 'profile',
      },
    });
    expect(created.status).toBe(201);
    return created.body.postId;
  }

  const view = (postId: string, cookie?: string) =>
    call<{ views: number; counted: boolean }>(url, 'POST', '/api/posts/updatePostViews', {
      body: { postId, randomIdentifier: randomBytes(12).toString('hex') },
      headers: {
        ...BROWSER_HEADERS,
        ...(cookie === undefined ? {} : { cookie: `${VISITOR}=${cookie}` }),
      },
    });
  const share = (postId: string, cookie?: string) =>
    call<{ shareCount: number }>(url, 'POST', '/api/posts/updateShareProp', {
      body: { objectId: postId },
      headers: {
        ...BROWSER_HEADERS,
        ...(cookie === undefined ? {} : { cookie: `${VISITOR}=${cookie}` }),
      },
    });
  const counts = async (postId: string) => {
    const read = await call<Post>(url, 'POST', '/api/posts/getPostById', { body: { postId } });
    return { views: read.body.views, shares: read.body.shareCount };
  };
  /** A cookie as the gateway signs it, from a first call that counted nothing. */
  async function signedCookie(): Promise<string> {
    const first = await view(await newPost());
    const cookie = parseSetCookie(first.headers, VISITOR)?.value;
    expect(cookie).toMatch(/^[0-9a-f]{24}\.[\w-]{22}$/);
    return cookie ?? '';
  }

  it('counts nothing for calls without a visitor cookie, however many', async () => {
    const postId = await newPost();
    for (let i = 0; i < 10; i++) {
      const viewed = await view(postId);
      expect(viewed.body).toEqual({ views: 0, counted: false });
      // Each gets a signed cookie to keep, and counts nothing by it on this call.
      expect(parseSetCookie(viewed.headers, VISITOR)?.value).toMatch(/\./);
      expect((await share(postId)).body).toEqual({ shareCount: 0 });
    }
    expect(await counts(postId)).toEqual({ views: 0, shares: 0 });
  });

  it('counts nothing for a visitor id the caller made up, signed or not', async () => {
    const postId = await newPost();
    const real = await signedCookie();
    const [realId = '', signature = ''] = real.split('.');
    const madeUp = Array.from({ length: 5 }, () => randomBytes(12).toString('hex'));
    const tampered = [
      // Another id under a real signature, a real id under another's or a damaged signature.
      `${randomBytes(12).toString('hex')}.${signature}`,
      `${realId}.${(await signedCookie()).split('.')[1]}`,
      `${realId}.${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`,
      `${realId}.`,
    ];
    for (const cookie of [...madeUp, ...tampered]) {
      const viewed = await view(postId, cookie);
      expect(viewed.body).toEqual({ views: 0, counted: false });
      // The cookie is replaced by one the gateway signs.
      expect(parseSetCookie(viewed.headers, VISITOR)?.value).not.toBe(cookie);
      expect((await share(postId, cookie)).body).toEqual({ shareCount: 0 });
    }
    expect(await counts(postId)).toEqual({ views: 0, shares: 0 });
  });

  it('counts a signed visitor once per post', async () => {
    const cookie = await signedCookie();
    const [first, second] = [await newPost(), await newPost()];
    const views = [];
    for (let i = 0; i < 3; i++) views.push((await view(first, cookie)).body.counted);
    expect(views).toEqual([true, false, false]);
    for (let i = 0; i < 3; i++) await share(first, cookie);
    expect(await counts(first)).toEqual({ views: 1, shares: 1 });
    // The same visitor on another post: counted there once too; kept, so no new cookie.
    const other = await view(second, cookie);
    expect(other.body).toEqual({ views: 1, counted: true });
    expect(parseSetCookie(other.headers, VISITOR)).toBeUndefined();
    await share(second, cookie);
    expect(await counts(second)).toEqual({ views: 1, shares: 1 });
    // Another signed visitor is another viewer.
    expect((await view(first, await signedCookie())).body).toEqual({ views: 2, counted: true });
  });
});
