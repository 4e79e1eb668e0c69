import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RegisterResponse } from '@mepedia/contracts';
import {
  call,
  CookieJar,
  createTestDatabase,
  eventually,
  newRegistration,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  startProcess,
  testIdentity,
  testRedisPrefix,
  verifyThroughOutbox,
  type RunningProcess,
} from '@mepedia/server-testing';

type ReceivedSpan = {
  service: string;
  traceId: string;
  spanId: string;
  parentSpanId: string | undefined;
  name: string;
  kind: number;
};

/** A stand-in OTLP/HTTP collector: keeps every span the apps export (JSON encoding). */
function collector() {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const parsed = JSON.parse(body) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{
              spans: Array<{
                traceId: string;
                spanId: string;
                parentSpanId?: string;
                name: string;
                kind: number;
              }>;
            }>;
          }>;
        };
        for (const resource of parsed.resourceSpans) {
          const service =
            resource.resource.attributes.find((attribute) => attribute.key === 'service.name')
              ?.value.stringValue ?? '';
          for (const scope of resource.scopeSpans)
            for (const span of scope.spans)
              spans.push({
                service,
                traceId: span.traceId,
                spanId: span.spanId,
                parentSpanId: span.parentSpanId || undefined,
                name: span.name,
                kind: span.kind,
              });
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return {
    spans,
    start: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () =>
          resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
        ),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

// OTLP's span kinds (SERVER = 2, CLIENT = 3, CONSUMER = 5).
const SERVER = 2;
const CONSUMER = 5;

// Gateway, users service and worker as separate processes on PostgreSQL and Redis, each
// exporting its spans: one registration is one trace, from the gateway into the job.
/** Spans cross the outbox, a queue and the exporter's batches: slow on a busy machine. */
const SPAN_WAIT = { timeoutMs: 60_000, intervalMs: 50 };

describe('tracing: one trace from the gateway through a service into a job', () => {
  const identity = testIdentity();
  const redis = testRedisPrefix();
  const otlp = collector();
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const processes: RunningProcess[] = [];
  let gatewayUrl: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    const tracing = {
      OTEL_EXPORTER_OTLP_ENDPOINT: await otlp.start(),
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_BSP_SCHEDULE_DELAY: '100',
      OTEL_TRACES_SAMPLER: 'always_on',
    };
    const shared = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      PORT: '0',
      HOST: '127.0.0.1',
      ...tracing,
    };
    const ready = /listening on (http:\/\/\S+)/;
    const users = await startProcess(
      'dist/apps/users/src/main.js',
      { ...shared, DATABASE_URL: database.url, IDENTITY_PUBLIC_KEY: identity.exported.publicKey },
      ready,
    );
    processes.push(users);
    const worker = await startProcess(
      'dist/apps/worker/src/main.js',
      { ...shared, DATABASE_URL: database.url },
      ready,
    );
    processes.push(worker);
    const gateway = await startProcess(
      'dist/apps/gateway/src/main.js',
      {
        ...shared,
        IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
        USERS_SERVICE_URL: users.match[1]!,
        WORKER_URL: worker.match[1]!,
      },
      ready,
    );
    processes.push(gateway);
    gatewayUrl = gateway.match[1]!;
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    for (const running of processes.reverse()) await running.stop();
    await otlp.close();
    await database?.drop();
    await redis.cleanup();
  }, SETUP_TIMEOUT_MS);

  it(
    "carries the gateway's trace id to the users service and into the job it queues",
    async () => {
      const registered = await call<RegisterResponse>(gatewayUrl, 'POST', '/api/users/register', {
        body: newRegistration(),
      });
      expect(registered.status).toBe(201);

      // The gateway's server span for the call is the root of the trace.
      const root = await eventually(
        async () =>
          otlp.spans.find(
            (span) =>
              span.service === 'mepedia-gateway' &&
              span.kind === SERVER &&
              span.parentSpanId === undefined &&
              span.name.startsWith('POST'),
          ),
        { ...SPAN_WAIT, what: 'the gateway’s server span' },
      );
      const inTrace = () => otlp.spans.filter((span) => span.traceId === root.traceId);

      const usersServer = await eventually(
        async () =>
          inTrace().find((span) => span.service === 'mepedia-users' && span.kind === SERVER),
        { ...SPAN_WAIT, what: 'the users service’s span' },
      );
      // Its parent is the gateway's outgoing call (undici), inside the gateway's own span.
      const gatewayCall = inTrace().find((span) => span.spanId === usersServer.parentSpanId);
      expect(gatewayCall?.service).toBe('mepedia-gateway');

      // The code it sends is a job; the worker's span for it continues the same trace.
      const job = await eventually(
        async () =>
          inTrace().find((span) => span.service === 'mepedia-worker' && span.kind === CONSUMER),
        { ...SPAN_WAIT, what: 'the job’s span' },
      );
      expect(job.name).toMatch(/^(sms|email) process$/);
      // The users service's queries are in the trace too.
      expect(
        inTrace().some((span) => span.service === 'mepedia-users' && span.name.startsWith('pg')),
      ).toBe(true);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );

  it(
    'carries a request’s trace into the domain event its commit sends out',
    async () => {
      const registration = newRegistration();
      const created = await call<RegisterResponse>(gatewayUrl, 'POST', '/api/users/register', {
        body: registration,
      });
      await verifyThroughOutbox(gatewayUrl, registration, created);
      const login = await call(gatewayUrl, 'POST', '/api/users/login', {
        body: { email: registration.email, password: registration.password },
      });
      const jar = new CookieJar();
      jar.store(login.headers);
      // A new motto: users announces user.updated through its outbox; the worker fans it out.
      // The call carries a trace of the test's own, so its spans are known among the many a busy
      // run exports late (an earlier PUT's root span may arrive after this call was made).
      const traceId = randomBytes(16).toString('hex');
      const callerSpanId = randomBytes(8).toString('hex');
      const updated = await call(gatewayUrl, 'PUT', '/api/users/updateUserInformation', {
        headers: { ...jar.header(), traceparent: `00-${traceId}-${callerSpanId}-01` },
        body: { moto: 'Traced all the way' },
      });
      expect(updated.status).toBe(200);

      const root = await eventually(
        async () =>
          otlp.spans.find(
            (span) =>
              span.traceId === traceId &&
              span.service === 'mepedia-gateway' &&
              span.kind === SERVER,
          ),
        { ...SPAN_WAIT, what: 'the gateway’s server span of the update' },
      );
      expect(root.parentSpanId).toBe(callerSpanId);
      const fanOut = await eventually(
        async () =>
          otlp.spans.find(
            (span) =>
              span.traceId === traceId &&
              span.service === 'mepedia-worker' &&
              span.kind === CONSUMER &&
              span.name === 'events process',
          ),
        { ...SPAN_WAIT, what: 'the worker’s fan-out span in the same trace' },
      );
      expect(fanOut.traceId).toBe(root.traceId);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
