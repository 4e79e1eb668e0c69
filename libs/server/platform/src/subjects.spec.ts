import { AUDIENCES, type Audience } from '@mepedia/contracts';
import { newId, NO_OWNER, type Subject, type SubjectStore } from '@mepedia/server-database';
import {
  circlesToAsk,
  CLOCK_SKEW_MS,
  hiddenFrom,
  mayRead,
  readerOutsideCircles,
  SubjectAccess,
  UNANNOUNCED_GRACE_MS,
  withinGrace,
  type SubjectReader,
} from './subjects';

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

// The audience rule itself is held by libs/server/database (audience.int-spec.ts); these hold
// how the services' read models use it: a deleted subject, a discussion of two subjects, and
// when whose circles must be looked up (only for a circle subject of someone else's).
describe('reading subjects by their audience', () => {
  const [owner, member, outsider] = [newId(), newId(), newId()];
  const subject = (audience: Audience, more: Partial<Subject> = {}): Subject => ({
    ownerId: owner,
    audience,
    deleted: false,
    ...more,
  });
  const inCircle: SubjectReader = { id: member, inCircleOf: new Set([owner]) };
  const readers: Array<[string, SubjectReader]> = [
    ['a guest', readerOutsideCircles(null)],
    ['a member outside the circle', readerOutsideCircles(outsider)],
    ['a circle member', inCircle],
    ['the owner', readerOutsideCircles(owner)],
  ];
  const expected: Record<Audience, string[]> = {
    public: ['a guest', 'a member outside the circle', 'a circle member', 'the owner'],
    members: ['a member outside the circle', 'a circle member', 'the owner'],
    circle: ['a circle member', 'the owner'],
    private: ['the owner'],
  };

  it.each(AUDIENCES)('mayRead and hiddenFrom: a %s subject', (audience) => {
    const readable = readers.filter(([, reader]) => mayRead(subject(audience), reader));
    expect(readable.map(([name]) => name)).toEqual(expected[audience]);
    const open = readers.filter(([, reader]) => !hiddenFrom([subject(audience)], reader));
    expect(open.map(([name]) => name)).toEqual(expected[audience]);
    // Gone: nobody reads it, but its discussion is as closed or open as its audience says.
    expect(
      readers.filter(([, reader]) => mayRead(subject(audience, { deleted: true }), reader)),
    ).toEqual([]);
    const keptOpen = readers.filter(
      ([, reader]) => !hiddenFrom([subject(audience, { deleted: true })], reader),
    );
    expect(keptOpen.map(([name]) => name)).toEqual(expected[audience]);
  });

  it('hiddenFrom: a discussion is closed when any of its subjects is, and never for none', () => {
    const theirs = { ...subject('public'), ownerId: outsider };
    expect(hiddenFrom([theirs, subject('circle')], inCircle)).toBe(false);
    expect(hiddenFrom([theirs, subject('circle')], readerOutsideCircles(outsider))).toBe(true);
    expect(hiddenFrom([undefined, undefined], readerOutsideCircles(null))).toBe(false);
  });

  it('circlesToAsk: the owners of circle subjects of others, once each, and none for a guest', () => {
    const other = newId();
    const subjects = [
      subject('circle'),
      subject('circle'),
      { ...subject('circle'), ownerId: other },
      { ...subject('circle'), ownerId: member },
      subject('members'),
      subject('public'),
      subject('private'),
      { ...subject('circle'), ownerId: NO_OWNER, deleted: true },
      undefined,
    ];
    expect(circlesToAsk(subjects, member)).toEqual([owner, other]);
    expect(circlesToAsk(subjects, null)).toEqual([]);
    expect(circlesToAsk([subject('members'), subject('public')], member)).toEqual([]);
  });

  it('SubjectAccess.reader asks for circles once for all owners, and only when needed', async () => {
    const asked: Array<{ memberId: string; owners: string[] }> = [];
    const access = new SubjectAccess({
      subjects: {} as SubjectStore,
      circles: {
        circlesAmong: (memberId: string, owners: Iterable<string>) => {
          asked.push({ memberId, owners: [...owners] });
          return Promise.resolve(new Set([owner]));
        },
      },
    });
    const other = newId();
    const page = [subject('circle'), { ...subject('circle'), ownerId: other }, subject('public')];

    expect(await access.reader(member, page)).toEqual({
      id: member,
      inCircleOf: new Set([owner]),
    });
    expect(asked).toEqual([{ memberId: member, owners: [owner, other] }]);
    // A guest, the owner, and subjects with no circle among them: nothing is asked.
    expect(await access.reader(null, page)).toEqual(readerOutsideCircles(null));
    expect(await access.reader(owner, [subject('circle')])).toEqual(readerOutsideCircles(owner));
    expect(await access.reader(member, [subject('members'), undefined])).toEqual(
      readerOutsideCircles(member),
    );
    expect(asked).toHaveLength(1);
  });
});
