import type { KeyObject } from 'node:crypto';
import {
  envParsable,
  loadConfig,
  platformEnv,
  processLifecycle,
  processMetrics,
  serveMetrics,
  serviceProcessEnv,
  stopTracing,
  shutdownOptions,
} from '@mepedia/server-config';
import {
  openDatabase,
  runMigrations,
  type DatabaseHandle,
  type MigrationTarget,
} from '@mepedia/server-database';
import { createLogger, type AppLogger } from '@mepedia/server-http';
import { parsePublicKey } from '@mepedia/server-identity';
import {
  BullMqQueue,
  InProcessBus,
  InProcessQueue,
  RedisBus,
  type AddOptions,
  type FailedJob,
  type Job,
  type JobHandler,
  type MessageBus,
  type QueueCounts,
  type QueueDriver,
} from '@mepedia/server-queue';
import type { QueueName } from '@mepedia/contracts';
import {
  context,
  propagation,
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { z } from 'zod';

/**
 * What a service needs from the world: its database, the queue, the bus, the
 * key to check the gateway's signature. Built once per process and handed to
 * each service module, so the standalone process can share one of each.
 */
export type ServicePlatform = {
  production: boolean;
  logger: AppLogger;
  database: DatabaseHandle;
  queue: QueueDriver;
  bus: MessageBus;
  identityPublicKey: KeyObject;
};

export type SharedResources = Omit<ServicePlatform, 'logger' | 'identityPublicKey' | 'production'>;

export const serviceEnv = z.object({
  ...platformEnv,
  ...serviceProcessEnv,
  /** The gateway's Ed25519 public key (base64 SPKI DER or PEM). */
  IDENTITY_PUBLIC_KEY: envParsable(
    parsePublicKey,
    'is required: the gateway public key (npm run keys makes a pair)',
    'must be an Ed25519 public key (base64 SPKI DER or PEM)',
  ),
});
export type ServiceEnv = z.output<typeof serviceEnv>;

type MessagingEnv = {
  REDIS_URL?: string | undefined;
  REDIS_PREFIX: string;
  /** Absent: BullMQ's own 30 s (callers whose env does not carry it). */
  QUEUE_LOCK_MS?: number | undefined;
};

/** The job queue: BullMQ on Redis when configured, in-process otherwise. */
export function openQueue(env: MessagingEnv, logger: AppLogger): QueueDriver {
  // A job that used up its attempts stays in the failed set; the log line carries
  // the request that caused it, to follow it back.
  const onFailed = (queue: string, job: FailedJob) =>
    logger.error(
      {
        queue,
        jobId: job.id,
        job: job.name,
        attempts: job.attemptsMade,
        reason: job.reason,
        requestId: (job.data as { requestId?: unknown } | null)?.requestId,
      },
      'job failed',
    );
  const onFailedCounted = (queue: string, job: FailedJob) => {
    processMetrics.jobsFailed.inc({ queue, job: job.name });
    onFailed(queue, job);
  };
  return new MeasuredQueue(
    env.REDIS_URL
      ? new BullMqQueue(env.REDIS_URL, env.REDIS_PREFIX, onFailedCounted, env.QUEUE_LOCK_MS)
      : new InProcessQueue(onFailedCounted),
  );
}

/**
 * A queue driver whose every job attempt is timed (and its wait, on a first attempt) and whose
 * depth is reported at each scrape, for the queues this process works on.
 */
export class MeasuredQueue implements QueueDriver {
  constructor(private readonly inner: QueueDriver) {}

  get kind() {
    return this.inner.kind;
  }

  add<T>(queue: QueueName, name: string, data: T, options?: AddOptions): Promise<void> {
    return this.inner.add(queue, name, withTraceContext(data), options);
  }

  repeat(queue: QueueName, schedulerId: string, name: string, everyMs: number): Promise<void> {
    return this.inner.repeat(queue, schedulerId, name, everyMs);
  }

  process<T>(queue: QueueName, handler: JobHandler<T>, options?: { concurrency?: number }): void {
    processMetrics.watchQueue(queue, () => this.inner.counts(queue));
    this.inner.process<T>(
      queue,
      (job) =>
        inJobSpan(queue, job, async () => {
          const started = Date.now();
          try {
            await handler(job);
          } catch (error) {
            processMetrics.observeJob(queue, job, started, 'error');
            throw error;
          }
          processMetrics.observeJob(queue, job, started, 'completed');
        }),
      options,
    );
  }

  failed(queue: QueueName): Promise<FailedJob[]> {
    return this.inner.failed(queue);
  }

  counts(queue: QueueName): Promise<QueueCounts> {
    return this.inner.counts(queue);
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/**
 * The caller's trace, carried in the job's data as `traceparent` (W3C), when tracing is on and
 * a span is active: the job's span continues the request that queued it. Job schemas ignore the
 * extra key; without tracing the data goes unchanged.
 */
function withTraceContext<T>(data: T): T {
  if (!trace.getActiveSpan() || typeof data !== 'object' || data === null || Array.isArray(data))
    return data;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  const { traceparent, tracestate } = carrier;
  if (!traceparent) return data;
  return { ...data, traceparent, ...(tracestate ? { tracestate } : {}) };
}

const tracer = trace.getTracer('mepedia-queue');

/** Run one job attempt in a consumer span, the child of the trace its data carries. */
function inJobSpan(queue: string, job: Job<unknown>, run: () => Promise<void>): Promise<void> {
  const data = job.data as { traceparent?: unknown; tracestate?: unknown } | null;
  const carrier: Record<string, string> = {};
  if (typeof data?.traceparent === 'string') carrier['traceparent'] = data.traceparent;
  if (typeof data?.tracestate === 'string') carrier['tracestate'] = data.tracestate;
  const parent = propagation.extract(ROOT_CONTEXT, carrier);
  return tracer.startActiveSpan(
    `${queue} process`,
    {
      kind: SpanKind.CONSUMER,
      attributes: {
        'messaging.system': 'bullmq',
        'messaging.destination.name': queue,
        'messaging.operation.type': 'process',
        'messaging.message.id': job.id,
        'mepedia.job.name': job.name,
        'mepedia.job.attempt': job.attemptsMade + 1,
      },
    },
    parent,
    async (span) => {
      try {
        await run();
      } catch (error) {
        span.recordException(error as Error);
        span.setStatus({ code: SpanStatusCode.ERROR });
        throw error;
      } finally {
        span.end();
      }
    },
  );
}

/** Report a PostgreSQL pool's use in the metrics (PGlite has none). */
export function watchDatabase(name: string, database: DatabaseHandle): void {
  if (database.kind === 'postgres') processMetrics.watchPool(name, database.pool);
}

/** The pub/sub bus: Redis when configured, in-process otherwise. */
export function openBus(env: MessagingEnv): MessageBus {
  return env.REDIS_URL ? new RedisBus(env.REDIS_URL, env.REDIS_PREFIX) : new InProcessBus();
}

/** The platform of a service running as its own process. */
export async function createServicePlatform(
  name: string,
  env: Record<string, string | undefined> = process.env,
): Promise<{ platform: ServicePlatform; config: ServiceEnv }> {
  const config = loadConfig(name, serviceEnv, env);
  const logger = createLogger({ name, level: config.LOG_LEVEL });
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    template: config.PGLITE_TEMPLATE,
    poolSize: config.DATABASE_POOL_SIZE,
    applicationName: `mepedia-${name}`,
  });
  watchDatabase(name, database);
  const queue = openQueue(config, logger);
  const bus = openBus(config);
  return {
    config,
    platform: {
      production: config.NODE_ENV === 'production',
      logger,
      database,
      queue,
      bus,
      identityPublicKey: parsePublicKey(config.IDENTITY_PUBLIC_KEY),
    },
  };
}

/**
 * A service as its own process (services mode, Kubernetes): platform from the
 * environment, the app built and listening, and a clean stop on SIGTERM/SIGINT
 * (app first, then queue, bus and database).
 */
export async function runServiceProcess(
  name: string,
  build: (platform: ServicePlatform) => Promise<{
    listen(options: { port: number; host: string }): Promise<unknown>;
    getUrl(): Promise<string>;
    close(): Promise<void>;
  }>,
): Promise<void> {
  const { platform, config } = await createServicePlatform(name);
  const app = await build(platform);
  await app.listen({ port: config.PORT, host: config.HOST });
  process.stdout.write(`Mepedia ${name} service listening on ${await app.getUrl()}\n`);
  const closeMetrics = await serveMetrics(name, config);
  // SIGTERM: not ready first; then the server waits for in-flight requests, the queue for
  // running jobs, and only then do the bus and the database pool close.
  processLifecycle.exitOnSignals(
    async () => {
      await app.close();
      await platform.queue.close();
      await platform.bus.close();
      await platform.database.close();
      await closeMetrics();
      await stopTracing();
    },
    shutdownOptions(config),
    platform.logger,
  );
}

/**
 * A service's migrations as a process of their own (Kubernetes' migrations Job, before a
 * rollout): the database from DATABASE_URL, the migrations under the schema's advisory lock,
 * then exit 0. The services still migrate at start (a no-op once this ran), so a deployment
 * without the Job works too.
 */
export async function runMigrationProcess(
  name: string,
  target: MigrationTarget,
  env: Record<string, string | undefined> = process.env,
): Promise<void> {
  const config = loadConfig(`${name} migrations`, z.object(platformEnv), env);
  const started = Date.now();
  const database = await openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    template: config.PGLITE_TEMPLATE,
    poolSize: 1,
    applicationName: `mepedia-${name}-migrations`,
  });
  try {
    await runMigrations(database, target);
  } finally {
    await database.close();
    await stopTracing();
  }
  process.stdout.write(
    `Mepedia ${name}: migrations of schema ${target.schema} applied (${Date.now() - started} ms)\n`,
  );
}
