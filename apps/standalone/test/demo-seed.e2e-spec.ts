import type {
  CurrentUser,
  FeedMessagesPage,
  LottiesState,
  PeoplePage,
  PostsPage,
} from '@mepedia/contracts';
import {
  call,
  eventually,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  startProcess,
  type RunningProcess,
} from '@mepedia/server-testing';
import { DEMO_COMMENTS, DEMO_MEMBERS, DEMO_REACTIONS } from '../src/demo/community';
import { DEMO_PASSWORD, demoEmail, seedDemo } from '../src/demo/seed';

// `DEMO_SEED=true npm start` (`npm run start:demo`): a fresh install that looks alive, made
// through the public API as members would make it.
describe('the demo seed (npm run start:demo)', () => {
  let standalone: RunningProcess | undefined;
  let url = '';

  beforeAll(async () => {
    standalone = await startProcess(
      'dist/apps/standalone/src/main.js',
      {
        DATA_DIR: 'memory://',
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_SEED: 'true',
      },
      /ready at (http:\/\/\S+)/,
      // Six members with pictures, their answers and posts: far longer than a bare start.
      PROCESS_TEST_TIMEOUT_MS,
    );
    url = standalone.match[1]!;
  }, PROCESS_TEST_TIMEOUT_MS);

  afterAll(async () => {
    await standalone?.stop();
  }, SETUP_TIMEOUT_MS);

  const allPosts = DEMO_MEMBERS.flatMap((member) => member.posts);

  it('is ready once the seed is in: /health/ready names the seed among its checks', async () => {
    const ready = await call<{ status: string; checks: Array<{ name: string; ok: boolean }> }>(
      url,
      'GET',
      '/health/ready',
    );
    expect(ready.status).toBe(200);
    expect(ready.body.checks).toContainEqual({ name: 'demo-seed', ok: true });
  });

  it('lists every demo member, with their picture and motto, in both scripts', async () => {
    // Members are listed once their published answer's event has reached the users service.
    const page = await eventually(async () => {
      const found = await call<PeoplePage>(url, 'POST', '/api/users/getPublishedUsers', {
        body: { pageNumber: 0, limit: 50 },
      });
      return found.body.users.length === DEMO_MEMBERS.length ? found.body : undefined;
    });
    const byName = new Map(page.users.map((user) => [user.fullname, user]));
    for (const member of DEMO_MEMBERS) {
      const listed = byName.get(`${member.firstname} ${member.lastname}`);
      expect(listed).toMatchObject({ moto: member.moto, language: member.language });
      expect(listed?.croppedProfileImage).toMatch(/^\/api\/files\/image\//);
      const picture = await fetch(`${url}${listed!.croppedProfileImage}`);
      expect([picture.status, picture.headers.get('content-type')]).toEqual([200, 'image/webp']);
    }
    expect(new Set(page.users.map((user) => user.language))).toEqual(new Set(['en', 'he']));
  });

  it('puts the posts, their comments with replies, and the reactions in place', async () => {
    const posts = await call<PostsPage>(url, 'POST', '/api/posts/getPosts', {
      body: { pageNumber: 0, limit: 50 },
    });
    const ids = new Map(posts.body.posts.map((post) => [post.title, post.postId]));
    // Every post, plus the published answers the magazine carries as posts.
    for (const post of allPosts) expect(ids.has(post.title)).toBe(true);

    for (const post of allPosts) {
      const postId = ids.get(post.title)!;
      const topLevel = DEMO_COMMENTS.filter((c) => c.post === post.key && !c.replyTo);
      const page = await call<FeedMessagesPage>(url, 'POST', '/api/feedMessages/getMessages', {
        body: { id: postId, sort: 'oldest' },
      });
      expect(page.body.messages.map((message) => message.message)).toEqual(
        topLevel.map((comment) => comment.message),
      );
      for (const [index, comment] of topLevel.entries()) {
        const replies = DEMO_COMMENTS.filter(
          (c) => c.post === post.key && c.replyTo === comment.key,
        );
        if (replies.length === 0) continue;
        const thread = await call<FeedMessagesPage>(url, 'POST', '/api/feedMessages/getMessages', {
          body: { id: postId, parentId: page.body.messages[index]!.messageId },
        });
        expect(thread.body.messages.map((message) => message.message)).toEqual(
          replies.map((reply) => reply.message),
        );
      }

      const lotties = await call<LottiesState>(url, 'POST', '/api/lotties/fillLotties', {
        body: { collectionName: 'posts', objectId: postId },
      });
      for (const name of ['heart', 'clap', 'laugh', 'wow', 'hug'] as const)
        expect([name, lotties.body.counts[name]]).toEqual([
          name,
          DEMO_REACTIONS.filter((r) => r.post === post.key && r.kind === name).length,
        ]);
    }
  });

  it('lets a demo member sign in, and seeds nothing twice', async () => {
    const [member] = DEMO_MEMBERS;
    const login = await call<CurrentUser>(url, 'POST', '/api/users/login', {
      body: { email: demoEmail(member!), password: DEMO_PASSWORD },
    });
    expect(login.status).toBe(200);
    expect(login.body.fullname).toBe(`${member!.firstname} ${member!.lastname}`);
    expect(await seedDemo(url)).toBe('not-empty');
  });
});
