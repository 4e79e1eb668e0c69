import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CurrentUser, Post, PostsPage, RegisterResponse } from '@mepedia/contracts';
import {
  call,
  CookieJar,
  newRegistration,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  startProcess,
  verifyThroughOutbox,
  type RunningProcess,
} from '@mepedia/server-testing';

// Posts through the gateway in npm start's process, and the whole event chain:
// users -> outbox -> events queue -> worker fan-out -> posts.
describe('posts in the standalone process', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'mepedia-posts-'));
  let standalone: RunningProcess | undefined;

  afterAll(async () => {
    await standalone?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }, SETUP_TIMEOUT_MS);

  async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
    for (let i = 0; i < 100; i++) {
      const value = await read();
      if (done(value)) return value;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('condition never met');
  }

  it(
    'publishes a post with its author’s name, and removes it with the account',
    async () => {
      standalone = await startProcess(
        'dist/apps/standalone/src/main.js',
        { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        /ready at (http:\/\/\S+)/,
      );
      const url = standalone.match[1]!;
      const registration = newRegistration({ firstname: 'Rivka', lastname: 'Stern' });
      const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
        body: registration,
      });
      const verified = await verifyThroughOutbox(url, registration, created);
      const jar = new CookieJar();
      jar.store(verified.headers);
      const me = (
        await call<CurrentUser>(url, 'POST', '/api/users/session', { headers: jar.header() })
      ).body;

      const post = await call<Post>(url, 'POST', '/api/posts/create', {
        headers: jar.header(),
        body: {
          title: 'The orchard',
          content: `<p>${'We planted the orchard the year my brother was born, and it outlived us all. '.repeat(2)}</p>`,
          image: '/api/files/image/orchard',
          credit: 'Family album',
          privacy: 'public',
          destination: 'magazine',
        },
      });
      expect(post.status).toBe(201);

      const page = await until(
        () => call<PostsPage>(url, 'POST', '/api/posts/getPosts', { body: { magazine: true } }),
        (response) => response.body.posts[0]?.publisher?.fullname === 'Rivka Stern',
      );
      expect(page.body.posts.map((p) => p.postId)).toEqual([post.body.postId]);
      expect(
        (await call(url, 'POST', '/api/posts/getPostById', { body: { postId: post.body.postId } }))
          .status,
      ).toBe(200);
      expect(
        (await call(url, 'PUT', '/api/posts/like', { body: { id: post.body.postId } })).status,
      ).toBe(401);

      expect(
        (
          await call(url, 'POST', '/api/users/deleteUserById', {
            headers: jar.header(),
            body: { id: me.id, password: registration.password },
          })
        ).status,
      ).toBe(200);
      await until(
        () => call<PostsPage>(url, 'POST', '/api/posts/getPosts', { body: { publisherId: me.id } }),
        (response) => response.body.posts.length === 0,
      );
      expect(
        (await call(url, 'POST', '/api/posts/getPostById', { body: { postId: post.body.postId } }))
          .status,
      ).toBe(404);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
