import { randomBytes, randomUUID } from 'node:crypto';
import type {
  DomainEventEnvelope,
  EmailJob,
  ModeratedItemKind,
  ModerationState,
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

// Issue 35, point 6: what moderation holds pending review or removed leaves others'
// notifications within seconds, through `moderation.item.changed`: what anyone but its owner
// was told of it is taken back (open streams told of each removal), and the list, the unread
// count, the stream and emails never show such a group to anyone but its owner. A held post is no
// story to its publisher's followers; visible again, nothing is told again. Words apply by their
// time, in any order, replayed, and about items not heard of yet.
describeEachEngine('notifications: what moderation holds or removed', (engine) => {
  let tested: TestService;
  let delivery: EmailDelivery;
  const emails: EmailJob[] = [];
  const { deliver, known, published, comment, react } = notificationsWorld(() => tested);

  const groupsOf = async (who: Member): Promise<NotificationItem[]> => {
    const answer = await tested.call<NotificationPage>(
      'POST',
      '/api/notifications/getNotifications',
      { headers: tested.as(who), body: { limit: 50 } },
    );
    expect(answer.status).toBe(200);
    return answer.body.notifications;
  };
  const unreadOf = async (who: Member) => {
    const answer = await tested.call<NotificationPage>(
      'POST',
      '/api/notifications/getNotifications',
      { headers: tested.as(who), body: {} },
    );
    return answer.body.unread;
  };
  /** Each group of `who` by kind, with its actors' names, latest first. */
  const shown = async (who: Member) =>
    (await groupsOf(who)).map(
      (group) => `${group.kind}: ${group.actors.map((actor) => actor.fullname).join(', ')}`,
    );
  const follow = async (fan: Member, idol: Member) => {
    const answer = await tested.call('POST', '/api/follows/follow', {
      headers: tested.as(fan),
      body: { userId: idol.userId },
    });
    expect(answer.status).toBe(200);
  };
  /** The moderation service's word (each its own envelope: a replay is a new one). */
  const moderate = (
    kind: ModeratedItemKind,
    itemId: string,
    owner: Member,
    state: ModerationState,
    at = new Date(),
  ) =>
    deliver(
      'moderation.item.changed',
      { kind, itemId, ownerId: owner.userId, state, caseId: `case-${state}` },
      at,
    );
  const redeliver = async (event: DomainEventEnvelope) => {
    // A redelivery is a new job of the same envelope (the outbox delivers at least once).
    await tested.queue.add('events-notifications', event.type, event, { jobId: randomUUID() });
    await new Promise((resolve) => setTimeout(resolve, 100));
  };
  const storyTo = async (fan: Member, postId: string) =>
    (await groupsOf(fan)).some((group) => group.kind === 'story' && group.subject?.id === postId);
  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));
  const emailsTo = (who: Member) =>
    emails.filter((job) => job.template === 'notification' && job.to === addressOf(who));
  const sweepAt = async (when: Date) => {
    const before = emails.length;
    const result = await delivery.sweep(when);
    const queued = result.immediate + result.daily + result.weekly + result.requeued;
    await eventually(async () => (emails.length >= before + queued ? true : undefined), {
      what: 'the worker took the emails',
    });
    return result;
  };

  beforeAll(async () => {
    tested = await startTestService(
      'notifications',
      (platform) =>
        createNotificationsApp(platform, {
          publicUrl: 'https://mepedia.test',
          linkSecret: 'moderation-test-secret-of-32-characters!',
        }),
      { engine },
    );
    tested.queue.process('email', async (job) => void emails.push(job.data as EmailJob));
    delivery = tested.app.get(EmailDelivery);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('a comment held: its words leave the post owner’s and the replied-to author’s groups; its author keeps theirs; visible again, nothing is told again', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa);
    const dans = await comment(dan, postId, { excerpt: 'first' });
    await comment(gil, postId, { parentId: dans, parentAuthor: dan, excerpt: 'reported words' });
    await comment(noa, postId, { parentId: dans, parentAuthor: dan, excerpt: 'the owner’s' });
    expect(await shown(noa)).toEqual(['comment: Gil Katz, Dan Cohen']);
    expect(await shown(dan)).toEqual(['reply: Noa Levi, Gil Katz']);

    // Dan's comment held: gone from Noa's group; Dan keeps the replies to it (his own).
    await moderate('comment', dans, dan, 'held');
    expect(await shown(noa)).toEqual(['comment: Gil Katz']);
    expect(await shown(dan)).toEqual(['reply: Noa Levi, Gil Katz']);

    // Gil's reply removed: gone from Dan's group and Noa's, whose group goes with its last actor.
    const gils = (await groupsOf(noa))[0]?.excerpt;
    expect(gils).toBe('reported words');
    await moderate('comment', (await commentIdsOf(gil))[0]!, gil, 'removed');
    expect(await shown(noa)).toEqual([]);
    expect(await shown(dan)).toEqual(['reply: Noa Levi']);
    expect((await groupsOf(dan))[0]?.excerpt).toBe('the owner’s');

    // Visible again: what was taken stays taken (no news), and the unread count is as it was.
    const unread = await unreadOf(noa);
    await moderate('comment', dans, dan, 'visible');
    expect(await shown(noa)).toEqual([]);
    expect(await unreadOf(noa)).toBe(unread);
  });

  /** The ids of the comments `author` wrote, as the service keeps them. */
  async function commentIdsOf(author: Member): Promise<string[]> {
    const rows = await tested.database.query<{ message_id: string }>(
      `select message_id from notifications.notification_comments where author_id = $1
       order by excerpt_at`,
      [author.userId],
    );
    return rows.map((row) => row.message_id);
  }

  it('a post held: its followers’ story and others’ replies under it are taken back, its owner keeps theirs; visible again, no story again', async () => {
    const noa = await known('Noa Levi');
    const fan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    await follow(fan, noa);
    const postId = await published(noa, 'Reported story');
    await eventually(async () => ((await storyTo(fan, postId)) ? true : undefined), {
      what: 'the story told',
    });
    const fans = await comment(fan, postId);
    await comment(gil, postId, { parentId: fans, parentAuthor: fan });
    await react(gil, postId, 'heart');
    expect((await shown(fan)).sort()).toEqual(['reply: Gil Katz', 'story: Noa Levi']);
    expect((await shown(noa)).sort()).toEqual([
      'comment: Gil Katz, Dan Cohen',
      'reaction: Gil Katz',
    ]);

    await moderate('post', postId, noa, 'held');
    expect(await shown(fan)).toEqual([]);
    expect(await unreadOf(fan)).toBe(0);
    expect((await shown(noa)).sort()).toEqual([
      'comment: Gil Katz, Dan Cohen',
      'reaction: Gil Katz',
    ]);
    // Words heard while it is held tell its owner alone.
    await comment(gil, postId, { parentId: fans, parentAuthor: fan });
    expect(await shown(fan)).toEqual([]);

    await moderate('post', postId, noa, 'visible');
    // Published again (an edit announces it so): no story, now or ever.
    await published(noa, 'Reported story, edited', 'public', postId);
    expect(await shown(fan)).toEqual([]);
  });

  it('a post held before it is heard of: no story to its followers, its comments tell its owner alone', async () => {
    const noa = await known('Noa Levi');
    const fan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    await follow(fan, noa);
    const postId = randomUUID();
    // A new account's first post with a link, held at once: the word may come first.
    await moderate('answer', postId, noa, 'removed');
    const fans = await comment(fan, postId);
    await comment(gil, postId, { parentId: fans, parentAuthor: fan });
    expect(await shown(fan)).toEqual([]);
    await moderate('post', postId, noa, 'held');
    await published(noa, 'Held at once', 'public', postId);
    expect(await storyTo(fan, postId)).toBe(false);
    expect(await shown(noa)).toEqual(['comment: Gil Katz, Dan Cohen']);
    // Restored: nothing is told again, and no story follows.
    await moderate('post', postId, noa, 'visible');
    await moderate('answer', postId, noa, 'visible');
    await published(noa, 'Held at once', 'public', postId);
    expect(await shown(fan)).toEqual([]);
  });

  it('a magazine post announced withheld (its answer taken down) is no story, now or when shown again', async () => {
    const noa = await known('Noa Levi');
    const fan = await known('Dan Cohen');
    await follow(fan, noa);
    const postId = randomUUID();
    const told = {
      postId,
      publisherId: noa.userId,
      title: 'Where I come from',
      excerpt: 'By the sea.',
      privacy: 'public' as const,
      questionId: randomUUID(),
      createdAt: new Date().toISOString(),
    };
    await deliver('post.published', { ...told, withheld: true });
    expect(await storyTo(fan, postId)).toBe(false);
    // The same post announced again once visible: a story is told once or never, and this one
    // was never news.
    await deliver('post.published', told);
    expect(await storyTo(fan, postId)).toBe(false);
    // A post announced the same way but not withheld is a story (the test can fail).
    const other = await published(noa, 'Another story');
    await eventually(async () => ((await storyTo(fan, other)) ? true : undefined), {
      what: 'the other story told',
    });
  });

  it('a story held for review as it was written is told once a moderator lets it out, once; a withheld one never', async () => {
    const noa = await known('Noa Levi');
    const fan = await known('Dan Cohen');
    await follow(fan, noa);
    const story = (withheld: { review?: { caseId: string; reason: 'firstLinks' } }) => ({
      postId: randomUUID(),
      publisherId: noa.userId,
      title: 'Cheap flights',
      excerpt: 'At trips.example.com',
      privacy: 'public' as const,
      createdAt: new Date().toISOString(),
      withheld: true as const,
      ...withheld,
    });
    const reviewed = story({ review: { caseId: randomUUID(), reason: 'firstLinks' } });
    await deliver('post.published', reviewed);
    expect(await storyTo(fan, reviewed.postId)).toBe(false);
    await moderate('post', reviewed.postId, noa, 'visible');
    expect(await storyTo(fan, reviewed.postId)).toBe(true);
    // Held and let out again: told once.
    await moderate('post', reviewed.postId, noa, 'held');
    expect(await storyTo(fan, reviewed.postId)).toBe(false);
    await moderate('post', reviewed.postId, noa, 'visible');
    expect((await groupsOf(fan)).filter((g) => g.subject?.id === reviewed.postId)).toHaveLength(0);

    // Withheld for another reason (a magazine post of an answer taken down): never a story.
    const taken = story({});
    await deliver('post.published', taken);
    await moderate('post', taken.postId, noa, 'visible');
    expect(await storyTo(fan, taken.postId)).toBe(false);
  });

  it('a comment held before it is heard of tells no one', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const postId = await published(noa);
    const messageId = randomBytes(12).toString('hex');
    await moderate('comment', messageId, dan, 'held');
    await deliver('feedMessage.changed', {
      messageId,
      subjectId: postId,
      deleted: false,
      comment: {
        authorId: dan.userId,
        parentId: null,
        parentAuthorId: null,
        roomId: postId,
        excerpt: 'held at once',
      },
    });
    expect(await shown(noa)).toEqual([]);
  });

  it('a comment written to wait for review tells no one, and a comment like it that does not wait does', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const postId = await published(noa);
    const said = (excerpt: string, review?: { caseId: string; reason: 'firstLinks' }) => ({
      messageId: randomBytes(12).toString('hex'),
      subjectId: postId,
      deleted: false,
      comment: {
        authorId: dan.userId,
        parentId: null,
        parentAuthorId: null,
        roomId: postId,
        excerpt,
        ...(review ? { review } : {}),
      },
    });
    await deliver(
      'feedMessage.changed',
      said('cheap-pills.xyz', { caseId: randomUUID(), reason: 'firstLinks' }),
    );
    expect(await shown(noa)).toEqual([]);
    await deliver('feedMessage.changed', said('a kind word'));
    expect(await shown(noa)).toEqual(['comment: Dan Cohen']);
  });

  it('applies words by their time: a late older one, a replay or a redelivery changes nothing', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa);
    const dans = await comment(dan, postId);
    await comment(gil, postId, { parentId: dans, parentAuthor: dan });
    expect(await shown(dan)).toEqual(['reply: Gil Katz']);

    // Held at :02; a :01 "visible" come late keeps it held (and nothing shown).
    const held = await moderate('post', postId, noa, 'held', at(2));
    await moderate('post', postId, noa, 'visible', at(1));
    expect(await shown(dan)).toEqual([]);
    await moderate('post', postId, noa, 'visible', at(3));
    await comment(gil, postId, { parentId: dans, parentAuthor: dan });
    expect(await shown(dan)).toEqual(['reply: Gil Katz']);
    // The :02 hold again, as a replay (a new envelope) and as a redelivery (the same): it is
    // older than the word that stands, and takes nothing.
    await moderate('post', postId, noa, 'held', at(2));
    await redeliver(held);
    expect(await shown(dan)).toEqual(['reply: Gil Katz']);
  });

  it('tells open streams of each group taken back', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const postId = await published(noa);
    const dans = await comment(dan, postId);
    const [group] = await groupsOf(noa);
    const stream = await EventStreamClient.open(
      `${tested.base}/api/notifications/stream`,
      tested.as(noa),
    );
    try {
      await stream.next((event) => event.event === 'unread', { what: 'the first count' });
      await moderate('comment', dans, dan, 'removed');
      const removed = await stream.next((event) => event.event === 'removed', {
        what: 'the removal on the stream',
      });
      expect(removed.data).toEqual({ id: group?.id });
      await stream.next(
        (event) => event.event === 'unread' && (event.data as { unread: number }).unread === 0,
        {
          what: 'the count after it',
        },
      );
    } finally {
      stream.close();
    }
  });

  it('emails nothing of a held item to anyone but its owner, even a group a word at the same moment left behind', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const heardAt = new Date();
    const postId = await published(noa);
    const dans = await comment(dan, postId, { at: heardAt });
    await comment(gil, postId, { parentId: dans, parentAuthor: dan, at: heardAt });
    const other = await published(noa);
    const held = await comment(gil, other, { at: heardAt });
    // Gil's comment on the other post held before its email went: Noa is emailed nothing of it.
    await moderate('comment', held, gil, 'held');
    // As a hold applied beside the reply's telling leaves it: the word is there, the group too.
    await tested.database.query(
      `insert into notifications.moderated_items (kind, item_id, owner_id, state, case_id, changed_at)
       values ('post', $1, $2, 'held', 'case', now())`,
      [postId, noa.userId],
    );
    expect(
      await tested.database.count(
        `select count(*)::int as n from notifications.notification_groups where recipient_id = $1`,
        [dan.userId],
      ),
    ).toBe(1);
    expect(await shown(dan)).toEqual([]);
    expect(await unreadOf(dan)).toBe(0);

    await sweepAt(new Date(heardAt.getTime() + EMAIL_GRACE_MS + 1000));
    expect(emailsTo(dan)).toEqual([]);
    // Its owner is emailed what they keep: the comments on the held post, one email.
    expect(emailsTo(noa)).toHaveLength(1);
    expect(JSON.stringify(emailsTo(noa)[0])).toContain(postId);
    expect(JSON.stringify(emailsTo(noa)[0])).not.toContain(other);
  });

  it('is never fooled by a word of another kind about the same id, and keeps no profile’s', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const fan = await known('Gil Katz');
    await follow(fan, noa);
    const postId = await published(noa);
    await eventually(async () => ((await storyTo(fan, postId)) ? true : undefined), {
      what: 'the story told',
    });
    const dans = await comment(dan, postId);
    await moderate('comment', postId, noa, 'removed');
    await moderate('post', dans, dan, 'removed');
    await moderate('profile', noa.userId, noa, 'removed');
    expect(await storyTo(fan, postId)).toBe(true);
    expect(await shown(noa)).toEqual(['comment: Dan Cohen']);
    expect(
      await tested.database.count(
        `select count(*)::int as n from notifications.moderated_items where kind = 'profile'`,
        [],
      ),
    ).toBe(0);
  });

  it('user.deleted takes the words about what the member owned; a late word writes nothing back', async () => {
    const noa = await known('Noa Levi');
    const postId = await published(noa);
    await moderate('post', postId, noa, 'held');
    const naming = () =>
      tested.database.count(
        `select count(*)::int as n from notifications.moderated_items where owner_id = $1`,
        [noa.userId],
      );
    expect(await naming()).toBe(1);
    await deliver('user.deleted', { userId: noa.userId });
    expect(await naming()).toBe(0);
    await moderate('post', postId, noa, 'removed', new Date(Date.now() + 60_000));
    expect(await naming()).toBe(0);
  });
});
