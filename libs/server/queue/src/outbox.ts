import {
  QUEUES,
  type DomainEventEnvelope,
  type DomainEventPayload,
  type DomainEventType,
} from '@mepedia/contracts';
import { ROOT_CONTEXT, context, propagation, trace } from '@opentelemetry/api';
import { newId, type Db } from '@mepedia/server-database';
import { asc, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import { index, jsonb, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';
import type { QueueDriver } from './queue';

/** The transactional outbox of one service's schema. */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      type: text('type').notNull(),
      payload: jsonb('payload').notNull(),
      occurredAt: timestamp('occurred_at', { withTimezone: true, mode: 'date' })
        .notNull()
        .defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    },
    (table) => [
      index('outbox_unpublished_idx')
        .on(table.occurredAt)
        .where(sql`published_at is null`),
    ],
  );
}
export type OutboxTable = ReturnType<typeof outboxTable>;

type Executor = Pick<Db, 'insert'>;

/**
 * The trace each event was recorded in (W3C traceparent), by row id, for this process's relay:
 * whichever drain sends the row (the commit's nudge or the timer's), the event continues the
 * request's trace. Kept in memory only (a row relayed by another replica starts a trace of its
 * own) and bounded: a rolled-back row's entry is dropped with the oldest.
 */
const recordedTraces = new Map<string, Record<string, string>>();
const TRACES_KEPT = 10_000;

/** Record an event in the same transaction as the change it announces. */
export async function appendEvent<T extends DomainEventType>(
  tx: Executor,
  outbox: OutboxTable,
  type: T,
  payload: DomainEventPayload<T>,
): Promise<void> {
  const id = newId();
  // The time of this statement, not of the transaction's start: a change that waited for a
  // row lock is announced as later than the change it waited for.
  await tx.insert(outbox).values({ id, type, payload, occurredAt: sql`clock_timestamp()` });
  if (!trace.getActiveSpan()) return;
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  if (!carrier['traceparent']) return;
  recordedTraces.set(id, carrier);
  if (recordedTraces.size > TRACES_KEPT) {
    const oldest = recordedTraces.keys().next().value;
    if (oldest !== undefined) recordedTraces.delete(oldest);
  }
}

/** Run `work` in the trace the row was recorded in, if this process recorded it. */
function inRecordedTrace<T>(rowId: string, work: () => Promise<T>): Promise<T> {
  const carrier = recordedTraces.get(rowId);
  if (!carrier) return work();
  recordedTraces.delete(rowId);
  return context.with(propagation.extract(ROOT_CONTEXT, carrier), work);
}

const BATCH = 100;

/**
 * Moves committed outbox rows onto the `events` queue, and deletes them in the same
 * transaction. Rows are claimed with SKIP LOCKED so replicas share the work; the row id is
 * the job id, so a row sent twice (a crash between enqueue and commit) is still one job.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;

  constructor(
    private readonly db: Db,
    private readonly outbox: OutboxTable,
    private readonly queue: QueueDriver,
    private readonly source: string,
    private readonly onError: (error: unknown) => void,
    private readonly intervalMs = 1000,
  ) {}

  start(): void {
    // Rows an earlier version marked as sent instead of removing them.
    void this.db.delete(this.outbox).where(isNotNull(this.outbox.publishedAt)).catch(this.onError);
    this.timer = setInterval(() => this.nudge(), this.intervalMs);
    this.timer.unref();
    this.nudge();
  }

  /** Relay now (after a commit) instead of at the next tick. */
  nudge(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch(this.onError)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.nudge();
        }
      });
  }

  /** Relay everything pending; resolves when the outbox is empty (used by tests and shutdown). */
  async flush(): Promise<void> {
    await this.running;
    await this.drain();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.running;
  }

  private async drain(): Promise<void> {
    for (;;) {
      const sent = await this.db.transaction(async (tx) => {
        const rows = await tx
          .select()
          .from(this.outbox)
          .where(isNull(this.outbox.publishedAt))
          .orderBy(asc(this.outbox.occurredAt))
          .limit(BATCH)
          .for('update', { skipLocked: true });
        for (const row of rows) {
          const envelope: DomainEventEnvelope = {
            id: row.id,
            type: row.type,
            source: this.source,
            occurredAt: row.occurredAt.toISOString(),
            payload: row.payload,
          };
          await inRecordedTrace(row.id, () =>
            this.queue.add(QUEUES.events, row.type, envelope, { jobId: row.id }),
          );
        }
        // Sent rows go: an event's payload names members (ids, names), and a deleted member's
        // must not stay behind in a log of what was once announced. The job id keeps a row
        // sent twice (a crash before this commit) one job.
        if (rows.length > 0) {
          await tx.delete(this.outbox).where(
            inArray(
              this.outbox.id,
              rows.map((row) => row.id),
            ),
          );
        }
        return rows.length;
      });
      if (sent < BATCH) return;
    }
  }
}
