import { openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { trace } from '@opentelemetry/api';
import { NodeSDK, tracing } from '@opentelemetry/sdk-node';
import { sql } from 'drizzle-orm';
import { pgSchema } from 'drizzle-orm/pg-core';
import { InProcessQueue } from '../src/in-process-queue';
import { appendEvent, OutboxRelay, outboxTable } from '../src/outbox';
import type { AddOptions, QueueDriver } from '../src/queue';
import type { QueueName } from '@mepedia/contracts';

// The outbox on embedded PGlite, with tracing on (an in-memory exporter): an event continues
// the trace of the request that recorded it, whichever drain relays it.
describe('the outbox relay', () => {
  const outbox = outboxTable(pgSchema('outbox_test'));
  const sdk = new NodeSDK({
    serviceName: 'outbox-test',
    traceExporter: new tracing.InMemorySpanExporter(),
    instrumentations: [],
  });
  let handle: DatabaseHandle;
  const queue = new InProcessQueue();
  const added: Array<{ id: string | undefined; traceId: string | undefined }> = [];
  const relayed: QueueDriver = Object.assign(Object.create(queue) as InProcessQueue, {
    add: async <T>(name: QueueName, jobName: string, data: T, options?: AddOptions) => {
      added.push({ id: options?.jobId, traceId: trace.getActiveSpan()?.spanContext().traceId });
      return queue.add(name, jobName, data, options);
    },
  });

  beforeAll(async () => {
    sdk.start();
    handle = await openDatabase({ dataDir: 'memory://', template: process.env['PGLITE_TEMPLATE'] });
    await handle.db.execute(sql`create schema outbox_test`);
    await handle.db.execute(sql`
      create table outbox_test.outbox (
        id uuid primary key, type text not null, payload jsonb not null,
        occurred_at timestamptz not null default now(), published_at timestamptz)`);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await queue.close();
    await handle?.close();
    await sdk.shutdown();
  }, SETUP_TIMEOUT_MS);

  it('relays each row once, in the trace it was recorded in, even from a drain outside it', async () => {
    const relay = new OutboxRelay(handle.db, outbox, relayed, 'test', (error) => {
      throw error;
    });
    const recorded: string[] = [];
    for (let i = 0; i < 3; i++)
      await trace.getTracer('test').startActiveSpan(`request ${i}`, async (span) => {
        await appendEvent(handle.db, outbox, 'user.deleted', { userId: `u${i}` });
        recorded.push(span.spanContext().traceId);
        span.end();
      });
    // An event recorded outside any trace starts none.
    await appendEvent(handle.db, outbox, 'user.deleted', { userId: 'untraced' });
    // The timer's drain: no request around it.
    expect(trace.getActiveSpan()).toBeUndefined();
    await relay.flush();
    expect(added.map((entry) => entry.traceId)).toEqual([...recorded, undefined]);
    expect(new Set(added.map((entry) => entry.id)).size).toBe(4);
    const left = await handle.db.select().from(outbox);
    expect(left).toEqual([]);
  });
});
