/** Thrown by `Semaphore.run` when as many callers as it lets wait are waiting already. */
export class SemaphoreFullError extends Error {
  constructor() {
    super('too many tasks waiting');
    this.name = 'SemaphoreFullError';
  }
}

/**
 * At most `permits` tasks at once; up to `maxWaiting` more wait their turn, in order, and any
 * beyond that are refused at once (a queue that grows without end only times out later).
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly permits: number,
    private readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.permits) {
      if (this.waiting.length >= this.maxWaiting) throw new SemaphoreFullError();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      // Hand the permit straight to the next in line, or give it back.
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
