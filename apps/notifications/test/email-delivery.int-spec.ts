import type { EmailJob, EmailPreferences, EmailUnsubscribeResult } from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  addressOf,
  eventually,
  notificationsWorld,
  SETUP_TIMEOUT_MS,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { EmailDelivery } from '../src/email-delivery';
import { EMAIL_GRACE_MS } from '../src/notification-store.repository';
import { createNotificationsApp } from '../src/notifications.app';

const SITE = 'https://mepedia.test';
const SECRET = 'email-delivery-test-secret-of-32-characters';
const HOUR_MS = 60 * 60 * 1000;

type NotificationEmail = Extract<EmailJob, { template: 'notification' }>;

// Notifications by email, on each engine: news at once after its grace, digests at each
// member's hour on their own clock, each email decided once. The sweeps run with a fake clock
// (the time handed to `sweep`); the worker's queue is caught as it would receive the jobs.
describeEachEngine('notifications service: notifications by email', (engine) => {
  let tested: TestService;
  let delivery: EmailDelivery;
  const emails: EmailJob[] = [];
  const world = notificationsWorld(() => tested);

  const emailsTo = (who: Member) =>
    emails.filter(
      (job): job is NotificationEmail =>
        job.template === 'notification' && job.to === addressOf(who),
    );
  /** The sweep at `at`, then what the worker received (the queue runs its jobs at once). */
  const sweepAt = async (at: Date) => {
    const before = emails.length;
    const result = await delivery.sweep(at);
    const queued = result.immediate + result.daily + result.weekly + result.requeued;
    await eventually(async () => (emails.length >= before + queued ? true : undefined), {
      what: 'the worker took the emails',
    });
    return result;
  };
  const choose = async (who: Member, body: Record<string, unknown>) => {
    const answer = await tested.call<EmailPreferences>(
      'POST',
      '/api/notifications/setEmailPreferences',
      { headers: tested.as(who), body },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const nextDigest = async (who: Member, period: 'daily' | 'weekly') => {
    const rows = await tested.database.query<{ at: Date | string }>(
      `select next_${period}_at as at from notifications.email_digests where user_id = $1`,
      [who.userId],
    );
    const at = rows[0]?.at;
    if (!at) throw new Error(`no ${period} digest time`);
    return new Date(at);
  };
  const read = async (who: Member) => {
    const answer = await tested.call('POST', '/api/notifications/markAllRead', {
      headers: tested.as(who),
      body: {},
    });
    expect(answer.status).toBe(200);
  };

  beforeAll(async () => {
    tested = await startTestService(
      'notifications',
      (platform) => createNotificationsApp(platform, { publicUrl: SITE, linkSecret: SECRET }),
      { engine },
    );
    tested.queue.process('email', async (job) => void emails.push(job.data as EmailJob));
    delivery = tested.app.get(EmailDelivery);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => tested?.close());

  it('emails a comment at once, after a short grace, once, with its unsubscribe', async () => {
    const noa = await world.known('Noa Levi');
    const dan = await world.known('Dan Cohen');
    const postId = await world.published(noa);
    const heardAt = new Date();
    const commentId = await world.comment(dan, postId, {
      excerpt: 'What a summer that was',
      at: heardAt,
    });

    // Within the grace nothing goes: a burst goes as one, and news read meanwhile as none.
    expect((await sweepAt(new Date(heardAt.getTime() + EMAIL_GRACE_MS - 1000))).immediate).toBe(0);
    expect(emailsTo(noa)).toHaveLength(0);

    expect((await sweepAt(new Date(heardAt.getTime() + EMAIL_GRACE_MS + 1000))).immediate).toBe(1);
    const [email] = emailsTo(noa);
    expect(email?.language).toBe('en');
    expect(email?.data).toEqual({
      period: 'immediate',
      items: [
        {
          kind: 'comment',
          actors: ['Dan Cohen'],
          actorCount: 1,
          title: 'Where I come from',
          excerpt: 'What a summer that was',
          link: `${SITE}/post/${postId}#comment-${commentId}`,
        },
      ],
      more: 0,
      settingsLink: `${SITE}/profile/settings#email-notifications`,
    });
    // Its own kind's one-click address and page, with the same signed token.
    const oneClick = new URL(email?.unsubscribe.oneClick ?? '');
    expect(oneClick.pathname).toBe('/api/notifications/unsubscribe');
    const token = oneClick.searchParams.get('token') ?? '';
    expect(token.split('.').slice(0, 2)).toEqual([noa.userId, 'comment']);
    expect(email?.unsubscribe.page).toBe(`${SITE}/unsubscribe?token=${encodeURIComponent(token)}`);
    // Nobody else hears of it: not the commenter, about their own comment.
    expect(emailsTo(dan)).toHaveLength(0);

    // Never twice: a later sweep finds nothing new.
    expect((await sweepAt(new Date(heardAt.getTime() + 10 * EMAIL_GRACE_MS))).immediate).toBe(0);
    expect(emailsTo(noa)).toHaveLength(1);

    // A new comment is news again: the next email tells the latest.
    const later = new Date();
    await world.comment(dan, postId, { excerpt: 'And the autumn after', at: later });
    expect((await sweepAt(new Date(later.getTime() + EMAIL_GRACE_MS + 1000))).immediate).toBe(1);
    expect(emailsTo(noa).at(-1)?.data.items[0]?.excerpt).toBe('And the autumn after');

    // The one-click POST (RFC 8058, a form body) stops comments, and nothing else.
    const stopped = await tested.call<EmailUnsubscribeResult>(
      'POST',
      `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(stopped.status).toBe(200);
    const after = (
      await tested.call<EmailPreferences>('GET', '/api/notifications/getEmailPreferences', {
        headers: tested.as(noa),
      })
    ).body;
    expect(after.kinds.comment).toBe('never');
    expect(after.kinds.reply).toBe('immediate');
    const third = new Date();
    await world.comment(dan, postId, { excerpt: 'One more', at: third });
    expect((await sweepAt(new Date(third.getTime() + EMAIL_GRACE_MS + 1000))).immediate).toBe(0);
    expect(emailsTo(noa)).toHaveLength(2);
  });

  it('sends nothing about news read in the site before the grace ends', async () => {
    const noa = await world.known('Noa Levi');
    const dan = await world.known('Dan Cohen');
    const postId = await world.published(noa);
    const heardAt = new Date();
    await world.comment(dan, postId, { excerpt: 'Read it already', at: heardAt });
    await read(noa);
    expect((await sweepAt(new Date(heardAt.getTime() + EMAIL_GRACE_MS + 1000))).immediate).toBe(0);
    expect(emailsTo(noa)).toHaveLength(0);
  });

  it('sends each member’s daily digest at their hour on their own clock', async () => {
    const jerusalem = await world.known('רות כהן', 'he');
    const newYork = await world.known('Sam Smith');
    const fan = await world.known('Dana Fan');
    await choose(jerusalem, { digestHour: 8, timeZone: 'Asia/Jerusalem' });
    await choose(newYork, { digestHour: 8, timeZone: 'America/New_York' });
    const inJerusalem = await nextDigest(jerusalem, 'daily');
    const inNewYork = await nextDigest(newYork, 'daily');
    // 08:00 on each member's clock: six or seven hours apart in UTC, never the same instant.
    const clock = (at: Date, timeZone: string) =>
      new Intl.DateTimeFormat('en-GB', {
        timeZone,
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(at);
    expect(clock(inJerusalem, 'Asia/Jerusalem')).toBe('08:00');
    expect(clock(inNewYork, 'America/New_York')).toBe('08:00');
    expect(inJerusalem.getTime() - Date.now()).toBeLessThanOrEqual(24 * HOUR_MS);
    expect(inNewYork.getTime() - Date.now()).toBeLessThanOrEqual(24 * HOUR_MS);

    // Reactions come daily by default: two posts reacted to, for each.
    for (const owner of [jerusalem, newYork]) {
      await world.react(fan, await world.published(owner, 'Where I come from'), 'heart');
      await world.react(fan, await world.published(owner, 'הים של סבתא'), 'hug');
    }
    // Nothing at once for a daily kind.
    expect((await sweepAt(new Date(Date.now() + EMAIL_GRACE_MS + 1000))).immediate).toBe(0);

    const [first, second] = [inJerusalem, inNewYork].sort((a, b) => a.getTime() - b.getTime());
    const firstOwner = first === inJerusalem ? jerusalem : newYork;
    const secondOwner = first === inJerusalem ? newYork : jerusalem;
    expect((await sweepAt(new Date((first as Date).getTime() - 1000))).daily).toBe(0);
    expect((await sweepAt(first as Date)).daily).toBe(1);
    expect(emailsTo(firstOwner)).toHaveLength(1);
    expect(emailsTo(secondOwner)).toHaveLength(0);
    expect((await sweepAt(second as Date)).daily).toBe(1);
    expect(emailsTo(secondOwner)).toHaveLength(1);

    const digest = emailsTo(jerusalem)[0];
    expect(digest?.language).toBe('he');
    expect(digest?.data.period).toBe('daily');
    // The newest first, each worded and linked in the member's language.
    expect(digest?.data.items.map((item) => [item.kind, item.title, item.actors])).toEqual([
      ['reaction', 'הים של סבתא', ['Dana Fan']],
      ['reaction', 'Where I come from', ['Dana Fan']],
    ]);
    expect(digest?.data.items[0]?.link).toMatch(new RegExp(`^${SITE}/he/post/[0-9a-f-]{36}$`));
    const token = new URL(digest?.unsubscribe.oneClick ?? '').searchParams.get('token') ?? '';
    expect(token.split('.').slice(0, 2)).toEqual([jerusalem.userId, 'dailyDigest']);

    // The next is a day later, at the same hour; the same day's sweep again sends nothing.
    expect((await nextDigest(jerusalem, 'daily')).getTime()).toBeGreaterThan(
      inJerusalem.getTime() + 22 * HOUR_MS,
    );
    expect((await sweepAt(new Date((second as Date).getTime() + HOUR_MS))).daily).toBe(0);

    // The next day with nothing new: no email, and the schedule moves on.
    const tomorrow = await nextDigest(jerusalem, 'daily');
    expect((await sweepAt(tomorrow)).daily).toBe(0);
    expect(emailsTo(jerusalem)).toHaveLength(1);
    expect((await nextDigest(jerusalem, 'daily')).getTime()).toBeGreaterThan(tomorrow.getTime());

    // The digest's own one-click link stops the digest: every kind that came in it.
    const stopped = await tested.call<EmailUnsubscribeResult>(
      'POST',
      `/api/notifications/unsubscribe?token=${encodeURIComponent(token)}`,
      { body: {} },
    );
    expect(stopped.body).toEqual({ kind: 'dailyDigest', frequency: 'never' });
    const kinds = (
      await tested.call<EmailPreferences>('GET', '/api/notifications/getEmailPreferences', {
        headers: tested.as(jerusalem),
      })
    ).body.kinds;
    expect([kinds.reaction, kinds.commentReaction, kinds.story]).toEqual([
      'never',
      'never',
      'never',
    ]);
    expect([kinds.comment, kinds.follower]).toEqual(['immediate', 'weekly']);
  });

  it('tells nothing again of a change that is no news: a comment edited, a reaction taken back', async () => {
    const noa = await world.known('Noa Levi');
    const [dan, gil] = [await world.known('Dan Cohen'), await world.known('Gil Bar')];
    await choose(noa, { kinds: { comment: 'daily' } });
    const postId = await world.published(noa);
    const commentId = await world.comment(dan, postId, { excerpt: 'Lovley' });
    await world.react(dan, postId, 'heart');
    await world.react(gil, postId, 'hug');
    const due = await nextDigest(noa, 'daily');
    expect((await sweepAt(due)).daily).toBe(1);
    expect(
      emailsTo(noa)[0]
        ?.data.items.map((item) => item.kind)
        .sort(),
    ).toEqual(['comment', 'reaction']);

    // Both groups change after the digest (still unread), and neither is news.
    await world.deliver('feedMessage.changed', {
      messageId: commentId,
      subjectId: postId,
      deleted: false,
      edited: { excerpt: 'Lovely' },
    });
    await world.react(gil, postId, 'hug', false);
    expect((await sweepAt(await nextDigest(noa, 'daily'))).daily).toBe(0);
    expect(emailsTo(noa)).toHaveLength(1);
    // Real news after them is told, with the words as edited.
    await world.comment(gil, postId, { excerpt: 'Wonderful' });
    expect((await sweepAt(await nextDigest(noa, 'daily'))).daily).toBe(1);
    expect(emailsTo(noa)[1]?.data.items.map((item) => [item.kind, item.excerpt])).toEqual([
      ['comment', 'Wonderful'],
    ]);
  });

  it('sends the weekly digest on the member’s weekday, and lists at most twenty', async () => {
    const noa = await world.known('Noa Levi');
    await choose(noa, { digestHour: 18, digestWeekday: 5, timeZone: 'Asia/Jerusalem' });
    const due = await nextDigest(noa, 'weekly');
    expect(
      new Intl.DateTimeFormat('en-GB', {
        timeZone: 'Asia/Jerusalem',
        weekday: 'long',
        hour: '2-digit',
        hourCycle: 'h23',
      }).format(due),
    ).toBe('Friday, 18');
    // New followers come weekly by default, one group a day: 22 days of them.
    for (let day = 0; day < 22; day += 1) {
      const fan = await world.known(`Fan ${day}`);
      await world.deliver(
        'follow.changed',
        { followerId: fan.userId, followeeId: noa.userId, following: true },
        new Date(Date.now() - day * 24 * HOUR_MS),
      );
    }
    expect((await sweepAt(due)).weekly).toBe(1);
    const [digest] = emailsTo(noa);
    expect(digest?.data.period).toBe('weekly');
    expect(digest?.data.items).toHaveLength(20);
    expect(digest?.data.more).toBe(2);
    expect(digest?.data.items.every((item) => item.kind === 'follower')).toBe(true);
    // All 22 told: the next week's finds nothing.
    expect((await sweepAt(await nextDigest(noa, 'weekly'))).weekly).toBe(0);
  });

  it('never emails a member who left, and forgets their digests', async () => {
    const noa = await world.known('Noa Levi');
    const dan = await world.known('Dan Cohen');
    const postId = await world.published(noa);
    const heardAt = new Date();
    await world.comment(dan, postId, { excerpt: 'Hello', at: heardAt });
    await world.deliver('user.deleted', { userId: noa.userId });
    await eventually(
      async () =>
        (await world.count(
          'select count(*)::int as n from notifications.email_digests where user_id = $1',
          [noa.userId],
        )) === 0
          ? true
          : undefined,
      { what: 'the member forgotten' },
    );
    expect((await sweepAt(new Date(heardAt.getTime() + EMAIL_GRACE_MS + 1000))).immediate).toBe(0);
    expect(emailsTo(noa)).toHaveLength(0);
  });
});
