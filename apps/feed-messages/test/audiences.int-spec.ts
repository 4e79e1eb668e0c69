import {
  FeedMessage,
  FeedMessageCounts,
  type FeedMessagesCount,
  FeedMessagesPage,
  type Audience,
  type ErrorEnvelope,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  newPostId,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createFeedMessagesApp } from '../src/feed-messages.app';

// Issue 34 (ADR 9): a discussion is open to its post's or answer's audience, as the posts and
// me-answers services announce it, and, for a circle one, to the members of its owner's circle
// as the circles service announces them. Whoever is outside gets the 404 of a discussion that
// does not exist, to read, count or write; a removal from the circle, or a narrower audience,
// holds from the next request on.
describeEachEngine('feed-messages: who reads and writes by audience', (engine) => {
  let tested: TestService;

  const api = <T>(method: string, path: string, who: Member | null, body?: unknown) =>
    tested.call<T>(method, `/api/feedMessages/${path}`, {
      headers: tested.as(who ?? { kind: 'guest' }),
      body,
    });
  const hidden = { status: 404, code: 'DISCUSSION_NOT_FOUND' };

  /** Hand an event to the service's queue and wait until it has been handled. */
  async function deliver(type: string, payload: unknown, occurredAt = new Date()) {
    const event = envelope(type, payload, occurredAt, 'circles');
    await tested.queue.add('events-feed-messages', event.type, event, {
      jobId: event.id,
      attempts: 1,
    });
    for (let i = 0; i < 250; i++) {
      const { waiting, active, delayed } = await tested.queue.counts('events-feed-messages');
      if (waiting + active + delayed === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await tested.queue.failed('events-feed-messages')).toEqual([]);
  }
  const announce = (postId: string, owner: Member, privacy: Audience, at?: Date) =>
    deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy }, at);
  const circle = (change: 'added' | 'removed', owner: Member, member: Member, at?: Date) =>
    deliver(`circle.member.${change}`, { ownerId: owner.userId, memberId: member.userId }, at);

  async function send(who: Member, body: Record<string, unknown>) {
    const response = await api<FeedMessage>('POST', 'sendMessage', who, body);
    expect(response.status).toBe(201);
    return FeedMessage.parse(response.body);
  }

  /**
   * What `who` may do with the discussion of `postId` (in which `comment` is): each read and
   * write answered as allowed, or with its status and code. Writes are a member's only.
   */
  async function whatMay(who: Member | null, postId: string, comment: FeedMessage) {
    const outcome = (response: { status: number; body: unknown }) =>
      response.status < 300
        ? 'allowed'
        : `${response.status} ${(response.body as ErrorEnvelope).code}`;
    const page = await api<FeedMessagesPage>('POST', 'getMessages', who, { id: postId });
    const replies = await api('POST', 'getMessages', who, {
      id: postId,
      parentId: comment.messageId,
    });
    const count = await api<FeedMessagesCount>('GET', `getNumberOfMessages/${postId}`, who);
    const counts = await api<FeedMessageCounts>('POST', 'getMessageCounts', who, {
      ids: [postId],
    });
    expect(counts.status).toBe(200);
    const answers: Record<string, string> = {
      read: outcome(page),
      readReplies: outcome(replies),
      count: outcome(count),
      // Left out of a list's counts rather than failing it.
      listCount: postId in FeedMessageCounts.parse(counts.body).counts ? 'allowed' : 'left out',
    };
    if (page.status === 200)
      expect(FeedMessagesPage.parse(page.body).messages.map((m) => m.messageId)).toContain(
        comment.messageId,
      );
    if (who === null) return answers;
    answers['write'] = outcome(await api('POST', 'sendMessage', who, { message: 'hello', postId }));
    answers['reply'] = outcome(
      await api('POST', 'sendMessage', who, {
        message: 'a reply',
        postId,
        parentMessageId: comment.messageId,
      }),
    );
    answers['like'] = outcome(await api('PUT', 'like', who, { id: comment.messageId }));
    return answers;
  }
  const allowed = {
    read: 'allowed',
    readReplies: 'allowed',
    count: 'allowed',
    listCount: 'allowed',
    write: 'allowed',
    reply: 'allowed',
    like: 'allowed',
  };
  const refused = {
    read: '404 DISCUSSION_NOT_FOUND',
    readReplies: '404 DISCUSSION_NOT_FOUND',
    count: '404 DISCUSSION_NOT_FOUND',
    listCount: 'left out',
    write: '404 DISCUSSION_NOT_FOUND',
    reply: '404 DISCUSSION_NOT_FOUND',
    like: '404 DISCUSSION_NOT_FOUND',
  };
  const { write: _w, reply: _r, like: _l, ...guestRefused } = refused;
  const { write: _w2, reply: _r2, like: _l2, ...guestAllowed } = allowed;

  /** An owner with a circle: one member in it, one taken out of it, and a member outside. */
  async function owners() {
    const [owner, inCircle, removed, outsider] = [
      newMember(),
      newMember(),
      newMember(),
      newMember(),
    ];
    await circle('added', owner, inCircle);
    await circle('added', owner, removed, new Date(Date.now() - 60_000));
    await circle('removed', owner, removed);
    // In a circle, but another owner's: it opens nothing of this owner's.
    await circle('added', newMember(), outsider);
    return { owner, inCircle, removed, outsider };
  }

  beforeAll(async () => {
    tested = await startTestService('feed-messages', createFeedMessagesApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('opens a circle post’s discussion to its owner and their circle; to anyone else it does not exist', async () => {
    const { owner, inCircle, removed, outsider } = await owners();
    const postId = newPostId();
    await announce(postId, owner, 'circle');
    const comment = await send(owner, { message: 'for my circle', postId });

    expect(await whatMay(null, postId, comment)).toEqual(guestRefused);
    expect(await whatMay(outsider, postId, comment)).toEqual(refused);
    expect(await whatMay(removed, postId, comment)).toEqual(refused);
    expect(await whatMay(inCircle, postId, comment)).toEqual(allowed);
    expect(await whatMay(owner, postId, comment)).toEqual(allowed);
    // Only the circle member's and the owner's words are in it: a comment, a reply each.
    const read = await api<FeedMessagesCount>('GET', `getNumberOfMessages/${postId}`, owner);
    expect(read.body).toEqual({ count: 5 });
  });

  it('opens a members’ answer’s discussion to anyone signed in, never to a guest', async () => {
    const { owner, inCircle, removed, outsider } = await owners();
    const meAnswerId = newPostId();
    await deliver('meAnswer.privacy.changed', {
      meAnswerId,
      userId: owner.userId,
      privacy: 'members',
    });
    const comment = await send(owner, { message: 'for members', postId: meAnswerId });

    expect(await whatMay(null, meAnswerId, comment)).toEqual(guestRefused);
    for (const who of [outsider, removed, inCircle, owner])
      expect(await whatMay(who, meAnswerId, comment)).toEqual(allowed);
  });

  it('counts a list of circle, members’ and public posts by several owners, each as its own count would', async () => {
    const { owner, inCircle, outsider } = await owners();
    const another = newMember();
    await circle('added', another, outsider);
    const [mine, theirs, members, open] = [newPostId(), newPostId(), newPostId(), newPostId()];
    await announce(mine, owner, 'circle');
    await announce(theirs, another, 'circle');
    await announce(members, owner, 'members');
    await announce(open, another, 'public');
    for (const postId of [mine, theirs, members, open])
      await send(postId === theirs ? another : owner, { message: 'one', postId });

    const counts = async (who: Member | null) => {
      const response = await api<FeedMessageCounts>('POST', 'getMessageCounts', who, {
        ids: [mine, theirs, members, open],
      });
      expect(response.status).toBe(200);
      return Object.keys(FeedMessageCounts.parse(response.body).counts).sort();
    };
    expect(await counts(null)).toEqual([open]);
    expect(await counts(inCircle)).toEqual([mine, members, open].sort());
    expect(await counts(outsider)).toEqual([theirs, members, open].sort());
    expect(await counts(owner)).toEqual([mine, members, open].sort());
  });

  it('takes a member out of a circle at once: their next request is refused, their words stay theirs to take back', async () => {
    const { owner, inCircle } = await owners();
    const postId = newPostId();
    await announce(postId, owner, 'circle');
    const said = await send(inCircle, { message: 'while I was in', postId });
    const theirs = await send(owner, { message: 'the owner’s', postId });

    await circle('removed', owner, inCircle);

    expect(await whatMay(inCircle, postId, theirs)).toEqual(refused);
    expect(
      (await api('PUT', 'editMessage', inCircle, { messageId: said.messageId, message: 'x' })).body,
    ).toMatchObject({ code: 'DISCUSSION_NOT_FOUND' });
    // What they said, they may still delete.
    expect(
      (await api('DELETE', `deleteMessage/${said.messageId}/${postId}`, inCircle)).status,
    ).toBe(200);
    // Invited again: in again.
    await circle('added', owner, inCircle);
    expect((await api('POST', 'getMessages', inCircle, { id: postId })).status).toBe(200);
  });

  it('narrows at once: a public post made members’ or circle, a members’ one made circle', async () => {
    const { owner, inCircle, outsider } = await owners();
    const postId = newPostId();
    await announce(postId, owner, 'public');
    const comment = await send(outsider, { message: 'said in public', postId });
    expect(await whatMay(null, postId, comment)).toEqual(guestAllowed);

    await announce(postId, owner, 'members');
    expect(await whatMay(null, postId, comment)).toEqual(guestRefused);
    expect((await api('POST', 'getMessages', outsider, { id: postId })).status).toBe(200);

    await announce(postId, owner, 'circle');
    expect(await whatMay(outsider, postId, comment)).toEqual(refused);
    expect((await api('POST', 'getMessages', inCircle, { id: postId })).status).toBe(200);

    await announce(postId, owner, 'private');
    expect(await whatMay(inCircle, postId, comment)).toEqual(refused);
    expect((await api('POST', 'getMessages', owner, { id: postId })).status).toBe(200);
  });

  it('applies membership events by their time, whatever order they arrive in', async () => {
    const [owner, member] = [newMember(), newMember()];
    const postId = newPostId();
    await announce(postId, owner, 'circle');
    const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));
    const read = async () => (await api('POST', 'getMessages', member, { id: postId })).status;

    // Removed at :02, then the invitation accepted at :01 arrives: still out.
    await circle('removed', owner, member, at(2));
    await circle('added', owner, member, at(1));
    expect(await read()).toBe(hidden.status);
    // Invited again at :03: in, and a late removal from :02 does not undo it.
    await circle('added', owner, member, at(3));
    await circle('removed', owner, member, at(2));
    expect(await read()).toBe(200);
  });

  it('user.deleted takes the member out of every circle, and their own circle with them', async () => {
    const [owner, leaving, staying] = [newMember(), newMember(), newMember()];
    await circle('added', owner, leaving);
    await circle('added', owner, staying);
    await circle('added', leaving, staying);
    const rows = (sql: string) => tested.database.count(sql, [leaving.userId]);
    const naming = () =>
      rows(`select count(*)::int as n from feed_messages.circle_memberships
            where owner_id = $1 or member_id = $1`);
    expect(await naming()).toBe(2);

    await deliver('user.deleted', { userId: leaving.userId });
    expect(await naming()).toBe(0);
    // A late event naming them writes nothing back.
    await circle('added', owner, leaving, new Date(Date.now() + 60_000));
    expect(await naming()).toBe(0);
    // Another member's place in the owner's circle is untouched.
    const postId = newPostId();
    await announce(postId, owner, 'circle');
    expect((await api('POST', 'getMessages', staying, { id: postId })).status).toBe(200);
  });
});
