import {
  EMAIL_FREQUENCY_DEFAULTS,
  validationMessages,
  type EmailPreferences,
  type EmailUnsubscribeResult,
  type ErrorEnvelope,
} from '@mepedia/contracts';
import { errorMessagesHe } from '@mepedia/messages/errors';
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
import { unsubscribeToken } from '../src/email-preferences.links';
import { createNotificationsApp } from '../src/notifications.app';

const SITE = 'https://mepedia.test';
const SECRET = 'email-preferences-test-secret-of-32-chars';

type Field = { field: string; code: string; message: string };

// Notifications by email over real HTTP, on each engine (the jsonb merge of a change must work on
// PGlite too): the caller's own choices with their defaults, a partial change, refusals in the
// caller's language, and the signed unsubscribe links (RFC 8058's one-click POST with its form
// body and no session, and the /unsubscribe page's call).
describeEachEngine('notifications service: email preferences', (engine) => {
  let tested: TestService;

  const call = <T>(method: 'GET' | 'POST', path: string, who: Member | null, body?: unknown) =>
    tested.call<T>(method, `/api/notifications/${path}`, {
      headers: who ? tested.as(who) : { 'accept-language': 'he' },
      ...(body === undefined ? {} : { body }),
    });
  const preferences = async (who: Member) =>
    (await call<EmailPreferences>('GET', 'getEmailPreferences', who)).body;
  const set = (who: Member, body: unknown) =>
    call<EmailPreferences>('POST', 'setEmailPreferences', who, body);
  /** As a mail provider sends RFC 8058's POST: a form body, no cookie, no Origin of ours. */
  const oneClick = (token: string) =>
    fetch(`${tested.base}/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'he' },
      body: 'List-Unsubscribe=One-Click',
    });
  const known = async (): Promise<Member> => {
    const who = newMember();
    const event = envelope('user.updated', {
      userId: who.userId,
      firstname: 'Noa',
      lastname: 'Levi',
      fullname: 'Noa Levi',
      language: who.language,
      profileImage: null,
      email: `${who.userId}@example.com`,
    });
    await tested.queue.add('events-notifications', event.type, event, { jobId: event.id });
    await eventually(
      async () =>
        (await tested.database.count(
          'select count(*)::int as n from notifications.members where user_id = $1',
          [who.userId],
        )) > 0
          ? true
          : undefined,
      { what: 'the member row' },
    );
    return who;
  };

  beforeAll(async () => {
    tested = await startTestService(
      'notifications',
      (platform) => createNotificationsApp(platform, { publicUrl: SITE, linkSecret: SECRET }),
      { engine },
    );
  }, SETUP_TIMEOUT_MS);
  afterAll(() => tested?.close());

  it('answers the defaults to a member who never chose', async () => {
    const who = await known();
    expect(await preferences(who)).toEqual({
      kinds: EMAIL_FREQUENCY_DEFAULTS,
      digestHour: 8,
      digestWeekday: 0,
      timeZone: 'UTC',
    });
  });

  it('changes only what is given, keeps the rest, and is the caller’s own', async () => {
    const who = await known();
    const other = await known();
    const first = await set(who, {
      kinds: { reaction: 'never', follower: 'daily' },
      timeZone: 'Asia/Jerusalem',
    });
    expect(first.status).toBe(200);
    const second = await set(who, { kinds: { comment: 'weekly' }, digestHour: 19 });
    expect(second.body).toEqual({
      kinds: {
        ...EMAIL_FREQUENCY_DEFAULTS,
        reaction: 'never',
        follower: 'daily',
        comment: 'weekly',
      },
      digestHour: 19,
      digestWeekday: 0,
      timeZone: 'Asia/Jerusalem',
    });
    expect(await preferences(who)).toEqual(second.body);
    // Another member's choices are untouched, and no body names a member.
    expect((await preferences(other)).kinds).toEqual(EMAIL_FREQUENCY_DEFAULTS);
    const named = await set(who, { userId: other.userId, kinds: { story: 'never' } });
    expect(named.status).toBe(200);
    expect((await preferences(other)).kinds.story).toBe(EMAIL_FREQUENCY_DEFAULTS.story);
  });

  it('refuses an unknown kind, a bad choice, hour or time zone, in the caller’s language', async () => {
    const who = await known();
    const he = { ...who, language: 'he' as const };
    const unknown = await call<ErrorEnvelope>('POST', 'setEmailPreferences', he, {
      kinds: { poke: 'immediate' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).toBe('VALIDATION_FAILED');
    const fields = unknown.body.details as Field[];
    expect(fields).toContainEqual(
      expect.objectContaining({
        code: 'UNKNOWN_NOTIFICATION_KIND',
        message: validationMessages.UNKNOWN_NOTIFICATION_KIND.he,
      }),
    );
    for (const body of [
      { kinds: { comment: 'hourly' } },
      { kinds: { comment: '<b>never</b>' } },
      { digestHour: 24 },
      { digestHour: '8' },
      { digestWeekday: 7 },
      { timeZone: 'Mars/Olympus' },
      { timeZone: '<script>' },
      { kinds: ['comment'] },
    ]) {
      const answer = await set(who, body);
      expect({ body, status: answer.status }).toEqual({ body, status: 400 });
    }
    expect((await preferences(who)).kinds).toEqual(EMAIL_FREQUENCY_DEFAULTS);
  });

  it('refuses a guest', async () => {
    expect((await call('GET', 'getEmailPreferences', null)).status).toBe(401);
    expect((await call('POST', 'setEmailPreferences', null, { digestHour: 3 })).status).toBe(401);
  });

  it('stops one kind by the one-click POST, without a session, and only that kind', async () => {
    const who = await known();
    const answer = await oneClick(
      unsubscribeToken({ userId: who.userId, kind: 'comment' }, SECRET),
    );
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ kind: 'comment', frequency: 'never' });
    const after = await preferences(who);
    expect(after.kinds).toEqual({ ...EMAIL_FREQUENCY_DEFAULTS, comment: 'never' });
    // Again: the same answer, nothing else changed.
    expect(
      (await oneClick(unsubscribeToken({ userId: who.userId, kind: 'comment' }, SECRET))).status,
    ).toBe(200);
    expect(await preferences(who)).toEqual(after);
  });

  it('stops one kind from the /unsubscribe page’s call', async () => {
    const who = await known();
    const answer = await call<EmailUnsubscribeResult>('POST', 'unsubscribeByLink', null, {
      token: unsubscribeToken({ userId: who.userId, kind: 'reaction' }, SECRET),
    });
    expect(answer.body).toEqual({ kind: 'reaction', frequency: 'never' });
    expect((await preferences(who)).kinds.reaction).toBe('never');
  });

  it('refuses a forged, altered or foreign token with a coded error, changing nothing', async () => {
    const who = await known();
    const genuine = unsubscribeToken({ userId: who.userId, kind: 'comment' }, SECRET);
    const other = await known();
    const forged = [
      unsubscribeToken(
        { userId: who.userId, kind: 'comment' },
        'another-secret-of-thirty-two-chars!',
      ),
      genuine.replace('.comment.', '.reaction.'),
      genuine.replace(who.userId, other.userId),
      `${genuine}x`,
      'not-a-token',
      `<img src=x>.comment.${genuine.split('.')[2]}`,
    ];
    for (const token of forged) {
      const answer = await oneClick(token);
      expect({ token, status: answer.status }).toEqual({ token, status: 400 });
      const body = (await answer.json()) as ErrorEnvelope;
      expect(body.code).toBe('INVALID_UNSUBSCRIBE_LINK');
      expect(body.message).toBe(errorMessagesHe['error.INVALID_UNSUBSCRIBE_LINK']);
      const page = await call<ErrorEnvelope>('POST', 'unsubscribeByLink', null, { token });
      expect(page.body.code).toBe('INVALID_UNSUBSCRIBE_LINK');
    }
    expect((await oneClick('')).status).toBe(400);
    expect((await preferences(who)).kinds).toEqual(EMAIL_FREQUENCY_DEFAULTS);
    expect((await preferences(other)).kinds).toEqual(EMAIL_FREQUENCY_DEFAULTS);
  });

  it('forgets a member who left, and writes nothing for them from a link', async () => {
    const who = await known();
    await set(who, { kinds: { comment: 'daily' } });
    const event = envelope('user.deleted', { userId: who.userId });
    await tested.queue.add('events-notifications', event.type, event, { jobId: event.id });
    await eventually(
      async () =>
        (await tested.database.count(
          'select count(*)::int as n from notifications.members where user_id = $1',
          [who.userId],
        )) === 0
          ? true
          : undefined,
      { what: 'the member gone' },
    );
    const answer = await oneClick(unsubscribeToken({ userId: who.userId, kind: 'story' }, SECRET));
    expect(answer.status).toBe(200);
    // A session that outlived the departure by a moment keeps nothing for them either.
    const late = await call<ErrorEnvelope>('POST', 'setEmailPreferences', who, {
      kinds: { story: 'never' },
    });
    expect([late.status, late.body.code]).toEqual([401, 'AUTH_REQUIRED']);
    expect(
      await tested.database.count(
        'select count(*)::int as n from notifications.email_preferences where user_id = $1',
        [who.userId],
      ),
    ).toBe(0);
  });
});
