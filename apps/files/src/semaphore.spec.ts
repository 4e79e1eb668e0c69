import { Semaphore, SemaphoreFullError } from './semaphore';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe(Semaphore.name, () => {
  it('runs at most `permits` tasks at once, the rest in order, and refuses past `maxWaiting`', async () => {
    const semaphore = new Semaphore(2, 2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const releases: Array<() => void> = [];
    const task = (n: number) =>
      semaphore.run(async () => {
        running++;
        most = Math.max(most, running);
        order.push(n);
        await new Promise<void>((resolve) => releases.push(resolve));
        running--;
        return n;
      });
    const results = [task(1), task(2), task(3), task(4)];
    await expect(task(5)).rejects.toBeInstanceOf(SemaphoreFullError);
    await tick();
    expect(order).toEqual([1, 2]);
    while (releases.length > 0) {
      releases.shift()!();
      await tick();
      await tick();
    }
    expect(await Promise.all(results)).toEqual([1, 2, 3, 4]);
    expect(order).toEqual([1, 2, 3, 4]);
    expect(most).toBe(2);
  });

  it('gives the permit back when a task fails', async () => {
    const semaphore = new Semaphore(1, 0);
    await expect(semaphore.run(() => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(async () => 'next')).resolves.toBe('next');
  });
});
