import { InProcessQueue, type Job } from '@mepedia/server-queue';
import {
  newPostId,
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import type { DomainEventPayload } from '@mepedia/contracts';
import {
  BROWSER_HEADERS,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createReactionsApp } from '../src/reactions.app';

type Reaction = DomainEventPayload<'reaction.changed'>;

// What reactions announces for notifications (issue 32), read from its outbox on each engine:
// reaction.changed with each toggle that tells someone something, never one's own, never on
// what is private.
describeEachEngine('reactions: what notifications hear', (engine) => {
  let tested: TestService;
  const queue = new InProcessQueue();
  const emitted: Job[] = [];
  const toggle = async (who: Member, path: string, body: Record<string, unknown>) =>
    (
      await tested.call('POST', `/api/${path}`, {
        headers: { ...BROWSER_HEADERS, ...tested.as(who) },
        body,
      })
    ).status;
  /** The reaction.changed events about `objectId` relayed from the outbox, oldest first. */
  const outboxOf = async (objectId: string): Promise<Reaction[]> => {
    // The relay moves committed rows onto the queue within moments: give it a few.
    await new Promise((resolve) => setTimeout(resolve, 300));
    return emitted
      .filter((job) => job.name === 'reaction.changed')
      .map((job) => (job.data as { payload: Reaction }).payload)
      .filter((payload) => payload.objectId === objectId);
  };

  async function deliver(type: string, payload: unknown) {
    const event = envelope(type, payload, new Date(), 'posts');
    await tested.queue.add('events-reactions', event.type, event, { jobId: event.id, attempts: 1 });
    for (let i = 0; i < 250; i++) {
      const { waiting, active, delayed } = await tested.queue.counts('events-reactions');
      if (waiting + active + delayed === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  beforeAll(async () => {
    queue.process('events', async (job) => void emitted.push(job));
    tested = await startTestService('reactions', createReactionsApp, { queue, engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('announces another member’s reaction on a post, with its owner, and its taking back', async () => {
    const [owner, fan] = [newMember(), newMember()];
    const postId = newPostId();
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'public' });
    const target = { collectionName: 'posts', objectId: postId };
    expect(await toggle(fan, 'lotties/toggleLike', { ...target, name: 'hug' })).toBe(200);
    expect(await toggle(fan, 'lotties/toggleLike', { ...target, name: 'hug' })).toBe(200);
    // A post's like is the posts service's to announce (post.like.changed), not this one's.
    expect(await toggle(fan, 'userLikes/toggleLike', target)).toBe(200);
    expect(await outboxOf(postId)).toEqual([
      {
        kind: 'post',
        objectId: postId,
        subjectId: postId,
        userId: fan.userId,
        reaction: 'hug',
        on: true,
        ownerId: owner.userId,
      },
      expect.objectContaining({ reaction: 'hug', on: false }),
    ]);
  });

  it('announces nothing of one’s own answer, nor of a reaction on what is private', async () => {
    const owner = newMember();
    const answerId = newPostId();
    await deliver('meAnswer.privacy.changed', {
      meAnswerId: answerId,
      userId: owner.userId,
      privacy: 'public',
    });
    const answer = { collectionName: 'meAnswers', objectId: answerId };
    expect(await toggle(owner, 'userLikes/toggleLike', answer)).toBe(200);
    expect(await toggle(owner, 'lotties/toggleLike', { ...answer, name: 'heart' })).toBe(200);
    expect(await outboxOf(answerId)).toEqual([]);

    const postId = newPostId();
    await deliver('post.privacy.changed', {
      postId,
      publisherId: owner.userId,
      privacy: 'private',
    });
    const stranger = newMember();
    const target = { collectionName: 'posts', objectId: postId, name: 'wow' };
    expect(await toggle(stranger, 'lotties/toggleLike', target)).toBe(404);
    expect(await toggle(owner, 'lotties/toggleLike', target)).toBe(200);
    expect(await outboxOf(postId)).toEqual([]);
  });

  it('names a comment’s subject as feed-messages announced it', async () => {
    const [owner, fan] = [newMember(), newMember()];
    const [postId, commentId] = [newPostId(), newPostId()];
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'public' });
    await deliver('feedMessage.changed', {
      messageId: commentId,
      subjectId: postId,
      deleted: false,
    });
    const comment = { collectionName: 'feedMessages', objectId: commentId };
    expect(await toggle(fan, 'userLikes/toggleLike', comment)).toBe(200);
    expect(await outboxOf(commentId)).toEqual([
      {
        kind: 'comment',
        objectId: commentId,
        subjectId: postId,
        userId: fan.userId,
        reaction: 'like',
        on: true,
        ownerId: owner.userId,
      },
    ]);
  });

  // Issue 34: others react to a circle or members' subject, and its owner hears of it.
  it('announces a circle member’s reaction on a circle post, with its owner', async () => {
    const [owner, friend] = [newMember(), newMember()];
    const postId = newPostId();
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'circle' });
    const target = { collectionName: 'posts', objectId: postId, name: 'heart' };
    expect(await toggle(friend, 'lotties/toggleLike', target)).toBe(404);
    await deliver('circle.member.added', { ownerId: owner.userId, memberId: friend.userId });
    expect(await toggle(friend, 'lotties/toggleLike', target)).toBe(200);
    expect(await outboxOf(postId)).toEqual([
      {
        kind: 'post',
        objectId: postId,
        subjectId: postId,
        userId: friend.userId,
        reaction: 'heart',
        on: true,
        ownerId: owner.userId,
      },
    ]);
  });
});
