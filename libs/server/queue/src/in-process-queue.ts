import type { QueueName } from '@mepedia/contracts';
import {
  RETRY_POLICY,
  backoffDelay,
  type AddOptions,
  type FailedJob,
  type JobHandler,
  type QueueCounts,
  type QueueDriver,
} from './queue';
import { randomUUID } from 'node:crypto';

type Entry = {
  id: string;
  name: string;
  data: unknown;
  attemptsMade: number;
  attempts: number;
  backoffMs: number;
  dueAt: number;
  state: 'waiting' | 'delayed' | 'active' | 'completed' | 'failed';
};

type Worker = { handler: JobHandler; concurrency: number; active: number };

// Completed ids are remembered for a while, as BullMQ's deduplication keys do, so a
// producer retrying an add does not run the job twice.
const REMEMBER_COMPLETED = 10_000;

/** The embedded queue: jobs live in memory and run in this process. */
export class InProcessQueue implements QueueDriver {
  readonly kind = 'in-process' as const;
  private readonly queues = new Map<string, { entries: Map<string, Entry>; ready: string[] }>();
  private readonly workers = new Map<string, Worker>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly repeaters = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private closed = false;

  constructor(private readonly onFailed?: (queue: string, job: FailedJob) => void) {}

  private queue(name: string) {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = { entries: new Map(), ready: [] };
      this.queues.set(name, queue);
    }
    return queue;
  }

  async add<T>(
    queueName: QueueName,
    name: string,
    data: T,
    options: AddOptions = {},
  ): Promise<void> {
    if (this.closed) throw new Error('queue is closed');
    const queue = this.queue(queueName);
    const id = options.jobId ?? randomUUID();
    if (queue.entries.has(id)) return;
    const entry: Entry = {
      id,
      name,
      // A copy, as Redis would hold: later changes by the producer do not leak in.
      data: structuredClone(data),
      attemptsMade: 0,
      attempts: options.attempts ?? RETRY_POLICY.attempts,
      backoffMs: options.backoffMs ?? RETRY_POLICY.backoffMs,
      dueAt: Date.now() + (options.delayMs ?? 0),
      state: 'waiting',
    };
    queue.entries.set(id, entry);
    this.trim(queue.entries);
    if (options.delayMs) this.later(queueName, entry, options.delayMs);
    else this.ready(queueName, entry);
  }

  async repeat(
    queueName: QueueName,
    schedulerId: string,
    name: string,
    everyMs: number,
  ): Promise<void> {
    if (this.closed) throw new Error('queue is closed');
    clearInterval(this.repeaters.get(schedulerId));
    const timer = setInterval(() => {
      if (this.closed) return;
      // One job a tick (the tick's number in its id), tried once, as BullMQ's scheduler does.
      void this.add(
        queueName,
        name,
        {},
        {
          jobId: `repeat-${schedulerId}-${Math.floor(Date.now() / everyMs)}`,
          attempts: 1,
        },
      ).catch(() => undefined);
    }, everyMs);
    timer.unref();
    this.repeaters.set(schedulerId, timer);
  }

  process<T>(
    queueName: QueueName,
    handler: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): void {
    if (this.workers.has(queueName)) throw new Error(`queue ${queueName} already has a processor`);
    this.workers.set(queueName, {
      handler: handler as JobHandler,
      concurrency: options.concurrency ?? 1,
      active: 0,
    });
    this.pump(queueName);
  }

  async failed(queueName: QueueName): Promise<FailedJob[]> {
    return [...this.queue(queueName).entries.values()]
      .filter((entry) => entry.state === 'failed')
      .map(({ id, name, data, attemptsMade }) => ({
        id,
        name,
        data,
        attemptsMade,
        reason: this.reasons.get(id) ?? '',
      }));
  }

  private readonly reasons = new Map<string, string>();

  async counts(queueName: QueueName): Promise<QueueCounts> {
    const counts: QueueCounts = { waiting: 0, active: 0, delayed: 0, failed: 0 };
    for (const entry of this.queue(queueName).entries.values()) {
      if (entry.state !== 'completed') counts[entry.state] += 1;
    }
    return counts;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const timer of this.repeaters.values()) clearInterval(timer);
    this.repeaters.clear();
    await Promise.allSettled([...this.running]);
  }

  private ready(queueName: string, entry: Entry) {
    entry.state = 'waiting';
    this.queue(queueName).ready.push(entry.id);
    this.pump(queueName);
  }

  private later(queueName: string, entry: Entry, delayMs: number) {
    entry.state = 'delayed';
    entry.dueAt = Date.now() + delayMs;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) this.ready(queueName, entry);
    }, delayMs);
    timer.unref();
    this.timers.add(timer);
  }

  private pump(queueName: string) {
    const worker = this.workers.get(queueName);
    if (!worker || this.closed) return;
    const queue = this.queue(queueName);
    while (worker.active < worker.concurrency && queue.ready.length > 0) {
      const id = queue.ready.shift() as string;
      const entry = queue.entries.get(id);
      if (!entry || entry.state !== 'waiting') continue;
      worker.active += 1;
      entry.state = 'active';
      const run = this.run(queueName, worker, entry).finally(() => {
        this.running.delete(run);
        worker.active -= 1;
        this.pump(queueName);
      });
      this.running.add(run);
    }
  }

  private async run(queueName: string, worker: Worker, entry: Entry) {
    try {
      await worker.handler({
        id: entry.id,
        name: entry.name,
        data: entry.data,
        attemptsMade: entry.attemptsMade,
        dueAt: entry.dueAt,
      });
      entry.state = 'completed';
      // The id is kept (a repeated add stays a no-op); the data, which may name a member, not.
      entry.data = null;
    } catch (error) {
      entry.attemptsMade += 1;
      const reason = error instanceof Error ? error.message : String(error);
      if (entry.attemptsMade < entry.attempts && !this.closed) {
        this.later(queueName, entry, backoffDelay(entry.attemptsMade, entry.backoffMs));
      } else {
        entry.state = 'failed';
        this.reasons.set(entry.id, reason);
        this.onFailed?.(queueName, {
          id: entry.id,
          name: entry.name,
          data: entry.data,
          attemptsMade: entry.attemptsMade,
          reason,
        });
      }
    }
  }

  private trim(entries: Map<string, Entry>) {
    if (entries.size <= REMEMBER_COMPLETED) return;
    for (const [id, entry] of entries) {
      if (entries.size <= REMEMBER_COMPLETED) break;
      if (entry.state === 'completed') entries.delete(id);
    }
  }
}
