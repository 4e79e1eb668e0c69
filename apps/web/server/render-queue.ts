/**
 * At most `concurrency` pages drawn at once; the others wait their turn, first come first
 * served. Why: Node (libuv ≥ 1.45) accepts one new connection per turn of the event loop, and a
 * turn runs every callback that became ready in it. Drawing fifty pages at once makes each turn
 * long, so new visitors' connections wait in the kernel for seconds and a few requests starve
 * (docs/benchmarks.md: p99 near 9 s at 50 connections). Fewer pages in the works keep turns
 * short and serve requests in the order they came.
 */
export class RenderQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly concurrency: number) {
    if (!(concurrency >= 1)) throw new RangeError('concurrency must be at least 1');
  }

  /** Run `task` when a place is free; the place is freed when its promise settles. */
  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency)
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      // The place passes straight to the next in line (running stays the same).
      if (next) next();
      else this.running -= 1;
    }
  }

  /** Pages waiting for a place (for tests and metrics). */
  get queued(): number {
    return this.waiting.length;
  }

  get active(): number {
    return this.running;
  }
}
