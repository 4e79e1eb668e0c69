import type { CurrentUser, ErrorEnvelope, RegisterResponse } from '@mepedia/contracts';
import {
  call,
  CookieJar,
  createTestDatabase,
  newRegistration,
  parseSetCookie,
  SETUP_TIMEOUT_MS,
  startProcess,
  testIdentity,
  testRedisPrefix,
  verifyThroughOutbox,
  type RunningProcess,
} from '@mepedia/server-testing';

// The gateway, the users service and the worker as separate processes, on
// real PostgreSQL and Redis (BullMQ), walked the way a browser would; codes
// and links come from the worker's dev outbox.
describe('gateway in front of the users service (separate processes)', () => {
  const identity = testIdentity();
  const redis = testRedisPrefix();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let users: RunningProcess;
  let worker: RunningProcess;
  let gateway: RunningProcess;
  let usersUrl: string;
  let gatewayUrl: string;
  const webOrigin = 'http://web.mepedia.test';

  beforeAll(async () => {
    database = await createTestDatabase();
    const shared = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
    };
    users = await startProcess(
      'dist/apps/users/src/main.js',
      {
        ...shared,
        DATABASE_URL: database.url,
        IDENTITY_PUBLIC_KEY: identity.exported.publicKey,
        PORT: '0',
        HOST: '127.0.0.1',
      },
      /listening on (http:\/\/\S+)/,
    );
    usersUrl = users.match[1]!;
    worker = await startProcess(
      'dist/apps/worker/src/main.js',
      { ...shared, DATABASE_URL: database.url, PORT: '0', HOST: '127.0.0.1' },
      /listening on (http:\/\/\S+)/,
    );
    gateway = await startProcess(
      'dist/apps/gateway/src/main.js',
      {
        ...shared,
        IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
        USERS_SERVICE_URL: usersUrl,
        WORKER_URL: worker.match[1]!,
        PORT: '0',
        HOST: '127.0.0.1',
        WEB_ORIGIN: webOrigin,
        RATE_LIMIT_LOGIN_PER_EMAIL: '3',
      },
      /listening on (http:\/\/\S+)/,
    );
    gatewayUrl = gateway.match[1]!;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await gateway?.stop();
    await worker?.stop();
    await users?.stop();
    await database?.drop();
    await redis.cleanup();
  }, SETUP_TIMEOUT_MS);

  async function registerVerified() {
    const registration = newRegistration();
    const created = await call<RegisterResponse>(gatewayUrl, 'POST', '/api/users/register', {
      body: registration,
    });
    expect(created.status).toBe(201);
    await verifyThroughOutbox(gatewayUrl, registration, created);
    return { registration, userId: created.body.userId };
  }

  it('walks register -> login -> session -> update -> logout -> session', async () => {
    const jar = new CookieJar();
    const { registration, userId } = await registerVerified();

    const login = await call<CurrentUser>(gatewayUrl, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
    });
    expect(login.status).toBe(200);
    expect(login.body.id).toBe(userId);
    const cookie = parseSetCookie(login.headers)!;
    expect(cookie.name).toBe('mepedia_session');
    expect(cookie.attributes.has('httponly')).toBe(true);
    expect(cookie.attributes.get('samesite')).toBe('Lax');
    expect(cookie.attributes.get('path')).toBe('/');
    // Development over plain http: no Secure flag (production sets it, with the __Host- prefix).
    expect(cookie.attributes.has('secure')).toBe(false);
    jar.store(login.headers);

    const session = await call<CurrentUser>(gatewayUrl, 'POST', '/api/users/session', {
      headers: jar.header(),
    });
    expect(session.body).toMatchObject({ id: userId, username: registration.email });

    const update = await call<CurrentUser>(gatewayUrl, 'PUT', '/api/users/updateUserInformation', {
      headers: jar.header(),
      body: { moto: 'Writing my own encyclopedia entry' },
    });
    expect(update.status).toBe(200);
    expect(update.body.moto).toBe('Writing my own encyclopedia entry');

    const logout = await call(gatewayUrl, 'POST', '/api/users/logout', { headers: jar.header() });
    expect(logout.status).toBe(200);
    const stale = jar.header();
    jar.store(logout.headers);
    // The browser drops the session, and holds nothing else of ours: no users call counts
    // visitors, so none gave it a visitor id.
    expect(jar.header().cookie).toBeUndefined();

    // The old cookie is dead at once, even if a client keeps sending it.
    const after = await call(gatewayUrl, 'POST', '/api/users/session', { headers: stale });
    expect(after.body).toBe('NoSession');
    expect(parseSetCookie(after.headers)?.attributes.get('max-age')).toBe('0');
    const guest = await call(gatewayUrl, 'POST', '/api/users/session');
    expect(guest.body).toBe('NoSession');
  });

  it('refuses a forged assertion sent straight to the users service with 401', async () => {
    const { registration, userId } = await registerVerified();
    const forger = testIdentity();
    const forged = forger.assert(
      {
        kind: 'member',
        userId,
        sessionId: '00000000-0000-7000-8000-000000000000',
        language: 'en',
        roles: [],
      },
      'users',
    );
    const response = await call<ErrorEnvelope>(usersUrl, 'POST', '/api/users/session', {
      headers: { 'x-mepedia-identity': forged },
    });
    expect(response.status).toBe(401);
    expect(response.body.code).toBe('INVALID_IDENTITY');

    // A real session cookie sent straight to the service grants nothing either: services trust only assertions.
    const login = await call(gatewayUrl, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
    });
    const jar = new CookieJar();
    jar.store(login.headers);
    const direct = await call(usersUrl, 'POST', '/api/users/session', { headers: jar.header() });
    expect(direct.body).toBe('NoSession');
    const update = await call<ErrorEnvelope>(usersUrl, 'PUT', '/api/users/updateUserInformation', {
      headers: jar.header(),
      body: { moto: 'nope' },
    });
    expect(update.status).toBe(401);
  });

  it('replaces any identity header a client sends', async () => {
    const forged = testIdentity().assert({ kind: 'service', service: 'gateway' }, 'users');
    const response = await call(gatewayUrl, 'POST', '/api/users/session', {
      headers: { 'x-mepedia-identity': forged },
    });
    expect(response.status).toBe(200);
    expect(response.body).toBe('NoSession');
    const internal = await call<ErrorEnvelope>(gatewayUrl, 'POST', '/internal/sessions/resolve', {
      headers: { 'x-mepedia-identity': forged },
      body: { token: 'x' },
    });
    expect(internal.status).toBe(404);
  });

  it('answers 404 for an unknown prefix and 503 for a service that is not running', async () => {
    const unknown = await call<ErrorEnvelope>(gatewayUrl, 'POST', '/api/nothingHere/call');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('ROUTE_NOT_FOUND');
    const posts = await call<ErrorEnvelope>(gatewayUrl, 'POST', '/api/posts/getPosts', {
      body: {},
      headers: { 'accept-language': 'he' },
    });
    expect(posts.status).toBe(503);
    expect(posts.body.code).toBe('SERVICE_UNAVAILABLE');
    expect(posts.body.message).toBe('חלק זה של האתר אינו זמין כרגע. יש לנסות שוב בקרוב');
  });

  it('answers with its own request id and passes that one to the service', async () => {
    const response = await call<ErrorEnvelope>(gatewayUrl, 'POST', '/api/users/login', {
      body: {},
      headers: { 'x-request-id': 'trace-me-123' },
    });
    const id = response.headers.get('x-request-id');
    // A client cannot choose the id the logs of every service will carry.
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.body.requestId).toBe(id);
  });

  it.each([
    ['a form', 'application/x-www-form-urlencoded', 'email=a%40b.example&password=secret-123'],
    ['plain text', 'text/plain', '{"email":"a@b.example","password":"secret-123"}'],
    ['no type', '', '{"email":"a@b.example","password":"secret-123"}'],
  ])('refuses a body sent as %s with 415: the API speaks JSON', async (_name, type, text) => {
    const response = await fetch(`${gatewayUrl}/api/users/login`, {
      method: 'POST',
      headers: type ? { 'content-type': type } : {},
      body: type ? text : new Blob([text]),
    });
    expect(response.status).toBe(415);
    expect(((await response.json()) as ErrorEnvelope).code).toBe('UNSUPPORTED_MEDIA_TYPE');
  });

  it('sends security headers and allows the web origin with credentials', async () => {
    const response = await call(gatewayUrl, 'POST', '/api/users/session');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('DENY');
    expect(response.headers.get('content-security-policy')).toContain("default-src 'none'");

    const preflight = await fetch(`${gatewayUrl}/api/users/login`, {
      method: 'OPTIONS',
      headers: {
        origin: webOrigin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(webOrigin);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');

    const evil = await fetch(`${gatewayUrl}/api/users/login`, {
      method: 'OPTIONS',
      headers: { origin: 'http://evil.test', 'access-control-request-method': 'POST' },
    });
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('refuses state-changing calls from another site', async () => {
    const { registration } = await registerVerified();
    const response = await call<ErrorEnvelope>(gatewayUrl, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
      headers: { origin: 'http://evil.test', 'sec-fetch-site': 'cross-site' },
    });
    expect(response.status).toBe(403);
    expect(response.body.code).toBe('ORIGIN_NOT_ALLOWED');
    expect(response.headers.get('set-cookie')).toBeNull();
    const fromWeb = await call(gatewayUrl, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
      headers: { origin: webOrigin },
    });
    expect(fromWeb.status).toBe(200);
  });

  it('limits login attempts per email with 429 and Retry-After', async () => {
    const { registration } = await registerVerified();
    const attempt = () =>
      call<ErrorEnvelope>(gatewayUrl, 'POST', '/api/users/login', {
        body: { email: registration.email, password: 'wrong-pass-1' },
      });
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Even the right password waits: the limit is on attempts, not failures.
    const right = await call(gatewayUrl, 'POST', '/api/users/login', {
      body: { email: registration.email.toUpperCase(), password: registration.password },
    });
    expect(right.status).toBe(429);
  });

  it('refuses bodies over the size limit', async () => {
    const response = await call<ErrorEnvelope>(gatewayUrl, 'POST', '/api/users/register', {
      body: JSON.stringify({ padding: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(response.status).toBe(413);
    expect(response.body.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers 503 when the users service goes away', async () => {
    const exitCode = await users.stop();
    expect(exitCode).toBe(0);
    const response = await call<ErrorEnvelope>(gatewayUrl, 'POST', '/api/users/session');
    expect(response.status).toBe(503);
    expect(response.body.code).toBe('SERVICE_UNAVAILABLE');
  });
});
