import type {
  CurrentUser,
  ErrorEnvelope,
  FollowCounts,
  FollowListPage,
  FollowState,
  RegisterRequest,
  RegisterResponse,
} from '@mepedia/contracts';
import {
  call,
  CookieJar,
  eventually,
  newRegistration,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  verifyThroughOutbox,
} from '@mepedia/server-testing';
import { startServicesMode, type ServicesMode } from './services-mode';

type Member = { userId: string; jar: CookieJar; password: string };

// Services mode as deployed: following members through the gateway, the notifications service
// as its own process on PostgreSQL and BullMQ, learning of members from the users service's
// events, and forgetting one who leaves.
describe('services mode: following members', () => {
  let services: ServicesMode;
  let url: string;

  beforeAll(async () => {
    services = await startServicesMode();
    url = services.gatewayUrl;
  }, SETUP_TIMEOUT_MS * 2);

  afterAll(async () => {
    await services?.stop();
  }, SETUP_TIMEOUT_MS);

  async function join(overrides: Partial<RegisterRequest>): Promise<Member> {
    const registration = newRegistration(overrides);
    const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
      body: registration,
    });
    expect(created.status).toBe(201);
    await verifyThroughOutbox(url, registration, created);
    const jar = new CookieJar();
    const login = await call<CurrentUser>(url, 'POST', '/api/users/login', {
      body: { email: registration.email, password: registration.password },
    });
    expect(login.status).toBe(200);
    jar.store(login.headers);
    const member = { userId: created.body.userId, jar, password: registration.password };
    // The notifications service hears of the member (user.updated at verification).
    await eventually(
      async () =>
        (await ask('getFollowCounts', null, { userId: member.userId })).status === 200
          ? true
          : undefined,
      { timeoutMs: 30_000, what: 'the notifications service to know the member' },
    ).catch(async (error: unknown) => {
      const last = await ask('getFollowCounts', null, { userId: member.userId });
      throw new Error(
        `${String(error)}: ${last.status} ${last.text}\n${services.output('notifications').slice(-3000)}\n${services.output('worker').slice(-2000)}`,
      );
    });
    return member;
  }

  const ask = <T>(path: string, who: Member | null, body: unknown) =>
    call<T>(url, 'POST', `/api/follows/${path}`, {
      headers: who ? who.jar.header() : {},
      body,
    });
  const code = async (path: string, who: Member | null, body: unknown) => {
    const answer = await ask<ErrorEnvelope>(path, who, body);
    return [answer.status, answer.body.code];
  };

  it(
    'follows, counts, lists and unfollows; refuses attacks; forgets a member who leaves',
    async () => {
      const noa = await join({ firstname: 'Noa', lastname: 'Levi' });
      const dan = await join({ firstname: 'Dan', lastname: 'Cohen' });

      const followed = await ask<FollowState>('follow', dan, { userId: noa.userId });
      expect(followed.status).toBe(200);
      expect(followed.body).toEqual({
        userId: noa.userId,
        followers: 1,
        following: 0,
        followedByMe: true,
      });
      expect(
        (await ask<FollowCounts>('getFollowCounts', null, { userId: dan.userId })).body,
      ).toEqual({ followers: 0, following: 1, followedByMe: false });
      const followers = await ask<FollowListPage>('getFollowers', null, { userId: noa.userId });
      expect(followers.body).toEqual({
        members: [
          {
            userId: dan.userId,
            fullname: 'Dan Cohen',
            profileImage: null,
            followedAt: expect.any(String),
          },
        ],
        nextCursor: null,
      });

      // Attacks: a guest's write, oneself, forged and unknown ids, markup, wrong body types, a
      // follower named in the body (ignored: the follower is always the caller).
      expect(await code('follow', null, { userId: noa.userId })).toEqual([401, 'AUTH_REQUIRED']);
      expect(await code('unfollow', null, { userId: noa.userId })).toEqual([401, 'AUTH_REQUIRED']);
      expect(await code('follow', noa, { userId: noa.userId })).toEqual([
        400,
        'CANNOT_FOLLOW_SELF',
      ]);
      expect(await code('follow', noa, { userId: '00000000-0000-7000-8000-000000000000' })).toEqual(
        [404, 'USER_NOT_FOUND'],
      );
      expect(await code('follow', noa, { userId: '<img src=x onerror=alert(1)>' })).toEqual([
        404,
        'USER_NOT_FOUND',
      ]);
      expect(await code('follow', noa, { userId: ['a'] })).toEqual([400, 'VALIDATION_FAILED']);
      expect(await code('getFollowers', null, { userId: noa.userId, limit: '5' })).toEqual([
        400,
        'VALIDATION_FAILED',
      ]);
      expect(await code('getFollowing', null, { userId: noa.userId, cursor: '<b>' })).toEqual([
        400,
        'INVALID_CURSOR',
      ]);
      const forged = await ask<FollowState>('unfollow', noa, {
        userId: dan.userId,
        followerId: dan.userId,
      });
      // Noa's unfollow of Dan (whom she never followed) leaves Dan's follow of her alone.
      expect(forged.body).toEqual({
        userId: dan.userId,
        followers: 0,
        following: 1,
        followedByMe: false,
      });
      expect(
        (await ask<FollowCounts>('getFollowCounts', dan, { userId: noa.userId })).body,
      ).toEqual({ followers: 1, following: 0, followedByMe: true });

      expect((await ask<FollowState>('unfollow', dan, { userId: noa.userId })).body).toEqual({
        userId: noa.userId,
        followers: 0,
        following: 0,
        followedByMe: false,
      });

      // Dan follows again, then leaves: Noa's followers forget him, and he cannot be followed.
      await ask('follow', dan, { userId: noa.userId });
      await ask('follow', noa, { userId: dan.userId });
      const deleted = await call(url, 'POST', '/api/users/deleteUserById', {
        headers: dan.jar.header(),
        body: { id: dan.userId, password: dan.password },
      });
      expect(deleted.status).toBe(200);
      await eventually(
        async () => {
          const counts = await ask<FollowCounts>('getFollowCounts', null, { userId: noa.userId });
          return counts.body.followers === 0 && counts.body.following === 0 ? true : undefined;
        },
        { timeoutMs: 30_000, what: 'the departed member’s follows to go' },
      );
      expect(await code('follow', noa, { userId: dan.userId })).toEqual([404, 'USER_NOT_FOUND']);
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
