import type { NotificationItem, NotificationPage, UnreadCount } from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  eventually,
  notificationsWorld,
  SETUP_TIMEOUT_MS,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createNotificationsApp } from '../src/notifications.app';
import { NotificationsService } from '../src/notifications.service';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

// A thing done and its taking back, applied in another order than they happened (the queue
// delivers at least once, and with several workers an older event can be applied after a newer
// one): the notices converge on what is true by the events' `occurredAt`.
describeEachEngine('notifications service: a thing and its taking back, in any order', (engine) => {
  let tested: TestService;

  const { deliver, known, published, comment, like, react } = notificationsWorld(() => tested);
  const groupsOf = async (who: Member): Promise<NotificationItem[]> => {
    const { status, body } = await tested.call<NotificationPage>(
      'POST',
      '/api/notifications/getNotifications',
      { headers: tested.as(who), body: { limit: 50 } },
    );
    expect(status).toBe(200);
    return body.notifications;
  };
  const unread = async (who: Member): Promise<number> =>
    (
      await tested.call<UnreadCount>('POST', '/api/notifications/getUnreadCount', {
        headers: tested.as(who),
        body: {},
      })
    ).body.unread;
  const names = (item: NotificationItem | undefined) => item?.actors.map((actor) => actor.fullname);
  /** A moment of the last hour: minute `n` of it (a later minute, a later event). */
  const hourAgo = Date.now() - 60 * MINUTE_MS;
  const minute = (n: number) => new Date(hourAgo + n * MINUTE_MS);
  const takeBacksOf = (userId: string) =>
    tested.database.count(
      `select count(*)::int as n from notifications.notification_take_backs
        where recipient_id = $1 or actor_id = $1`,
      [userId],
    );

  beforeAll(async () => {
    tested = await startTestService('notifications', createNotificationsApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('leaves no notice and no unread count when a post’s unlike is applied before its like', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa);

    await like(dan, postId, noa, false, minute(2));
    await like(dan, postId, noa, true, minute(1));
    await react(gil, postId, 'hug', false, minute(2));
    await react(gil, postId, 'hug', true, minute(1));
    expect(await groupsOf(noa)).toEqual([]);
    expect(await unread(noa)).toBe(0);
  });

  it('keeps the notice of a like done again when the unlike between is applied last, or first', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa);

    // Dan: liked, liked again, and the unlike between them comes last.
    await like(dan, postId, noa, true, minute(1));
    await like(dan, postId, noa, true, minute(3));
    await like(dan, postId, noa, false, minute(2));
    // Gil: the like again first, then the unlike, then the first like.
    await react(gil, postId, 'hug', true, minute(3));
    await react(gil, postId, 'hug', false, minute(2));
    await react(gil, postId, 'hug', true, minute(1));
    const [group, ...more] = await groupsOf(noa);
    expect(more).toEqual([]);
    expect(group).toMatchObject({ kind: 'reaction', actorCount: 2 });

    // Taken back for good: the notice goes, and an older like come late does not bring it back.
    await like(dan, postId, noa, false, minute(4));
    await react(gil, postId, 'hug', false, minute(4));
    await like(dan, postId, noa, true, minute(1));
    expect(await groupsOf(noa)).toEqual([]);
  });

  it('does the same for a comment’s likes and reactions', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const avi = await known('Avi Ron');
    const postId = await published(dan);
    const noas = await comment(noa, postId, { excerpt: 'Hello' });
    const likeOf = (who: Member, liked: boolean, at: Date) =>
      deliver(
        'feedMessage.like.changed',
        {
          messageId: noas,
          subjectId: postId,
          userId: who.userId,
          authorId: noa.userId,
          liked,
          excerpt: 'Hello',
        },
        at,
      );

    // Taken back before it was done: nothing.
    await likeOf(gil, false, minute(2));
    await likeOf(gil, true, minute(1));
    const clap = (on: boolean) => ({
      kind: 'comment' as const,
      objectId: noas,
      subjectId: postId,
      userId: gil.userId,
      reaction: 'clap',
      on,
    });
    await deliver('reaction.changed', clap(false), minute(2));
    await deliver('reaction.changed', clap(true), minute(1));
    expect(await groupsOf(noa)).toEqual([]);
    expect(await unread(noa)).toBe(0);

    // Liked, liked again, the unlike between applied last: the notice stays.
    await likeOf(avi, true, minute(1));
    await likeOf(avi, true, minute(3));
    await likeOf(avi, false, minute(2));
    const [group, ...more] = await groupsOf(noa);
    expect(more).toEqual([]);
    expect(group).toMatchObject({ kind: 'commentReaction', actorCount: 1 });
    expect(names(group)).toEqual(['Avi Ron']);
  });

  it('does the same for a follow and its unfollow, days apart', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const avi = await known('Avi Ron');
    const follow = (who: Member, following: boolean, at: Date) =>
      deliver('follow.changed', { followerId: who.userId, followeeId: noa.userId, following }, at);

    await follow(dan, false, minute(2));
    await follow(dan, true, minute(1));
    expect(await groupsOf(noa)).toEqual([]);
    expect(await unread(noa)).toBe(0);

    // Followed three days ago, unfollowed two days ago, followed again yesterday: each day's
    // follow has a group of its own, and only yesterday's is true.
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    const [first, unfollowed, again] = [daysAgo(3), daysAgo(2), daysAgo(1)];
    // Gil's unfollow comes last; Avi's first, then the follow again, then the first follow.
    await follow(gil, true, first);
    await follow(gil, true, again);
    await follow(gil, false, unfollowed);
    await follow(avi, false, unfollowed);
    await follow(avi, true, again);
    await follow(avi, true, first);
    const [group, ...more] = await groupsOf(noa);
    expect(more).toEqual([]);
    expect(group).toMatchObject({ kind: 'follower', actorCount: 2 });
    expect(names(group)?.sort()).toEqual(['Avi Ron', 'Gil Katz']);
    expect(group?.updatedAt).toBe(again.toISOString());
  });

  it('neither moves an actor back in time nor makes the group news again for an older like come late', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa);

    await react(dan, postId, 'clap', true, minute(3));
    await react(gil, postId, 'hug', true, minute(2));
    expect(names((await groupsOf(noa))[0])).toEqual(['Dan Cohen', 'Gil Katz']);
    await tested.call('POST', '/api/notifications/markAllRead', {
      headers: tested.as(noa),
      body: {},
    });

    // Dan's clap of before an unclap and a clap again (the unclap not yet applied).
    await react(dan, postId, 'clap', true, minute(1));
    const [group] = await groupsOf(noa);
    expect(names(group)).toEqual(['Dan Cohen', 'Gil Katz']);
    expect(group?.read).toBe(true);
    expect(await unread(noa)).toBe(0);
  });

  it('forgets the take-backs of a member who left, both ways, and those older than a week', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const noasPost = await published(noa);
    const dansPost = await published(dan);

    await like(dan, noasPost, noa, false);
    await like(noa, dansPost, dan, false);
    await like(gil, noasPost, noa, false);
    expect(await takeBacksOf(dan.userId)).toBe(2);
    expect(await takeBacksOf(gil.userId)).toBe(1);

    await deliver('user.deleted', { userId: dan.userId });
    await eventually(async () => ((await takeBacksOf(dan.userId)) === 0 ? true : undefined), {
      what: 'the departed member’s take-backs gone',
    });
    expect(await takeBacksOf(gil.userId)).toBe(1);

    // A week on, a take-back is forgotten (a like it answers for came long ago).
    await react(gil, noasPost, 'hug', false, new Date(Date.now() - 8 * DAY_MS));
    expect(await takeBacksOf(gil.userId)).toBe(2);
    await tested.app.get(NotificationsService, { strict: false }).forgetOldEvents();
    expect(await takeBacksOf(gil.userId)).toBe(1);
  });
});
