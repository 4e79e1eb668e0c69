import { randomUUID } from 'node:crypto';
import type {
  CurrentUser,
  DomainEventEnvelope,
  ErrorEnvelope,
  MemberRole,
  SessionUser,
} from '@mepedia/contracts';
import type { MemberIdentity } from '@mepedia/server-identity';
import { InProcessBus, InProcessQueue } from '@mepedia/server-queue';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  eventually,
  newRegistration,
  parseSetCookie,
  SETUP_TIMEOUT_MS,
  testIdentity,
} from '@mepedia/server-testing';
import { RolesRepository } from '../src/roles.repository';
import { operatorActor, RolesService } from '../src/roles.service';
import type { ResolvedSession } from '../src/sessions.service';
import { createTestUsersApp } from './users-app';
import { captureMessages, registerVerified as registerVerified_ } from './verified-member';

// Roles (granted and revoked, audited) and account restrictions (member.restriction.changed)
// in the users service, on each engine: what sessions carry, and what a ban ends.
describeEachEngine('roles and account restrictions', (engine) => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  const bus = new InProcessBus();
  const messages = captureMessages(queue);
  const revocations: unknown[] = [];
  let tested: TestService;
  let roles: RolesService;
  const operator = operatorActor('ada', 'ops-laptop');

  beforeAll(async () => {
    queue.process('events', async () => undefined);
    await bus.subscribe('sessions.revoked', (message) => revocations.push(message));
    tested = await startTestService('users', createTestUsersApp, { engine, queue, bus, identity });
    roles = new RolesService(new RolesRepository(tested.database.handle.db), bus);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
    await bus.close();
  }, SETUP_TIMEOUT_MS);

  const registerVerified = () => registerVerified_(tested.base, messages);

  async function signIn(email: string, password: string) {
    const response = await call<CurrentUser | ErrorEnvelope>(
      tested.base,
      'POST',
      '/api/users/login',
      { body: { email, password } },
    );
    return { response, token: parseSetCookie(response.headers)?.value };
  }

  async function resolve(token: string): Promise<ResolvedSession | null> {
    const response = await call<{ session: ResolvedSession | null }>(
      tested.base,
      'POST',
      '/internal/sessions/resolve',
      { body: { token }, headers: tested.as({ kind: 'service', service: 'gateway' }) },
    );
    expect(response.status).toBe(200);
    return response.body.session;
  }

  /** A verified member signed in twice (two browsers). */
  async function member() {
    const { registration, userId } = await registerVerified();
    const first = await signIn(registration.email, registration.password);
    const second = await signIn(registration.email, registration.password);
    return { registration, userId, tokens: [first.token!, second.token!] as const };
  }

  /** The member as the gateway vouches for them, from their session. */
  async function identityOf(token: string): Promise<MemberIdentity> {
    const session = (await resolve(token))!;
    return {
      kind: 'member',
      userId: session.userId,
      sessionId: session.sessionId,
      language: session.language,
      roles: session.roles,
      ...(session.suspendedUntil ? { suspendedUntil: session.suspendedUntil } : {}),
    };
  }

  /** The moderation service's word, delivered on the users' events queue. */
  async function restrict(
    userId: string,
    restriction: { suspendedUntil: string | null; banned: boolean },
    occurredAt: Date,
  ) {
    const event: DomainEventEnvelope = {
      id: randomUUID(),
      type: 'member.restriction.changed',
      source: 'moderation',
      occurredAt: occurredAt.toISOString(),
      payload: { userId, ...restriction },
    };
    await queue.add('events-users', event.type, event, { jobId: event.id });
    await eventually(async () => {
      const counts = await queue.counts('events-users');
      return counts.waiting + counts.active + counts.delayed === 0 ? counts : undefined;
    });
    expect((await queue.counts('events-users')).failed).toBe(0);
  }

  const auditRows = (userId: string) =>
    tested.database.query<{ role: MemberRole; action: string; actor: string }>(
      'select role, action, actor from users.role_changes where user_id = $1 order by at, id',
      [userId],
    );

  describe('roles', () => {
    it('grants a role, audited, carried by every session of the member from their next request', async () => {
      const ada = await member();
      expect(await resolve(ada.tokens[0])).toMatchObject({ roles: [], suspendedUntil: null });
      revocations.length = 0;

      const granted = await roles.grant(
        ` ${ada.registration.email.toUpperCase()} `,
        'moderator',
        operator,
      );
      expect(granted).toEqual({
        userId: ada.userId,
        email: ada.registration.email,
        role: 'moderator',
        changed: true,
        roles: ['moderator'],
      });
      for (const token of ada.tokens)
        expect(await resolve(token)).toMatchObject({ roles: ['moderator'] });
      // Gateways drop the member's cached sessions: no sign-out needed.
      expect(revocations).toEqual([{ userId: ada.userId }]);
      expect(await auditRows(ada.userId)).toEqual([
        { role: 'moderator', action: 'grant', actor: operator },
      ]);
      // The session call tells the web app (as the gateway signs it into the identity).
      const session = await call<SessionUser>(tested.base, 'POST', '/api/users/session', {
        headers: tested.as(await identityOf(ada.tokens[0])),
      });
      expect(session.body).toMatchObject({
        id: ada.userId,
        roles: ['moderator'],
        suspendedUntil: null,
      });
    });

    it('says so when the member holds the role already, and writes nothing', async () => {
      const ada = await member();
      await roles.grant(ada.registration.email, 'moderator', operator);
      revocations.length = 0;
      const again = await roles.grant(ada.registration.email, 'moderator', 'cli:grace@elsewhere');
      expect(again).toMatchObject({ changed: false, roles: ['moderator'] });
      expect(await auditRows(ada.userId)).toHaveLength(1);
      expect(revocations).toEqual([]);
      const notHeld = await roles.revoke(ada.registration.email, 'admin', operator);
      expect(notHeld).toMatchObject({ changed: false, roles: ['moderator'] });
      expect(await auditRows(ada.userId)).toHaveLength(1);
    });

    it('revokes, audited, and the sessions lose the role', async () => {
      const ada = await member();
      await roles.grant(ada.registration.email, 'admin', operator);
      await roles.grant(ada.registration.email, 'moderator', operator);
      expect(await resolve(ada.tokens[1])).toMatchObject({ roles: ['admin', 'moderator'] });
      const revoked = await roles.revoke(ada.registration.email, 'admin', 'cli:grace@elsewhere');
      expect(revoked).toMatchObject({ changed: true, roles: ['moderator'] });
      expect(await resolve(ada.tokens[1])).toMatchObject({ roles: ['moderator'] });
      expect(await auditRows(ada.userId)).toEqual([
        { role: 'admin', action: 'grant', actor: operator },
        { role: 'moderator', action: 'grant', actor: operator },
        { role: 'admin', action: 'revoke', actor: 'cli:grace@elsewhere' },
      ]);
    });

    it('knows no member by an unknown email, and gives no role to an account still verifying', async () => {
      const unknown = roles.grant(`nobody-${randomUUID()}@example.com`, 'moderator', operator);
      await expect(unknown).rejects.toMatchObject({ code: 'USER_NOT_FOUND' });
      const registration = newRegistration();
      const created = await call<{ userId: string }>(tested.base, 'POST', '/api/users/register', {
        body: registration,
      });
      await expect(roles.grant(registration.email, 'moderator', operator)).rejects.toMatchObject({
        code: 'USER_NOT_VERIFIED',
      });
      expect(await auditRows(created.body.userId)).toEqual([]);
    });

    it('lists the holders and the newest changes, and keeps the audit, not whose, when the account goes', async () => {
      const grace = await member();
      await roles.grant(grace.registration.email, 'moderator', operator);
      const holders = await roles.holders();
      expect(holders).toEqual(
        expect.arrayContaining([
          expect.objectContaining({
            userId: grace.userId,
            email: grace.registration.email,
            role: 'moderator',
            grantedBy: operator,
            fullname: `${grace.registration.firstname} ${grace.registration.lastname}`,
          }),
        ]),
      );
      expect((await roles.recentChanges(1))[0]).toMatchObject({
        userId: grace.userId,
        email: grace.registration.email,
        action: 'grant',
      });

      // The member leaves: their role goes with the account, and the audit says so, forgetting
      // whose it was (a deleted member leaves nothing: docs/security.md).
      const before = await tested.database.count(
        'select count(*)::int as n from users.role_changes',
      );
      const deleted = await call(tested.base, 'POST', '/api/users/deleteUserById', {
        headers: tested.as(await identityOf(grace.tokens[0])),
        body: { id: grace.userId, password: grace.registration.password },
      });
      expect(deleted.status).toBe(200);
      expect((await roles.holders()).map((holder) => holder.userId)).not.toContain(grace.userId);
      expect(await auditRows(grace.userId)).toEqual([]);
      expect(await tested.database.count('select count(*)::int as n from users.role_changes')).toBe(
        before + 1,
      );
      const [newest] = await roles.recentChanges(1);
      expect(newest).toMatchObject({
        userId: null,
        email: null,
        role: 'moderator',
        action: 'revoke',
        actor: 'account-deleted',
      });
      expect(
        await tested.database.count(
          `select count(*)::int as n from users.role_changes where actor like $1`,
          [`%${grace.userId}%`],
        ),
      ).toBe(0);
    });

    it('never lets the audit be rewritten', async () => {
      const ada = await member();
      await roles.grant(ada.registration.email, 'moderator', operator);
      await expect(
        tested.database.query(
          `update users.role_changes set actor = 'someone' where user_id = $1`,
          [ada.userId],
        ),
      ).rejects.toThrow(/append-only/);
      await expect(
        tested.database.query('delete from users.role_changes where user_id = $1', [ada.userId]),
      ).rejects.toThrow(/append-only/);
      await expect(
        tested.database.query(
          `update users.role_changes set user_id = null, role = 'admin' where user_id = $1`,
          [ada.userId],
        ),
      ).rejects.toThrow(/append-only/);
      expect(await auditRows(ada.userId)).toEqual([
        { role: 'moderator', action: 'grant', actor: operator },
      ]);
    });
  });

  describe('account restrictions', () => {
    const hours = (n: number) => new Date(Date.now() + n * 3_600_000).toISOString();

    it('suspends: every session carries it, the member’s writes are refused, reads and settings are not', async () => {
      const ada = await member();
      const until = hours(48);
      revocations.length = 0;
      await restrict(ada.userId, { suspendedUntil: until, banned: false }, new Date());
      for (const token of ada.tokens)
        expect(await resolve(token)).toMatchObject({ suspendedUntil: until, roles: [] });
      expect(revocations).toEqual([{ userId: ada.userId }]);

      const as = tested.as(await identityOf(ada.tokens[0]));
      const write = await call<ErrorEnvelope>(
        tested.base,
        'PUT',
        '/api/users/updateUserInformation',
        {
          headers: as,
          body: { moto: 'Buy cheap watches here' },
        },
      );
      expect(write.status).toBe(403);
      expect(write.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', details: { until } });
      const language = await call(tested.base, 'PUT', '/api/users/updateUserLanguage', {
        headers: as,
        body: { language: 'he' },
      });
      expect(language.status).toBe(200);
      const sessions = await call(tested.base, 'GET', '/api/users/sessions', { headers: as });
      expect(sessions.status).toBe(200);
      const session = await call<SessionUser>(tested.base, 'POST', '/api/users/session', {
        headers: as,
      });
      expect(session.body).toMatchObject({ suspendedUntil: until });
    });

    it('applies the newest word whatever order the words arrive in, and each once', async () => {
      const ada = await member();
      const t = Date.now();
      const lifted = { suspendedUntil: null, banned: false };
      const suspended = { suspendedUntil: hours(24), banned: false };
      // The lifting (newest) arrives first; the suspension it lifted arrives late and is ignored.
      await restrict(ada.userId, lifted, new Date(t + 2_000));
      await restrict(ada.userId, suspended, new Date(t + 1_000));
      expect(await resolve(ada.tokens[0])).toMatchObject({ suspendedUntil: null });
      // Heard again, the newest changes nothing and tells no gateway anything.
      revocations.length = 0;
      await restrict(ada.userId, lifted, new Date(t + 2_000));
      expect(revocations).toEqual([]);
      // A newer suspension does apply; one that has run out is none.
      await restrict(ada.userId, suspended, new Date(t + 3_000));
      expect(await resolve(ada.tokens[0])).toMatchObject({
        suspendedUntil: suspended.suspendedUntil,
      });
      await restrict(ada.userId, { suspendedUntil: hours(-1), banned: false }, new Date(t + 4_000));
      expect(await resolve(ada.tokens[0])).toMatchObject({ suspendedUntil: null });
    });

    it('bans: every session ends at once, gateways are told, and sign-in answers ACCOUNT_BANNED', async () => {
      const ada = await member();
      const t = Date.now();
      revocations.length = 0;
      await restrict(ada.userId, { suspendedUntil: null, banned: true }, new Date(t));
      for (const token of ada.tokens) expect(await resolve(token)).toBeNull();
      expect(revocations).toEqual([
        { userId: ada.userId, sessionIds: expect.arrayContaining([expect.any(String)]) },
      ]);
      // Both sign-ins, and the browser that verified the email (signed in then).
      expect((revocations[0] as { sessionIds: string[] }).sessionIds).toHaveLength(3);
      expect(
        await tested.database.count(
          'select count(*)::int as n from users.sessions where user_id = $1',
          [ada.userId],
        ),
      ).toBe(0);

      const refused = await signIn(ada.registration.email, ada.registration.password);
      expect(refused.response.status).toBe(403);
      expect(refused.response.body).toMatchObject({ code: 'ACCOUNT_BANNED' });
      expect(refused.token).toBeUndefined();
      // The ban is told only to whoever proves the password.
      const wrong = await signIn(ada.registration.email, `${ada.registration.password}x`);
      expect(wrong.response.body).toMatchObject({ code: 'INVALID_CREDENTIALS' });

      // An older word (a suspension) arriving late does not undo the ban.
      await restrict(ada.userId, { suspendedUntil: hours(2), banned: false }, new Date(t - 1_000));
      expect(
        (await signIn(ada.registration.email, ada.registration.password)).response.status,
      ).toBe(403);
      // A newer one that lifts it lets the member back in.
      await restrict(ada.userId, { suspendedUntil: null, banned: false }, new Date(t + 1_000));
      const back = await signIn(ada.registration.email, ada.registration.password);
      expect(back.response.status).toBe(200);
      expect(await resolve(back.token!)).toMatchObject({
        userId: ada.userId,
        suspendedUntil: null,
      });
    });

    it('writes nothing for a member who is gone, or an id that is no member’s', async () => {
      revocations.length = 0;
      const stranger = randomUUID();
      await restrict(stranger, { suspendedUntil: null, banned: true }, new Date());
      await restrict('not-a-member', { suspendedUntil: hours(1), banned: false }, new Date());
      expect(revocations).toEqual([]);
      expect(
        await tested.database.count('select count(*)::int as n from users.users where id = $1', [
          stranger,
        ]),
      ).toBe(0);
    });
  });
});
