import type { QueueName } from '@mepedia/contracts';

export type Job<T = unknown> = {
  id: string;
  name: string;
  data: T;
  /** How many attempts ran before this one (0 on the first). */
  attemptsMade: number;
  /** When it was due (added, plus any delay), ms since the epoch: the wait is now minus this. */
  dueAt?: number;
};

/** How many jobs a queue holds, by state. */
export type QueueCounts = { waiting: number; active: number; delayed: number; failed: number };

export type JobHandler<T = unknown> = (job: Job<T>) => Promise<void>;

export type AddOptions = {
  /** Same id, same job: adding it again is a no-op (idempotent producers). */
  jobId?: string;
  attempts?: number;
  backoffMs?: number;
  delayMs?: number;
};

export type FailedJob = {
  id: string;
  name: string;
  data: unknown;
  attemptsMade: number;
  reason: string;
};

/** The retry policy both drivers apply: a few attempts, exponential backoff. */
export const RETRY_POLICY = { attempts: 5, backoffMs: 1000 } as const;

/** Delay before the next attempt, after `attemptsMade` failures (1, 2, 3...). */
export function backoffDelay(attemptsMade: number, baseMs: number): number {
  return baseMs * 2 ** Math.max(0, attemptsMade - 1);
}

/**
 * A job queue. `bullmq` in services mode, `in-process` in the embedded
 * default: same retry policy, same idempotency by job id, same failed set.
 */
export interface QueueDriver {
  readonly kind: 'bullmq' | 'in-process';
  add<T>(queue: QueueName, name: string, data: T, options?: AddOptions): Promise<void>;
  /**
   * Add a job named `name` to `queue` every `everyMs` from now on. One `schedulerId` is one
   * schedule however many processes ask for it (BullMQ's job scheduler, kept in Redis: each tick
   * is one job, taken by one replica); in-process, a timer of this process. Asking again changes
   * nothing but the interval.
   */
  repeat(queue: QueueName, schedulerId: string, name: string, everyMs: number): Promise<void>;
  process<T>(queue: QueueName, handler: JobHandler<T>, options?: { concurrency?: number }): void;
  failed(queue: QueueName): Promise<FailedJob[]>;
  /** The queue's depth, by state (for metrics). */
  counts(queue: QueueName): Promise<QueueCounts>;
  /** Stops taking jobs and waits for the running ones to finish. */
  close(): Promise<void>;
}
