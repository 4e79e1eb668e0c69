import type { NotificationItem, NotificationPage } from '@mepedia/contracts';
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

// Issue 34: nobody is told of a story they may not read. A circle story's news reaches its
// owner's circle alone, a members' story any member; a narrowing or a member leaving the circle
// takes back what those now outside were told, and the list never shows them such a group.
describeEachEngine('notifications: audiences', (engine) => {
  let tested: TestService;
  const { deliver, known, published, comment } = notificationsWorld(() => tested);

  const groupsOf = async (who: Member): Promise<NotificationItem[]> => {
    const answer = await tested.call<NotificationPage>(
      'POST',
      '/api/notifications/getNotifications',
      {
        headers: tested.as(who),
        body: { limit: 50 },
      },
    );
    expect(answer.status).toBe(200);
    return answer.body.notifications;
  };
  const kindsOf = async (who: Member) => (await groupsOf(who)).map((group) => group.kind).sort();
  const follow = async (fan: Member, idol: Member) => {
    const answer = await tested.call('POST', '/api/follows/follow', {
      headers: tested.as(fan),
      body: { userId: idol.userId },
    });
    expect(answer.status).toBe(200);
  };
  const circle = (owner: Member, member: Member, inCircle: boolean, at = new Date()) =>
    deliver(
      inCircle ? 'circle.member.added' : 'circle.member.removed',
      {
        ownerId: owner.userId,
        memberId: member.userId,
      },
      at,
    );

  beforeAll(async () => {
    tested = await startTestService('notifications', createNotificationsApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('tells of a new story only the followers of its audience', async () => {
    const noa = await known('Noa Levi');
    const family = await known('Dana Levi');
    const fan = await known('Dan Cohen');
    await follow(family, noa);
    await follow(fan, noa);
    await circle(noa, family, true);

    const forFamily = await published(noa, 'For my family', 'circle');
    await eventually(async () => ((await groupsOf(family)).length === 1 ? true : undefined), {
      what: 'the family told',
    });
    expect((await groupsOf(family))[0]?.subject?.id).toBe(forFamily);
    expect(await groupsOf(fan)).toEqual([]);

    const forMembers = await published(noa, 'For members', 'members');
    await eventually(async () => ((await groupsOf(fan)).length === 1 ? true : undefined), {
      what: 'the fan told',
    });
    expect((await groupsOf(fan))[0]?.subject?.id).toBe(forMembers);
    expect(await groupsOf(family)).toHaveLength(2);
  });

  it('tells a circle member of replies while they are in the circle, and takes it back when they leave', async () => {
    const noa = await known('Noa Levi');
    const family = await known('Dana Levi');
    const t0 = Date.now();
    await circle(noa, family, true, new Date(t0));
    const postId = await published(noa, 'For my family', 'circle');
    const danas = await comment(family, postId);
    await comment(noa, postId, { parentId: danas, parentAuthor: family });
    await eventually(async () => ((await kindsOf(family)).includes('reply') ? true : undefined), {
      what: 'the reply told',
    });
    expect(await kindsOf(noa)).toEqual(['comment']);

    // Removed from the circle: what she was told of the circle story goes, and nothing new comes.
    await circle(noa, family, false, new Date(t0 + 2000));
    await eventually(async () => ((await groupsOf(family)).length === 0 ? true : undefined), {
      what: 'the reply taken back',
    });
    // An older "added" arriving late changes nothing.
    await circle(noa, family, true, new Date(t0 + 1000));
    await comment(noa, postId, { parentId: danas, parentAuthor: family });
    expect(await groupsOf(family)).toEqual([]);
  });

  it('takes back a story from those a narrowing leaves outside, and keeps it for the circle', async () => {
    const noa = await known('Noa Levi');
    const family = await known('Dana Levi');
    const fan = await known('Dan Cohen');
    await follow(family, noa);
    await follow(fan, noa);
    await circle(noa, family, true);
    const postId = await published(noa, 'Where I come from', 'public');
    await eventually(
      async () =>
        (await groupsOf(fan)).length === 1 && (await groupsOf(family)).length === 1
          ? true
          : undefined,
      { what: 'both told' },
    );
    await deliver('post.privacy.changed', {
      postId,
      publisherId: noa.userId,
      privacy: 'circle',
    });
    await eventually(async () => ((await groupsOf(fan)).length === 0 ? true : undefined), {
      what: 'the fan’s story taken back',
    });
    expect((await groupsOf(family))[0]?.subject?.id).toBe(postId);
    // Narrowed to the owner alone: the family's goes too.
    await deliver('post.privacy.changed', {
      postId,
      publisherId: noa.userId,
      privacy: 'private',
    });
    await eventually(async () => ((await groupsOf(family)).length === 0 ? true : undefined), {
      what: 'the family’s story taken back',
    });
  });
});
