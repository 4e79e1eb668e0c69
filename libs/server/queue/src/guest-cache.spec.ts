import { InProcessBus } from './bus';
import { GuestCache } from './guest-cache';

const CHANNEL = 'test.changed';

describe(GuestCache.name, () => {
  let now = 0;
  const clock = () => now;

  it('answers a burst of misses for one key with one load', async () => {
    const cache = new GuestCache(CHANNEL, undefined, 5_000, clock);
    let loads = 0;
    const load = async () => {
      loads += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
      return loads;
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.get('k', load)));
    expect(loads).toBe(1);
    expect(new Set(answers)).toEqual(new Set([1]));
  });

  it('serves a stale answer while one load refreshes it, then the new one', async () => {
    const cache = new GuestCache(CHANNEL, undefined, 5_000, clock, 25_000);
    let loads = 0;
    let finish: () => void = () => undefined;
    const load = () =>
      loads === 0
        ? Promise.resolve(++loads)
        : new Promise<number>((resolve) => (finish = () => resolve(++loads)));
    now = 1_000;
    expect(await cache.get('k', load)).toBe(1);
    now = 5_999;
    expect(await cache.get('k', load)).toBe(1);
    now = 6_000;
    // Stale: answered at once with the old value; one refresh only, however many ask.
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    finish();
    await new Promise((resolve) => setImmediate(resolve));
    expect(loads).toBe(2);
    expect(await cache.get('k', load)).toBe(2);
  });

  it('waits for a new answer once even the stale time is up', async () => {
    const cache = new GuestCache(CHANNEL, undefined, 5_000, clock, 25_000);
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    now = 100_000;
    expect(await cache.get('k', load)).toBe(1);
    now = 130_000;
    expect(await cache.get('k', load)).toBe(2);
  });

  it('keeps serving the stale answer when its refresh fails, and tries again', async () => {
    const cache = new GuestCache(CHANNEL, undefined, 5_000, clock, 25_000);
    now = 200_000;
    expect(await cache.get('k', () => Promise.resolve('old'))).toBe('old');
    now = 206_000;
    expect(await cache.get('k', () => Promise.reject(new Error('down')))).toBe('old');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', () => Promise.resolve('new'))).toBe('old');
    await new Promise((resolve) => setImmediate(resolve));
    expect(await cache.get('k', () => Promise.resolve('newer'))).toBe('new');
  });

  it('forgets a failure at once', async () => {
    const cache = new GuestCache(CHANNEL, undefined, 5_000, clock);
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', () => Promise.resolve('up'))).toBe('up');
  });

  it('is cleared by a change on any replica, even for an answer still loading', async () => {
    const bus = new InProcessBus();
    const here = new GuestCache(CHANNEL, bus, 5_000, clock);
    const there = new GuestCache(CHANNEL, bus, 5_000, clock);
    await here.listen();
    await there.listen();
    expect(await there.get('k', () => Promise.resolve('old'))).toBe('old');
    let finish: (value: string) => void = () => undefined;
    const loading = here.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    await here.clear();
    finish('loaded before the change');
    expect(await loading).toBe('loaded before the change');
    expect(await here.get('k', () => Promise.resolve('new'))).toBe('new');
    expect(await there.get('k', () => Promise.resolve('new'))).toBe('new');
    await bus.close();
  });
});
