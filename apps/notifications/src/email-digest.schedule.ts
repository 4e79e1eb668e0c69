import { instantOf, nextSlot, wallTimeOf, weekOf } from './weekly-question.schedule';

// When a member's digests go: the daily one at their digest hour, the weekly one at that hour on
// their digest weekday, both on their own clock (an IANA time zone, summer time included). Pure
// functions of their arguments, as the weekly question's schedule is.

const DAY_MS = 24 * 60 * 60 * 1000;

export type DigestPeriod = 'daily' | 'weekly';

/** A member's digest time: hour 0–23, weekday 0 Sunday … 6 Saturday, IANA time zone. */
export type DigestTime = { digestHour: number; digestWeekday: number; timeZone: string };

/** The first time after `after` (strictly) that the member's clock shows their digest hour. */
export function nextDailyAt(after: Date, time: Pick<DigestTime, 'digestHour' | 'timeZone'>): Date {
  const today = wallTimeOf(after, time.timeZone);
  const start = Date.UTC(today.year, today.month - 1, today.day);
  for (let days = 0; days <= 2; days += 1) {
    const day = new Date(start + days * DAY_MS);
    const at = instantOf(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
      time.digestHour,
      time.timeZone,
    );
    if (at.getTime() > after.getTime()) return at;
  }
  // Unreachable: the hour comes within a day.
  throw new Error('no digest hour within two days');
}

/** The first time after `after` that the member's clock shows their digest weekday and hour. */
export function nextWeeklyAt(after: Date, time: DigestTime): Date {
  return nextSlot(after, {
    weekday: time.digestWeekday,
    hour: time.digestHour,
    timeZone: time.timeZone,
  });
}

/** The next digest of `period` after `after`. */
export function nextDigestAt(period: DigestPeriod, after: Date, time: DigestTime): Date {
  return period === 'daily' ? nextDailyAt(after, time) : nextWeeklyAt(after, time);
}

/**
 * A digest's name among the member's: its period and the date its slot fell on, on their clock
 * (`daily-2026-11-26`): one digest a day (a week), whatever the replicas, retries or restarts.
 */
export function digestKey(period: DigestPeriod, slot: Date, timeZone: string): string {
  return `${period}-${weekOf(slot, timeZone)}`;
}
