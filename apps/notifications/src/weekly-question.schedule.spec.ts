import { linkToken, readLinkToken } from './weekly-question.links';
import {
  firstSlotAfter,
  instantOf,
  nextQuestion,
  nextSlot,
  slotAfterNext,
  stillTimely,
  weekOf,
} from './weekly-question.schedule';

const at = (iso: string) => new Date(iso);

describe('the weekly question’s schedule', () => {
  it('finds the member’s weekday and hour in their own time zone', () => {
    // Thursday 26 November 2026, 10:00 UTC. Jerusalem is UTC+2 in winter.
    const now = at('2026-11-26T10:00:00Z');
    expect(nextSlot(now, { weekday: 4, hour: 18, timeZone: 'Asia/Jerusalem' })).toEqual(
      at('2026-11-26T16:00:00Z'),
    );
    // 9:00 Thursday in Jerusalem has passed (07:00 UTC): next Thursday.
    expect(nextSlot(now, { weekday: 4, hour: 9, timeZone: 'Asia/Jerusalem' })).toEqual(
      at('2026-12-03T07:00:00Z'),
    );
    // Already Friday in Auckland (UTC+13 in its summer): Friday 08:00 there is 19:00 UTC Thursday.
    expect(nextSlot(now, { weekday: 5, hour: 8, timeZone: 'Pacific/Auckland' })).toEqual(
      at('2026-11-26T19:00:00Z'),
    );
    // Los Angeles (UTC-8): Wednesday 20:00 there is Thursday 04:00 UTC, passed: a week later.
    expect(nextSlot(now, { weekday: 3, hour: 20, timeZone: 'America/Los_Angeles' })).toEqual(
      at('2026-12-03T04:00:00Z'),
    );
  });

  it('is strictly after: the slot itself gives the next week’s', () => {
    const slot = at('2026-11-26T16:00:00Z');
    const schedule = { weekday: 4, hour: 18, timeZone: 'Asia/Jerusalem' };
    expect(nextSlot(slot, schedule)).toEqual(at('2026-12-03T16:00:00Z'));
    expect(slotAfterNext(at('2026-11-26T10:00:00Z'), schedule)).toEqual(at('2026-12-03T16:00:00Z'));
  });

  it('keeps a week from the last question sent when the member moves the day or starts again', () => {
    // Monday's question went on Monday 23 November 2026, 09:00 in Jerusalem (07:00 UTC).
    const sent = at('2026-11-23T07:00:00Z');
    const now = at('2026-11-23T12:00:00Z');
    const wednesday = { weekday: 3, hour: 9, timeZone: 'Asia/Jerusalem' };
    // Not this Wednesday (two days after Monday's), but next week's.
    expect(firstSlotAfter(now, wednesday, sent)).toEqual(at('2026-12-02T07:00:00Z'));
    // Another zone where it is still early Monday: not a second Monday, the next one.
    const honolulu = { weekday: 1, hour: 20, timeZone: 'Pacific/Honolulu' };
    expect(firstSlotAfter(now, honolulu, sent)).toEqual(at('2026-12-01T06:00:00Z'));
    // Never sent: the next slot, as for anyone starting.
    expect(firstSlotAfter(now, wednesday, null)).toEqual(at('2026-11-25T07:00:00Z'));
    // Long after the last one: the next slot.
    expect(firstSlotAfter(at('2026-12-20T12:00:00Z'), wednesday, sent)).toEqual(
      at('2026-12-23T07:00:00Z'),
    );
  });

  it('keeps the member’s hour across summer time, both ways', () => {
    const london = { weekday: 0, hour: 9, timeZone: 'Europe/London' };
    // Sunday 22 March 2026 09:00 GMT, then 29 March 09:00 BST (08:00 UTC) after the change.
    const before = nextSlot(at('2026-03-21T12:00:00Z'), london);
    expect(before).toEqual(at('2026-03-22T09:00:00Z'));
    expect(nextSlot(before, london)).toEqual(at('2026-03-29T08:00:00Z'));
    // And back in October: 25 October 2026 is the change, 09:00 GMT again.
    expect(nextSlot(at('2026-10-19T00:00:00Z'), london)).toEqual(at('2026-10-25T09:00:00Z'));
    expect(nextSlot(at('2026-10-12T00:00:00Z'), london)).toEqual(at('2026-10-18T08:00:00Z'));
  });

  it('sends at the hour the clocks jump to when the chosen hour never happens', () => {
    // Berlin, 29 March 2026: 02:00 jumps to 03:00 (CEST, UTC+2): 03:00 CEST is 01:00 UTC.
    expect(instantOf({ year: 2026, month: 3, day: 29 }, 2, 'Europe/Berlin')).toEqual(
      at('2026-03-29T01:00:00Z'),
    );
    // New York, 1 November 2026: 01:00 happens twice; the first (EDT, UTC-4) is 05:00 UTC.
    expect(instantOf({ year: 2026, month: 11, day: 1 }, 1, 'America/New_York')).toEqual(
      at('2026-11-01T05:00:00Z'),
    );
    // Jerusalem's change (Friday 27 March 2026, 02:00 → 03:00): a Friday 02:00 choice.
    expect(
      nextSlot(at('2026-03-26T00:00:00Z'), { weekday: 5, hour: 2, timeZone: 'Asia/Jerusalem' }),
    ).toEqual(at('2026-03-27T00:00:00Z'));
  });

  it('names a week by the slot’s date on the member’s calendar', () => {
    // 19:00 UTC Thursday is already Friday in Auckland.
    expect(weekOf(at('2026-11-26T19:00:00Z'), 'Pacific/Auckland')).toBe('2026-11-27');
    expect(weekOf(at('2026-11-26T19:00:00Z'), 'UTC')).toBe('2026-11-26');
  });

  it('sends late within twelve hours, and lets a week go after that', () => {
    const slot = at('2026-11-26T16:00:00Z');
    expect(stillTimely(slot, at('2026-11-26T16:00:30Z'))).toBe(true);
    expect(stillTimely(slot, at('2026-11-27T04:00:00Z'))).toBe(true);
    expect(stillTimely(slot, at('2026-11-27T04:00:01Z'))).toBe(false);
  });

  it('chooses the first question in order the member has not answered', () => {
    const questions = [
      { questionId: 'places', position: 2 },
      { questionId: 'roots', position: 1 },
      { questionId: 'work', position: 3 },
    ];
    expect(nextQuestion(questions, new Set())?.questionId).toBe('roots');
    expect(nextQuestion(questions, new Set(['roots']))?.questionId).toBe('places');
    expect(nextQuestion(questions, new Set(['roots', 'work']))?.questionId).toBe('places');
    expect(nextQuestion(questions, new Set(['roots', 'places', 'work']))).toBeUndefined();
  });
});

describe('the weekly question’s signed links', () => {
  const secret = 'a-test-secret-of-at-least-32-characters';
  const userId = '0b5f7a1e-2d3c-4b5a-8e9f-0a1b2c3d4e5f';
  const now = at('2026-11-26T10:00:00Z');
  const expiresAt = now.getTime() / 1000 + 60;

  it('reads back a genuine token until it expires', () => {
    const token = linkToken({ userId, action: 'pause', expiresAt }, secret);
    expect(readLinkToken(token, secret, now)).toEqual({ userId, action: 'pause', expiresAt });
    expect(readLinkToken(token, secret, at('2026-11-26T10:01:00Z'))).toBeUndefined();
  });

  it('refuses a token altered, signed with another secret, or made up', () => {
    const token = linkToken({ userId, action: 'skip', expiresAt }, secret);
    // Another action, another member, a later expiry: the signature no longer matches.
    expect(readLinkToken(token.replace('.skip.', '.stop.'), secret, now)).toBeUndefined();
    expect(readLinkToken(token.replace(userId, userId.replace('0b', '0c')), secret, now)).toBe(
      undefined,
    );
    expect(
      readLinkToken(token.replace(`.${expiresAt}.`, `.${expiresAt + 1}.`), secret, now),
    ).toBeUndefined();
    expect(readLinkToken(token, 'another-secret-of-at-least-32-chars!!', now)).toBeUndefined();
    expect(readLinkToken('nonsense', secret, now)).toBeUndefined();
    expect(readLinkToken(`${userId}.delete.${expiresAt}.x`, secret, now)).toBeUndefined();
  });
});
