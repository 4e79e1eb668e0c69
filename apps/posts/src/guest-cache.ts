import type { MessageBus } from '@mepedia/server-queue';

/** Another replica changed posts: every replica drops what it remembers for guests. */
export const GUEST_CACHE_CHANNEL = 'posts.guest-cache.cleared';

/** What guests are shown is remembered this long at most (and dropped at once on a change). */
export const GUEST_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 5_000;

/**
 * Answers for guests (no member, so nothing personal in them), remembered for a few seconds.
 * Concurrent misses of one key share one load, so a burst of visitors costs one query, and any
 * write to posts clears it here and, through the bus, on every other replica.
 */
export class GuestCache {
  private readonly entries = new Map<string, { until: number; value: Promise<unknown> }>();
  private generation = 0;

  constructor(
    private readonly bus?: MessageBus,
    private readonly ttlMs = GUEST_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
  ) {}

  async listen(): Promise<void> {
    await this.bus?.subscribe(GUEST_CACHE_CHANNEL, () => this.clearHere());
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

  /** Posts changed: forget everything, here and on the other replicas. */
  async clear(): Promise<void> {
    this.clearHere();
    await this.bus?.publish(GUEST_CACHE_CHANNEL, {}).catch(() => undefined);
  }

  private clearHere(): void {
    this.generation += 1;
    this.entries.clear();
  }
}
