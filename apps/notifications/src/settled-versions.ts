/**
 * How long a write transaction of this service may take between taking a version from the
 * sequence and committing. One event is applied in one short transaction (milliseconds); the
 * longest is a story fanned out to every follower in one INSERT … SELECT (about a second for ten
 * thousand). Ten seconds leaves room for lock waits and a slow disk. What it costs: a stream
 * reads again the member's groups changed in the last ten seconds (a handful) at every change,
 * and a resumed stream may send those again (the client replaces a group by its id).
 */
export const SETTLE_MS = 10_000;

/**
 * When versions are settled, on this replica. Versions come from one sequence, taken when a
 * transaction writes and visible when it commits, so a later version can be seen before an
 * earlier one (review finding M3). Every version at or below a value the sequence had handed out
 * at time t was taken by t, hence committed (or rolled back) by t + SETTLE_MS: a read that starts
 * after that sees all of them. This keeps samples of the sequence (`observe`, in this replica's
 * monotonic milliseconds) and answers, for a moment, the highest version settled by then.
 */
export class SettledVersions {
  /** Samples, oldest first, each a version handed out by `at`; both rise. */
  private samples: Array<{ at: number; version: bigint }> = [];

  constructor(private readonly settleMs = SETTLE_MS) {}

  /** `version` had been handed out by `at` (a sample of the sequence, or any version seen). */
  observe(version: bigint, at: number): void {
    const last = this.samples.at(-1);
    // A lower or equal value later says nothing new; an earlier moment cannot be added.
    if (last && (version <= last.version || at < last.at)) return;
    this.samples.push({ at, version });
    // Only the newest sample already settled is needed among the old ones.
    const cutoff = at - this.settleMs;
    let drop = 0;
    while (drop + 1 < this.samples.length && this.samples[drop + 1]!.at <= cutoff) drop += 1;
    if (drop > 0) this.samples.splice(0, drop);
  }

  /** The highest version surely committed before `at`; undefined while nothing is that old. */
  settledAt(at: number): bigint | undefined {
    let settled: bigint | undefined;
    for (const sample of this.samples) {
      if (sample.at > at - this.settleMs) break;
      settled = sample.version;
    }
    return settled;
  }
}
