import type {
  DomainEventEnvelope,
  EmailJob,
  ErrorEnvelope,
  FollowListPage,
  NotificationItem,
  NotificationPage,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  addressOf,
  EventStreamClient,
  eventually,
  notificationsWorld,
  SETUP_TIMEOUT_MS,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { EmailDelivery } from '../src/email-delivery';
import { EMAIL_GRACE_MS } from '../src/notification-store.repository';
import { createNotificationsApp } from '../src/notifications.app';

// Issue 35, point 5: a block, either way, ends the two members' follows of each other (each
// announced as an unfollow, for the posts service's following feed) and refuses a new one
// (MEMBER_BLOCKED); neither is told of the other's doings: what was told is taken back, nothing
// new is told, and the list, unread count, stream and emails leave out the other's parts, even
// one written beside the block. Follow lists leave the other out for each; counts are
// everyone's. Undone, nothing comes back. A mute changes nothing here. Words apply by their
// time, in any order, replayed; nothing is kept about a member who left.
describeEachEngine('notifications: blocks', (engine) => {
  let tested: TestService;
  let delivery: EmailDelivery;
  const emails: EmailJob[] = [];
  const emitted: Array<{ type: string; payload: Record<string, unknown> }> = [];
  const { deliver, known, published, comment, react } = notificationsWorld(() => tested);

  /** The moderation service's word on a block or mute (each its own envelope). */
  const word = (
    blocker: Member | string,
    blocked: Member | string,
    active: boolean,
    at = new Date(),
    kind: 'block' | 'mute' = 'block',
  ) =>
    deliver(
      'member.block.changed',
      {
        blockerId: typeof blocker === 'string' ? blocker : blocker.userId,
        blockedId: typeof blocked === 'string' ? blocked : blocked.userId,
        kind,
        active,
      },
      at,
    );
  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));

  const groupsOf = async (who: Member): Promise<NotificationPage> => {
    const answer = await tested.call<NotificationPage>(
      'POST',
      '/api/notifications/getNotifications',
      { headers: tested.as(who), body: { limit: 50 } },
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  /** Each group of `who` by kind, with its actors' names, latest first. */
  const shown = async (who: Member) =>
    (await groupsOf(who)).notifications.map(
      (group: NotificationItem) =>
        `${group.kind}: ${group.actors.map((actor) => actor.fullname).join(', ')}`,
    );
  const follows = async (path: string, who: Member | null, body: unknown) => {
    const answer = await tested.call<ErrorEnvelope>('POST', `/api/follows/${path}`, {
      headers: who ? tested.as(who) : {},
      body,
    });
    return answer.status < 300 ? 'allowed' : `${answer.status} ${answer.body.code}`;
  };
  const follow = (fan: Member, idol: Member) => follows('follow', fan, { userId: idol.userId });
  /** Whether `fan` follows `idol` now, as the table has it. */
  const following = async (fan: Member, idol: Member) =>
    (await tested.database.count(
      `select count(*)::int as n from notifications.follows
       where follower_id = $1 and followee_id = $2`,
      [fan.userId, idol.userId],
    )) === 1;
  /** A follow as the service hears its own follow.changed (the worker's fan-out, here by hand). */
  const heardFollow = (fan: Member, idol: Member, on = true) =>
    deliver('follow.changed', { followerId: fan.userId, followeeId: idol.userId, following: on });
  const unfollowsAnnounced = (fan: Member) =>
    emitted
      .filter((event) => event.type === 'follow.changed')
      .map((event) => event.payload)
      .filter((payload) => payload['followerId'] === fan.userId && payload['following'] === false);
  const emailsTo = (who: Member) =>
    emails.filter((job) => job.template === 'notification' && job.to === addressOf(who));
  const sweepAt = async (when: Date) => {
    const before = emails.length;
    const result = await delivery.sweep(when);
    const queued = result.immediate + result.daily + result.weekly + result.requeued;
    await eventually(async () => (emails.length >= before + queued ? true : undefined), {
      what: 'the worker took the emails',
    });
  };

  beforeAll(async () => {
    tested = await startTestService(
      'notifications',
      (platform) =>
        createNotificationsApp(platform, {
          publicUrl: 'https://mepedia.test',
          linkSecret: 'blocks-test-secret-of-32-characters-long!',
        }),
      { engine },
    );
    tested.queue.process('email', async (job) => void emails.push(job.data as EmailJob));
    tested.queue.process('events', async (job) => {
      const data = job.data as DomainEventEnvelope;
      emitted.push({ type: data.type, payload: data.payload as Record<string, unknown> });
    });
    delivery = tested.app.get(EmailDelivery);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('ends the two’s follows both ways, each announced as an unfollow, and refuses a new one either way; undone, nothing comes back', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    expect(await follow(dan, noa)).toBe('allowed');
    expect(await follow(noa, dan)).toBe('allowed');
    expect(await follow(gil, noa)).toBe('allowed');

    await word(noa, dan, true);
    expect(await following(dan, noa)).toBe(false);
    expect(await following(noa, dan)).toBe(false);
    expect(await following(gil, noa)).toBe(true);
    await eventually(
      async () =>
        unfollowsAnnounced(dan).length === 1 && unfollowsAnnounced(noa).length === 1
          ? true
          : undefined,
      { what: 'the two unfollows announced' },
    );
    expect(unfollowsAnnounced(dan)).toEqual([
      { followerId: dan.userId, followeeId: noa.userId, following: false },
    ]);

    // Either way; an unfollow is always allowed; anyone else follows either.
    expect(await follow(dan, noa)).toBe('403 MEMBER_BLOCKED');
    expect(await follow(noa, dan)).toBe('403 MEMBER_BLOCKED');
    expect(await follows('unfollow', dan, { userId: noa.userId })).toBe('allowed');
    expect(await follow(gil, dan)).toBe('allowed');
    expect(await following(dan, noa)).toBe(false);

    // The same block again (a new word, later): nothing more to end, nothing announced.
    await word(noa, dan, true);
    await word(noa, dan, false);
    expect(await following(dan, noa)).toBe(false);
    expect(await follow(dan, noa)).toBe('allowed');
    expect(unfollowsAnnounced(dan)).toHaveLength(1);

    // A mute, either way, ends and refuses nothing.
    await word(noa, dan, true, new Date(), 'mute');
    await word(dan, noa, true, new Date(), 'mute');
    expect(await following(dan, noa)).toBe(true);
    expect(await follow(noa, dan)).toBe('allowed');
  });

  it('takes back what each was told of the other, tells nothing new between them, and leaves others as they were', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const noasPost = await published(noa);
    const dansPost = await published(dan);
    const gilsPost = await published(gil);
    await comment(dan, noasPost);
    await comment(gil, noasPost);
    await react(dan, noasPost, 'heart');
    await heardFollow(dan, noa);
    await comment(noa, dansPost);
    const gils = await comment(gil, gilsPost);
    await comment(dan, gilsPost, { parentId: gils, parentAuthor: gil });
    expect((await shown(noa)).sort()).toEqual([
      'comment: Gil Katz, Dan Cohen',
      'follower: Dan Cohen',
      'reaction: Dan Cohen',
    ]);
    expect(await shown(dan)).toEqual(['comment: Noa Levi']);
    const gilSaw = await shown(gil);

    // Dan blocks Noa: what each was told of the other goes, either way.
    await word(dan, noa, true);
    expect(await shown(noa)).toEqual(['comment: Gil Katz']);
    expect((await groupsOf(noa)).unread).toBe(1);
    expect(await shown(dan)).toEqual([]);
    expect((await groupsOf(dan)).unread).toBe(0);
    expect(await shown(gil)).toEqual(gilSaw);

    // From now on, nothing between them is told; what they do to Gil's is.
    await comment(dan, noasPost);
    await react(dan, noasPost, 'wow');
    await heardFollow(dan, noa);
    const noaOnGils = await comment(noa, gilsPost, { parentId: gils, parentAuthor: gil });
    await comment(dan, gilsPost, { parentId: noaOnGils, parentAuthor: noa });
    await comment(noa, dansPost);
    expect(await shown(noa)).toEqual(['comment: Gil Katz']);
    expect(await shown(dan)).toEqual([]);
    expect(await shown(gil)).toEqual(['comment: Dan Cohen', 'reply: Noa Levi, Dan Cohen']);

    // Undone: nothing told comes back; what they do from now on is told again.
    await word(dan, noa, false);
    expect(await shown(noa)).toEqual(['comment: Gil Katz']);
    await react(dan, noasPost, 'clap');
    expect(await shown(noa)).toEqual(['reaction: Dan Cohen', 'comment: Gil Katz']);
  });

  it('never shows, counts or emails a part written beside the block, and tells no story across it', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const heardAt = new Date();
    const noasPost = await published(noa);
    const otherPost = await published(noa);
    await comment(gil, noasPost, { at: heardAt, excerpt: 'gil’s words' });
    await comment(dan, noasPost, { at: heardAt, excerpt: 'dan’s words' });
    await comment(dan, otherPost, { at: heardAt });
    expect(await follow(dan, noa)).toBe('allowed');
    expect(await follow(gil, noa)).toBe('allowed');
    // As a block applied beside those leaves it: the word is there, the parts and follow too.
    await tested.database.query(
      `insert into notifications.member_blocks (blocker_id, blocked_id, kind, active, changed_at)
       values ($1, $2, 'block', true, now())`,
      [noa.userId, dan.userId],
    );
    expect(
      await tested.database.count(
        `select count(*)::int as n from notifications.notification_actors a
         join notifications.notification_groups g on g.id = a.group_id
         where g.recipient_id = $1 and a.actor_id = $2`,
        [noa.userId, dan.userId],
      ),
    ).toBe(2);

    const page = await groupsOf(noa);
    // The mixed group shows Gil alone (his words its latest); the one of Dan's alone is not there.
    expect(page.notifications).toHaveLength(1);
    expect(page.notifications[0]).toMatchObject({
      kind: 'comment',
      actorCount: 1,
      excerpt: 'gil’s words',
      actors: [{ fullname: 'Gil Katz' }],
    });
    expect(page.unread).toBe(1);

    await sweepAt(new Date(heardAt.getTime() + EMAIL_GRACE_MS + 1000));
    expect(emailsTo(noa)).toHaveLength(1);
    const email = JSON.stringify(emailsTo(noa)[0]);
    expect(email).toContain('Gil Katz');
    expect(email).not.toContain('Dan Cohen');
    expect(email).not.toContain('dan’s words');
    expect(email).not.toContain(otherPost);

    // Noa's new story is no news to Dan, whose follow the block did not reach; Gil is told.
    const story = await published(noa, 'A new story');
    const told = async (who: Member) =>
      (await groupsOf(who)).notifications.some((group) => group.subject?.id === story);
    await eventually(async () => ((await told(gil)) ? true : undefined), {
      what: 'the story told to Gil',
    });
    expect(await told(dan)).toBe(false);
  });

  it('tells an open stream of each group taken back', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const noasPost = await published(noa);
    await react(dan, noasPost, 'heart');
    const [group] = (await groupsOf(noa)).notifications;
    const stream = await EventStreamClient.open(
      `${tested.base}/api/notifications/stream`,
      tested.as(noa),
    );
    try {
      await stream.next((event) => event.event === 'unread', { what: 'the first count' });
      await word(dan, noa, true);
      const removed = await stream.next((event) => event.event === 'removed', {
        what: 'the removal on the stream',
      });
      expect(removed.data).toEqual({ id: group?.id });
      await stream.next(
        (event) => event.event === 'unread' && (event.data as { unread: number }).unread === 0,
        { what: 'the count after it' },
      );
    } finally {
      stream.close();
    }
  });

  it('leaves each out of follow lists the other reads; guests and others read all; counts are everyone’s', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const lea = await known('Lea Bar');
    for (const fan of [noa, dan, lea]) expect(await follow(fan, gil)).toBe('allowed');
    expect(await follow(gil, dan)).toBe('allowed');
    expect(await follow(gil, noa)).toBe('allowed');
    await word(noa, dan, true);
    const names = async (side: 'getFollowers' | 'getFollowing', who: Member | null) => {
      const answer = await tested.call<FollowListPage>('POST', `/api/follows/${side}`, {
        headers: who ? tested.as(who) : {},
        body: { userId: gil.userId },
      });
      expect(answer.status).toBe(200);
      return answer.body.members.map((member) => member.fullname).sort();
    };
    expect(await names('getFollowers', noa)).toEqual(['Lea Bar', 'Noa Levi']);
    expect(await names('getFollowers', dan)).toEqual(['Dan Cohen', 'Lea Bar']);
    expect(await names('getFollowing', noa)).toEqual(['Noa Levi']);
    expect(await names('getFollowing', dan)).toEqual(['Dan Cohen']);
    for (const who of [null, lea, gil]) {
      expect(await names('getFollowers', who)).toEqual(['Dan Cohen', 'Lea Bar', 'Noa Levi']);
      expect(await names('getFollowing', who)).toEqual(['Dan Cohen', 'Noa Levi']);
    }
    const counts = await tested.call<{ followers: number }>(
      'POST',
      '/api/follows/getFollowCounts',
      {
        headers: tested.as(noa),
        body: { userId: gil.userId },
      },
    );
    expect(counts.body.followers).toBe(3);
  });

  it('applies words by their time, whatever order they come in, replayed or redelivered', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const noasPost = await published(noa);
    expect(await follow(dan, noa)).toBe('allowed');

    // The unblock of :02 before the block of :01: nothing ends.
    await word(noa, dan, false, at(2));
    await word(noa, dan, true, at(1));
    expect(await following(dan, noa)).toBe(true);
    await react(dan, noasPost, 'heart');
    expect(await shown(noa)).toEqual(['reaction: Dan Cohen']);

    const block = await word(noa, dan, true, at(3));
    expect(await following(dan, noa)).toBe(false);
    expect(await shown(noa)).toEqual([]);
    // Undone at :04; the :03 block replayed (a new envelope) and redelivered (the same): older
    // than the word that stands, it ends nothing.
    await word(noa, dan, false, at(4));
    expect(await follow(dan, noa)).toBe('allowed');
    await word(noa, dan, true, at(3));
    await tested.queue.add('events-notifications', block.type, block, {
      jobId: `again-${block.id}`,
    });
    await word(noa, dan, false, at(2));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await following(dan, noa)).toBe(true);
    expect(
      await tested.database.count(
        `select count(*)::int as n from notifications.member_blocks where blocker_id = $1`,
        [noa.userId],
      ),
    ).toBe(1);
  });

  it('keeps nothing about a member who left, nor a word naming no member or oneself', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    await word(noa, dan, true);
    await word(dan, noa, true, new Date(), 'mute');
    const naming = () =>
      tested.database.count(
        `select count(*)::int as n from notifications.member_blocks
         where blocker_id = $1 or blocked_id = $1`,
        [dan.userId],
      );
    expect(await naming()).toBe(2);
    await deliver('user.deleted', { userId: dan.userId });
    expect(await naming()).toBe(0);
    await word(noa, dan, true, new Date(Date.now() + 60_000));
    expect(await naming()).toBe(0);

    const before = await tested.database.count(
      `select count(*)::int as n from notifications.member_blocks`,
      [],
    );
    await word('not-a-member', noa, true);
    await word(noa, "x' or '1'='1", true);
    await word(noa, noa, true);
    expect(
      await tested.database.count(`select count(*)::int as n from notifications.member_blocks`, []),
    ).toBe(before);
  });
});
