import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  SERVICE_APPS,
  apiCookieNames,
  catalogueRoutes,
  errorDetails,
  ErrorEnvelope,
  routeErrorCodes,
  type ApiRoute,
  type EmailJob,
  type SmsJob,
  type ErrorCode,
  type ServiceApp,
} from '@mepedia/contracts';
import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import {
  AUTH_DECISION,
  createLogger,
  GUEST_ERROR,
  routeOfHandler,
  type AuthDecision,
} from '@mepedia/server-http';
import { InProcessBus, InProcessQueue } from '@mepedia/server-queue';
import {
  call,
  CookieJar,
  createTestDatabase,
  newRegistration,
  SETUP_TIMEOUT_MS,
  testIdentity,
  type TestResponse,
  eventually,
} from '@mepedia/server-testing';
import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createFeedMessagesApp } from '../../feed-messages/src/feed-messages.app';
import { createFilesApp } from '../../files/src/files.app';
import { createMeAnswersApp } from '../../me-answers/src/me-answers.app';
import { createCirclesApp } from '../../circles/src/circles.app';
import { createModerationApp } from '../../moderation/src/moderation.app';
import { createSearchApp } from '../../search/src/search.app';
import { createNotificationsApp } from '../../notifications/src/notifications.app';
import { createPostsApp } from '../../posts/src/posts.app';
import { createPrivateQuestionsApp } from '../../private-questions/src/private-questions.app';
import { createReactionsApp } from '../../reactions/src/reactions.app';
import { createSiteApp } from '../../site/src/site.app';
import { createUsersApp } from '../../users/src/users.app';

type Registered = {
  method: string;
  path: string;
  decision: AuthDecision | undefined;
  guestError: string | undefined;
  /** The catalogue entry `@Endpoint` bound the handler to, as `METHOD path`. */
  entry: string | undefined;
};

/** Every handler Nest registered, from the same route metadata the boot-time auth audit reads. */
function registeredRoutes(app: NestFastifyApplication): Registered[] {
  const discovery = app.get(DiscoveryService, { strict: false });
  const reflector = app.get(Reflector, { strict: false });
  const scanner = new MetadataScanner();
  const routes: Registered[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as object | undefined;
    if (!instance) continue;
    const prefix = (Reflect.getMetadata(PATH_METADATA, instance.constructor) as string) ?? '';
    const prototype = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = prototype[name];
      if (typeof handler !== 'function') continue;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      routes.push({
        method: RequestMethod[method],
        path: `/${prefix}/${path}`.replace(/\/+/g, '/').replace(/(.)\/$/, '$1'),
        decision: reflector.getAllAndOverride<AuthDecision | undefined>(AUTH_DECISION, [
          handler,
          instance.constructor,
        ]),
        guestError: reflector.getAllAndOverride<string | undefined>(GUEST_ERROR, [
          handler,
          instance.constructor,
        ]),
        entry: ((route) => route && `${route.method} ${route.path}`)(routeOfHandler(handler)),
      });
    }
  }
  return routes;
}

/** `/api/users/getProfileById/{id}` as Fastify spells it. */
const fastifyPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');
const expectedDecision = (route: ApiRoute): AuthDecision =>
  route.auth === 'anyone'
    ? 'public'
    : route.auth === 'moderator' || route.auth === 'admin'
      ? route.auth
      : 'member';

function documented(method: string, path: string): ApiRoute {
  const route = catalogueRoutes().find((r) => r.method === method && r.path === path);
  if (!route) throw new Error(`${method} ${path} is not in the catalogue`);
  return route;
}

/**
 * A real answer against the reference: the documented success status and schema (exactly: a
 * field the schema does not list fails), or an error envelope with a code the route documents.
 */
function expectDocumented(method: string, path: string, response: TestResponse<unknown>) {
  const route = documented(method, path);
  if (response.status < 400) {
    expect(response.status).toBe(route.status);
    expect(route.response.parse(response.body)).toEqual(response.body);
    return;
  }
  const envelope = ErrorEnvelope.parse(response.body);
  expect(envelope).toEqual(response.body);
  expect(routeErrorCodes(route, { rateLimited: true })).toContain(envelope.code);
  const details = errorDetails[envelope.code as keyof typeof errorDetails];
  if (details) expect(details.parse(envelope.details)).toEqual(envelope.details);
}

// Boots every service and holds the route catalogue (libs/contracts) to what they register: each
// handler is bound to its entry by `@Endpoint` (libs/server/http), which this checks it is.
describe('the route catalogue against the running services', () => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  const texts: SmsJob[] = [];
  const emails: EmailJob[] = [];
  queue.process<SmsJob>('sms', async (job) => void texts.push(job.data));
  queue.process<EmailJob>('email', async (job) => void emails.push(job.data));
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let handle: DatabaseHandle;
  const services = new Map<ServiceApp, { app: NestFastifyApplication; base: string }>();

  async function listen(name: ServiceApp, app: NestFastifyApplication) {
    await app.listen({ port: 0, host: '127.0.0.1' });
    services.set(name, { app, base: (await app.getUrl()).replace('[::1]', '127.0.0.1') });
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 4 });
    const platform = (name: string) => ({
      production: false,
      logger: createLogger({ name, level: 'silent' }),
      database: handle,
      queue,
      bus: new InProcessBus(),
      identityPublicKey: identity.keys.publicKey,
    });
    await listen(
      'users',
      await createUsersApp(platform('users'), {
        production: false,
        publicUrl: 'http://web.test',
        linkSecret: 'api-catalogue-test-link-secret-0123456789',
      }),
    );
    await listen(
      'posts',
      await createPostsApp(platform('posts'), { translation: { provider: 'off' } }),
    );
    await listen('me-answers', await createMeAnswersApp(platform('me-answers')));
    await listen(
      'private-questions',
      await createPrivateQuestionsApp(platform('private-questions')),
    );
    await listen('feed-messages', await createFeedMessagesApp(platform('feed-messages')));
    await listen('reactions', await createReactionsApp(platform('reactions')));
    await listen('notifications', await createNotificationsApp(platform('notifications')));
    await listen('circles', await createCirclesApp(platform('circles')));
    await listen('moderation', await createModerationApp(platform('moderation')));
    await listen('search', await createSearchApp(platform('search')));
    await listen('site', await createSiteApp(platform('site')));
    await listen('files', await createFilesApp(platform('files'), { storage: { kind: 'memory' } }));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const { app } of services.values()) await app.close();
    await queue.close();
    await handle?.close();
    await database?.drop();
  }, SETUP_TIMEOUT_MS);

  it('boots every service app there is', () => {
    const apps = join(__dirname, '..', '..');
    const existing = SERVICE_APPS.filter((app) =>
      existsSync(join(apps, app, 'src', `${app}.app.ts`)),
    );
    expect([...services.keys()].sort()).toEqual([...existing].sort());
    const catalogued = new Set(catalogueRoutes().map((route) => route.service));
    expect([...catalogued].sort()).toEqual([...existing].sort());
  });

  it('has an entry for every API route a service registers, and registers every entry', () => {
    for (const [name, { app }] of services) {
      const fastify = app.getHttpAdapter().getInstance();
      const registered = registeredRoutes(app).filter(
        (route) => !/^\/(health|internal)(\/|$)/.test(route.path),
      );
      expect(registered.length).toBeGreaterThan(0);
      for (const route of registered)
        expect({
          ...route,
          inFastify: fastify.hasRoute({ method: route.method, url: route.path }),
        }).toMatchObject({ inFastify: true });
      const catalogued = catalogueRoutes().filter((route) => route.service === name);
      const key = (method: string, path: string) => `${method} ${path}`;
      expect(registered.map((route) => key(route.method, route.path)).sort()).toEqual(
        catalogued.map((route) => key(route.method, fastifyPath(route.path))).sort(),
      );
      // ...with the auth decision the controller states.
      for (const route of catalogued) {
        const found = registered.find(
          (r) => r.method === route.method && r.path === fastifyPath(route.path),
        );
        // ...and what a guest is told there, both from the entry the handler is bound to.
        expect({
          route: key(route.method, route.path),
          decision: found?.decision,
          guestError: found?.guestError,
          entry: found?.entry,
        }).toEqual({
          route: key(route.method, route.path),
          decision: expectedDecision(route),
          guestError: route.guestError,
          entry: key(route.method, route.path),
        });
        expect(fastify.hasRoute({ method: route.method, url: fastifyPath(route.path) })).toBe(true);
      }
    }
  });

  it('answers users calls as documented', async () => {
    const { base } = services.get('users')!;
    const registration = newRegistration();
    const registered = await call(base, 'POST', '/api/users/register', { body: registration });
    expect(registered.status).toBe(201);
    expectDocumented('POST', '/api/users/register', registered);
    // The cookies the reference names are the ones the service sets.
    const ticket = new CookieJar();
    ticket.store(registered.headers);
    expect(registered.headers.getSetCookie().join()).toMatch(
      new RegExp(`^${apiCookieNames(false).verificationTicket}=`),
    );

    // Not verified yet: the documented error, with its documented details.
    const pending = await call(base, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
    });
    expect((pending.body as { code: ErrorCode }).code).toBe('USER_NOT_VERIFIED');
    expectDocumented('POST', '/api/users/login', pending);

    // Verify it: the SMS code with the ticket, then the email link.
    const to = `${registration.phoneNumberPrefix}${registration.phoneNumber.replace(/^0/, '')}`;
    const sms = await eventually(() => texts.find((job) => job.to === to));
    const phone = await call(base, 'PUT', '/api/users/verifyUserByPhone', {
      headers: ticket.header(),
      body: {
        prefix: registration.phoneNumberPrefix,
        phone: registration.phoneNumber,
        verifyCode: sms.data.code,
      },
    });
    expect(phone.status).toBe(200);
    expectDocumented('PUT', '/api/users/verifyUserByPhone', phone);
    const email = await eventually(() =>
      emails.find((job) => job.to === registration.email && job.template === 'verify-email'),
    );
    const link = email.template === 'verify-email' ? email.data.link : '';
    const verified = await call(base, 'PUT', '/api/users/verifyUserByEmail', {
      headers: ticket.header(),
      body: { verifyCode: new URL(link).searchParams.get('token') },
    });
    expect(verified.status).toBe(200);
    expectDocumented('PUT', '/api/users/verifyUserByEmail', verified);
    expect(verified.headers.getSetCookie().join()).toMatch(
      new RegExp(`^${apiCookieNames(false).session}=`),
    );
    const member = { registration, userId: (registered.body as { userId: string }).userId };
    const login = await call(base, 'POST', '/api/users/login', {
      body: { email: member.registration.email, password: member.registration.password },
    });
    expect(login.status).toBe(200);
    expectDocumented('POST', '/api/users/login', login);

    const guest = await call(base, 'POST', '/api/users/session');
    expect(guest.body).toBe('NoSession');
    expectDocumented('POST', '/api/users/session', guest);
    expectDocumented(
      'GET',
      '/api/users/getProfileById/{id}',
      await call(base, 'GET', `/api/users/getProfileById/${member.userId}`),
    );
    const missing = await call(base, 'GET', '/api/users/getProfileById/nobody');
    expect(missing.status).toBe(404);
    expectDocumented('GET', '/api/users/getProfileById/{id}', missing);
    const invalid = await call(base, 'POST', '/api/users/register', { body: { email: 'x' } });
    expect(invalid.status).toBe(400);
    expectDocumented('POST', '/api/users/register', invalid);
  });

  it('answers posts calls as documented', async () => {
    const { base } = services.get('posts')!;
    const as = {
      'x-mepedia-identity': identity.assert(
        {
          kind: 'member',
          userId: '01900000-0000-7000-8000-000000000001',
          sessionId: 's1',
          language: 'en',
          roles: [],
        },
        'posts',
      ),
    };
    const created = await call<{ postId: string }>(base, 'POST', '/api/posts/create', {
      headers: as,
      body: {
        title: 'A summer to remember',
        content: `<p>${'A story told slowly and with care, one memory at a time. '.repeat(3)}</p>`,
        image: '/api/files/image/Catalogueimage01234567',
        credit: 'Photo: the author',
        privacy: 'public',
      },
    });
    expect(created.status).toBe(201);
    expectDocumented('POST', '/api/posts/create', created);
    expectDocumented(
      'POST',
      '/api/posts/getPosts',
      await call(base, 'POST', '/api/posts/getPosts', { body: {} }),
    );
    expectDocumented(
      'POST',
      '/api/posts/getPostById',
      await call(base, 'POST', '/api/posts/getPostById', { body: { postId: created.body.postId } }),
    );
    const guest = await call(base, 'POST', '/api/posts/create', { body: {} });
    expect(guest.status).toBe(401);
    expectDocumented('POST', '/api/posts/create', guest);
    expectDocumented(
      'DELETE',
      '/api/posts/deletePost/{id}',
      await call(base, 'DELETE', `/api/posts/deletePost/${created.body.postId}`, { headers: as }),
    );
  });

  it('answers me-answers calls as documented', async () => {
    const { base } = services.get('me-answers')!;
    const as = {
      'x-mepedia-identity': identity.assert(
        {
          kind: 'member',
          userId: '01900000-0000-7000-8000-000000000002',
          sessionId: 's2',
          language: 'he',
          roles: [],
        },
        'me-answers',
      ),
    };
    const questions = await call<
      Array<{ questionId: string; subQuestions: Array<{ subQuestionId: string }> }>
    >(base, 'GET', '/api/profileQuestions/getQuestions');
    expectDocumented('GET', '/api/profileQuestions/getQuestions', questions);
    expectDocumented(
      'GET',
      '/api/profileQuestions/getQuestionsIds',
      await call(base, 'GET', '/api/profileQuestions/getQuestionsIds'),
    );
    const [first, second] = questions.body;
    const saved = await call(base, 'POST', '/api/meAnswers/saveLive', {
      headers: as,
      body: {
        questionId: first?.questionId,
        answerData: { [first?.subQuestions[0]?.subQuestionId ?? '']: 'תשובה' },
        version: 0,
      },
    });
    expect(saved.status).toBe(200);
    expectDocumented('POST', '/api/meAnswers/saveLive', saved);
    const stale = await call(base, 'POST', '/api/meAnswers/saveDraft', {
      headers: as,
      body: { questionId: first?.questionId, answerData: {}, version: 0 },
    });
    expect(stale.status).toBe(409);
    expectDocumented('POST', '/api/meAnswers/saveDraft', stale);
    const locked = await call(base, 'POST', '/api/meAnswers/saveDraft', {
      headers: as,
      body: { questionId: questions.body[2]?.questionId, answerData: {}, version: 0 },
    });
    expect(locked.status).toBe(409);
    expectDocumented('POST', '/api/meAnswers/saveDraft', locked);
    expect(second).toBeDefined();
    expectDocumented(
      'GET',
      '/api/meAnswers/getCurrentUserAnswers',
      await call(base, 'GET', '/api/meAnswers/getCurrentUserAnswers', { headers: as }),
    );
    expectDocumented(
      'GET',
      '/api/meAnswers/getUserAnswers',
      await call(
        base,
        'GET',
        '/api/meAnswers/getUserAnswers?userId=01900000-0000-7000-8000-000000000002',
      ),
    );
    const short = await call(base, 'POST', '/api/meAnswers/togglePublishAsPost', {
      headers: as,
      body: { questionId: first?.questionId },
    });
    expect(short.status).toBe(400);
    expectDocumented('POST', '/api/meAnswers/togglePublishAsPost', short);
  });
});
