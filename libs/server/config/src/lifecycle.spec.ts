import { ProcessLifecycle } from './lifecycle';

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const quiet = { info: () => undefined, error: () => undefined };

describe('ProcessLifecycle', () => {
  it('is not ready from the first moment of a stop, and closes only after the drain delay', async () => {
    // The clock is jest's: a real timer may fire a millisecond before Date.now() says it is due,
    // which made this test fail on a busy machine while the code was right.
    jest.useFakeTimers();
    try {
      const lifecycle = new ProcessLifecycle();
      const events: string[] = [];
      expect(lifecycle.isStopping).toBe(false);
      const stopped = lifecycle.stop(
        async () => {
          events.push('closed');
        },
        { drainDelayMs: 150, timeoutMs: 5_000 },
        quiet,
      );
      expect(lifecycle.isStopping).toBe(true);
      await jest.advanceTimersByTimeAsync(149);
      expect(events).toEqual([]);
      await jest.advanceTimersByTimeAsync(1);
      expect(events).toEqual(['closed']);
      await expect(stopped).resolves.toBe(0);
    } finally {
      jest.useRealTimers();
    }
  });

  it('waits for what is in flight to finish', async () => {
    const lifecycle = new ProcessLifecycle();
    const inFlight = deferred();
    let finished = false;
    const stopped = lifecycle.stop(
      async () => {
        await inFlight.promise;
        finished = true;
      },
      { drainDelayMs: 0, timeoutMs: 5_000 },
      quiet,
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(finished).toBe(false);
    inFlight.resolve();
    await expect(stopped).resolves.toBe(0);
    expect(finished).toBe(true);
  });

  it('gives up at the bound with exit code 1, and reports a failed close as 1', async () => {
    const stuck = new ProcessLifecycle();
    const errors: string[] = [];
    const never = new Promise<void>(() => undefined);
    await expect(
      stuck.stop(
        () => never,
        { drainDelayMs: 0, timeoutMs: 100 },
        {
          info: () => undefined,
          error: (_details, message) => errors.push(message),
        },
      ),
    ).resolves.toBe(1);
    expect(errors).toEqual(['shutdown took too long: exiting anyway']);

    const failing = new ProcessLifecycle();
    await expect(
      failing.stop(
        async () => {
          throw new Error('pool would not close');
        },
        { drainDelayMs: 0, timeoutMs: 5_000 },
        quiet,
      ),
    ).resolves.toBe(1);
  });

  it('closes once however often it is asked', async () => {
    const lifecycle = new ProcessLifecycle();
    let closes = 0;
    const close = async () => {
      closes += 1;
    };
    const options = { drainDelayMs: 20, timeoutMs: 5_000 };
    await Promise.all([
      lifecycle.stop(close, options, quiet),
      lifecycle.stop(close, options, quiet),
    ]);
    expect(closes).toBe(1);
  });

  it('stops on SIGTERM and exits 0; a second signal exits 1 at once', async () => {
    const lifecycle = new ProcessLifecycle();
    const exits: number[] = [];
    const inFlight = deferred();
    const remove = lifecycle.exitOnSignals(
      () => inFlight.promise,
      { drainDelayMs: 0, timeoutMs: 5_000 },
      quiet,
      (code) => exits.push(code),
    );
    try {
      process.emit('SIGTERM', 'SIGTERM');
      expect(lifecycle.isStopping).toBe(true);
      process.emit('SIGINT', 'SIGINT');
      expect(exits).toEqual([1]);
      inFlight.resolve();
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(exits).toEqual([1, 0]);
    } finally {
      remove();
    }
  });
});
