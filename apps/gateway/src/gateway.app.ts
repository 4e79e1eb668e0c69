import { NEW_VISITOR_HEADER, SERVICE_APPS, type ServiceApp } from '@mepedia/contracts';
import {
  createHttpApp,
  createLogger,
  type AppLogger,
  type ReadinessCheck,
} from '@mepedia/server-http';
import { IdentitySigner, parsePrivateKey } from '@mepedia/server-identity';
import { openBus } from '@mepedia/server-platform';
import type { MessageBus } from '@mepedia/server-queue';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'undici';
import { registerApiDocs } from './api-docs';
import type { GatewayConfig } from './gateway.config';
import { GatewayModule } from './gateway.module';
import { registerProxy } from './proxy';
import { MemoryRateLimitStore, RedisRateLimitStore, type RateLimitStore } from './rate-limiter';
import { registerSecurityHeaders } from './security-headers';
import { SessionResolver } from './session-resolver';
import type { Upstream } from './upstream';

export { inProcessUpstream, type Upstream } from './upstream';

export type GatewayApp = {
  app: NestFastifyApplication;
  logger: AppLogger;
  /** Closes the app and everything it opened. */
  close(): Promise<void>;
};

/**
 * Build the gateway. `bus` is passed in by the standalone process (shared
 * with the services); alone, the gateway opens its own from REDIS_URL.
 */
export async function createGatewayApp(
  config: GatewayConfig,
  options: {
    bus?: MessageBus;
    logger?: AppLogger;
    /** More routes on the same server before it listens (the standalone process adds the web app). */
    extend?: (fastify: FastifyInstance) => Promise<void>;
    /** Services reached without HTTP (the standalone process); the others by their URLs. */
    upstreams?: Partial<Record<ServiceApp, Upstream>>;
    /** The worker's dev outbox without HTTP (the standalone process; never in production). */
    devOutbox?: Upstream;
    /** More for /health/ready to wait on (the standalone process: its demo seed). */
    readiness?: ReadinessCheck[];
  } = {},
): Promise<GatewayApp> {
  const logger = options.logger ?? createLogger({ name: 'gateway', level: config.logLevel });
  const ownsBus = options.bus === undefined;
  const bus: MessageBus =
    options.bus ?? openBus({ REDIS_URL: config.redisUrl, REDIS_PREFIX: config.redisPrefix });

  const upstreams: Partial<Record<ServiceApp, Upstream>> = { ...options.upstreams };
  const pools = new Map<string, Pool>();
  for (const app of SERVICE_APPS) {
    const url = config.services[app];
    if (!url || upstreams[app]) continue;
    // Apps sharing a base URL (the standalone process) share a pool.
    let pool = pools.get(url);
    if (!pool) {
      pool = new Pool(url, { connections: 128, pipelining: 1, keepAliveTimeout: 30_000 });
      pools.set(url, pool);
    }
    upstreams[app] = pool;
  }

  const signer = new IdentitySigner(parsePrivateKey(config.identityPrivateKey));
  const sessions = new SessionResolver(
    upstreams.users,
    signer,
    config.sessionCacheTtlMs,
    config.upstreamTimeoutMs,
  );
  await sessions.listen(bus);
  const rateLimits: RateLimitStore = config.redisUrl
    ? new RedisRateLimitStore(config.redisUrl, config.redisPrefix)
    : new MemoryRateLimitStore();

  const readiness: ReadinessCheck[] = [...(options.readiness ?? [])];
  const app = await createHttpApp(GatewayModule.register(readiness), {
    logger,
    bodyParser: false,
    // The world's requests get the gateway's own ids; services trust the one it forwards.
    requestIds: 'minted',
    bodyLimit: config.bodyLimitBytes,
    // Clients facing the world: a request trickled in, or headers never finished, is cut off.
    timeouts: config.timeouts,
    trustProxy: config.trustProxyHops > 0 ? config.trustProxyHops : false,
  });
  app.enableCors({
    origin: config.webOrigins,
    credentials: true,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    allowedHeaders: ['content-type', 'x-request-id', 'accept-language'],
    // The web app's client reads NEW_VISITOR_HEADER to send an uncounted view again (proxy.ts).
    exposedHeaders: ['x-request-id', 'retry-after', NEW_VISITOR_HEADER],
    maxAge: 600,
  });
  const fastify = app.getHttpAdapter().getInstance();
  registerSecurityHeaders(fastify, config.production);
  // The API reference (/api/docs): the gateway's own, answered without any service.
  registerApiDocs(fastify, config);
  let devOutbox: Upstream | undefined;
  if (!config.production) {
    devOutbox = options.devOutbox;
    if (!devOutbox && config.workerUrl) {
      const worker = new Pool(config.workerUrl, { connections: 4 });
      pools.set(config.workerUrl, worker);
      devOutbox = worker;
    }
  }
  registerProxy(fastify, {
    config,
    logger,
    signer,
    sessions,
    rateLimits,
    upstreams,
    devOutbox,
  });
  if (options.extend) await options.extend(fastify);

  return {
    app,
    logger,
    close: async () => {
      await app.close();
      await Promise.all([...pools.values()].map((pool) => pool.close()));
      await rateLimits.close();
      if (ownsBus) await bus.close();
    },
  };
}
