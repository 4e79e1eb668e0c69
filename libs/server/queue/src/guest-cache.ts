import type { MessageBus } from './bus';

/** What guests are shown is remembered this long at most (and dropped at once on a change). */
export const GUEST_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

/**
 * Answers that are the same for everyone who may see them (guests, or public counts), kept for a
 * few seconds. Concurrent misses of one key share one load, so a burst of visitors costs one
 * query, and any change clears it here and, through `channel` on the bus, on every other replica
 * (and anything else listening there, such as the web server's page cache).
 */
export class GuestCache {
  private readonly entries = new Map<string, { until: number; value: Promise<unknown> }>();
  private generation = 0;

  constructor(
    private readonly channel: string,
    private readonly bus?: MessageBus,
    private readonly ttlMs = GUEST_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async listen(): Promise<void> {
    await this.bus?.subscribe(this.channel, () => this.clearHere());
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const found = this.entries.get(key);
    if (found && found.until > now) return found.value as Promise<T>;
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    const generation = this.generation;
    const value = load();
    this.entries.set(key, { until: now + this.ttlMs, value });
    // A failure is not remembered; nor is an answer loaded across a change.
    value.then(
      () => {
        if (generation !== this.generation) this.entries.delete(key);
      },
      () => this.entries.delete(key),
    );
    return value;
  }

  /** The data changed: forget everything, here and on the other replicas. */
  async clear(): Promise<void> {
    this.clearHere();
    await this.bus?.publish(this.channel, {}).catch(() => undefined);
  }

  private clearHere(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
