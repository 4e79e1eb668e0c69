import { describe, expect, it } from 'vitest';
import { RenderQueue } from './render-queue';

/** A task that finishes when told to. */
function gate() {
  let open: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, task: () => opened };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('RenderQueue', () => {
  it('runs at most `concurrency` tasks, the rest in the order they came', async () => {
    const queue = new RenderQueue(2);
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const runs = gates.map((g, i) =>
      queue.run(async () => {
        started.push(i);
        await g.task();
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(queue.queued).toBe(3);
    gates[1]?.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.open();
    await tick();
    expect(started).toEqual([0, 1, 2, 3]);
    for (const g of gates) g.open();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(queue.active).toBe(0);
    expect(queue.queued).toBe(0);
  });

  it('frees the place of a task that failed', async () => {
    const queue = new RenderQueue(1);
    await expect(queue.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await queue.run(() => Promise.resolve('next'))).toBe('next');
    expect(queue.active).toBe(0);
  });

  it('refuses a concurrency below one', () => {
    expect(() => new RenderQueue(0)).toThrow(RangeError);
  });
});
