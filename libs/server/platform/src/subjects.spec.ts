import { newId } from '@mepedia/server-database';
import { CLOCK_SKEW_MS, UNANNOUNCED_GRACE_MS, withinGrace } from './subjects';

// The services' suites take a subject made a moment ago on trust and refuse an old one; these
// hold the edges of the window both services share.
describe(withinGrace.name, () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);

  it('takes a UUIDv7 made from the grace before now to the clock skew after', () => {
    expect(withinGrace(newId(now - UNANNOUNCED_GRACE_MS), now)).toBe(true);
    expect(withinGrace(newId(now), now)).toBe(true);
    expect(withinGrace(newId(now + CLOCK_SKEW_MS), now)).toBe(true);
  });

  it('refuses one made a millisecond outside, and any id that is not a UUIDv7', () => {
    expect(withinGrace(newId(now - UNANNOUNCED_GRACE_MS - 1), now)).toBe(false);
    expect(withinGrace(newId(now + CLOCK_SKEW_MS + 1), now)).toBe(false);
    expect(withinGrace('0190b7a4-2f00-4abc-8def-0123456789ab', now)).toBe(false);
    expect(withinGrace('not-an-id', now)).toBe(false);
  });
});
