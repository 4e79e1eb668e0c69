import { describeQueueContract } from '../test/queue-contract.suite';
import { InProcessQueue } from './in-process-queue';
import { backoffDelay } from './queue';

describeQueueContract('in-process', async () => new InProcessQueue());

describe(backoffDelay.name, () => {
  it('doubles from the base delay', () => {
    expect([1, 2, 3, 4].map((n) => backoffDelay(n, 1000))).toEqual([1000, 2000, 4000, 8000]);
  });
});

describe(InProcessQueue.name, () => {
  it('keeps its own copy of the job data', async () => {
    const queue = new InProcessQueue();
    const seen: unknown[] = [];
    const data = { to: 'a@example.com' };
    await queue.add('email', 'copy', data, { delayMs: 20 });
    data.to = 'changed@example.com';
    queue.process('email', async (job) => {
      seen.push(job.data);
    });
    await new Promise((resolve) => setTimeout(resolve, 80));
    await queue.close();
    expect(seen).toEqual([{ to: 'a@example.com' }]);
  });
});
