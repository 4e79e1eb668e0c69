import Fastify from 'fastify';
import { ProcessMetrics } from './metrics';

/** The value of one sample line of the exposition text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number | undefined {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const inside = line.slice(name.length + 1, line.indexOf('}'));
    const parts = inside.split(',');
    if (wanted.every((pair) => parts.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('ProcessMetrics', () => {
  it('times answers by route template and status, never by the raw URL', async () => {
    const metrics = new ProcessMetrics();
    const app = Fastify();
    metrics.instrumentHttp(app, 'posts');
    app.get('/things/:id', async () => ({ ok: true }));
    await app.inject({ method: 'GET', url: '/things/42' });
    await app.inject({ method: 'GET', url: '/things/43?x=1' });
    await app.inject({ method: 'GET', url: '/no/such/page' });
    await app.close();

    const text = await metrics.registry.metrics();
    const count = (route: string, status: string) =>
      sample(text, 'http_request_duration_seconds_count', {
        service: 'posts',
        method: 'GET',
        route,
        status_code: status,
      });
    expect(count('/things/:id', '200')).toBe(2);
    expect(count('unmatched', '404')).toBe(1);
    expect(text).not.toContain('/things/42');
    expect(text).not.toContain('/no/such/page');
  });

  it('times job attempts by outcome and counts the wait of first attempts only', async () => {
    const metrics = new ProcessMetrics();
    const now = Date.now();
    metrics.observeJob(
      'events-posts',
      { name: 'user.deleted', attemptsMade: 0, dueAt: now - 2_000 },
      now,
      'completed',
    );
    metrics.observeJob(
      'events-posts',
      { name: 'user.deleted', attemptsMade: 1, dueAt: now - 9_000 },
      now,
      'error',
    );
    const text = await metrics.registry.metrics();
    const attempts = (outcome: string) =>
      sample(text, 'queue_job_duration_seconds_count', {
        queue: 'events-posts',
        job: 'user.deleted',
        outcome,
      });
    expect(attempts('completed')).toBe(1);
    expect(attempts('error')).toBe(1);
    expect(sample(text, 'queue_job_wait_seconds_count', { queue: 'events-posts' })).toBe(1);
    // About two seconds: in the 2.5 s bucket, not the 1 s one.
    expect(sample(text, 'queue_job_wait_seconds_bucket', { queue: 'events-posts', le: '1' })).toBe(
      0,
    );
    expect(
      sample(text, 'queue_job_wait_seconds_bucket', { queue: 'events-posts', le: '2.5' }),
    ).toBe(1);
  });

  it('reads queue depth and pool use at each scrape', async () => {
    const metrics = new ProcessMetrics();
    let waiting = 3;
    metrics.watchQueue('email', async () => ({ waiting, active: 1, delayed: 0, failed: 2 }));
    metrics.watchQueue('sms', async () => {
      throw new Error('Redis is down');
    });
    const pool = { totalCount: 5, idleCount: 2, waitingCount: 1 };
    metrics.watchPool('users', pool);

    let text = await metrics.registry.metrics();
    expect(sample(text, 'queue_jobs', { queue: 'email', state: 'waiting' })).toBe(3);
    expect(sample(text, 'queue_jobs', { queue: 'email', state: 'failed' })).toBe(2);
    expect(sample(text, 'queue_jobs', { queue: 'sms', state: 'waiting' })).toBeUndefined();
    expect(sample(text, 'db_pool_connections', { service: 'users', state: 'busy' })).toBe(3);
    expect(sample(text, 'db_pool_connections', { service: 'users', state: 'waiting' })).toBe(1);

    waiting = 0;
    pool.idleCount = 5;
    text = await metrics.registry.metrics();
    expect(sample(text, 'queue_jobs', { queue: 'email', state: 'waiting' })).toBe(0);
    expect(sample(text, 'db_pool_connections', { service: 'users', state: 'busy' })).toBe(0);
  });

  it('serves /metrics on a port of its own, with process metrics labelled by app', async () => {
    const metrics = new ProcessMetrics();
    metrics.collectProcessMetrics('worker');
    const served = await metrics.serve(0, '127.0.0.1');
    try {
      const answer = await fetch(served.url);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toContain('text/plain');
      const text = await answer.text();
      expect(text).toContain('# TYPE http_request_duration_seconds histogram');
      expect(sample(text, 'process_resident_memory_bytes', { app: 'worker' })).toBeGreaterThan(0);
      expect((await fetch(served.url.replace('/metrics', '/'))).status).toBe(404);
    } finally {
      await served.close();
    }
  });
});
