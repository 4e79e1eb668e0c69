// When a member's weekly question goes: their weekday and hour on their own clock (an IANA time
// zone), turned into instants with the runtime's time zone data (Intl), summer time included.
// Pure functions of their arguments: the unit spec checks them across zones and DST changes.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** A wall-clock date and hour somewhere: month 1–12, weekday 0 Sunday … 6 Saturday. */
export type WallTime = {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  weekday: number;
};

const formatters = new Map<string, Intl.DateTimeFormat>();
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      weekday: 'short',
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The wall time of `instant` in `timeZone`. */
export function wallTimeOf(instant: Date, timeZone: string): WallTime {
  const parts: Record<string, string> = {};
  for (const part of formatter(timeZone).formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: Number(parts['year']),
    month: Number(parts['month']),
    day: Number(parts['day']),
    hour: Number(parts['hour']),
    minute: Number(parts['minute']),
    weekday: WEEKDAYS.indexOf(parts['weekday'] ?? ''),
  };
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms (whole minutes). */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallTimeOf(new Date(instant), timeZone);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute);
  return asUtc - Math.floor(instant / 60_000) * 60_000;
}

/**
 * The instant the clocks of `timeZone` show `hour`:00 on that date. An hour the clocks skip
 * (spring forward) is the instant they jump to (02:00 that never was is 03:00); an hour they show
 * twice (fall back) is the first of the two.
 */
export function instantOf(
  date: { year: number; month: number; day: number },
  hour: number,
  timeZone: string,
): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, hour);
  // The offsets either side of that hour: equal, except around a change of the clocks.
  const candidates = [
    wall - offsetAt(wall - 12 * HOUR_MS, timeZone),
    wall - offsetAt(wall + 12 * HOUR_MS, timeZone),
  ];
  const shown = candidates.filter((at) => {
    const seen = wallTimeOf(new Date(at), timeZone);
    return (
      seen.year === date.year &&
      seen.month === date.month &&
      seen.day === date.day &&
      seen.hour === hour &&
      seen.minute === 0
    );
  });
  // Shown twice: the first; never shown (skipped): the later candidate is where the clocks land.
  return new Date(shown.length > 0 ? Math.min(...shown) : Math.max(...candidates));
}

/** The member's schedule: weekday 0–6, hour 0–23, IANA time zone. */
export type Schedule = { weekday: number; hour: number; timeZone: string };

/** The first time after `after` (strictly) that the member's clock shows their weekday and hour. */
export function nextSlot(after: Date, schedule: Schedule): Date {
  const today = wallTimeOf(after, schedule.timeZone);
  const start = Date.UTC(today.year, today.month - 1, today.day);
  for (let days = 0; days <= 14; days += 1) {
    const day = new Date(start + days * DAY_MS);
    if (day.getUTCDay() !== schedule.weekday) continue;
    const at = instantOf(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
      schedule.hour,
      schedule.timeZone,
    );
    if (at.getTime() > after.getTime()) return at;
  }
  // Unreachable: a weekday comes every seven days.
  throw new Error('no slot within two weeks');
}

/**
 * The least time between two weekly questions, whatever the member changes: moving Monday's
 * question to Wednesday (or to another time zone) after Monday's went must not send a second
 * one that week. Six days, so a move to a later weekday waits for the next week's.
 */
export const MIN_SEND_GAP_MS = 6 * DAY_MS;

/**
 * The first slot of `schedule` after `now` that keeps a week from the last question sent: what
 * a new or changed schedule, or a resume, starts from.
 */
export function firstSlotAfter(now: Date, schedule: Schedule, lastSentAt: Date | null): Date {
  const earliest =
    lastSentAt === null
      ? now
      : new Date(Math.max(now.getTime(), lastSentAt.getTime() + MIN_SEND_GAP_MS));
  return nextSlot(earliest, schedule);
}

/** The slot after next: the coming one skipped. */
export function slotAfterNext(after: Date, schedule: Schedule): Date {
  return nextSlot(nextSlot(after, schedule), schedule);
}

/** The week a slot belongs to: its date on the member's calendar, `YYYY-MM-DD`. */
export function weekOf(slot: Date, timeZone: string): string {
  const wall = wallTimeOf(slot, timeZone);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${wall.year}-${pad(wall.month)}-${pad(wall.day)}`;
}

/**
 * How late a slot may still be sent (the service was down at the hour): within this it goes late;
 * past it that week is let go, so a long outage never sends at night or twice in a row.
 */
export const LATE_SEND_MS = 12 * HOUR_MS;

/** Whether a slot due at `slot` is to be sent at `now` (not too late), else let go. */
export function stillTimely(slot: Date, now: Date): boolean {
  return now.getTime() - slot.getTime() <= LATE_SEND_MS;
}

/** The next question: the first of the questionnaire, in order, the member has not answered. */
export function nextQuestion<Q extends { questionId: string; position: number }>(
  questions: readonly Q[],
  answered: ReadonlySet<string>,
): Q | undefined {
  return [...questions]
    .sort((a, b) => a.position - b.position)
    .find((question) => !answered.has(question.questionId));
}
