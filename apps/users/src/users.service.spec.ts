import { randomUUID } from 'node:crypto';
import { RegisterRequest, UpdateUserInformationRequest } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import { InProcessBus } from '@mepedia/server-queue';
import { newRegistration } from '@mepedia/server-testing';
import type { AuditLog } from './audit-log';
import { PasswordHasher } from './passwords';
import { SessionsService } from './sessions.service';
import type { UserChanges, UsersStore } from './users.repository';
import type { NewUserRow, UserRow } from './users.schema';
import { UsersService } from './users.service';

/** An in-memory stand-in for the repository: the rules under test, no database. */
function newFakeStore() {
  const users = new Map<string, UserRow>();
  const sessions = new Map<
    string,
    { id: string; userId: string; tokenHash: string; expiresAt: Date; lastSeenAt: Date }
  >();
  const events: Array<{ type: string; userId: string }> = [];
  let open = 0;
  const store: UsersStore = {
    // No rollback: the rules under test only need to know they ran inside one.
    transaction: (work) => {
      open += 1;
      return work(store).finally(() => {
        open -= 1;
      });
    },
    insert: async (row: NewUserRow) => {
      const full = {
        websiteLink: null,
        facebookLink: null,
        instagramLink: null,
        linkedinLink: null,
        profileImage: null,
        croppedProfileImage: null,
        moto: null,
        aboutMe: null,
        videoUrl: null,
        phoneVerifiedAt: null,
        emailVerifiedAt: null,
        createdAt: new Date(),
        updatedAt: new Date(),
        publishedAnswers: 0,
        publishedTopics: '',
        publishedAt: null,
        publicationVersion: null,
        suspendedUntil: null,
        bannedAt: null,
        restrictionVersion: null,
        searchText: '',
        moderationState: 'visible' as const,
        moderationCaseId: null,
        moderationChangedAt: null,
        ...row,
        verificationDeadline: row.verificationDeadline ?? null,
      };
      users.set(full.id, full);
      return full;
    },
    findById: async (id) => users.get(id),
    findByIds: async (ids) => [...users.values()].filter((u) => ids.includes(u.id)),
    deletePendingPastDeadline: async (now, holding) => {
      const gone = [...users.values()].filter(
        (u) =>
          !u.emailVerifiedAt &&
          u.verificationDeadline !== null &&
          u.verificationDeadline <= now &&
          (!holding ||
            u.email === holding.email ||
            (u.phoneNumberPrefix === holding.phoneNumberPrefix &&
              u.phoneNumber === holding.phoneNumber)),
      );
      for (const u of gone) users.delete(u.id);
      return gone.length;
    },
    findByEmail: async (email) => [...users.values()].find((u) => u.email === email),
    findByPhone: async (prefix, phone) =>
      [...users.values()].find((u) => u.phoneNumberPrefix === prefix && u.phoneNumber === phone),
    setAccountFields: async (id, fields) => {
      const row = users.get(id);
      if (row) Object.assign(row, fields);
      return row;
    },
    deleteSessionsOf: async (userId, keep) => {
      const ended = [...sessions.values()]
        .filter((s) => s.userId === userId && s.id !== keep)
        .map((s) => s.id);
      for (const id of ended) sessions.delete(id);
      return ended;
    },
    recordEvent: async (type, payload) => {
      events.push({ type, userId: (payload as { userId?: string }).userId ?? '' });
    },
    existsByPhone: async (prefix, phone) =>
      [...users.values()].some((u) => u.phoneNumberPrefix === prefix && u.phoneNumber === phone),
    changeEmail: async (id, email) => {
      const row = users.get(id);
      if (!row) return undefined;
      row.email = email;
      events.push({ type: 'user.updated', userId: id });
      return row;
    },
    update: async (id, changes: UserChanges) => {
      const row = users.get(id);
      if (!row) return undefined;
      Object.assign(row, changes);
      events.push({ type: 'user.updated', userId: id });
      return row;
    },
    delete: async (id) => {
      events.push({ type: 'user.deleted', userId: id });
      for (const [key, session] of sessions) if (session.userId === id) sessions.delete(key);
      return users.delete(id);
    },
    insertSession: async (row) => {
      sessions.set(row.id, {
        id: row.id,
        userId: row.userId,
        tokenHash: row.tokenHash,
        expiresAt: row.expiresAt,
        lastSeenAt: row.lastSeenAt ?? new Date(),
      });
    },
    findLiveSession: async (tokenHash, now, idleSince) => {
      const session = [...sessions.values()].find(
        (s) => s.tokenHash === tokenHash && s.expiresAt > now && s.lastSeenAt > idleSince,
      );
      const user = session && users.get(session.userId);
      return session && user && !user.bannedAt
        ? {
            sessionId: session.id,
            userId: session.userId,
            language: user.language,
            expiresAt: session.expiresAt,
            lastSeenAt: session.lastSeenAt,
            suspendedUntil: user.suspendedUntil,
            roles: [],
          }
        : undefined;
    },
    isBanned: async (userId) => users.get(userId)?.bannedAt != null,
    applyRestriction: async (userId, restriction, occurredAt) => {
      const user = users.get(userId);
      if (!user || (user.restrictionVersion && user.restrictionVersion >= occurredAt))
        return undefined;
      user.suspendedUntil = restriction.suspendedUntil;
      user.bannedAt = restriction.banned ? (user.bannedAt ?? occurredAt) : null;
      user.restrictionVersion = occurredAt;
      const ended = restriction.banned
        ? [...sessions.values()].filter((s) => s.userId === userId).map((s) => s.id)
        : [];
      for (const id of ended) sessions.delete(id);
      return { banned: restriction.banned, endedSessions: ended };
    },
    touchSession: async (id, now) => {
      const session = sessions.get(id);
      if (session) session.lastSeenAt = now;
    },
    liveSessionsOf: async (userId, now, idleSince) =>
      [...sessions.values()]
        .filter((s) => s.userId === userId && s.expiresAt > now && s.lastSeenAt > idleSince)
        .map((s) => ({ ...s, createdAt: s.lastSeenAt, userAgent: null })),
    findSession: async (id) => {
      const session = sessions.get(id);
      return session && { id: session.id, userId: session.userId };
    },
    deleteSession: async (id) => sessions.delete(id),
    deleteExpiredSessions: async () => 0,
  };
  return { store, users, sessionRows: sessions, events, inTransaction: () => open > 0 };
}

function newTestService() {
  const fake = newFakeStore();
  const bus = new InProcessBus();
  const sessions = new SessionsService(fake.store, bus);
  const nudges: number[] = [];
  const audits: Array<{ type: string; userId: string | null }> = [];
  const auditLog = {
    record: async (type: string, userId: string | null) => void audits.push({ type, userId }),
  } as unknown as AuditLog;
  const codesSent: string[] = [];
  const verification = {
    sendPhoneCodeTo: async (user: UserRow) => (
      codesSent.push(user.id),
      { sent: true as const, resendAfterSeconds: 60, expiresInSeconds: 600 }
    ),
  };
  const sut = new UsersService(
    fake.store,
    new PasswordHasher(),
    sessions,
    () => nudges.push(1),
    auditLog,
    verification,
  );
  return { sut, sessions, bus, nudges, audits, codesSent, ...fake };
}

const codeOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error instanceof AppError ? error.code : error;
  }
  return 'no error';
};

describe(UsersService.name, () => {
  describe('register', () => {
    it('creates a member in the registered state with a hashed password and recorded consent, and sends a code', async () => {
      const { sut, users, codesSent, audits } = newTestService();
      const result = await sut.register(RegisterRequest.parse(newRegistration()));
      expect(result.verification).toBe('registered');
      expect(codesSent).toEqual([result.userId]);
      expect(audits).toEqual([{ type: 'user.registered', userId: result.userId }]);
      const row = users.get(result.userId)!;
      expect(row.passwordHash).not.toContain('a-long-secret-42');
      expect(row.termsAcceptedAt).toBeInstanceOf(Date);
    });

    it('refuses a taken email or phone', async () => {
      const { sut } = newTestService();
      const first = newRegistration();
      await sut.register(RegisterRequest.parse(first));
      expect(
        await codeOf(sut.register(RegisterRequest.parse(newRegistration({ email: first.email })))),
      ).toBe('EMAIL_EXISTS');
      expect(
        await codeOf(
          sut.register(RegisterRequest.parse(newRegistration({ phoneNumber: first.phoneNumber }))),
        ),
      ).toBe('PHONE_EXISTS');
    });
  });

  describe('authenticate', () => {
    it('checks the password of any live account, and lets only verified members in', async () => {
      const { sut, users } = newTestService();
      const registration = newRegistration();
      const { userId } = await sut.register(RegisterRequest.parse(registration));
      const row = users.get(userId)!;
      // The password is right: the account comes back, so its browser can be handed a ticket.
      await expect(
        sut.authenticate(registration.email, registration.password),
      ).resolves.toMatchObject({ id: userId });
      let error: unknown;
      try {
        await sut.requireMaySignIn(row);
      } catch (caught) {
        error = caught;
      }
      expect(error).toMatchObject({
        code: 'USER_NOT_VERIFIED',
        details: { userId, verification: 'registered' },
      });
      row.phoneVerifiedAt = new Date();
      expect(await codeOf(sut.requireMaySignIn(row))).toBe('USER_NOT_VERIFIED');
      row.emailVerifiedAt = new Date();
      await expect(sut.requireMaySignIn(row)).resolves.toBeUndefined();
      // A banned account is told so, and only now that the password is proven.
      row.bannedAt = new Date();
      expect(await codeOf(sut.requireMaySignIn(row))).toBe('ACCOUNT_BANNED');
      // A pending account past its deadline is gone, whatever the sweep has done.
      const late = newRegistration();
      const pending = await sut.register(RegisterRequest.parse(late));
      users.get(pending.userId)!.verificationDeadline = new Date(Date.now() - 1000);
      expect(await codeOf(sut.authenticate(late.email, late.password))).toBe('INVALID_CREDENTIALS');
    });

    it('says the same for a wrong password and an unknown email', async () => {
      const { sut } = newTestService();
      const registration = newRegistration();
      await sut.register(RegisterRequest.parse(registration));
      expect(await codeOf(sut.authenticate(registration.email, 'wrong-123'))).toBe(
        'INVALID_CREDENTIALS',
      );
      expect(await codeOf(sut.authenticate('nobody@example.com', 'wrong-123'))).toBe(
        'INVALID_CREDENTIALS',
      );
    });
  });

  describe('updateInformation', () => {
    async function member() {
      const service = newTestService();
      const registration = newRegistration();
      const { userId } = await service.sut.register(RegisterRequest.parse(registration));
      return { ...service, registration, userId };
    }

    it('merges only the fields sent and nudges the outbox relay', async () => {
      const { sut, userId, nudges, events } = await member();
      const updated = await sut.updateInformation(
        userId,
        UpdateUserInformationRequest.parse({ moto: 'Hello' }),
      );
      expect(updated).toMatchObject({
        moto: 'Hello',
        firstname: 'Dana',
        websiteLink: 'https://dana.example.com',
      });
      expect(nudges).toHaveLength(1);
      expect(events).toEqual([{ type: 'user.updated', userId }]);
    });

    it('accepts contact details sent back unchanged and refuses changed ones', async () => {
      const { sut, userId, registration } = await member();
      await expect(
        sut.updateInformation(
          userId,
          UpdateUserInformationRequest.parse({
            email: registration.email,
            phoneNumberPrefix: '+972',
            phoneNumber: registration.phoneNumber,
            moto: 'x',
          }),
        ),
      ).resolves.toMatchObject({ moto: 'x' });
      expect(
        await codeOf(
          sut.updateInformation(
            userId,
            UpdateUserInformationRequest.parse({
              phoneNumberPrefix: '+972',
              phoneNumber: '0529999999',
            }),
          ),
        ),
      ).toBe('CONTACT_CHANGE_NOT_ALLOWED');
      expect(
        await codeOf(
          sut.updateInformation(
            userId,
            UpdateUserInformationRequest.parse({ password: 'new-pass-1' }),
          ),
        ),
      ).toBe('PASSWORD_CHANGE_NOT_ALLOWED');
    });

    it('checks names being set against the stored language', async () => {
      const { sut, userId } = await member();
      expect(
        await codeOf(
          sut.updateInformation(userId, UpdateUserInformationRequest.parse({ firstname: 'דנה' })),
        ),
      ).toBe('VALIDATION_FAILED');
    });

    it('changes nothing when nothing is sent', async () => {
      const { sut, userId, nudges } = await member();
      await sut.updateInformation(userId, UpdateUserInformationRequest.parse({}));
      expect(nudges).toHaveLength(0);
    });
  });

  describe('deleteAccount', () => {
    it('deletes only the caller own account and tells gateways to forget its sessions', async () => {
      const { sut, bus, users } = newTestService();
      const a = await sut.register(RegisterRequest.parse(newRegistration()));
      const b = await sut.register(RegisterRequest.parse(newRegistration()));
      const heard: unknown[] = [];
      await bus.subscribe('sessions.revoked', (message) => heard.push(message));
      const password = newRegistration().password;
      expect(await codeOf(sut.deleteAccount(a.userId, b.userId, password))).toBe(
        'NOT_ACCOUNT_OWNER',
      );
      expect(users.has(b.userId)).toBe(true);
      expect(await codeOf(sut.deleteAccount(a.userId, a.userId, 'not-the-password'))).toBe(
        'PASSWORD_INCORRECT',
      );
      expect(users.has(a.userId)).toBe(true);
      await sut.deleteAccount(a.userId, a.userId, password);
      expect(users.has(a.userId)).toBe(false);
      expect(heard).toEqual([{ userId: a.userId }]);
    });
  });

  describe('publicProfile, userIdByEmail and memberNames', () => {
    it('know only verified members', async () => {
      const { sut, users } = newTestService();
      const registration = newRegistration();
      const { userId } = await sut.register(RegisterRequest.parse(registration));
      expect(await codeOf(sut.publicProfile(userId))).toBe('USER_NOT_FOUND');
      const asker = randomUUID();
      expect(await codeOf(sut.userIdByEmail(registration.email, asker))).toBe('USER_NOT_FOUND');
      Object.assign(users.get(userId)!, {
        phoneVerifiedAt: new Date(),
        emailVerifiedAt: new Date(),
      });
      await expect(sut.publicProfile(userId)).resolves.toMatchObject({
        id: userId,
        fullname: 'Dana Levi',
      });
      await expect(sut.userIdByEmail(registration.email, asker)).resolves.toEqual({ userId });
    });

    it.each(['held', 'removed'] as const)(
      'know a member whose profile moderation %s only to the member, who is told why (issue 35)',
      async (state) => {
        const { sut, users } = newTestService();
        const registration = newRegistration();
        const { userId } = await sut.register(RegisterRequest.parse(registration));
        Object.assign(users.get(userId)!, {
          phoneVerifiedAt: new Date(),
          emailVerifiedAt: new Date(),
          moderationState: state,
          moderationCaseId: 'case-7',
        });
        const other = randomUUID();
        for (const reader of [null, other]) {
          expect(await codeOf(sut.publicProfile(userId, reader))).toBe('USER_NOT_FOUND');
          expect(await sut.memberNames([userId], reader)).toEqual({ members: [] });
        }
        expect(await codeOf(sut.userIdByEmail(registration.email, other))).toBe('USER_NOT_FOUND');
        await expect(sut.publicProfile(userId, userId)).resolves.toMatchObject({
          id: userId,
          moderation: { state, caseId: 'case-7' },
        });
        expect((await sut.memberNames([userId], userId)).members).toHaveLength(1);
        await expect(sut.userIdByEmail(registration.email, userId)).resolves.toEqual({ userId });
      },
    );

    it('name the verified members among the ids asked, and no pending account', async () => {
      const { sut, users } = newTestService();
      const pending = await sut.register(RegisterRequest.parse(newRegistration()));
      const verified = await sut.register(RegisterRequest.parse(newRegistration()));
      Object.assign(users.get(verified.userId)!, {
        phoneVerifiedAt: new Date(),
        emailVerifiedAt: new Date(),
      });
      const named = await sut.memberNames([pending.userId, verified.userId]);
      expect(named.members.map((member) => member.id)).toEqual([verified.userId]);
    });
  });
});

describe(SessionsService.name, () => {
  it('issues 256-bit tokens, stores only their hash, and resolves until revoked', async () => {
    const { sut, sessions: service, bus } = newTestService();
    const { userId } = await sut.register(RegisterRequest.parse(newRegistration()));
    const first = await service.create(userId);
    const second = await service.create(userId);
    expect(first.token).toMatch(/^[\w-]{43}$/);
    expect(Buffer.from(first.token, 'base64url')).toHaveLength(32);
    expect(first.token).not.toBe(second.token);
    await expect(service.resolve(first.token)).resolves.toMatchObject({
      userId,
      sessionId: first.sessionId,
    });
    const heard: unknown[] = [];
    await bus.subscribe('sessions.revoked', (message) => heard.push(message));
    await service.revoke(first.sessionId);
    await expect(service.resolve(first.token)).resolves.toBeNull();
    await expect(service.resolve(second.token)).resolves.not.toBeNull();
    expect(heard).toEqual([{ sessionIds: [first.sessionId] }]);
  });

  it('ends one session of the member’s own only, deciding inside its transaction', async () => {
    const { sut, sessions: service, bus, store, sessionRows, inTransaction } = newTestService();
    const ada = await sut.register(RegisterRequest.parse(newRegistration()));
    const noa = await sut.register(RegisterRequest.parse(newRegistration()));
    const adas = await service.create(ada.userId);
    const noas = await service.create(noa.userId);
    const heard: unknown[] = [];
    await bus.subscribe('sessions.revoked', (message) => heard.push(message));
    const findSession = store.findSession.bind(store);
    const askedInside: boolean[] = [];
    store.findSession = (id) => {
      askedInside.push(inTransaction());
      return findSession(id);
    };

    // Another member's session, one that never was and a made-up id: all the same answer.
    for (const [who, sessionId] of [
      [noa.userId, adas.sessionId],
      [ada.userId, '0196f0a4-0000-7000-8000-000000000000'],
      [ada.userId, 'not-a-session'],
    ] as const)
      expect(await codeOf(service.endOne(who, sessionId))).toBe('SESSION_NOT_FOUND');
    expect([...sessionRows.keys()].sort()).toEqual([adas.sessionId, noas.sessionId].sort());
    expect(heard).toEqual([]);

    await expect(service.endOne(ada.userId, adas.sessionId)).resolves.toEqual({ ended: true });
    expect([...sessionRows.keys()]).toEqual([noas.sessionId]);
    expect(heard).toEqual([{ sessionIds: [adas.sessionId] }]);
    // Ended already: gone, the same answer.
    expect(await codeOf(service.endOne(ada.userId, adas.sessionId))).toBe('SESSION_NOT_FOUND');
    expect(askedInside).toEqual([true, true, true, true, true]);
  });

  it('gives a banned account no session, whichever way it signs in', async () => {
    const { sut, sessions: service, users, sessionRows } = newTestService();
    const { userId } = await sut.register(RegisterRequest.parse(newRegistration()));
    users.get(userId)!.bannedAt = new Date();
    expect(await codeOf(service.create(userId))).toBe('ACCOUNT_BANNED');
    expect(sessionRows.size).toBe(0);
  });

  it('resolves a suspension only while it lasts', async () => {
    const { sut, sessions: service, users } = newTestService();
    const { userId } = await sut.register(RegisterRequest.parse(newRegistration()));
    const now = new Date();
    const { token } = await service.create(userId, now);
    users.get(userId)!.suspendedUntil = new Date(now.getTime() + 60_000);
    await expect(service.resolve(token, now)).resolves.toMatchObject({
      suspendedUntil: new Date(now.getTime() + 60_000).toISOString(),
    });
    await expect(service.resolve(token, new Date(now.getTime() + 60_000))).resolves.toMatchObject({
      suspendedUntil: null,
    });
  });

  it('resolves nothing after expiry or for a malformed token', async () => {
    const { sut, sessions: service } = newTestService();
    const { userId } = await sut.register(RegisterRequest.parse(newRegistration()));
    const session = await service.create(userId, new Date('2020-01-01T00:00:00Z'));
    await expect(service.resolve(session.token)).resolves.toBeNull();
    await expect(service.resolve('short')).resolves.toBeNull();
  });
});
