import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import type {
  CurrentUser,
  OwnMeAnswer,
  Post,
  PostsPage,
  ProfileQuestion,
  PublicMeAnswer,
  ImageDataUrl,
  ImageInfo,
  RegisterResponse,
  UploadedImage,
} from '@mepedia/contracts';
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

      // The post's image, uploaded through the gateway to the files service (local disk here): a
      // photo of a few megabytes (more than any other call may send), with its camera metadata.
      const photo = await sharp({
        create: {
          width: 2400,
          height: 1600,
          channels: 3,
          background: '#6b8e23',
          noise: { type: 'gaussian', mean: 128, sigma: 40 },
        },
      })
        .jpeg({ quality: 95 })
        .withExif({ IFD0: { Copyright: 'Rivka Stern, taken at home' } })
        .toBuffer();
      expect(photo.length).toBeGreaterThan(1024 * 1024);
      const form = new FormData();
      form.set('purpose', 'post');
      form.set('file', new Blob([photo], { type: 'image/jpeg' }), 'orchard.jpg');
      const uploading = await fetch(`${url}/api/files/uploadApplicationFile`, {
        method: 'POST',
        headers: jar.header(),
        body: form,
      });
      expect(uploading.status).toBe(201);
      const uploaded = (await uploading.json()) as UploadedImage;
      expect(uploaded).toMatchObject({ type: 'image/webp', width: 1920, height: 1280 });
      const served = await fetch(`${url}${uploaded.url}?w=640`);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(served.headers.get('content-security-policy')).toBe(
        "default-src 'none'; sandbox; frame-ancestors 'none'",
      );
      const variant = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
      expect({ format: variant.format, width: variant.width, exif: variant.exif }).toEqual({
        format: 'webp',
        width: 640,
        exif: undefined,
      });

      // The other reads, through the gateway too.
      const info = await call<ImageInfo>(url, 'GET', `/api/files/getImageType/${uploaded.id}`);
      expect(info.body).toEqual({
        id: uploaded.id,
        type: 'image/webp',
        width: 1920,
        height: 1280,
        widths: [160, 320, 640, 800, 960, 1280, 1920],
      });
      const inline = await call<ImageDataUrl>(
        url,
        'POST',
        `/api/files/image/${uploaded.id}?base64=true`,
      );
      expect(inline.body).toMatchObject({ id: uploaded.id, width: 320 });
      expect(inline.body.dataUrl).toMatch(/^data:image\/webp;base64,UklGR/);
      const pageView = await fetch(`${url}/api/files/imagePageView/${uploaded.id}/?resize=true`);
      expect(pageView.status).toBe(200);
      expect((await sharp(Buffer.from(await pageView.arrayBuffer())).metadata()).width).toBe(1280);

      const post = await call<Post>(url, 'POST', '/api/posts/create', {
        headers: jar.header(),
        body: {
          title: 'The orchard',
          content: `<p>${'We planted the orchard the year my brother was born, and it outlived us all. '.repeat(2)}</p>`,
          image: uploaded.url,
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

      // Guests' pages: drawn once, served from memory with a fresh nonce, dropped on a change.
      const pageAt = (path: string, headers: Record<string, string> = {}) =>
        fetch(`${url}${path}`, { headers });
      const nonceOf = (response: Response) =>
        /'nonce-([^']+)'/.exec(response.headers.get('content-security-policy') ?? '')?.[1];
      const first = await pageAt(`/post/${post.body.postId}`);
      const second = await pageAt(`/post/${post.body.postId}`);
      const [firstHtml, secondHtml] = [await first.text(), await second.text()];
      expect(firstHtml).toContain('The orchard');
      expect(second.headers.get('cache-control')).toBe(
        'public, max-age=0, s-maxage=5, stale-while-revalidate=30',
      );
      expect(second.headers.get('vary')).toContain('Cookie');
      expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
      expect(nonceOf(second)).not.toBe(nonceOf(first));
      for (const [response, html] of [
        [first, firstHtml],
        [second, secondHtml],
      ] as const) {
        const nonces = new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]));
        expect([...nonces]).toEqual([nonceOf(response)]);
      }
      const unchanged = await pageAt(`/post/${post.body.postId}`, {
        'if-none-match': first.headers.get('etag') ?? '',
      });
      expect(unchanged.status).toBe(304);
      expect(unchanged.headers.get('content-security-policy')).toBeNull();
      // A member's page is theirs alone, never kept.
      const own = await pageAt(`/post/${post.body.postId}`, jar.header());
      expect(own.headers.get('cache-control')).toBe('private, no-store');
      expect(own.headers.get('etag')).toBeNull();
      // The author renames the post: guests see it at once, not after the seconds are up.
      await call(url, 'PUT', '/api/posts/update', {
        headers: jar.header(),
        body: { postId: post.body.postId, title: 'The old orchard' },
      });
      expect(await (await pageAt(`/post/${post.body.postId}`)).text()).toContain('The old orchard');

      // The questionnaire through the gateway: answer, publish to the magazine, a private question.
      const [question1] = (
        await call<ProfileQuestion[]>(url, 'GET', '/api/profileQuestions/getQuestions')
      ).body;
      expect(question1?.index).toBe(1);
      // The questionnaire is public and shareable: a validator, and 304 while it is unchanged.
      const fresh = await fetch(`${url}/api/profileQuestions/getQuestions`);
      expect(fresh.headers.get('cache-control')).toContain('public');
      const etag = fresh.headers.get('etag') ?? '';
      expect(etag).toMatch(/^W\/"/);
      const notModified = await fetch(`${url}/api/profileQuestions/getQuestions`, {
        headers: { 'if-none-match': etag },
      });
      expect(notModified.status).toBe(304);
      expect(await notModified.text()).toBe('');
      // Members' reads stay personal: never kept by anyone.
      const personal = await fetch(`${url}/api/meAnswers/getCurrentUserAnswers`, {
        headers: jar.header(),
      });
      expect(personal.headers.get('cache-control')).toBe('no-store');
      expect(personal.headers.get('etag')).toBeNull();
      const answered = await call<OwnMeAnswer>(url, 'POST', '/api/meAnswers/saveLive', {
        headers: jar.header(),
        body: {
          questionId: question1?.questionId,
          answerData: {
            [question1?.subQuestions[0]?.subQuestionId ?? '']:
              'My mother kept bees behind the house, and every summer the whole street came to taste the first honey of the year.',
          },
          version: 0,
        },
      });
      expect(answered.status).toBe(200);
      expect(
        (
          await call<OwnMeAnswer>(url, 'POST', '/api/meAnswers/togglePublishAsPost', {
            headers: jar.header(),
            body: { questionId: question1?.questionId },
          })
        ).body.publishedAsPost,
      ).toBe(true);
      await until(
        () =>
          call<PostsPage>(url, 'POST', '/api/posts/getPosts', {
            headers: jar.header(),
            body: { magazine: true, publisherId: me.id },
          }),
        (response) => response.body.posts.some((p) => p.title === question1?.title.en),
      );
      expect(
        (
          await call(url, 'POST', '/api/privateQuestions/insertNewPrivateQuestion', {
            headers: jar.header(),
            body: { questionTitle: 'What the orchard taught me', subQuestions: ['The first tree'] },
          })
        ).status,
      ).toBe(201);

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
      expect((await pageAt(`/post/${post.body.postId}`)).status).toBe(404);
      // Their images went with them.
      await until(
        () => fetch(`${url}${uploaded.url}`),
        (response) => response.status === 404,
      );
      // Their answers went with the account, and so did the magazine post made from one.
      await until(
        () => call<PublicMeAnswer[]>(url, 'GET', `/api/meAnswers/getUserAnswers?userId=${me.id}`),
        (response) => response.body.length === 0,
      );
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
