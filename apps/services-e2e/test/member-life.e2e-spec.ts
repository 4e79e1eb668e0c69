import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  CurrentUser,
  FeedMessagesCount,
  Post,
  PostsPage,
  RegisterRequest,
  RegisterResponse,
} from '@mepedia/contracts';
import {
  call,
  CookieJar,
  eventually,
  newRegistration,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  verifyThroughOutbox,
} from '@mepedia/server-testing';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import {
  BACKEND_APPS,
  rowsMentioning,
  startServicesMode,
  type ServicesMode,
} from './services-mode';

type Member = { registration: RegisterRequest; userId: string; jar: CookieJar };

/** Every Redis key under the run's prefix whose content mentions any of `needles`. */
async function keysMentioning(redisUrl: string, prefix: string, needles: string[]) {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const found: string[] = [];
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      for (const key of keys) {
        const type = await redis.type(key);
        let content: unknown;
        if (type === 'string') content = await redis.get(key);
        else if (type === 'hash') content = await redis.hgetall(key);
        else if (type === 'list') content = await redis.lrange(key, 0, -1);
        else if (type === 'set') content = await redis.smembers(key);
        else if (type === 'zset') content = await redis.zrange(key, '0', '-1');
        else if (type === 'stream') content = await redis.xrange(key, '-', '+');
        const text = `${key} ${JSON.stringify(content)}`.toLowerCase();
        if (needles.some((needle) => text.includes(needle.toLowerCase()))) {
          // A job's hash: say what it is and where it stands, for whoever reads a failure.
          const job = type === 'hash' ? (content as Record<string, string>) : undefined;
          found.push(
            job?.['name']
              ? `${key} (job ${job['name']}, attempts ${job['atm'] ?? 0}, ${job['finishedOn'] ? 'finished' : job['processedOn'] ? 'started' : 'waiting'}${job['failedReason'] ? `, failed: ${job['failedReason']}` : ''})`
              : key,
          );
        }
      }
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return found;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

// Services mode as deployed: every backend app and the gateway as its own process on
// PostgreSQL and Redis. A member lives a whole life on Mepedia through the gateway, two apps
// crash on the way (SIGKILL, no goodbye) and come back, and after the member deletes their
// profile nothing of theirs is left anywhere. Nothing is lost, and nothing happens twice.
describe('services mode: a member’s whole life, with crashes on the way', () => {
  let services: ServicesMode;
  let url: string;

  beforeAll(async () => {
    services = await startServicesMode();
    url = services.gatewayUrl;
  }, SETUP_TIMEOUT_MS * 2);

  afterAll(async () => {
    await services?.stop();
  }, SETUP_TIMEOUT_MS);

  async function join(overrides: Partial<RegisterRequest>): Promise<Member> {
    const registration = newRegistration(overrides);
    const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
      body: registration,
    });
    expect(created.status).toBe(201);
    await verifyThroughOutbox(url, registration, created);
    const jar = new CookieJar();
    const login = await call<CurrentUser>(url, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
    });
    expect(login.status).toBe(200);
    jar.store(login.headers);
    return { registration, userId: created.body.userId, jar };
  }

  async function send<T>(member: Member | null, method: string, path: string, body?: unknown) {
    const answer = await call<T>(url, method, path, {
      headers: member ? member.jar.header() : {},
      ...(body === undefined ? {} : { body }),
    });
    if (answer.status >= 300)
      throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
    return answer.body;
  }

  async function upload(member: Member, purpose: 'post' | 'profile') {
    const png = await sharp({
      create: { width: 96, height: 96, channels: 3, background: '#3a6ea5' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('purpose', purpose);
    if (purpose === 'profile') {
      for (const name of ['cropX', 'cropY']) form.set(name, '0');
      for (const name of ['cropWidth', 'cropHeight']) form.set(name, '1');
    }
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'me.png');
    const response = await fetch(`${url}/api/files/uploadApplicationFile`, {
      method: 'POST',
      headers: member.jar.header(),
      body: form,
    });
    const text = await response.text();
    if (response.status !== 201 && response.status !== 200)
      throw new Error(`upload answered ${response.status}: ${text}`);
    return JSON.parse(text) as { url: string; cropped?: { url: string } };
  }

  it(
    'registers, writes, publishes, talks, reacts, translates and leaves no trace',
    async () => {
      // Letters only (names have no digits), and unique: the search for her leftovers uses it.
      const surname = `Walker${[...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('')}`;
      const dana = await join({ firstname: 'Danit', lastname: surname });
      const noa = await join({ firstname: 'Noa', lastname: 'Reader' });

      // One verification SMS and one email each, not two (the worker ran each job once).
      const outbox = await send<Array<{ to: string; channel: string }>>(null, 'GET', '/dev/outbox');
      expect(outbox.filter((message) => message.to === dana.registration.email)).toHaveLength(1);

      // Her profile, with a picture.
      const portrait = await upload(dana, 'profile');
      await send(dana, 'PUT', '/api/users/updateUserInformation', {
        profileImage: portrait.url,
        croppedProfileImage: portrait.cropped?.url ?? portrait.url,
        moto: 'Walking through every service',
      });

      // Her self-interview: an answer, published to the magazine.
      await send(dana, 'POST', '/api/meAnswers/saveLive', {
        questionId: 'roots',
        answerData: {
          'roots-1':
            'I was born by the sea, in a house full of books, where my grandmother read aloud every evening and the lighthouse swept the ceiling of our room.',
        },
        version: 0,
        privacy: 'public',
      });
      await send(dana, 'POST', '/api/meAnswers/togglePublishAsPost', { questionId: 'roots' });
      // The worker dies while the publication's event may be on its way; it comes back.
      await services.crashAndRestart('worker');

      // A private question of her own.
      await send(dana, 'POST', '/api/privateQuestions/insertNewPrivateQuestion', {
        questionTitle: 'What did my grandmother sing?',
        subQuestions: ['Which songs?'],
      });

      // A post with an image, in the magazine.
      const picture = await upload(dana, 'post');
      const { postId } = await send<{ postId: string }>(dana, 'POST', '/api/posts/create', {
        title: 'The lighthouse keeper',
        content: `<p>${'Every night my grandfather climbed the hundred stairs of the lighthouse. '.repeat(4)}</p>`,
        image: picture.url,
        credit: 'Photo: Danit',
        privacy: 'public',
        destination: 'magazine',
      });

      // Noa comments, Danit replies; Noa likes the post and reacts to it.
      const comment = await send<{ messageId: string }>(
        noa,
        'POST',
        '/api/feedMessages/sendMessage',
        {
          message: 'What a story!',
          postId,
          tag: null,
        },
      );
      await send(dana, 'POST', '/api/feedMessages/sendMessage', {
        message: 'Thank you, he would have loved to hear it.',
        postId,
        tag: null,
        parentMessageId: comment.messageId,
      });
      await send(noa, 'PUT', '/api/posts/like', { id: postId });
      await send(noa, 'POST', '/api/lotties/toggleLike', {
        collectionName: 'posts',
        objectId: postId,
        name: 'heart',
      });
      await send(dana, 'POST', '/api/userLikes/toggleLike', {
        collectionName: 'feedMessages',
        objectId: comment.messageId,
      });
      // The posts service dies between two of Noa's reads and comes back on the same port.
      await services.crashAndRestart('posts');

      // Noa reads it in Hebrew: one provider call, then the stored translation.
      const original = '<p>Every night my grandfather climbed the stairs of the lighthouse.</p>';
      const calls = services.translationCalls();
      const first = await send<{ output: string; cached: boolean }>(
        noa,
        'POST',
        '/api/posts/translateOutput',
        { output: original, target: 'he' },
      );
      expect(first.output).toContain('[he]');
      const again = await send<{ output: string; cached: boolean }>(
        noa,
        'POST',
        '/api/posts/translateOutput',
        { output: original, target: 'he' },
      );
      expect(again.cached).toBe(true);
      expect(services.translationCalls()).toBe(calls + 1);

      // Nothing was lost, nothing counted twice. An event the killed worker was holding comes back
      // when BullMQ finds its lock expired (lockDuration and the stalled check: up to a minute).
      const post = await send<Post>(noa, 'POST', '/api/posts/getPostById', { postId });
      expect(post.likes).toBe(1);
      const messages = await send<FeedMessagesCount>(
        null,
        'GET',
        `/api/feedMessages/getNumberOfMessages/${postId}`,
      );
      expect(messages.count).toBe(2);
      const magazine = await eventually(
        async () => {
          const page = await send<PostsPage>(null, 'POST', '/api/posts/getPosts', {
            magazine: true,
            publisherId: dana.userId,
            limit: 50,
          });
          return page.posts.length === 2 ? page : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 500, what: 'her answer and her post in the magazine' },
      );
      expect(magazine.posts.map((entry) => entry.title).sort()).toContain('The lighthouse keeper');
      const people = await eventually(
        async () => {
          const page = await send<{ users: Array<{ fullname: string }> }>(
            null,
            'POST',
            '/api/users/getPublishedUsers',
            { pageNumber: 0, limit: 50 },
          );
          const listed = page.users.filter((user) => user.fullname.includes(surname));
          return listed.length > 0 ? listed : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 500, what: 'her among the published people' },
      );
      expect(people).toHaveLength(1);

      // She leaves. The feed-messages service crashes right after, while the deletion's event
      // may be in its hands, and comes back.
      expect(filesUnder(services.filesDir).length).toBeGreaterThan(0);
      await send(dana, 'POST', '/api/users/deleteUserById', {
        id: dana.userId,
        password: dana.registration.password,
      });
      await services.crashAndRestart('feed-messages');

      const needles = [dana.userId, dana.registration.email, surname];
      // Everything of hers goes, however the work was cut by the crash: rows in every schema,
      // images on disk, jobs and keys in Redis (a job the crash left half-done is taken up again
      // by BullMQ's stalled-job check, so this may take half a minute).
      const leftovers = async () => ({
        rows: await rowsMentioning(services.databaseUrl, needles),
        files: filesUnder(services.filesDir),
        redisKeys: await keysMentioning(services.redis.url, services.redis.prefix, needles),
      });
      const residue = await eventually(
        async () => {
          const left = await leftovers();
          return left.rows.length + left.files.length + left.redisKeys.length === 0
            ? left
            : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 1_000, what: 'a system without her' },
      ).catch(leftovers);
      expect(residue).toEqual({ rows: [], files: [], redisKeys: [] });

      // Her post went with her, and the talk under it: a deleted post's discussion is no more.
      const left = await call<{ code: string }>(
        url,
        'GET',
        `/api/feedMessages/getNumberOfMessages/${postId}`,
      );
      expect({ status: left.status, code: left.body.code }).toEqual({
        status: 404,
        code: 'DISCUSSION_NOT_FOUND',
      });
      expect((await call(url, 'POST', '/api/posts/getPostById', { body: { postId } })).status).toBe(
        404,
      );
      // Noa is untouched.
      const session = await send<CurrentUser>(noa, 'POST', '/api/users/session');
      expect(session.id).toBe(noa.userId);
    },
    PROCESS_TEST_TIMEOUT_MS * 2,
  );

  it(
    'stops every process gracefully on SIGTERM: each exits 0',
    async () => {
      const codes = await services.stopProcesses();
      expect(Object.keys(codes).sort()).toEqual(['gateway', ...BACKEND_APPS].sort());
      for (const [app, code] of Object.entries(codes))
        expect({ app, code }).toEqual({ app, code: 0 });
    },
    SETUP_TIMEOUT_MS,
  );
});
