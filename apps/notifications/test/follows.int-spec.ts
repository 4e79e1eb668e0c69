import type {
  DomainEventPayload,
  ErrorEnvelope,
  FollowCounts,
  FollowListPage,
  FollowState,
  FollowStates,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createNotificationsApp } from '../src/notifications.app';

type Answer<T> = { status: number; body: T };

// Following members over real HTTP, on each engine (PGlite too: the row lock a follow takes on
// the member, the advisory lock of a member's turn and the keyset comparison must work there).
describeEachEngine('notifications service: follows over HTTP', (engine) => {
  let tested: TestService;

  /** The status and body a call answers. */
  const post = async <T>(path: string, who: Member | null, body: unknown): Promise<Answer<T>> => {
    const { status, body: answer } = await tested.call<T>('POST', `/api/follows/${path}`, {
      headers: who ? tested.as(who) : {},
      body,
    });
    return { status, body: answer };
  };
  const deliver = async (type: string, payload: unknown, at = new Date()) => {
    const event = envelope(type, payload, at);
    await tested.queue.add('events-notifications', event.type, event, { jobId: event.id });
    return event;
  };
  const announced = (who: Member, fullname = 'Noa Levi', at = new Date()) =>
    deliver(
      'user.updated',
      {
        userId: who.userId,
        firstname: fullname.split(' ')[0] ?? fullname,
        lastname: fullname.split(' ')[1] ?? '',
        fullname,
        language: who.language,
        profileImage: null,
      } satisfies DomainEventPayload<'user.updated'>,
      at,
    );
  const memberRow = (who: Member) =>
    tested.database.query<{ fullname: string }>(
      'select fullname from notifications.members where user_id = $1',
      [who.userId],
    );
  /** A verified member the service has heard of. */
  const known = async (fullname = 'Noa Levi'): Promise<Member> => {
    const who = newMember();
    await announced(who, fullname);
    await eventually(async () => ((await memberRow(who)).length > 0 ? true : undefined), {
      what: 'the member row',
    });
    return who;
  };
  /** What the service announced (the `events` queue the outbox relay hands its events to). */
  const emitted: Array<{ type: string; payload: Record<string, unknown> }> = [];
  const followEvents = (followerId: string) =>
    emitted.filter(
      (event) => event.type === 'follow.changed' && event.payload['followerId'] === followerId,
    );
  const follows = (userId: string) =>
    tested.database.count(
      'select count(*)::int as n from notifications.follows where follower_id = $1 or followee_id = $1',
      [userId],
    );

  beforeAll(async () => {
    tested = await startTestService('notifications', createNotificationsApp, { engine });
    tested.queue.process('events', async (job) => {
      const data = job.data as { type: string; payload: Record<string, unknown> };
      emitted.push({ type: data.type, payload: data.payload });
    });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('follows and unfollows, idempotently, with counts and one announcement per change', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');

    const first = await post<FollowState>('follow', dan, { userId: noa.userId });
    expect(first).toEqual({
      status: 200,
      body: { userId: noa.userId, followers: 1, following: 0, followedByMe: true },
    });
    // Again: the same state, no second row, no second announcement.
    expect((await post<FollowState>('follow', dan, { userId: noa.userId })).body).toEqual(
      first.body,
    );
    expect(await post<FollowCounts>('getFollowCounts', null, { userId: dan.userId })).toEqual({
      status: 200,
      body: { followers: 0, following: 1, followedByMe: false },
    });
    expect((await post<FollowCounts>('getFollowCounts', noa, { userId: dan.userId })).body).toEqual(
      { followers: 0, following: 1, followedByMe: false },
    );

    const off = await post<FollowState>('unfollow', dan, { userId: noa.userId });
    expect(off.body).toEqual({
      userId: noa.userId,
      followers: 0,
      following: 0,
      followedByMe: false,
    });
    expect((await post<FollowState>('unfollow', dan, { userId: noa.userId })).body).toEqual(
      off.body,
    );
    await eventually(() => (followEvents(dan.userId).length >= 2 ? true : undefined), {
      what: 'two follow.changed',
    });
    expect(followEvents(dan.userId).map((event) => event.payload)).toEqual([
      { followerId: dan.userId, followeeId: noa.userId, following: true },
      { followerId: dan.userId, followeeId: noa.userId, following: false },
    ]);
  });

  it('counts only the followers its lists can show: one not yet announced joins both at once', async () => {
    const noa = await known('Noa Levi');
    // Signed in, verified, but the users service's word about them has not come yet.
    const early = newMember();
    expect((await post<FollowState>('follow', early, { userId: noa.userId })).status).toBe(200);
    const seen = async () => ({
      counts: (await post<FollowCounts>('getFollowCounts', null, { userId: noa.userId })).body,
      states: (
        await post<FollowStates>('getFollowStates', null, { userIds: [noa.userId] })
      ).body.states.map(({ followers }) => followers),
      listed: (
        await post<FollowListPage>('getFollowers', null, { userId: noa.userId })
      ).body.members.map((member) => member.userId),
    });
    expect(await seen()).toEqual({
      counts: { followers: 0, following: 0, followedByMe: false },
      states: [0],
      listed: [],
    });
    await announced(early, 'Ada Early');
    await eventually(async () => ((await memberRow(early)).length > 0 ? true : undefined), {
      what: 'the member row',
    });
    expect(await seen()).toEqual({
      counts: { followers: 1, following: 0, followedByMe: false },
      states: [1],
      listed: [early.userId],
    });
  });

  it('lists followers and following newest first, a page at a time, with names', async () => {
    const noa = await known('Noa Levi');
    const fans: Member[] = [];
    for (const name of ['Avi One', 'Bella Two', 'Gil Three', 'Dana Four', 'Hila Five']) {
      const fan = await known(name);
      fans.push(fan);
      expect((await post('follow', fan, { userId: noa.userId })).status).toBe(200);
    }
    const seen: string[] = [];
    let cursor: string | null | undefined;
    do {
      const page = await post<FollowListPage>('getFollowers', null, {
        userId: noa.userId,
        limit: 2,
        ...(cursor ? { cursor } : {}),
      });
      expect(page.status).toBe(200);
      expect(page.body.members.length).toBeLessThanOrEqual(2);
      seen.push(...page.body.members.map((item) => item.fullname));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(seen).toEqual(['Hila Five', 'Dana Four', 'Gil Three', 'Bella Two', 'Avi One']);

    const following = await post<FollowListPage>('getFollowing', null, { userId: fans[0]!.userId });
    expect(following.body).toEqual({
      members: [
        {
          userId: noa.userId,
          fullname: 'Noa Levi',
          profileImage: null,
          followedAt: expect.any(String),
        },
      ],
      nextCursor: null,
    });
  });

  it('answers a page of members’ counts in one call, leaving out ids it cannot show', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Ron');
    const left = await known('Left Soon');
    expect((await post('follow', dan, { userId: noa.userId })).status).toBe(200);
    expect((await post('follow', gil, { userId: noa.userId })).status).toBe(200);
    expect((await post('follow', noa, { userId: gil.userId })).status).toBe(200);
    expect((await post('follow', dan, { userId: left.userId })).status).toBe(200);
    await deliver('user.deleted', { userId: left.userId });
    await eventually(async () => ((await memberRow(left)).length === 0 ? true : undefined));
    const stranger = newMember(); // never announced
    const userIds = [
      gil.userId,
      'not-an-id',
      noa.userId,
      stranger.userId,
      left.userId,
      dan.userId,
      noa.userId,
    ];

    // Dan reads: the order asked, each once; the unknown, the malformed and the departed left out.
    expect(await post<FollowStates>('getFollowStates', dan, { userIds })).toEqual({
      status: 200,
      body: {
        states: [
          { userId: gil.userId, followers: 1, following: 1, followedByMe: false },
          { userId: noa.userId, followers: 2, following: 1, followedByMe: true },
          { userId: dan.userId, followers: 0, following: 1, followedByMe: false },
        ],
      },
    });
    // The same as one member's counts, for each.
    expect((await post<FollowCounts>('getFollowCounts', dan, { userId: noa.userId })).body).toEqual(
      { followers: 2, following: 1, followedByMe: true },
    );
    // A guest reads the same counts, and follows no one.
    const guest = await post<FollowStates>('getFollowStates', null, { userIds });
    expect(guest.body.states.map((state) => [state.userId, state.followedByMe])).toEqual([
      [gil.userId, false],
      [noa.userId, false],
      [dan.userId, false],
    ]);
    // Nothing known to answer about: an empty list, not a refusal.
    expect(
      await post<FollowStates>('getFollowStates', null, { userIds: [stranger.userId, 'x'] }),
    ).toEqual({ status: 200, body: { states: [] } });

    const refused = async (body: unknown) => {
      const answer = await post<ErrorEnvelope>('getFollowStates', dan, body);
      return [answer.status, answer.body.code];
    };
    expect(await refused({ userIds: [] })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refused({})).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refused({ userIds: noa.userId })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refused({ userIds: [42] })).toEqual([400, 'VALIDATION_FAILED']);
    expect(
      await refused({ userIds: Array.from({ length: 51 }, () => newMember().userId) }),
    ).toEqual([400, 'VALIDATION_FAILED']);
    // Fifty is the most, and fifty unknown ids are simply not there.
    expect(
      (
        await post<FollowStates>('getFollowStates', dan, {
          userIds: [...Array.from({ length: 49 }, () => newMember().userId), noa.userId],
        })
      ).body.states.map((state) => state.userId),
    ).toEqual([noa.userId]);
  });

  it('refuses oneself, unknown, malformed and unverified members, bad cursors and bodies', async () => {
    const noa = await known();
    const stranger = newMember(); // never announced: still being verified, or no one at all
    const refusal = async (path: string, body: unknown, who: Member | null = noa) => {
      const answer = await post<ErrorEnvelope>(path, who, body);
      return [answer.status, answer.body.code];
    };
    expect(await refusal('follow', { userId: noa.userId })).toEqual([400, 'CANNOT_FOLLOW_SELF']);
    expect(await refusal('follow', { userId: stranger.userId })).toEqual([404, 'USER_NOT_FOUND']);
    expect(await refusal('follow', { userId: 'not-an-id' })).toEqual([404, 'USER_NOT_FOUND']);
    expect(await refusal('follow', { userId: "x' or 1=1 --" })).toEqual([404, 'USER_NOT_FOUND']);
    expect(await refusal('follow', { userId: '<b>x</b>' })).toEqual([404, 'USER_NOT_FOUND']);
    expect(await refusal('unfollow', { userId: stranger.userId })).toEqual([404, 'USER_NOT_FOUND']);
    expect(await refusal('getFollowers', { userId: stranger.userId })).toEqual([
      404,
      'USER_NOT_FOUND',
    ]);
    expect(await refusal('getFollowCounts', { userId: stranger.userId }, null)).toEqual([
      404,
      'USER_NOT_FOUND',
    ]);
    expect(await refusal('follow', { userId: 42 })).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refusal('follow', {})).toEqual([400, 'VALIDATION_FAILED']);
    expect(await refusal('getFollowing', { userId: noa.userId, limit: 500 })).toEqual([
      400,
      'VALIDATION_FAILED',
    ]);
    expect(await refusal('getFollowing', { userId: noa.userId, cursor: 'bm90IG91cnM' })).toEqual([
      400,
      'INVALID_CURSOR',
    ]);
    // Guests may read, never write.
    expect(await refusal('follow', { userId: noa.userId }, null)).toEqual([401, 'AUTH_REQUIRED']);
    expect(
      await tested.database.count(
        'select count(*)::int as n from notifications.follows where followee_id = $1',
        [noa.userId],
      ),
    ).toBe(0);
  });

  it('keeps the newest name, and forgets a member who leaves, both ways, for good', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Ron');
    await post('follow', dan, { userId: noa.userId });
    await post('follow', noa, { userId: gil.userId });
    // An older word arriving late changes nothing.
    await announced(noa, 'Old Name', new Date(Date.now() - 60_000));
    await announced(noa, 'Noa Bar');
    await eventually(async () =>
      (await memberRow(noa))[0]?.fullname === 'Noa Bar' ? true : undefined,
    );
    expect((await memberRow(noa))[0]?.fullname).toBe('Noa Bar');

    await deliver('user.deleted', { userId: noa.userId });
    await eventually(async () => ((await memberRow(noa)).length === 0 ? true : undefined));
    expect(await follows(noa.userId)).toBe(0);
    // A late user.updated brings no row back; the member is gone to everyone.
    await announced(noa, 'Noa Again', new Date(Date.now() + 60_000));
    await deliver('user.deleted', { userId: 'not-a-uuid' });
    await eventually(async () =>
      (await tested.queue.counts('events-notifications')).waiting === 0 ? true : undefined,
    );
    expect(await memberRow(noa)).toEqual([]);
    expect((await post<ErrorEnvelope>('follow', dan, { userId: noa.userId })).body.code).toBe(
      'USER_NOT_FOUND',
    );
    expect(
      (await post<FollowCounts>('getFollowCounts', null, { userId: dan.userId })).body,
    ).toEqual({ followers: 0, following: 0, followedByMe: false });
    expect(
      (await post<FollowCounts>('getFollowCounts', null, { userId: gil.userId })).body,
    ).toEqual({ followers: 0, following: 0, followedByMe: false });
    expect(await tested.queue.failed('events-notifications')).toEqual([]);
  });
});
