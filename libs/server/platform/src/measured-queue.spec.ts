import { processMetrics } from '@mepedia/server-config';
import { createLogger } from '@mepedia/server-http';
import { openQueue } from './platform';

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

function value(text: string, name: string, ...pairs: string[]): number | undefined {
  const line = text
    .split('\n')
    .find((row) => row.startsWith(`${name}{`) && pairs.every((pair) => row.includes(pair)));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('the queue openQueue gives (measured)', () => {
  it('times each attempt by outcome, counts jobs that failed for good, and reports depth', async () => {
    const queue = openQueue(
      { REDIS_PREFIX: 'unused' },
      createLogger({ name: 't', level: 'silent' }),
    );
    let done = 0;
    queue.process('sms', async (job) => {
      done += 1;
      if (job.name === 'broken') throw new Error('provider said no');
    });
    try {
      await queue.add('sms', 'fine', {});
      await queue.add('sms', 'broken', {}, { attempts: 1 });
      await until(() => done === 2);
      await new Promise((resolve) => setTimeout(resolve, 20));

      const text = await processMetrics.registry.metrics();
      const attempts = (job: string, outcome: string) =>
        value(
          text,
          'queue_job_duration_seconds_count',
          'queue="sms"',
          `job="${job}"`,
          `outcome="${outcome}"`,
        );
      expect(attempts('fine', 'completed')).toBe(1);
      expect(attempts('broken', 'error')).toBe(1);
      expect(attempts('broken', 'completed')).toBeUndefined();
      expect(value(text, 'queue_jobs_failed_total', 'queue="sms"', 'job="broken"')).toBe(1);
      expect(value(text, 'queue_jobs', 'queue="sms"', 'state="failed"')).toBe(1);
      expect(value(text, 'queue_job_wait_seconds_count', 'queue="sms"')).toBe(2);
    } finally {
      await queue.close();
    }
  });
});
