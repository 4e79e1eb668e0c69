import type { QueueName } from '@mepedia/contracts';
import type { QueueDriver } from '../src/queue';

const until = async (condition: () => boolean, timeoutMs = 10_000) => {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

/**
 * What every queue driver promises: the same retry policy, idempotency by job
 * id, a failed set, and a close that lets running jobs finish.
 */
export function describeQueueContract(name: string, open: () => Promise<QueueDriver>) {
  describe(`${name} queue driver`, () => {
    let queue: QueueDriver;
    const queueName: QueueName = 'email';

    beforeEach(async () => {
      queue = await open();
    });

    afterEach(async () => {
      await queue.close();
    });

    it('runs a job once with its data', async () => {
      const seen: unknown[] = [];
      queue.process(queueName, async (job) => {
        seen.push(job.data);
      });
      await queue.add(queueName, 'welcome', { to: 'dana@example.com' });
      await until(() => seen.length === 1);
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(seen).toEqual([{ to: 'dana@example.com' }]);
    });

    it('retries a failing job with growing delays until it succeeds', async () => {
      const attempts: Array<{ at: number; attemptsMade: number }> = [];
      queue.process(queueName, async (job) => {
        attempts.push({ at: Date.now(), attemptsMade: job.attemptsMade });
        if (attempts.length < 3) throw new Error('provider down');
      });
      await queue.add(queueName, 'flaky', {}, { backoffMs: 40, attempts: 5 });
      await until(() => attempts.length === 3);
      expect(attempts.map((a) => a.attemptsMade)).toEqual([0, 1, 2]);
      // Exponential: at least 40 ms, then at least 80 ms.
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(35);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(75);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(attempts).toHaveLength(3);
      expect(await queue.failed(queueName)).toEqual([]);
    });

    it('keeps a job that never succeeds in the failed set, with its reason', async () => {
      let runs = 0;
      queue.process(queueName, async () => {
        runs += 1;
        throw new Error(`attempt ${runs} failed`);
      });
      await queue.add(
        queueName,
        'doomed',
        { n: 1 },
        { jobId: 'doomed-1', attempts: 3, backoffMs: 10 },
      );
      await until(() => runs === 3);
      let failed = await queue.failed(queueName);
      for (let i = 0; i < 100 && failed.length === 0; i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        failed = await queue.failed(queueName);
      }
      expect(failed).toEqual([
        {
          id: 'doomed-1',
          name: 'doomed',
          data: { n: 1 },
          attemptsMade: 3,
          reason: 'attempt 3 failed',
        },
      ]);
    });

    it('treats a repeated job id as the same job', async () => {
      let runs = 0;
      queue.process(queueName, async () => {
        runs += 1;
      });
      await queue.add(queueName, 'once', {}, { jobId: 'same-id' });
      await queue.add(queueName, 'once', {}, { jobId: 'same-id' });
      await until(() => runs >= 1);
      await new Promise((resolve) => setTimeout(resolve, 100));
      await queue.add(queueName, 'once', {}, { jobId: 'same-id' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(runs).toBe(1);
    });

    it('lets the running job finish on close', async () => {
      let finished = false;
      let started = false;
      queue.process(queueName, async () => {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 150));
        finished = true;
      });
      await queue.add(queueName, 'slow', {});
      await until(() => started);
      await queue.close();
      expect(finished).toBe(true);
      queue = await open();
    });

    it('counts its jobs by state, and tells each job when it was due', async () => {
      const before = Date.now();
      await queue.add(queueName, 'now', {});
      await queue.add(queueName, 'later', {}, { delayMs: 60_000 });
      expect(await queue.counts(queueName)).toEqual({
        waiting: 1,
        active: 0,
        delayed: 1,
        failed: 0,
      });

      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      const dueAts: Array<number | undefined> = [];
      queue.process(queueName, async (job) => {
        dueAts.push(job.dueAt);
        await held;
      });
      await until(() => dueAts.length === 1);
      expect(await queue.counts(queueName)).toEqual({
        waiting: 0,
        active: 1,
        delayed: 1,
        failed: 0,
      });
      const [dueAt] = dueAts;
      expect(dueAt).toBeGreaterThanOrEqual(before - 1_000);
      expect(dueAt).toBeLessThanOrEqual(Date.now());
      release();
    });
  });
}
