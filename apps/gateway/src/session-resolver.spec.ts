import { IdentitySigner, IdentityVerifier, generateIdentityKeys } from '@mepedia/server-identity';
import { InProcessBus } from '@mepedia/server-queue';
import type { Dispatcher } from 'undici';
import { SessionResolver, UsersUnavailableError } from './session-resolver';

type Session = {
  userId: string;
  sessionId: string;
  language: string;
  roles?: unknown;
  suspendedUntil?: unknown;
} | null;

/** A stand-in for the users service's internal endpoint. */
function fakeUsers(sessions: Map<string, Session>, verifier: IdentityVerifier) {
  const calls: string[] = [];
  let status = 200;
  const dispatcher = {
    request: async (options: { headers: Record<string, string>; body: string }) => {
      verifier.verify(options.headers['x-mepedia-identity']!);
      const { token } = JSON.parse(options.body) as { token: string };
      calls.push(token);
      await new Promise((resolve) => setTimeout(resolve, 5));
      return {
        statusCode: status,
        body: {
          json: async () => ({ session: sessions.get(token) ?? null }),
          dump: async () => undefined,
        },
      };
    },
  } as unknown as Dispatcher;
  return { dispatcher, calls, fail: () => (status = 500) };
}

function setup(ttlMs = 60_000) {
  const keys = generateIdentityKeys();
  const sessions = new Map<string, Session>([
    ['token-a', { userId: 'u1', sessionId: 's1', language: 'he' }],
  ]);
  const users = fakeUsers(sessions, new IdentityVerifier(keys.publicKey, 'users'));
  const resolver = new SessionResolver(
    users.dispatcher,
    new IdentitySigner(keys.privateKey),
    ttlMs,
    1000,
  );
  return { resolver, users, sessions };
}

describe(SessionResolver.name, () => {
  it('asks the users service once for concurrent and repeated lookups', async () => {
    const { resolver, users } = setup();
    const results = await Promise.all([resolver.resolve('token-a'), resolver.resolve('token-a')]);
    await resolver.resolve('token-a');
    expect(results[0]).toEqual({
      kind: 'member',
      userId: 'u1',
      sessionId: 's1',
      language: 'he',
      roles: [],
    });
    expect(users.calls).toEqual(['token-a']);
  });

  it('remembers unknown tokens too, and asks again after the cache time', async () => {
    // The clock is the test's: a busy machine must not turn 50 ms into "after the cache time".
    const { resolver, users } = setup(50);
    expect(await resolver.resolve('nope', 1_000)).toBeNull();
    expect(await resolver.resolve('nope', 1_039)).toBeNull();
    expect(users.calls).toEqual(['nope']);
    await resolver.resolve('nope', 1_050);
    expect(users.calls).toEqual(['nope', 'nope']);
  });

  it('looks an entry in use up again before it expires, answering from it meanwhile', async () => {
    const { resolver, users, sessions } = setup(100);
    const ada = { kind: 'member', userId: 'u1', sessionId: 's1', language: 'he', roles: [] };
    expect(await resolver.resolve('token-a', 1_000)).toEqual(ada);
    // Not yet in its last fifth: the cache answers alone.
    expect(await resolver.resolve('token-a', 1_079)).toEqual(ada);
    expect(users.calls).toHaveLength(1);
    // In its last fifth: still answered at once, and looked up again behind the scenes.
    sessions.set('token-a', { userId: 'u1', sessionId: 's1', language: 'en' });
    expect(await resolver.resolve('token-a', 1_085)).toEqual(ada);
    expect(users.calls).toHaveLength(2);
    await new Promise((resolve) => setTimeout(resolve, 20));
    // Past the first entry's time, the fresh one answers without another call.
    expect(await resolver.resolve('token-a', 1_150)).toEqual({ ...ada, language: 'en' });
    expect(users.calls).toHaveLength(2);
    // Left unused past its time, an entry is never served: the call waits for the lookup.
    sessions.set('token-a', null);
    expect(await resolver.resolve('token-a', 1_200)).toBeNull();
    expect(users.calls).toHaveLength(3);
  });

  it('does not cache an answer that a revocation overtook', async () => {
    const { resolver, users } = setup();
    const pending = resolver.resolve('token-a');
    // The logout passes through while the lookup is on its way back.
    resolver.forgetToken('token-a');
    expect(await pending).toMatchObject({ sessionId: 's1' });
    await resolver.resolve('token-a');
    expect(users.calls).toEqual(['token-a', 'token-a']);
  });

  it('forgets a session the moment users announces its revocation', async () => {
    const { resolver, users, sessions } = setup();
    const bus = new InProcessBus();
    await resolver.listen(bus);
    await resolver.resolve('token-a');
    sessions.set('token-a', null);
    await bus.publish('sessions.revoked', { sessionIds: ['s1'] });
    expect(await resolver.resolve('token-a')).toBeNull();
    expect(users.calls).toHaveLength(2);
  });

  it('forgets every session of a deleted member', async () => {
    const { resolver, users } = setup();
    const bus = new InProcessBus();
    await resolver.listen(bus);
    await resolver.resolve('token-a');
    await bus.publish('sessions.revoked', { userId: 'u1' });
    await resolver.resolve('token-a');
    expect(users.calls).toHaveLength(2);
  });

  it('carries the member’s roles and suspension, and a grant from the next request', async () => {
    const { resolver, users, sessions } = setup();
    const bus = new InProcessBus();
    await resolver.listen(bus);
    expect(await resolver.resolve('token-a')).toMatchObject({ roles: [] });
    expect(await resolver.resolve('token-a')).not.toHaveProperty('suspendedUntil');
    const until = '2031-01-01T00:00:00.000Z';
    sessions.set('token-a', {
      userId: 'u1',
      sessionId: 's1',
      language: 'he',
      roles: ['moderator', 'a-role-of-tomorrow'],
      suspendedUntil: until,
    });
    // The operator's command announces the member alone: every entry of theirs goes.
    await bus.publish('sessions.revoked', { userId: 'u1' });
    expect(await resolver.resolve('token-a')).toMatchObject({
      roles: ['moderator'],
      suspendedUntil: until,
    });
    expect(users.calls).toHaveLength(2);
  });

  it('takes roles or a suspension it cannot read for a failing users service', async () => {
    const { resolver, sessions } = setup();
    sessions.set('token-a', { userId: 'u1', sessionId: 's1', language: 'he', roles: 'admin' });
    await expect(resolver.resolve('token-a')).rejects.toBeInstanceOf(UsersUnavailableError);
    sessions.set('token-b', {
      userId: 'u1',
      sessionId: 's2',
      language: 'he',
      suspendedUntil: 'tomorrow',
    });
    await expect(resolver.resolve('token-b')).rejects.toBeInstanceOf(UsersUnavailableError);
  });

  it('reports the users service failing instead of treating the caller as a guest', async () => {
    const { resolver, users } = setup();
    users.fail();
    await expect(resolver.resolve('token-a')).rejects.toBeInstanceOf(UsersUnavailableError);
  });
});
