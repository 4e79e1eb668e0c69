import { FeedMessage, type DomainEventPayload } from '@mepedia/contracts';
import { InProcessQueue, type Job } from '@mepedia/server-queue';
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

type Changed = DomainEventPayload<'feedMessage.changed'>;
type Liked = DomainEventPayload<'feedMessage.like.changed'>;

// What feed-messages announces for notifications (issue 32), read from its outbox on each
// engine: written with the change it announces, never for one's own like, never where it would
// tell someone outside a private discussion.
describeEachEngine('feed-messages: what notifications hear', (engine) => {
  let tested: TestService;
  const queue = new InProcessQueue();
  const emitted: Job[] = [];
  const as = (who: Member) => tested.as(who);
  const api = <T>(method: string, path: string, who: Member, body?: unknown) =>
    tested.call<T>(method, `/api/feedMessages/${path}`, { headers: as(who), body });

  async function send(who: Member, body: Record<string, unknown>) {
    const response = await api<FeedMessage>('POST', 'sendMessage', who, body);
    expect(response.status).toBe(201);
    return FeedMessage.parse(response.body);
  }
  const like = async (who: Member, id: string) =>
    expect((await api('PUT', 'like', who, { id })).status).toBe(200);
  /** The events of `type` about `messageId` relayed from the outbox, oldest first. */
  const outboxOf = async <T>(type: string, messageId: string): Promise<T[]> => {
    // The relay moves committed rows onto the queue within moments: give it a few.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return emitted
      .filter((job) => job.name === type)
      .map((job) => (job.data as { payload: T & { messageId: string } }).payload)
      .filter((payload) => payload.messageId === messageId);
  };

  async function deliver(type: string, payload: unknown) {
    const event = envelope(type, payload, new Date(), 'posts');
    await tested.queue.add('events-feed-messages', event.type, event, {
      jobId: event.id,
      attempts: 1,
    });
    for (let i = 0; i < 250; i++) {
      const { waiting, active, delayed } = await tested.queue.counts('events-feed-messages');
      if (waiting + active + delayed === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    queue.process('events', async (job) => void emitted.push(job));
    tested = await startTestService('feed-messages', createFeedMessagesApp, { queue, engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('announces a comment and a reply with their authors, parent and subject, with the message', async () => {
    const [owner, ben, dan] = [newMember(), newMember(), newMember()];
    const postId = newPostId();
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'public' });
    const top = await send(ben, { message: 'What  a\nstory', postId });
    const reply = await send(dan, { message: 'Agreed', postId, parentMessageId: top.messageId });
    expect(await outboxOf<Changed>('feedMessage.changed', top.messageId)).toEqual([
      {
        messageId: top.messageId,
        subjectId: postId,
        deleted: false,
        comment: {
          authorId: ben.userId,
          parentId: null,
          parentAuthorId: null,
          roomId: postId,
          excerpt: 'What a story',
          subjectOwnerId: owner.userId,
          subjectPrivacy: 'public',
        },
      },
    ]);
    expect(
      (await outboxOf<Changed>('feedMessage.changed', reply.messageId))[0]?.comment,
    ).toMatchObject({ authorId: dan.userId, parentId: top.messageId, parentAuthorId: ben.userId });
    // Deleted: announced gone, with nothing more (a notice of it goes along).
    expect((await api('DELETE', `deleteMessage/${reply.messageId}/${postId}`, dan)).status).toBe(
      200,
    );
    expect(await outboxOf<Changed>('feedMessage.changed', reply.messageId)).toHaveLength(2);
    expect((await outboxOf<Changed>('feedMessage.changed', reply.messageId))[1]).toEqual({
      messageId: reply.messageId,
      subjectId: postId,
      deleted: true,
    });
  });

  it('announces an edit’s new text, and nothing for an edit that leaves the words as they were', async () => {
    const [owner, ben] = [newMember(), newMember()];
    const postId = newPostId();
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'public' });
    const said = await send(ben, { message: 'Lovely  <b>photo</b>', postId, tag: 'a' });
    const edit = (body: Record<string, unknown>) =>
      api('PUT', 'editMessage', ben, { messageId: said.messageId, ...body });
    // Only the tag, or only the spacing the excerpt folds: what others were shown is unchanged.
    expect((await edit({ message: 'Lovely <b>photo</b>', tag: null })).status).toBe(200);
    expect(await outboxOf<Changed>('feedMessage.changed', said.messageId)).toHaveLength(1);
    expect((await edit({ message: 'Lovely <b>photograph</b>\nof you' })).status).toBe(200);
    const [, edited] = await outboxOf<Changed>('feedMessage.changed', said.messageId);
    // Plain text as written (markup is the reader's to escape), with no `comment`: no news.
    expect(edited).toEqual({
      messageId: said.messageId,
      subjectId: postId,
      deleted: false,
      edited: { excerpt: 'Lovely <b>photograph</b> of you' },
    });
    // Another member's edit is refused and announces nothing.
    expect(
      (await api('PUT', 'editMessage', owner, { messageId: said.messageId, message: 'x' })).status,
    ).toBe(403);
    expect(await outboxOf<Changed>('feedMessage.changed', said.messageId)).toHaveLength(2);
  });

  it('writes nothing for a reply refused: the event commits with its message or not at all', async () => {
    const ben = newMember();
    const postId = newPostId();
    const refused = await api('POST', 'sendMessage', ben, {
      message: 'to nobody',
      postId,
      parentMessageId: '0190a4d8-0000-7000-8000-000000000000',
    });
    expect(refused.status).toBe(404);
    expect(
      await tested.database.count(
        `select count(*)::int as n from feed_messages.outbox where payload->>'subjectId' = $1`,
        [postId],
      ),
    ).toBe(0);
  });

  it('announces another member’s like and its taking back, never one’s own', async () => {
    const [ben, dan] = [newMember(), newMember()];
    const postId = newPostId();
    const said = await send(ben, { message: 'Likeable', postId });
    await like(ben, said.messageId);
    expect(await outboxOf<Liked>('feedMessage.like.changed', said.messageId)).toEqual([]);
    await like(dan, said.messageId);
    await like(dan, said.messageId);
    expect(await outboxOf<Liked>('feedMessage.like.changed', said.messageId)).toEqual([
      {
        messageId: said.messageId,
        subjectId: postId,
        userId: dan.userId,
        authorId: ben.userId,
        liked: true,
        excerpt: 'Likeable',
      },
      expect.objectContaining({ userId: dan.userId, liked: false }),
    ]);
  });

  it('tells no one outside a discussion made private, and a refused like writes nothing', async () => {
    const [owner, ben] = [newMember(), newMember()];
    const postId = newPostId();
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'public' });
    const said = await send(ben, { message: 'Before it closed', postId });
    await deliver('post.privacy.changed', {
      postId,
      publisherId: owner.userId,
      privacy: 'private',
    });
    // Ben may not like it now (the discussion is hidden from him), and nothing is written.
    expect((await api('PUT', 'like', ben, { id: said.messageId })).status).toBe(404);
    // Its owner may, but Ben may not read it any more: he is not told.
    await like(owner, said.messageId);
    expect(await outboxOf<Liked>('feedMessage.like.changed', said.messageId)).toEqual([]);
  });

  // Issue 34: the subject's audience as announced, for notifications to keep each notice to it.
  it('announces a comment with its subject’s audience, circle and members’ too', async () => {
    const [owner, ben] = [newMember(), newMember()];
    await deliver('circle.member.added', { ownerId: owner.userId, memberId: ben.userId });
    for (const privacy of ['circle', 'members'] as const) {
      const postId = newPostId();
      await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy });
      const said = await send(ben, { message: `In ${privacy}`, postId });
      expect(
        (await outboxOf<Changed>('feedMessage.changed', said.messageId))[0]?.comment,
      ).toMatchObject({ subjectOwnerId: owner.userId, subjectPrivacy: privacy });
    }
  });

  it('tells a circle member of a like while in the circle, and not once taken out of it', async () => {
    const [owner, ben] = [newMember(), newMember()];
    const postId = newPostId();
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'circle' });
    await deliver('circle.member.added', { ownerId: owner.userId, memberId: ben.userId });
    const said = await send(ben, { message: 'For the circle', postId });
    await like(owner, said.messageId);
    await deliver('circle.member.removed', { ownerId: owner.userId, memberId: ben.userId });
    await like(owner, said.messageId);
    expect(
      (await outboxOf<Liked>('feedMessage.like.changed', said.messageId)).map((l) => l.liked),
    ).toEqual([true]);
  });
});
