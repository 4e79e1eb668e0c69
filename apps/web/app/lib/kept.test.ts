import { describe, expect, it } from 'vitest';
import { kept } from './kept.server';

const TTL = 1_000;
const RETRY = 100;

/** A read answering `values` in turn (an Error fails it), counting how often it was asked. */
function reads(...values: Array<number | Error>) {
  let asked = 0;
  const read = () => {
    const value = values[Math.min(asked, values.length - 1)];
    asked += 1;
    return value instanceof Error ? Promise.reject(value) : Promise.resolve(value as number);
  };
  return { read, asked: () => asked };
}

describe('kept', () => {
  it('reads once, answers from memory until due, then renews while serving the old value', async () => {
    const value = kept<number>({ ttlMs: TTL, retryMs: RETRY });
    const source = reads(1, 2);
    expect(await value.get(source.read, 0)).toBe(1);
    expect(await value.get(source.read, TTL - 1)).toBe(1);
    expect(source.asked()).toBe(1);
    // Due: the kept value answers at once while one read renews it.
    expect(await value.get(source.read, TTL)).toBe(1);
    expect(await value.get(source.read, TTL)).toBe(2);
    expect(source.asked()).toBe(2);
  });

  it('asks once for pages that come together', async () => {
    const value = kept<number>({ ttlMs: TTL, retryMs: RETRY });
    const source = reads(7);
    const answers = await Promise.all([value.get(source.read, 0), value.get(source.read, 0)]);
    expect(answers).toEqual([7, 7]);
    expect(source.asked()).toBe(1);
  });

  it('keeps the last value through a failed read, and tries again after the retry time', async () => {
    const value = kept<number>({ ttlMs: TTL, retryMs: RETRY });
    const source = reads(1, new Error('down'), 3);
    expect(await value.get(source.read, 0)).toBe(1);
    expect(await value.get(source.read, TTL)).toBe(1);
    await Promise.resolve();
    // The renewal failed: the old value stands until the retry is due.
    expect(await value.get(source.read, TTL + RETRY - 1)).toBe(1);
    expect(source.asked()).toBe(2);
    expect(await value.get(source.read, TTL + RETRY)).toBe(1);
    expect(await value.get(source.read, TTL + RETRY)).toBe(3);
  });

  it('with nothing kept, a failure reaches the page, or the fallback when there is one', async () => {
    const failing = kept<number>({ ttlMs: TTL, retryMs: RETRY });
    const down = reads(new Error('down'), 5);
    await expect(failing.get(down.read, 0)).rejects.toThrow('down');
    // Within the retry time the failure is not asked again.
    await expect(failing.get(down.read, RETRY - 1)).rejects.toThrow('down');
    expect(down.asked()).toBe(1);
    expect(await failing.get(down.read, RETRY)).toBe(5);

    const withFallback = kept<number>({ ttlMs: TTL, retryMs: RETRY, fallback: 0 });
    expect(await withFallback.get(reads(new Error('down')).read, 0)).toBe(0);
  });

  it('forgets what it kept on reset', async () => {
    const value = kept<number>({ ttlMs: TTL, retryMs: RETRY });
    expect(await value.get(reads(1).read, 0)).toBe(1);
    value.reset();
    expect(await value.get(reads(2).read, 1)).toBe(2);
  });
});
