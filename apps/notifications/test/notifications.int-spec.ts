import { randomUUID } from 'node:crypto';
import type {
  DomainEventEnvelope,
  ErrorEnvelope,
  NotificationItem,
  NotificationPage,
  UnreadCount,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  EventStreamClient,
  eventually,
  notificationsWorld,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { NotificationStreams } from '../src/notification-streams';
import { createNotificationsApp } from '../src/notifications.app';
import { NotificationsService } from '../src/notifications.service';

type Answer<T> = { status: number; body: T };

// Notifications over real HTTP, on each engine: the domain events delivered to the service's
// queue as the worker hands them on, the groups read back through the API and the stream.
describeEachEngine('notifications service: notifications from events', (engine) => {
  let tested: TestService;

  const post = async <T>(path: string, who: Member | null, body: unknown): Promise<Answer<T>> => {
    const { status, body: answer } = await tested.call<T>('POST', `/api/notifications/${path}`, {
      headers: who ? tested.as(who) : {},
      body,
    });
    return { status, body: answer };
  };
  const redeliver = async (event: DomainEventEnvelope) => {
    // A redelivery is a new job of the same envelope (the outbox delivers at least once).
    await tested.queue.add('events-notifications', event.type, event, { jobId: randomUUID() });
    await applied(event);
  };
  const { deliver, applied, known, published, comment, like, react } = notificationsWorld(
    () => tested,
  );
  const list = async (who: Member, body: Record<string, unknown> = {}) => {
    const answer = await post<NotificationPage>('getNotifications', who, body);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const groupsOf = async (who: Member) => (await list(who, { limit: 50 })).notifications;
  const only = async (who: Member): Promise<NotificationItem> => {
    const groups = await groupsOf(who);
    expect(groups).toHaveLength(1);
    return groups[0]!;
  };
  const names = (item: NotificationItem) => item.actors.map((actor) => actor.fullname);

  beforeAll(async () => {
    tested = await startTestService('notifications', createNotificationsApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('tells a post’s owner of comments, one group with the latest commenters and the comment’s place', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa, '<b>Where</b> I come from');

    const first = await comment(dan, postId, { excerpt: '<img src=x onerror=alert(1)>' });
    const group = await only(noa);
    expect(group).toMatchObject({
      kind: 'comment',
      actorCount: 1,
      subject: { kind: 'post', id: postId, title: '<b>Where</b> I come from' },
      excerpt: '<img src=x onerror=alert(1)>',
      link: `/post/${postId}#comment-${first}`,
      read: false,
    });
    expect(names(group)).toEqual(['Dan Cohen']);

    const second = await comment(gil, postId, { excerpt: 'Beautiful' });
    const grouped = await only(noa);
    expect(grouped).toMatchObject({
      id: group.id,
      actorCount: 2,
      excerpt: 'Beautiful',
      link: `/post/${postId}#comment-${second}`,
    });
    expect(names(grouped)).toEqual(['Gil Katz', 'Dan Cohen']);
    // Dan again: still two members, Dan now the latest.
    await comment(dan, postId);
    const again = await only(noa);
    expect(again.actorCount).toBe(2);
    expect(names(again)).toEqual(['Dan Cohen', 'Gil Katz']);
    // Nobody else was told anything.
    expect(await groupsOf(dan)).toEqual([]);
    expect(await groupsOf(gil)).toEqual([]);
  });

  it('tells a comment’s author of replies, and the owner once, never of their own', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa);
    const dans = await comment(dan, postId);
    await eventually(async () => ((await groupsOf(noa)).length === 1 ? true : undefined));

    // The owner replies: Dan hears of it; the owner is told nothing of their own reply.
    const reply = await comment(noa, postId, { parentId: dans, parentAuthor: dan });
    const told = await only(dan);
    expect(told).toMatchObject({
      kind: 'reply',
      actorCount: 1,
      link: `/post/${postId}#comment-${reply}`,
    });
    expect(names(told)).toEqual(['Noa Levi']);
    expect((await only(noa)).actorCount).toBe(1);

    // Gil replies to the owner's own comment: the owner hears it once, as a reply.
    const noas = await comment(noa, postId);
    await comment(gil, postId, { parentId: noas, parentAuthor: noa });
    const kinds = (await groupsOf(noa)).map((item) => item.kind).sort();
    expect(kinds).toEqual(['comment', 'reply']);
    // Dan replying to himself tells nobody new.
    await comment(dan, postId, { parentId: dans, parentAuthor: dan });
    expect((await only(dan)).actorCount).toBe(1);
  });

  it('groups reactions and likes on a post, and a like taken back leaves the group, which goes with its last actor', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa);

    await like(dan, postId, noa);
    await react(gil, postId, 'hug');
    await react(dan, postId, 'clap');
    const group = await only(noa);
    expect(group).toMatchObject({ kind: 'reaction', actorCount: 2, link: `/post/${postId}` });
    expect(names(group)).toEqual(['Dan Cohen', 'Gil Katz']);

    // Dan takes his like back but keeps his clap: still in the group.
    await like(dan, postId, noa, false);
    expect((await only(noa)).actorCount).toBe(2);
    await react(dan, postId, 'clap', false);
    const left = await only(noa);
    expect(left.actorCount).toBe(1);
    expect(names(left)).toEqual(['Gil Katz']);
    await react(gil, postId, 'hug', false);
    expect(await groupsOf(noa)).toEqual([]);
    // The owner's own like tells nobody.
    await like(noa, postId, noa);
    expect(await groupsOf(noa)).toEqual([]);
  });

  it('tells nobody but the owner about a private post, and takes back what others were told when it is made private', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const hidden = await published(noa, 'Only mine', 'private');
    // A reaction by someone else on a private post (it cannot happen through the API, but an
    // event could say so) reaches the owner alone; the owner's own comment and reply tell nobody.
    const own = await comment(noa, hidden);
    await comment(noa, hidden, { parentId: own, parentAuthor: dan });
    await deliver('feedMessage.like.changed', {
      messageId: own,
      subjectId: hidden,
      userId: noa.userId,
      authorId: dan.userId,
      liked: true,
      excerpt: 'x',
    });
    expect(await groupsOf(dan)).toEqual([]);
    expect(await groupsOf(noa)).toEqual([]);

    // A public post: Dan comments, Noa replies to him and likes his comment: Dan is told.
    const postId = await published(noa);
    const dans = await comment(dan, postId);
    await comment(noa, postId, { parentId: dans, parentAuthor: dan });
    await deliver('feedMessage.like.changed', {
      messageId: dans,
      subjectId: postId,
      userId: noa.userId,
      authorId: dan.userId,
      liked: true,
      excerpt: 'What a story!',
    });
    const dansKinds = (await groupsOf(dan)).map((item) => item.kind).sort();
    expect(dansKinds).toEqual(['commentReaction', 'reply']);
    const reacted = (await groupsOf(dan)).find((item) => item.kind === 'commentReaction');
    expect(reacted?.link).toBe(`/post/${postId}#comment-${dans}`);

    // Made private: what Dan was told of it goes; the owner keeps hers.
    await deliver('post.privacy.changed', {
      postId,
      publisherId: noa.userId,
      privacy: 'private',
    });
    expect(await groupsOf(dan)).toEqual([]);
    expect((await only(noa)).kind).toBe('comment');
    // And a later reply to Dan on it (outside the audience now) is never told.
    await comment(noa, postId, { parentId: dans, parentAuthor: dan });
    expect(await groupsOf(dan)).toEqual([]);
  });

  it('takes notifications along with a deleted comment, a deleted post and a departed member', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const postId = await published(noa);
    const dans = await comment(dan, postId);
    await comment(gil, postId);
    expect((await only(noa)).actorCount).toBe(2);

    await deliver('feedMessage.changed', { messageId: dans, subjectId: postId, deleted: true });
    const left = await only(noa);
    expect(names(left)).toEqual(['Gil Katz']);
    // A like of the deleted comment arriving late tells no one.
    await deliver('feedMessage.like.changed', {
      messageId: dans,
      subjectId: postId,
      userId: gil.userId,
      authorId: dan.userId,
      liked: true,
      excerpt: 'x',
    });
    expect(await groupsOf(dan)).toEqual([]);

    // Gil leaves: his part goes, and with it the group.
    await deliver('user.deleted', { userId: gil.userId });
    expect(await groupsOf(noa)).toEqual([]);
    // A late comment of his is not news.
    await comment(gil, postId);
    expect(await groupsOf(noa)).toEqual([]);

    await react(dan, postId, 'hug');
    expect((await only(noa)).kind).toBe('reaction');
    await deliver('post.deleted', { postId, publisherId: noa.userId });
    expect(await groupsOf(noa)).toEqual([]);
    await react(dan, postId, 'clap');
    expect(await groupsOf(noa)).toEqual([]);

    // The recipient leaves: their groups go.
    const other = await published(noa);
    await react(dan, other, 'hug');
    expect(await groupsOf(noa)).toHaveLength(1);
    await deliver('user.deleted', { userId: noa.userId });
    expect(
      await tested.database.count(
        'select count(*)::int as n from notifications.notification_groups where recipient_id = $1',
        [noa.userId],
      ),
    ).toBe(0);
    // She leaves no trace: not her posts as known here, nor the talk under them, even when
    // the posts' deletion and a late comment come after she left.
    await comment(dan, other);
    await deliver('post.deleted', { postId: other, publisherId: noa.userId });
    const traces = await tested.database.query<{ t: string }>(
      `select t::text as t from notifications.notification_subjects t
       union all select t::text from notifications.notification_comments t`,
    );
    expect(traces.filter((row) => row.t.includes(noa.userId) || row.t.includes(other))).toEqual([]);
  });

  it('applies each event once: a redelivered like does not come back after it was taken back', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const postId = await published(noa);
    const on = await like(dan, postId, noa);
    const before = await only(noa);
    await redeliver(on);
    expect(await only(noa)).toEqual(before);
    await like(dan, postId, noa, false);
    await redeliver(on);
    expect(await groupsOf(noa)).toEqual([]);
    expect(
      await tested.database.count(
        'select count(*)::int as n from notifications.notification_events where event_id = $1',
        [on.id],
      ),
    ).toBe(1);
  });

  it('tells every follower of a new public story once, and a follow and unfollow as they happen', async () => {
    const noa = await known('Noa Levi');
    const fans = [await known('Dan Cohen'), await known('Gil Katz'), await known('Avi Mor')];
    const stranger = await known('Tal Ron');
    for (const fan of fans) {
      const answer = await tested.call('POST', '/api/follows/follow', {
        headers: tested.as(fan),
        body: { userId: noa.userId },
      });
      expect(answer.status).toBe(200);
    }
    const postId = await published(noa, 'My first story');
    for (const fan of fans) {
      const story = await only(fan);
      expect(story).toMatchObject({
        kind: 'story',
        actorCount: 1,
        subject: { kind: 'post', id: postId, title: 'My first story' },
        excerpt: 'I was born by the sea.',
        link: `/post/${postId}`,
      });
      expect(names(story)).toEqual(['Noa Levi']);
    }
    expect(await groupsOf(stranger)).toEqual([]);
    // An edit announces the post again: no second story.
    await deliver('post.published', {
      postId,
      publisherId: noa.userId,
      title: 'My first story, edited',
      excerpt: 'I was born by the sea.',
      privacy: 'public',
      createdAt: new Date().toISOString(),
    });
    expect(await groupsOf(fans[0]!)).toHaveLength(1);
    // A private story tells nobody.
    await published(noa, 'Mine alone', 'private');
    expect(await groupsOf(fans[1]!)).toHaveLength(1);

    // Follows (the service hears its own follow.changed): the day's group; an unfollow leaves it.
    for (const fan of fans.slice(0, 2))
      await deliver('follow.changed', {
        followerId: fan.userId,
        followeeId: stranger.userId,
        following: true,
      });
    const followers = await only(stranger);
    expect(followers).toMatchObject({ kind: 'follower', actorCount: 2, subject: null });
    expect(followers.link).toBe(`/profile/${fans[1]!.userId}`);
    await deliver('follow.changed', {
      followerId: fans[1]!.userId,
      followeeId: stranger.userId,
      following: false,
    });
    expect((await only(stranger)).link).toBe(`/profile/${fans[0]!.userId}`);
  });

  it('never shows a group about a subject now private or gone, even one written as it changed', async () => {
    // What a race can leave: an event about a post handled while another transaction made the
    // post private (or deleted it) still wrote a reader's group. Staged here as that outcome.
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    await tested.call('POST', '/api/follows/follow', {
      headers: tested.as(dan),
      body: { userId: noa.userId },
    });
    const postId = await published(noa, 'Soon to be mine alone');
    expect((await only(dan)).subject?.id).toBe(postId);
    const unread = async () =>
      (await post<{ unread: number }>('getUnreadCount', dan, {})).body.unread;
    expect(await unread()).toBe(1);
    await tested.database.query(
      "update notifications.notification_subjects set audience = 'private' where subject_id = $1",
      [postId],
    );
    expect(await groupsOf(dan)).toEqual([]);
    expect(await unread()).toBe(0);
    await tested.database.query(
      "update notifications.notification_subjects set audience = 'public', deleted = true where subject_id = $1",
      [postId],
    );
    expect(await groupsOf(dan)).toEqual([]);
    expect(await unread()).toBe(0);
  });

  it('names an answer in the reader’s language, and tells of the magazine', async () => {
    const noa = await known('Noa Levi', 'he');
    const dan = await known('Dan Cohen');
    const meAnswerId = randomUUID();
    await deliver('meAnswer.privacy.changed', {
      meAnswerId,
      userId: noa.userId,
      privacy: 'public',
      questionId: 'roots',
      title: { en: 'Where I come from', he: 'מאיפה אני' },
    });
    await comment(dan, meAnswerId);
    const group = await only(noa);
    expect(group.subject).toEqual({ kind: 'meAnswer', id: meAnswerId, title: 'מאיפה אני' });
    // Before the questionnaire is known here, the owner's "me"; then the answer's own page.
    expect(group.link.startsWith(`/me/${noa.userId}#comment-`)).toBe(true);
    const questionnaire = envelope('questionnaire.changed', {
      questions: [
        {
          questionId: 'roots',
          index: 4,
          title: { en: 'Where I come from', he: 'מאיפה אני' },
          prompt: { en: 'Tell it', he: 'ספרו' },
        },
      ],
    });
    await tested.queue.add('events-notifications', questionnaire.type, questionnaire, {
      jobId: questionnaire.id,
    });
    await eventually(
      async () =>
        (await tested.database.count(
          'select count(*)::int as n from notifications.weekly_question_questions',
          [],
        )) > 0
          ? true
          : undefined,
      { what: 'the questionnaire' },
    );
    expect((await only(noa)).link.startsWith(`/me/${noa.userId}/4#comment-`)).toBe(true);

    // Her own toggle, and every save while the answer is there, is no news to her: neither
    // with `by` nor in an older event without it.
    const inMagazine = {
      userId: noa.userId,
      questionId: 'roots',
      meAnswerId,
      title: 'מאיפה אני',
      content: '<p>x</p>',
      privacy: 'public',
    } as const;
    await deliver('meAnswer.published', { ...inMagazine, by: noa.userId });
    await deliver('meAnswer.published', inMagazine);
    await deliver('meAnswer.unpublished', {
      userId: noa.userId,
      questionId: 'roots',
      meAnswerId,
      by: noa.userId,
    });
    // Dan's comment after them all is told: the events before it were applied (and told nothing).
    await comment(dan, meAnswerId);
    expect((await groupsOf(noa)).map((item) => item.kind)).toEqual(['comment']);

    // Someone else's hand (a moderator's, issue 35) is news: in, then out (one group, the latest).
    const editor = randomUUID();
    await deliver('meAnswer.published', { ...inMagazine, by: editor });
    const magazine = (await groupsOf(noa)).find((item) => item.kind === 'magazineAdded');
    expect(magazine).toMatchObject({ actors: [], actorCount: 0, link: `/me/${noa.userId}/4` });
    await deliver('meAnswer.unpublished', {
      userId: noa.userId,
      questionId: 'roots',
      meAnswerId,
      by: editor,
    });
    const kinds = (await groupsOf(noa)).map((item) => item.kind).sort();
    expect(kinds).toEqual(['comment', 'magazineRemoved']);
  });

  it('shows a comment as last edited, whatever order the words come in, and an edit is no news', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Bar');
    const postId = await published(noa);
    const edit = (messageId: string, excerpt: string, at = new Date()) =>
      deliver(
        'feedMessage.changed',
        { messageId, subjectId: postId, deleted: false, edited: { excerpt } },
        at,
      );
    const unreadOf = async (who: Member) =>
      (await post<UnreadCount>('getUnreadCount', who, {})).body.unread;

    const frist = await comment(dan, postId, { excerpt: 'Frist <b>!</b>' });
    await deliver('reaction.changed', {
      kind: 'comment',
      objectId: frist,
      subjectId: postId,
      userId: gil.userId,
      reaction: 'hug',
      on: true,
    });
    expect((await post('markAllRead', noa, {})).status).toBe(200);
    const before = await only(noa);
    await edit(frist, 'First <b>!</b>');
    // Noa's group shows the new words, still read; Dan's group about his comment too.
    const after = await only(noa);
    expect(after).toMatchObject({ excerpt: 'First <b>!</b>', read: true });
    expect(after.updatedAt).toBe(before.updatedAt);
    expect(await unreadOf(noa)).toBe(0);
    const reacted = (await groupsOf(dan)).find((item) => item.kind === 'commentReaction');
    expect(reacted?.excerpt).toBe('First <b>!</b>');

    // An edit heard before its comment: the comment is told with its edited words.
    const early = new Date();
    const second = randomUUID().replaceAll('-', '').slice(0, 24);
    await edit(second, 'Edited first', new Date(early.getTime() + 1000));
    await deliver(
      'feedMessage.changed',
      {
        messageId: second,
        subjectId: postId,
        deleted: false,
        comment: {
          authorId: gil.userId,
          parentId: null,
          parentAuthorId: null,
          roomId: postId,
          excerpt: 'As written',
        },
      },
      early,
    );
    expect((await only(noa)).excerpt).toBe('Edited first');
    expect(await unreadOf(noa)).toBe(1);
    // A late older edit does not bring back older words.
    await edit(second, 'Older words', new Date(early.getTime() + 500));
    expect((await only(noa)).excerpt).toBe('Edited first');
    // Gone is gone: an edit after the deletion brings nothing back.
    await deliver('feedMessage.changed', { messageId: second, subjectId: postId, deleted: true });
    await edit(second, 'Back again', new Date(early.getTime() + 2000));
    expect((await only(noa)).excerpt).toBe('First <b>!</b>');
  });

  it('pages by cursor, counts unread, and marks one or all read, the caller’s own only', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const posts: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const postId = await published(noa, `Story ${i}`);
      posts.push(postId);
      await react(dan, postId, 'hug');
    }
    const first = await list(noa, { limit: 2 });
    expect(first.unread).toBe(5);
    expect(first.notifications.map((item) => item.subject?.title)).toEqual(['Story 4', 'Story 3']);
    const second = await list(noa, { limit: 2, cursor: first.nextCursor });
    expect(second.notifications.map((item) => item.subject?.title)).toEqual(['Story 2', 'Story 1']);
    const third = await list(noa, { limit: 2, cursor: second.nextCursor });
    expect(third.notifications.map((item) => item.subject?.title)).toEqual(['Story 0']);
    expect(third.nextCursor).toBeNull();

    const target = first.notifications[0]!;
    expect(await post<UnreadCount>('markRead', noa, { id: target.id })).toMatchObject({
      status: 200,
      body: { unread: 4 },
    });
    // Idempotent.
    expect((await post<UnreadCount>('markRead', noa, { id: target.id })).body.unread).toBe(4);
    // Another member's group, an unknown one, a malformed one: the same 404, nothing changed.
    for (const id of [target.id, randomUUID(), 'not-an-id', "1' or '1'='1"]) {
      const refused = await post<ErrorEnvelope>('markRead', dan, { id });
      expect(refused.status).toBe(404);
      expect(refused.body.code).toBe('NOTIFICATION_NOT_FOUND');
    }
    expect((await post<UnreadCount>('getUnreadCount', noa, {})).body.unread).toBe(4);
    expect((await post<UnreadCount>('getUnreadCount', dan, {})).body).toEqual({
      unread: 0,
      stamp: '0',
    });

    // Mark all read up to what was seen: news after it stays unread.
    const seen = (await post<UnreadCount>('getUnreadCount', noa, {})).body.stamp;
    await react(dan, posts[0]!, 'clap');
    const all = await post<UnreadCount>('markAllRead', noa, { upTo: seen });
    expect(all.body.unread).toBe(1);
    expect((await post<UnreadCount>('markAllRead', noa, {})).body.unread).toBe(0);
    expect((await list(noa)).notifications.every((item) => item.read)).toBe(true);
  });

  it('refuses bad cursors, bad bodies and guests', async () => {
    const noa = await known('Noa Levi');
    for (const cursor of ['abc', '-1', '1.5', '99999999999999999999', "1' or 1=1"]) {
      const refused = await post<ErrorEnvelope>('getNotifications', noa, { cursor });
      expect({ cursor, status: refused.status, code: refused.body.code }).toEqual({
        cursor,
        status: 400,
        code: 'INVALID_CURSOR',
      });
    }
    expect((await post<ErrorEnvelope>('markAllRead', noa, { upTo: 'x' })).body.code).toBe(
      'INVALID_CURSOR',
    );
    expect((await post<ErrorEnvelope>('getNotifications', noa, { limit: 500 })).status).toBe(400);
    expect((await post<ErrorEnvelope>('markRead', noa, {})).status).toBe(400);
    for (const path of ['getNotifications', 'getUnreadCount', 'markRead', 'markAllRead'])
      expect((await post<ErrorEnvelope>(path, null, { id: randomUUID() })).status).toBe(401);
    const guest = await EventStreamClient.open(`${tested.base}/api/notifications/stream`);
    expect(guest.status).toBe(401);
    guest.close();
  });

  it('streams a member’s new notifications to their streams only, resumes after Last-Event-ID, and lets go of closed streams', async () => {
    const noa = await known('Noa Levi');
    const dan = await known('Dan Cohen');
    const gil = await known('Gil Katz');
    const streams = tested.app.get(NotificationStreams, { strict: false });
    const before = streams.size;
    const url = `${tested.base}/api/notifications/stream`;
    const noas = await EventStreamClient.open(url, tested.as(noa));
    const dans = await EventStreamClient.open(url, tested.as(dan));
    expect(noas.status).toBe(200);
    expect(noas.headers.get('content-type')).toContain('text/event-stream');
    await noas.next((event) => event.event === 'unread', { what: 'the first count' });
    await dans.next((event) => event.event === 'unread', { what: 'Dan’s first count' });
    expect(streams.size).toBe(before + 2);

    const postId = await published(noa);
    await comment(gil, postId);
    const told = await noas.next((event) => event.event === 'notification', {
      what: 'the comment on the stream',
    });
    expect(told.data).toMatchObject({ kind: 'comment', subject: { id: postId } });
    expect(told.id).toMatch(/^\d+$/);
    await noas.next(
      (event) => event.event === 'unread' && (event.data as UnreadCount).unread === 1,
      { what: 'the count after it' },
    );

    // Dan's stream carries Dan's news only: a follow of Dan comes, Noa's comment never did.
    await deliver('follow.changed', {
      followerId: gil.userId,
      followeeId: dan.userId,
      following: true,
    });
    await dans.next((event) => event.event === 'notification', { what: 'Dan’s follower' });
    expect(
      dans.received
        .filter((event) => event.event === 'notification')
        .map((event) => (event.data as NotificationItem).kind),
    ).toEqual(['follower']);

    // Noa leaves; meanwhile a reaction comes. Back with Last-Event-ID: `reset` (read the list
    // again), then what changed meanwhile; a group changed within the last seconds before it may
    // come again (the client replaces it by id), never one of someone else's.
    const resumeFrom = told.id!;
    noas.close();
    await eventually(() => (streams.size === before + 1 ? true : undefined), {
      what: 'the closed stream let go',
    });
    await react(dan, postId, 'hug');
    const back = await EventStreamClient.open(url, {
      ...tested.as(noa),
      'last-event-id': resumeFrom,
    });
    const missed = await back.next(
      (event) =>
        event.event === 'notification' && (event.data as NotificationItem).kind === 'reaction',
      { what: 'what changed meanwhile' },
    );
    expect(missed.data).toMatchObject({ kind: 'reaction', subject: { id: postId } });
    await back.next((event) => event.event === 'unread', { what: 'the count after them' });
    expect(back.received[0]?.event).toBe('reset');
    const replayed = back.received
      .filter((event) => event.event === 'notification')
      .map((event) => (event.data as NotificationItem).id);
    expect(new Set(replayed).size).toBe(replayed.length);
    const noasGroups = (await groupsOf(noa)).map((item) => item.id);
    expect(replayed.every((id) => noasGroups.includes(id))).toBe(true);

    // Marking read in another tab reaches the stream as a count.
    const page = await list(noa);
    await post('markAllRead', noa, {});
    await back.next(
      (event) => event.event === 'unread' && (event.data as UnreadCount).unread === 0,
      { what: 'the count after marking all read' },
    );
    expect(page.unread).toBe(2);

    back.close();
    dans.close();
    await eventually(() => (streams.size === before ? true : undefined), {
      what: 'every closed stream let go',
    });
  });

  it('brings a story to the streams of its publisher’s followers, and reads nothing for anyone else’s', async () => {
    const publisher = await known('Rina Shalev');
    const fan = await known('Omer Bar');
    const stranger = await known('Yael Tal');
    const followed = await tested.call('POST', '/api/follows/follow', {
      headers: tested.as(fan),
      body: { userId: publisher.userId },
    });
    expect(followed.status).toBe(200);
    const url = `${tested.base}/api/notifications/stream`;
    const fans = await EventStreamClient.open(url, tested.as(fan));
    const strangers = await EventStreamClient.open(url, tested.as(stranger));
    await fans.next((event) => event.event === 'unread', { what: 'the fan’s first count' });
    await strangers.next((event) => event.event === 'unread', { what: 'the first count' });
    const service = tested.app.get(NotificationsService, { strict: false });
    const read = jest.spyOn(service, 'changedSince');
    try {
      const postId = await published(publisher, 'A story for my followers');
      const told = await fans.next((event) => event.event === 'notification', {
        what: 'the story on the fan’s stream',
      });
      expect(told.data).toMatchObject({ kind: 'story', subject: { id: postId } });
      await fans.next((event) => event.event === 'unread', { what: 'the count after it' });
      const readFor = read.mock.calls.map(([memberId]) => memberId);
      expect(readFor).toContain(fan.userId);
      expect(readFor).not.toContain(stranger.userId);
      expect(strangers.received.map((event) => event.event)).toEqual(['unread']);
    } finally {
      read.mockRestore();
      fans.close();
      strangers.close();
    }
  });
});
