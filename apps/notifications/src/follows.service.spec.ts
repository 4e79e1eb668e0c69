import { newMember } from '@mepedia/server-testing';
import { decodeFollowsCursor, encodeFollowsCursor } from './follows.cursor';
import type { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';

/** A repository in memory: who follows whom, the members known, and what was announced. */
function fakeRepository(knownIds: string[]) {
  const follows = new Set<string>();
  /** Blocks as `blocker>blocked` (issue 35). */
  const blocks = new Set<string>();
  const announced: Array<[string, string, boolean]> = [];
  const member = (userId: string) =>
    knownIds.includes(userId) ? { userId, fullname: 'A B', profileImage: null } : undefined;
  const repository = {
    members: {
      lockKnown: async (id: string) => member(id),
      known: async (id: string) => member(id),
      left: async () => false,
    },
    blocks: {
      eitherBlocks: async (a: string, b: string) =>
        blocks.has(`${a}>${b}`) || blocks.has(`${b}>${a}`),
    },
    transaction: async <T>(work: (r: unknown) => Promise<T>): Promise<T> => work(repository),
    follow: async (a: string, b: string) => !follows.has(`${a}>${b}`) && !!follows.add(`${a}>${b}`),
    unfollow: async (a: string, b: string) => follows.delete(`${a}>${b}`),
    announce: async (a: string, b: string, on: boolean) => void announced.push([a, b, on]),
    statesAsked: [] as string[][],
    states: async (userIds: readonly string[], viewer: string | undefined) => {
      repository.statesAsked.push([...userIds]);
      return userIds
        .filter((userId) => knownIds.includes(userId))
        .reverse()
        .map((userId) => ({ userId, ...countsOf(userId, viewer) }));
    },
    counts: async (userId: string, viewer: string | undefined) => countsOf(userId, viewer),
  };
  const countsOf = (userId: string, viewer: string | undefined) => ({
    followers: [...follows].filter((pair) => pair.endsWith(`>${userId}`)).length,
    following: [...follows].filter((pair) => pair.startsWith(`${userId}>`)).length,
    followedByMe: viewer !== undefined && follows.has(`${viewer}>${userId}`),
  });
  return {
    repository: repository as unknown as FollowsRepository,
    announced,
    follows,
    blocks,
    statesAsked: repository.statesAsked,
  };
}

const codeOf = async (work: Promise<unknown>) =>
  work.then(
    () => 'no error',
    (error: { code?: string }) => error.code,
  );

describe(FollowsService.name, () => {
  const noa = newMember().userId;
  const dan = newMember().userId;

  it('announces a follow and an unfollow once each, however often they are asked', async () => {
    const fake = fakeRepository([noa, dan]);
    let nudges = 0;
    const service = new FollowsService(fake.repository, () => void nudges++);
    expect(await service.follow(dan, noa)).toEqual({
      userId: noa,
      followers: 1,
      following: 0,
      followedByMe: true,
    });
    await service.follow(dan, noa);
    expect(await service.unfollow(dan, noa)).toMatchObject({ followers: 0, followedByMe: false });
    await service.unfollow(dan, noa);
    expect(fake.announced).toEqual([
      [dan, noa, true],
      [dan, noa, false],
    ]);
    expect(nudges).toBe(2);
  });

  it('refuses oneself, a malformed id and a member it does not know, changing nothing', async () => {
    const fake = fakeRepository([noa, dan]);
    const service = new FollowsService(fake.repository);
    expect(await codeOf(service.follow(noa, noa))).toBe('CANNOT_FOLLOW_SELF');
    expect(await codeOf(service.follow(noa, 'NOT-A-UUID'))).toBe('USER_NOT_FOUND');
    expect(await codeOf(service.follow(noa, newMember().userId))).toBe('USER_NOT_FOUND');
    expect(await codeOf(service.counts(newMember().userId, noa))).toBe('USER_NOT_FOUND');
    expect(fake.follows.size).toBe(0);
    expect(fake.announced).toEqual([]);
  });

  it('refuses a follow either way where a block stands, never an unfollow (issue 35)', async () => {
    const fake = fakeRepository([noa, dan]);
    const service = new FollowsService(fake.repository);
    await service.follow(dan, noa);
    fake.blocks.add(`${noa}>${dan}`);
    expect(await codeOf(service.follow(noa, dan))).toBe('MEMBER_BLOCKED');
    expect(await codeOf(service.unfollow(dan, noa))).toBe('no error');
    expect(await codeOf(service.follow(dan, noa))).toBe('MEMBER_BLOCKED');
    expect(fake.follows.size).toBe(0);
    expect(fake.announced).toEqual([
      [dan, noa, true],
      [dan, noa, false],
    ]);
  });
});

describe('FollowsService.states', () => {
  const noa = newMember().userId;
  const dan = newMember().userId;
  const gil = newMember().userId;

  it('asks the repository once for a page, each valid id once, and answers in the order asked', async () => {
    const fake = fakeRepository([noa, dan, gil]);
    const service = new FollowsService(fake.repository);
    await service.follow(dan, noa);
    const unknown = newMember().userId;
    const answer = await service.states(
      [noa, 'not-a-uuid', unknown, gil, noa, dan, "x' or 1=1 --"],
      dan,
    );
    expect(answer.states.map((state) => state.userId)).toEqual([noa, gil, dan]);
    expect(answer.states[0]).toEqual({
      userId: noa,
      followers: 1,
      following: 0,
      followedByMe: true,
    });
    // One repository call, with no malformed id and no repeat: never one per member.
    expect(fake.statesAsked).toEqual([[noa, unknown, gil, dan]]);
  });

  it('reads no follow of a guest’s, and asks nothing when no id could be a member', async () => {
    const fake = fakeRepository([noa, dan]);
    const service = new FollowsService(fake.repository);
    await service.follow(dan, noa);
    expect((await service.states([noa], undefined)).states).toEqual([
      { userId: noa, followers: 1, following: 0, followedByMe: false },
    ]);
    expect(await service.states(['nope', ''], dan)).toEqual({ states: [] });
    expect(fake.statesAsked).toEqual([[noa]]);
  });
});

describe('follows cursor', () => {
  it('comes back as it was made, and refuses any other text', () => {
    const row = { followedAt: new Date('2026-11-26T10:00:00.123Z'), userId: newMember().userId };
    expect(decodeFollowsCursor(encodeFollowsCursor(row))).toEqual(row);
    const made = (text: string) => Buffer.from(text).toString('base64url');
    for (const forged of [
      'not base64!',
      made('2026-11-26T10:00:00.123Z'),
      made(`2026-02-30T10:00:00.000Z|${row.userId}`),
      made(`2026-11-26T10:00:00.123Z|x' or 1=1`),
      made(`2026-11-26T10:00:00.123Z|${row.userId}|more`),
    ])
      expect(() => decodeFollowsCursor(forged)).toThrow(
        expect.objectContaining({ code: 'INVALID_CURSOR' }),
      );
  });
});
