import type { QueueName } from '@mepedia/contracts';
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import {
  RETRY_POLICY,
  type AddOptions,
  type FailedJob,
  type JobHandler,
  type QueueCounts,
  type QueueDriver,
} from './queue';
import { redisOptions } from './redis';

/** How long a job id keeps a repeated add a no-op. */
const DEDUPLICATION_TTL_MS = 24 * 60 * 60 * 1000;

/** Queues on Redis with BullMQ: durable, shared by every replica. */
export class BullMqQueue implements QueueDriver {
  readonly kind = 'bullmq' as const;
  private readonly queues = new Map<string, Queue>();
  private readonly workers: Worker[] = [];

  constructor(
    private readonly url: string,
    private readonly prefix: string,
    private readonly onFailed?: (queue: string, job: FailedJob) => void,
    /** A job's lock (QUEUE_LOCK_MS): a dead worker's job is taken up after about twice this. */
    private readonly lockMs = 30_000,
  ) {}

  // bullmq types ioredis options from its own copy of ioredis; the shape is the same.
  private connection(): ConnectionOptions {
    return redisOptions(this.url) as ConnectionOptions;
  }

  private queue(name: string): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connection(), prefix: this.prefix });
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
    await this.queue(queueName).add(name, data, {
      ...(options.jobId ? { jobId: options.jobId } : {}),
      ...(options.delayMs ? { delay: options.delayMs } : {}),
      attempts: options.attempts ?? RETRY_POLICY.attempts,
      backoff: { type: 'exponential', delay: options.backoffMs ?? RETRY_POLICY.backoffMs },
      // A repeated add with the same id stays a no-op for a day, by a deduplication key that
      // holds the id alone: the job itself (and its data, which may name a member) goes the
      // moment it completes. Failed jobs stay, with their data, for an operator to look at.
      ...(options.jobId ? { deduplication: { id: options.jobId, ttl: DEDUPLICATION_TTL_MS } } : {}),
      removeOnComplete: true,
      removeOnFail: false,
    });
  }

  async repeat(
    queueName: QueueName,
    schedulerId: string,
    name: string,
    everyMs: number,
  ): Promise<void> {
    await this.queue(queueName).upsertJobScheduler(
      schedulerId,
      { every: everyMs },
      // A tick that fails is not tried again: the next one comes anyway. Failed ticks stay a while
      // for an operator to look at.
      { name, data: {}, opts: { attempts: 1, removeOnComplete: true, removeOnFail: 100 } },
    );
  }

  process<T>(
    queueName: QueueName,
    handler: JobHandler<T>,
    options: { concurrency?: number } = {},
  ): void {
    const worker = new Worker(
      queueName,
      async (job) => {
        await handler({
          id: String(job.id),
          name: job.name,
          data: job.data as T,
          attemptsMade: job.attemptsMade,
          dueAt: job.timestamp + (job.opts.delay ?? 0),
        });
      },
      {
        connection: this.connection(),
        prefix: this.prefix,
        concurrency: options.concurrency ?? 1,
        // A stalled job (its worker gone) is looked for as often as its lock lasts.
        lockDuration: this.lockMs,
        stalledInterval: this.lockMs,
      },
    );
    worker.on('failed', (job, error) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) {
        this.onFailed?.(queueName, {
          id: String(job.id),
          name: job.name,
          data: job.data as unknown,
          attemptsMade: job.attemptsMade,
          reason: error.message,
        });
      }
    });
    // Connection errors are retried by ioredis; an unhandled 'error' would crash the process.
    worker.on('error', () => undefined);
    this.workers.push(worker);
  }

  async failed(queueName: QueueName): Promise<FailedJob[]> {
    const jobs = await this.queue(queueName).getFailed();
    return jobs.map((job) => ({
      id: String(job.id),
      name: job.name,
      data: job.data as unknown,
      attemptsMade: job.attemptsMade,
      reason: job.failedReason,
    }));
  }

  async counts(queueName: QueueName): Promise<QueueCounts> {
    const counts = await this.queue(queueName).getJobCounts('wait', 'active', 'delayed', 'failed');
    return {
      waiting: counts['wait'] ?? 0,
      active: counts['active'] ?? 0,
      delayed: counts['delayed'] ?? 0,
      failed: counts['failed'] ?? 0,
    };
  }

  async close(): Promise<void> {
    // Workers first: close() waits for active jobs to finish.
    await Promise.all(this.workers.map((worker) => worker.close()));
    await Promise.all([...this.queues.values()].map((queue) => queue.close()));
  }
}
