import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

declare module 'fastify' {
  interface FastifyRequest {
    /** A route template finer than the matched route's (the gateway's catch-all sets it). */
    metricsRoute?: string | undefined;
  }
}

/** A job's end, as the metrics count it: done, or thrown (and retried or failed for good). */
export type JobOutcome = 'completed' | 'error';

/** A queue's depth by state, read at each scrape. */
export type QueueDepth = () => Promise<Record<'waiting' | 'active' | 'delayed' | 'failed', number>>;

/** What a PostgreSQL pool reports (pg's Pool fits). */
export type PoolSource = { totalCount: number; idleCount: number; waitingCount: number };

// Seconds: a cached read is ~1 ms, a drawn page ~40 ms, a slow translation seconds.
const HTTP_BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
const JOB_BUCKETS = [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];
const WAIT_BUCKETS = [0.005, 0.025, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300];

/**
 * The process's Prometheus metrics: one registry per process (the standalone process's
 * services share it, told apart by the `service` label). Names follow Prometheus' conventions:
 * base units (seconds), `_total` for counters.
 */
export class ProcessMetrics {
  readonly registry = new Registry();
  private readonly queues = new Map<string, QueueDepth>();
  private readonly pools = new Map<string, PoolSource>();
  private defaultsOn = false;

  readonly httpDuration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by route template and status, from arrival to the last byte sent',
    labelNames: ['service', 'method', 'route', 'status_code'] as const,
    buckets: HTTP_BUCKETS,
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: 'queue_job_duration_seconds',
    help: 'Job attempts by queue, job name and outcome (completed, or error: retried or failed)',
    labelNames: ['queue', 'job', 'outcome'] as const,
    buckets: JOB_BUCKETS,
    registers: [this.registry],
  });

  readonly jobWait = new Histogram({
    name: 'queue_job_wait_seconds',
    help: 'From when a job was due to when its first attempt started; on the events-* queues, the event lag',
    labelNames: ['queue'] as const,
    buckets: WAIT_BUCKETS,
    registers: [this.registry],
  });

  readonly jobsFailed = new Counter({
    name: 'queue_jobs_failed_total',
    help: 'Jobs that used up their attempts and stay in the failed set',
    labelNames: ['queue', 'job'] as const,
    registers: [this.registry],
  });

  constructor() {
    const queues = this.queues;
    const pools = this.pools;
    new Gauge({
      name: 'queue_jobs',
      help: 'Jobs held by each queue this process works on, by state',
      labelNames: ['queue', 'state'] as const,
      registers: [this.registry],
      async collect() {
        this.reset();
        await Promise.all(
          [...queues].map(async ([queue, depth]) => {
            // An unreachable Redis leaves the gauge empty rather than failing the scrape.
            const counts = await depth().catch(() => undefined);
            if (!counts) return;
            for (const [state, value] of Object.entries(counts)) this.set({ queue, state }, value);
          }),
        );
      },
    });
    new Gauge({
      name: 'db_pool_connections',
      help: 'PostgreSQL pool connections by state (idle, busy) and requests waiting for one',
      labelNames: ['service', 'state'] as const,
      registers: [this.registry],
      collect() {
        this.reset();
        for (const [service, pool] of pools) {
          this.set({ service, state: 'idle' }, pool.idleCount);
          this.set({ service, state: 'busy' }, pool.totalCount - pool.idleCount);
          this.set({ service, state: 'waiting' }, pool.waitingCount);
        }
      },
    });
  }

  /** Process CPU, memory, event loop lag and GC, labelled with the app's name. Once. */
  collectProcessMetrics(app: string): void {
    if (this.defaultsOn) return;
    this.defaultsOn = true;
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry });
  }

  /** Time every answer of a Fastify server, by its route template (never the raw URL). */
  instrumentHttp(fastify: FastifyInstance, service: string): void {
    fastify.addHook('onResponse', (request, reply, done) => {
      this.httpDuration.observe(
        {
          service,
          method: request.method,
          // The template (`/api/posts/:id`-like); an unmatched URL is one label, not thousands.
          route: request.metricsRoute ?? request.routeOptions.url ?? 'unmatched',
          status_code: String(reply.statusCode),
        },
        reply.elapsedTime / 1000,
      );
      done();
    });
  }

  /** Report a queue's depth at each scrape (the processes that work on it call this). */
  watchQueue(queue: string, depth: QueueDepth): void {
    this.queues.set(queue, depth);
  }

  /** Report a PostgreSQL pool's use at each scrape. */
  watchPool(service: string, pool: PoolSource): void {
    this.pools.set(service, pool);
  }

  /** One attempt of a job, timed from its start; `dueAt` (ms) gives the wait on a first attempt. */
  observeJob(
    queue: string,
    job: { name: string; attemptsMade: number; dueAt?: number | undefined },
    startedAt: number,
    outcome: JobOutcome,
  ): void {
    const now = Date.now();
    this.jobDuration.observe({ queue, job: job.name, outcome }, (now - startedAt) / 1000);
    if (job.attemptsMade === 0 && job.dueAt !== undefined) {
      this.jobWait.observe({ queue }, Math.max(0, startedAt - job.dueAt) / 1000);
    }
  }

  /**
   * Serve `/metrics` on a port of its own (METRICS_PORT), never on the app's public one: what
   * the world reaches through an Ingress cannot read it, and Prometheus scrapes it inside the
   * cluster. Resolves with the server's address.
   */
  async serve(port: number, host: string): Promise<{ url: string; close(): Promise<void> }> {
    const server: Server = createServer((request, response) => {
      const path = request.url?.split('?')[0];
      if (request.method !== 'GET' || path !== '/metrics') {
        response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: try /metrics\n');
        return;
      }
      this.registry.metrics().then(
        (text) => response.writeHead(200, { 'content-type': this.registry.contentType }).end(text),
        () => response.writeHead(500).end(),
      );
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => resolve());
    });
    const address = server.address() as AddressInfo;
    const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    return {
      url: `http://${shown}:${address.port}/metrics`,
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }
}

export const processMetrics = new ProcessMetrics();

/**
 * Serve the process's metrics when METRICS_PORT is set (else nothing): default process metrics
 * on, a line on stdout with the address. Returns what closes it (last, at shutdown).
 */
export async function serveMetrics(
  app: string,
  env: { METRICS_PORT?: number | undefined; HOST: string },
): Promise<() => Promise<void>> {
  if (env.METRICS_PORT === undefined) return async () => undefined;
  processMetrics.collectProcessMetrics(app);
  const served = await processMetrics.serve(env.METRICS_PORT, env.HOST);
  process.stdout.write(`Mepedia ${app} metrics on ${served.url}\n`);
  return () => served.close();
}
