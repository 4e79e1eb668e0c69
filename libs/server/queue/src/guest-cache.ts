import type { MessageBus } from './bus';

/** What guests are shown is fresh this long (and dropped at once on a change)… */
export const GUEST_CACHE_TTL_MS = 5_000;
/** …then served this much longer while one request loads it again (stale-while-revalidate). */
export const GUEST_CACHE_STALE_MS = 25_000;
const MAX_ENTRIES = 5_000;

type Entry = { until: number; value: Promise<unknown>; refreshing: boolean };

/**
 * Answers that are the same for everyone who may see them (guests, or public counts), kept for a
 * few seconds. Concurrent misses of one key share one load, so a burst of visitors costs one
 * query; past its seconds an answer is still served while one load refreshes it, so no visitor
 * waits for the database on a popular key. Any change clears it here and, through `channel` on
 * the bus, on every other replica (and anything else listening there, such as the web server's
 * page cache): what may lag is only counters (views, likes, shares), by half a minute at most.
 */
export class GuestCache {
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(
    private readonly channel: string,
    private readonly bus?: MessageBus,
    private readonly ttlMs = GUEST_CACHE_TTL_MS,
    private readonly now: () => number = Date.now,
    private readonly staleMs = GUEST_CACHE_STALE_MS,
  ) {}

  async listen(): Promise<void> {
    await this.bus?.subscribe(this.channel, () => this.clearHere());
  }

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const now = this.now();
    const found = this.entries.get(key);
    if (found && found.until > now) return found.value as Promise<T>;
    if (found && found.until + this.staleMs > now) {
      if (!found.refreshing) {
        found.refreshing = true;
        void this.load(key, load, found);
      }
      return found.value as Promise<T>;
    }
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    return this.load(key, load);
  }

  /** Load and remember; with `stale`, it keeps being served until the new answer is in. */
  private load<T>(key: string, load: () => Promise<T>, stale?: Entry): Promise<T> {
    const generation = this.generation;
    const value = load();
    const entry = { until: this.now() + this.ttlMs, value, refreshing: false };
    if (!stale) this.entries.set(key, entry);
    // A failure is not remembered; nor is an answer loaded across a change.
    value.then(
      () => {
        if (generation !== this.generation) this.entries.delete(key);
        else if (stale) this.entries.set(key, { ...entry, until: this.now() + this.ttlMs });
      },
      () => {
        if (stale) stale.refreshing = false;
        else this.entries.delete(key);
      },
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
