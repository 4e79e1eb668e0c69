import type {
  CircleInvitation,
  CircleInvitationLink,
  CircleInvitationPreview,
  CircleJoined,
  CirclesImIn,
  DomainEventPayload,
  EmailJob,
  ErrorEnvelope,
  MyCircle,
} from '@mepedia/contracts';
import { CIRCLE_MEMBERS_MAX, CIRCLE_PENDING_MAX } from '@mepedia/contracts';
import { errorMessages } from '@mepedia/messages/errors';
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
import { createCirclesApp } from '../src/circles.app';
import { invitationDigest } from '../src/circles.service';

type Answer<T> = { status: number; body: T };

const PUBLIC_URL = 'https://mepedia.test';

// Circles over real HTTP, on each engine (PGlite too: the owner's advisory turn, the invitation's
// row lock and the partial index of waiting invitations must work there).
describeEachEngine('circles service over HTTP', (engine) => {
  let tested: TestService;
  const emitted: Array<{ type: string; payload: Record<string, unknown> }> = [];
  const emails: EmailJob[] = [];

  const post = async <T>(path: string, who: Member | null, body?: unknown): Promise<Answer<T>> => {
    const { status, body: answer } = await tested.call<T>('POST', `/api/circles/${path}`, {
      headers: who ? tested.as(who) : {},
      ...(body === undefined ? {} : { body }),
    });
    return { status, body: answer };
  };
  const code = (answer: Answer<unknown>) => (answer.body as ErrorEnvelope).code;
  const deliver = async (type: string, payload: unknown, at = new Date()) => {
    const event = envelope(type, payload, at);
    await tested.queue.add('events-circles', event.type, event, { jobId: event.id });
  };
  const announce = (who: Member, fullname: string, email: string, at = new Date()) =>
    deliver(
      'user.updated',
      {
        userId: who.userId,
        firstname: fullname.split(' ')[0] ?? fullname,
        lastname: fullname.split(' ')[1] ?? '',
        fullname,
        language: who.language,
        profileImage: null,
        email,
      } satisfies DomainEventPayload<'user.updated'>,
      at,
    );
  let serial = 0;
  /** A verified member the service has heard of, with an address of their own. */
  const known = async (fullname: string, language: 'en' | 'he' = 'en') => {
    const who = newMember({ language });
    const email = `member${++serial}.${who.userId.slice(0, 8)}@example.test`;
    await announce(who, fullname, email);
    await eventually(
      async () =>
        (await tested.database.count(
          'select count(*)::int as n from circles.members where user_id = $1',
          [who.userId],
        )) > 0 || undefined,
      { what: 'the member row' },
    );
    return Object.assign(who, { email });
  };
  const eventsAbout = (type: string, ownerId: string) =>
    emitted.filter((event) => event.type === type && event.payload['ownerId'] === ownerId);
  const link = async (owner: Member, message?: string) =>
    (await post<CircleInvitationLink>('createInvitationLink', owner, message ? { message } : {}))
      .body;
  const emailTo = async (address: string) =>
    eventually(() => [...emails].reverse().find((job) => job.to === address), {
      what: `the email to ${address}`,
    });
  const tokenIn = (job: EmailJob) => {
    if (job.template !== 'circle-invitation') throw new Error(`not an invitation: ${job.template}`);
    return decodeURIComponent(job.data.link.split('/circle/join/')[1] ?? '');
  };

  beforeAll(async () => {
    tested = await startTestService(
      'circles',
      (platform) => createCirclesApp(platform, { publicUrl: PUBLIC_URL }),
      { engine },
    );
    tested.queue.process('events', async (job) => {
      const data = job.data as { type: string; payload: Record<string, unknown> };
      emitted.push({ type: data.type, payload: data.payload });
    });
    tested.queue.process('email', async (job) => {
      emails.push(job.data as EmailJob);
    });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('lets one person join by a link, once, and announces it; the token is stored only as a digest', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const eli = await known('Eli Mizrahi');

    const made = await link(noa, 'For my <b>family</b> first');
    expect(made.path).toBe(`/circle/join/${encodeURIComponent(made.token)}`);
    expect(made.invitation).toMatchObject({ kind: 'link', email: null });
    const stored = await tested.database.query<{ token_digest: string }>(
      'select token_digest from circles.circle_invitations where id = $1',
      [made.invitation.id],
    );
    expect(stored).toEqual([{ token_digest: invitationDigest(made.token) }]);
    expect(stored[0]?.token_digest).not.toContain(made.token);

    // Anyone holding the link reads who invites, in their words as written (plain text).
    expect(
      await post<CircleInvitationPreview>('getInvitation', null, { token: made.token }),
    ).toEqual({
      status: 200,
      body: {
        inviter: { userId: noa.userId, fullname: 'Noa Levi', profileImage: null },
        kind: 'link',
        email: null,
        message: 'For my <b>family</b> first',
        expiresAt: made.invitation.expiresAt,
      },
    });

    const joined = await post<CircleJoined>('acceptInvitation', dan, { token: made.token });
    expect(joined.status).toBe(200);
    expect(joined.body.owner).toMatchObject({ userId: noa.userId, fullname: 'Noa Levi' });
    // The same person again: the same answer, no second announcement.
    expect((await post<CircleJoined>('acceptInvitation', dan, { token: made.token })).body).toEqual(
      joined.body,
    );
    // Someone else with the same link: it admitted one person.
    const late = await post('acceptInvitation', eli, { token: made.token });
    expect([late.status, code(late)]).toEqual([410, 'INVITATION_USED']);
    expect(code(await post('getInvitation', null, { token: made.token }))).toBe('INVITATION_USED');

    const circle = (await post<MyCircle>('getMyCircle', noa)).body;
    expect(circle.members.map((person) => person.userId)).toEqual([dan.userId]);
    expect(circle.invitations).toEqual([]);
    expect(circle.limits).toEqual({ members: CIRCLE_MEMBERS_MAX, pending: CIRCLE_PENDING_MAX });
    expect((await post<CirclesImIn>('getCirclesImIn', dan)).body.circles).toEqual([
      expect.objectContaining({ userId: noa.userId, fullname: 'Noa Levi' }),
    ]);
    expect((await post<CirclesImIn>('getCirclesImIn', eli)).body.circles).toEqual([]);

    await eventually(() => eventsAbout('circle.member.added', noa.userId).length > 0 || undefined, {
      what: 'circle.member.added',
    });
    expect(eventsAbout('circle.member.added', noa.userId).map((event) => event.payload)).toEqual([
      { ownerId: noa.userId, memberId: dan.userId },
    ]);
  });

  it('sends an email invitation in the invitee’s language, for their address alone', async () => {
    const noa = await known('Noa Levi');
    const tamar = await known('Tamar Golan', 'he');
    const dan = await known('Dan Cohen');

    const sent = await post<CircleInvitation>('inviteByEmail', noa, {
      email: `  ${tamar.email.toUpperCase()} `,
      message: 'Tamar, this is for you',
    });
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ kind: 'email', email: tamar.email });
    const job = await emailTo(tamar.email);
    // A member with this address: their own language, not both.
    expect(job).toMatchObject({
      template: 'circle-invitation',
      language: 'he',
      data: { inviter: 'Noa Levi', message: 'Tamar, this is for you', bilingual: false },
    });
    if (job.template !== 'circle-invitation') throw new Error('not an invitation');
    expect(job.data.link.startsWith(`${PUBLIC_URL}/he/circle/join/`)).toBe(true);
    expect(job.data.otherLink).toBeUndefined();

    const token = tokenIn(job);
    const preview = (await post<CircleInvitationPreview>('getInvitation', null, { token })).body;
    expect(preview).toMatchObject({ kind: 'email', email: tamar.email });
    // Someone with another address cannot use it, and it stays open for Tamar.
    const other = await post('acceptInvitation', dan, { token });
    expect([other.status, code(other)]).toEqual([403, 'INVITATION_FOR_ANOTHER_EMAIL']);
    expect((await post('acceptInvitation', tamar, { token })).status).toBe(200);

    // Now in: another invitation to her is refused, and so is one to Noa's own address.
    const again = await post('inviteByEmail', noa, { email: tamar.email });
    expect([again.status, code(again)]).toEqual([409, 'CIRCLE_ALREADY_MEMBER']);
    const self = await post('inviteByEmail', noa, { email: noa.email });
    expect([self.status, code(self)]).toEqual([400, 'CIRCLE_INVITE_SELF']);
    // And her own link, opened by herself.
    const own = await link(noa);
    expect(code(await post('acceptInvitation', noa, { token: own.token }))).toBe(
      'CIRCLE_INVITE_SELF',
    );
  });

  it('writes to an unknown address in the inviter’s language with a part in the other, or in the one chosen', async () => {
    const noa = await known('Noa Levi');
    const stranger = `someone.${noa.userId.slice(0, 8)}@example.test`;
    await post('inviteByEmail', noa, { email: stranger });
    const both = await emailTo(stranger);
    expect(both).toMatchObject({ language: 'en', data: { bilingual: true } });
    if (both.template !== 'circle-invitation') throw new Error('not an invitation');
    expect(both.data.otherLink?.startsWith(`${PUBLIC_URL}/he/circle/join/`)).toBe(true);
    expect(tokenIn(both)).toBe(decodeURIComponent(both.data.otherLink?.split('/join/')[1] ?? ''));

    // Inviting the same address again replaces the invitation: the first link is withdrawn.
    const chosen = `chosen.${noa.userId.slice(0, 8)}@example.test`;
    await post('inviteByEmail', noa, { email: chosen, language: 'he' });
    const first = tokenIn(await emailTo(chosen));
    emails.length = 0;
    await post('inviteByEmail', noa, { email: chosen, language: 'he' });
    const second = await emailTo(chosen);
    expect(second).toMatchObject({ language: 'he', data: { bilingual: false } });
    expect(code(await post('getInvitation', null, { token: first }))).toBe('INVITATION_REVOKED');
    expect((await post('getInvitation', null, { token: tokenIn(second) })).status).toBe(200);
    const waiting = (await post<MyCircle>('getMyCircle', noa)).body.invitations;
    expect(waiting.filter((invitation) => invitation.email === chosen)).toHaveLength(1);
  });

  it('withdraws, expires and refuses made-up invitations, each with its code in the caller’s language', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen', 'he');
    const made = await link(noa);

    // Another member's invitation id, or a malformed one, is none of theirs.
    for (const invitationId of [made.invitation.id, 'not-an-id']) {
      const refused = await post('revokeInvitation', dan, { invitationId });
      expect([refused.status, code(refused)]).toEqual([404, 'INVITATION_NOT_FOUND']);
    }
    expect(
      (await post('revokeInvitation', noa, { invitationId: made.invitation.id })).body,
    ).toEqual({ done: true });
    const revoked = await post<ErrorEnvelope>('acceptInvitation', dan, { token: made.token });
    expect([revoked.status, revoked.body.code]).toEqual([410, 'INVITATION_REVOKED']);
    expect(revoked.body.message).toBe(errorMessages.he['error.INVITATION_REVOKED']);
    expect(code(await post('revokeInvitation', noa, { invitationId: made.invitation.id }))).toBe(
      'INVITATION_NOT_FOUND',
    );

    const old = await link(noa);
    await tested.database.query(
      `update circles.circle_invitations set expires_at = now() - interval '1 minute' where id = $1`,
      [old.invitation.id],
    );
    expect(code(await post('acceptInvitation', dan, { token: old.token }))).toBe(
      'INVITATION_EXPIRED',
    );
    expect(code(await post('getInvitation', null, { token: old.token }))).toBe(
      'INVITATION_EXPIRED',
    );
    // An expired one no longer counts as waiting.
    expect(
      (await post<MyCircle>('getMyCircle', noa)).body.invitations.map(
        (invitation) => invitation.id,
      ),
    ).not.toContain(old.invitation.id);

    for (const token of [`${made.token}x`, 'made-up', made.token.slice(0, 20)]) {
      const forged = await post('acceptInvitation', dan, { token });
      expect([forged.status, code(forged)]).toEqual([404, 'INVITATION_NOT_FOUND']);
    }
    const empty = await post('acceptInvitation', dan, { token: '  ' });
    expect(code(empty)).toBe('VALIDATION_FAILED');
    // Nothing of Dan's changed along the way.
    expect((await post<CirclesImIn>('getCirclesImIn', dan)).body.circles).toEqual([]);
  });

  it('keeps the limits: invitations waiting, and the circle’s places, the last one going once', async () => {
    const noa = await known('Noa Levi');
    for (let i = 0; i < CIRCLE_PENDING_MAX; i++)
      expect((await post('createInvitationLink', noa, {})).status).toBe(200);
    const over = await post('createInvitationLink', noa, {});
    expect([over.status, code(over)]).toEqual([409, 'CIRCLE_TOO_MANY_INVITATIONS']);
    const overByEmail = await post('inviteByEmail', noa, { email: 'one.more@example.test' });
    expect(code(overByEmail)).toBe('CIRCLE_TOO_MANY_INVITATIONS');
    expect(
      await tested.database.count(
        'select count(*)::int as n from circles.circle_invitations where owner_id = $1',
        [noa.userId],
      ),
    ).toBe(CIRCLE_PENDING_MAX);
    expect(emails.some((job) => job.to === 'one.more@example.test')).toBe(false);

    // A circle one place from full, and two people with links at once: one joins.
    const dan = await known('Dan Cohen');
    const eli = await known('Eli Mizrahi');
    const ori = await known('Ori Katz');
    const ada = await known('Ada Peretz');
    const owner = ori;
    const [first, second] = [await link(owner), await link(owner)];
    await tested.database.query(
      `insert into circles.circle_members (owner_id, member_id, added_at)
       select $1::uuid, gen_random_uuid(), now() from generate_series(1, $2::int)`,
      [owner.userId, CIRCLE_MEMBERS_MAX - 1],
    );
    const answers = await Promise.all([
      post('acceptInvitation', dan, { token: first?.token }),
      post('acceptInvitation', eli, { token: second?.token }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(answers.map((answer) => answer.status === 409 && code(answer)).filter(Boolean)).toEqual([
      'CIRCLE_FULL',
    ]);
    expect(
      await tested.database.count(
        'select count(*)::int as n from circles.circle_members where owner_id = $1',
        [owner.userId],
      ),
    ).toBe(CIRCLE_MEMBERS_MAX);
    // Full: no new invitation either.
    expect(code(await post('inviteByEmail', owner, { email: ada.email }))).toBe('CIRCLE_FULL');
  });

  it('takes people out: the owner removes, a member leaves, each announced once', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const eli = await known('Eli Mizrahi');
    await post('acceptInvitation', dan, { token: (await link(noa)).token });
    await post('acceptInvitation', eli, { token: (await link(noa)).token });

    // Dan cannot take Eli out of Noa's circle: he has no circle with Eli in it.
    expect(code(await post('removeMember', dan, { userId: eli.userId }))).toBe(
      'CIRCLE_MEMBER_NOT_FOUND',
    );
    expect((await post('removeMember', noa, { userId: eli.userId })).body).toEqual({ done: true });
    expect(code(await post('removeMember', noa, { userId: eli.userId }))).toBe(
      'CIRCLE_MEMBER_NOT_FOUND',
    );
    expect((await post('leaveCircle', dan, { ownerId: noa.userId })).body).toEqual({ done: true });
    expect(code(await post('leaveCircle', dan, { ownerId: noa.userId }))).toBe(
      'CIRCLE_MEMBER_NOT_FOUND',
    );
    expect((await post<MyCircle>('getMyCircle', noa)).body.members).toEqual([]);
    await eventually(
      () => eventsAbout('circle.member.removed', noa.userId).length >= 2 || undefined,
      { what: 'two circle.member.removed' },
    );
    expect(
      eventsAbout('circle.member.removed', noa.userId).map((event) => event.payload['memberId']),
    ).toEqual([eli.userId, dan.userId]);
  });

  it('forgets a member who leaves Mepedia: their circle, the circles they were in, their invitations', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const eli = await known('Eli Mizrahi');
    await post('acceptInvitation', dan, { token: (await link(noa)).token });
    await post('acceptInvitation', noa, { token: (await link(eli)).token });
    const waiting = await link(noa);

    await deliver('user.deleted', { userId: noa.userId });
    const rows = () =>
      tested.database.count(
        `select ((select count(*) from circles.circle_members where owner_id = $1 or member_id = $1)
              + (select count(*) from circles.circle_invitations where owner_id = $1)
              + (select count(*) from circles.members where user_id = $1))::int as n`,
        [noa.userId],
      );
    await eventually(async () => ((await rows()) === 0 ? true : undefined), {
      what: 'the departed member’s rows gone',
    });
    expect(code(await post('getInvitation', null, { token: waiting.token }))).toBe(
      'INVITATION_NOT_FOUND',
    );
    expect((await post<CirclesImIn>('getCirclesImIn', dan)).body.circles).toEqual([]);
    expect((await post<MyCircle>('getMyCircle', eli)).body.members).toEqual([]);
    // A late word about them writes nothing back.
    await announce(noa, 'Noa Levi', noa.email, new Date(Date.now() + 60_000));
    await known('Ada Peretz');
    expect(await rows()).toBe(0);
  });

  it('refuses guests on every member call', async () => {
    for (const path of ['getMyCircle', 'createInvitationLink', 'getCirclesImIn']) {
      const answer = await post(path, null, {});
      expect([answer.status, code(answer)]).toEqual([401, 'AUTH_REQUIRED']);
    }
    const accept = await post('acceptInvitation', null, { token: 'anything' });
    expect(code(accept)).toBe('AUTH_REQUIRED');
  });
});
