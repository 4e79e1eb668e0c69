import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_COOLDOWN_MS, TOAST_QUEUE_LIMIT, ToastQueue } from './toast-queue';

const fakeTimers = {
  setTimeout: (run: () => void, ms: number) => setTimeout(run, ms),
  clearTimeout: (handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>),
  now: () => Date.now(),
};

describe(ToastQueue.name, () => {
  let queue: ToastQueue;
  const shown = () => queue.getSnapshot()?.message ?? null;

  beforeEach(() => {
    vi.useFakeTimers();
    queue = new ToastQueue(TOAST_COOLDOWN_MS, fakeTimers);
  });
  afterEach(() => {
    queue.dispose();
    vi.useRealTimers();
  });

  it('shows the first message at once', () => {
    queue.push('success', 'Draft saved');
    expect(queue.getSnapshot()).toMatchObject({ kind: 'success', message: 'Draft saved' });
  });

  it('keeps a second message until the first has had its 5.5 seconds, then shows it', () => {
    queue.push('success', 'Draft saved');
    queue.push('success', 'Published');
    expect(shown()).toBe('Draft saved');
    expect(queue.pending).toBe(1);
    vi.advanceTimersByTime(TOAST_COOLDOWN_MS - 1);
    expect(shown()).toBe('Draft saved');
    vi.advanceTimersByTime(1);
    expect(shown()).toBe('Published');
    vi.advanceTimersByTime(TOAST_COOLDOWN_MS);
    expect(shown()).toBeNull();
  });

  it('never shows two within the cooldown, even when the first is closed early', () => {
    queue.push('error', 'Error uploading image');
    queue.push('success', 'Saved');
    vi.advanceTimersByTime(1000);
    queue.dismiss();
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(TOAST_COOLDOWN_MS - 1001);
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(1);
    expect(shown()).toBe('Saved');
  });

  it('waits out the cooldown for a message that comes after a closed one', () => {
    queue.push('success', 'Saved');
    queue.dismiss();
    vi.advanceTimersByTime(2000);
    queue.push('success', 'Published');
    expect(shown()).toBeNull();
    vi.advanceTimersByTime(TOAST_COOLDOWN_MS - 2000);
    expect(shown()).toBe('Published');
  });

  it('shows a message at once when the last one is long gone', () => {
    queue.push('success', 'Saved');
    vi.advanceTimersByTime(TOAST_COOLDOWN_MS * 3);
    queue.push('error', 'An error has occurred');
    expect(shown()).toBe('An error has occurred');
  });

  it('does not queue a message that is already showing or waiting', () => {
    queue.push('error', 'Offline');
    queue.push('error', 'Offline');
    queue.push('success', 'Saved');
    queue.push('success', 'Saved');
    expect(queue.pending).toBe(1);
    // The same words as another kind are another message.
    queue.push('error', 'Saved');
    expect(queue.pending).toBe(2);
  });

  it('lets the oldest waiting message go when too many wait', () => {
    queue.push('success', 'first');
    for (let n = 1; n <= TOAST_QUEUE_LIMIT + 1; n += 1) queue.push('success', `waiting ${n}`);
    expect(queue.pending).toBe(TOAST_QUEUE_LIMIT);
    vi.advanceTimersByTime(TOAST_COOLDOWN_MS);
    expect(shown()).toBe('waiting 2');
  });

  it('tells its listeners of each change', () => {
    const listener = vi.fn();
    const unsubscribe = queue.subscribe(listener);
    queue.push('success', 'one');
    queue.push('success', 'two');
    expect(listener).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(TOAST_COOLDOWN_MS);
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    vi.advanceTimersByTime(TOAST_COOLDOWN_MS);
    expect(listener).toHaveBeenCalledTimes(2);
  });
});
