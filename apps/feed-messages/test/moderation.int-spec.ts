import { randomUUID } from 'node:crypto';
import {
  FeedMessage,
  FeedMessageCounts,
  FeedMessagesCount,
  FeedMessagesPage,
  type ErrorEnvelope,
  type ModeratedItemKind,
  type ModerationState,
} from '@mepedia/contracts';
import {
  describeEachEngine,
  newPostId,
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
import { newId } from '@mepedia/server-database';
import { createFeedMessagesApp } from '../src/feed-messages.app';
import { FeedMessagesRepository } from '../src/feed-messages.repository';

// Issue 35, point 6: what moderation holds pending review or removed leaves everyone's pages,
// counts and actions at once, through `moderation.item.changed`, but its owner's. A comment is
// its author's alone (others see a placeholder where it has replies they may read, as for a
// deleted one); a post's or answer's discussion is its owner's alone, as a private one is. Words
// apply by their time, in any order, replayed, and about items not heard of yet.
type Announced = { type: string; payload: Record<string, unknown> };

describeEachEngine('feed-messages: what moderation holds or removed', (engine) => {
  let tested: TestService;
  /** What the service announced (its outbox, relayed). */
  const emitted: Announced[] = [];

  const api = <T>(method: string, path: string, who: Member | null, body?: unknown) =>
    tested.call<T>(method, `/api/feedMessages/${path}`, {
      headers: tested.as(who ?? { kind: 'guest' }),
      body,
    });
  const outcome = async (method: string, path: string, who: Member | null, body?: unknown) => {
    const response = await api<ErrorEnvelope>(method, path, who, body);
    return response.status < 300 ? 'allowed' : `${response.status} ${response.body.code}`;
  };

  /** Hand an event to the service's queue and wait until it has been handled. */
  async function deliver(type: string, payload: unknown, occurredAt = new Date()) {
    const event = envelope(type, payload, occurredAt, 'moderation');
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
  /** The moderation service's word on an item (each its own event: a replay is a new envelope). */
  const moderate = (
    kind: ModeratedItemKind,
    itemId: string,
    owner: Member | string,
    state: ModerationState,
    at = new Date(),
    caseId = `case-${state}`,
  ) =>
    deliver(
      'moderation.item.changed',
      {
        kind,
        itemId,
        ownerId: typeof owner === 'string' ? owner : owner.userId,
        state,
        caseId,
      },
      at,
    );
  const at = (second: number) => new Date(Date.UTC(2026, 10, 27, 10, 0, second));

  async function send(who: Member, body: Record<string, unknown>) {
    const response = await api<FeedMessage>('POST', 'sendMessage', who, body);
    expect(response.status).toBe(201);
    return FeedMessage.parse(response.body);
  }
  async function page(who: Member | null, body: Record<string, unknown>) {
    const response = await api<FeedMessagesPage>('POST', 'getMessages', who, body);
    expect(response.status).toBe(200);
    return FeedMessagesPage.parse(response.body);
  }
  /** What `who` reads of a room: its messages' texts (null: a placeholder), and its counts. */
  async function reads(who: Member | null, postId: string) {
    const top = await page(who, { id: postId });
    const count = await api<FeedMessagesCount>('GET', `getNumberOfMessages/${postId}`, who);
    const counts = await api<FeedMessageCounts>('POST', 'getMessageCounts', who, {
      ids: [postId],
    });
    expect(count.status).toBe(200);
    const number = FeedMessagesCount.parse(count.body).count;
    // The page, the room's count and the list's count say the same to each reader.
    expect(top.count).toBe(number);
    expect(FeedMessageCounts.parse(counts.body).counts[postId]).toBe(number);
    return {
      texts: top.messages.map((message) => message.message),
      total: top.total,
      count: number,
    };
  }

  /** A public post with a comment by `author`: its owner, the author, another member. */
  async function discussion() {
    const [owner, author, other] = [newMember(), newMember(), newMember()];
    const postId = newPostId();
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'public' });
    const comment = await send(author, { message: 'reported words', postId });
    return { owner, author, other, postId, comment };
  }

  beforeAll(async () => {
    tested = await startTestService(
      'feed-messages',
      // A member's first two comments with a link wait for review (the default is three).
      (platform) => createFeedMessagesApp(platform, { reviewHolds: { firstItems: 2 } }),
      { engine },
    );
    tested.queue.process('events', async (job) => void emitted.push(job.data as Announced));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  describe('a comment', () => {
    it('held, is its author’s alone (marked so), gone from everyone else’s page and counts; visible again, back for all', async () => {
      const { owner, author, other, postId, comment } = await discussion();
      await send(other, { message: 'another comment', postId });
      const everyone = { texts: ['another comment', 'reported words'], total: 2, count: 2 };
      expect(await reads(null, postId)).toEqual(everyone);

      await moderate('comment', comment.messageId, author, 'held', new Date(), 'case-1');

      const without = { texts: ['another comment'], total: 1, count: 1 };
      for (const who of [null, owner, other]) expect(await reads(who, postId)).toEqual(without);
      // The author reads it, and counts it, as they see it: with why it is not shown to others.
      expect(await reads(author, postId)).toEqual(everyone);
      const theirs = (await page(author, { id: postId })).messages.find(
        (message) => message.messageId === comment.messageId,
      );
      expect(theirs).toMatchObject({
        message: 'reported words',
        authorId: author.userId,
        deleted: false,
        moderation: { state: 'held', caseId: 'case-1' },
      });
      // Nobody else's copy carries the mark, nor any message that is visible.
      for (const message of (await page(owner, { id: postId })).messages)
        expect(message).not.toHaveProperty('moderation');

      await moderate('comment', comment.messageId, author, 'visible');
      for (const who of [null, owner, other, author])
        expect(await reads(who, postId)).toEqual(everyone);
      for (const message of (await page(author, { id: postId })).messages)
        expect(message).not.toHaveProperty('moderation');
    });

    it('removed with replies, is a placeholder to others, as a deleted one is; its withheld replies are left out and uncounted', async () => {
      const { owner, author, other, postId, comment } = await discussion();
      const reply = await send(other, {
        message: 'a reply',
        postId,
        parentMessageId: comment.messageId,
      });
      const heldReply = await send(owner, {
        message: 'a held reply',
        postId,
        parentMessageId: comment.messageId,
      });
      await moderate('comment', comment.messageId, author, 'removed');
      await moderate('comment', heldReply.messageId, owner, 'held');

      for (const who of [null, other]) {
        const top = await page(who, { id: postId });
        expect(top.messages).toEqual([
          {
            ...comment,
            authorId: null,
            message: null,
            tag: null,
            likes: 0,
            repliesCount: 1,
            deleted: true,
          },
        ]);
        expect(top.count).toBe(1);
        const replies = await page(who, { id: postId, parentId: comment.messageId });
        expect(replies.messages.map((message) => message.messageId)).toEqual([reply.messageId]);
        expect(replies.total).toBe(1);
      }
      // The owner of the held reply reads it (marked), the comment still a placeholder to them.
      const owners = await page(owner, { id: postId });
      expect(owners.messages[0]).toMatchObject({ deleted: true, message: null, repliesCount: 2 });
      expect(owners.count).toBe(2);
      const ownReplies = await page(owner, { id: postId, parentId: comment.messageId });
      expect(ownReplies.messages.map((message) => message.moderation?.state ?? null)).toEqual([
        null,
        'held',
      ]);
      // The author of the removed comment reads it, marked, and not the held reply.
      const authors = await page(author, { id: postId });
      expect(authors.messages[0]).toMatchObject({
        message: 'reported words',
        repliesCount: 1,
        moderation: { state: 'removed', caseId: 'case-removed' },
      });
      expect(authors.count).toBe(2);

      // Its one reply others may read gone, the placeholder is gone for them too.
      expect(
        (await api('DELETE', `deleteMessage/${reply.messageId}/${postId}`, other)).status,
      ).toBe(200);
      expect(await reads(null, postId)).toEqual({ texts: [], total: 0, count: 0 });
      expect((await page(author, { id: postId })).messages).toHaveLength(1);
    });

    it('cannot be liked, replied to, edited or deleted by anyone but its author: it is not there to them', async () => {
      const { owner, author, other, postId, comment } = await discussion();
      const sibling = await send(author, {
        message: 'a reply of theirs',
        postId,
        parentMessageId: comment.messageId,
      });
      await moderate('comment', comment.messageId, author, 'removed');
      const notThere = '404 MESSAGE_NOT_FOUND';
      for (const who of [owner, other]) {
        expect(await outcome('PUT', 'like', who, { id: comment.messageId })).toBe(notThere);
        expect(
          await outcome('POST', 'sendMessage', who, {
            message: 'a reply',
            postId,
            parentMessageId: comment.messageId,
          }),
        ).toBe(notThere);
        // Not NOT_MESSAGE_AUTHOR: that would say it is there.
        expect(
          await outcome('PUT', 'editMessage', who, { messageId: comment.messageId, message: 'x' }),
        ).toBe(notThere);
        expect(await outcome('DELETE', `deleteMessage/${comment.messageId}/${postId}`, who)).toBe(
          notThere,
        );
        // A reply to a visible reply in its thread joins the thread, as under a deleted one.
        expect(
          (
            await send(who, {
              message: 'to the visible reply',
              postId,
              parentMessageId: sibling.messageId,
            })
          ).parentMessageId,
        ).toBe(comment.messageId);
      }
      expect(await outcome('PUT', 'like', null, { id: comment.messageId })).toBe(
        '401 MUST_BE_LOGGED_IN',
      );
      // Its id named as a room (one made a moment ago is taken on trust) shows nothing of it.
      expect((await page(other, { id: comment.messageId })).messages).toEqual([]);
      // Its author may still like, reply to, edit and delete it.
      expect(await outcome('PUT', 'like', author, { id: comment.messageId })).toBe('allowed');
      const edited = await api<FeedMessage>('PUT', 'editMessage', author, {
        messageId: comment.messageId,
        message: 'words changed',
      });
      expect(FeedMessage.parse(edited.body)).toMatchObject({
        message: 'words changed',
        moderation: { state: 'removed' },
      });
      expect(
        await outcome('POST', 'sendMessage', author, {
          message: 'my own reply',
          postId,
          parentMessageId: comment.messageId,
        }),
      ).toBe('allowed');
      // The like others could not give is not in their page's `likedByMe`, nor the comment.
      expect((await page(other, { id: postId })).likedByMe).toEqual([]);
      expect(await outcome('DELETE', `deleteMessage/${comment.messageId}/${postId}`, author)).toBe(
        'allowed',
      );
    });

    it('applies words by their time: a late older one, or one replayed, changes nothing', async () => {
      const { other, author, postId, comment } = await discussion();
      const shown = async () => (await reads(other, postId)).count;

      await moderate('comment', comment.messageId, author, 'removed', at(2));
      await moderate('comment', comment.messageId, author, 'visible', at(1));
      expect(await shown()).toBe(0);
      await moderate('comment', comment.messageId, author, 'visible', at(3));
      expect(await shown()).toBe(1);
      // The :02 removal replayed (the outbox delivers at least once), and a hold as old as it.
      await moderate('comment', comment.messageId, author, 'removed', at(2));
      await moderate('comment', comment.messageId, author, 'held', at(3));
      expect(await shown()).toBe(1);
      // The same word twice: held once.
      await moderate('comment', comment.messageId, author, 'held', at(4));
      await moderate('comment', comment.messageId, author, 'held', at(4));
      expect(await shown()).toBe(0);
      expect(
        await tested.database.count(
          `select count(*)::int as n from feed_messages.moderated_items where item_id = $1`,
          [comment.messageId],
        ),
      ).toBe(1);
    });

    it('leaves a deleted comment deleted, whatever moderation says of it later', async () => {
      const { other, author, postId, comment } = await discussion();
      await send(other, { message: 'a reply', postId, parentMessageId: comment.messageId });
      await moderate('comment', comment.messageId, author, 'held');
      expect(
        (await api('DELETE', `deleteMessage/${comment.messageId}/${postId}`, author)).status,
      ).toBe(200);
      await moderate('comment', comment.messageId, author, 'visible');
      for (const who of [author, other])
        expect((await page(who, { id: postId })).messages[0]).toMatchObject({
          deleted: true,
          message: null,
          authorId: null,
        });
    });

    it('held by a word heard before the message is written: withheld from the start', async () => {
      const { owner, author, postId } = await discussion();
      const id = newId();
      await moderate('comment', id, author, 'held');
      // As a message whose word raced ahead of it would be written (the service makes the id).
      const repository = new FeedMessagesRepository(tested.database.handle.db);
      await repository.transaction((tx) =>
        tx.insert(
          {
            id,
            roomId: postId,
            postId,
            parentId: null,
            authorId: author.userId,
            text: 'written after its hold',
            tag: null,
            createdAt: new Date(),
          },
          {
            authorId: author.userId,
            parentId: null,
            parentAuthorId: null,
            roomId: postId,
            excerpt: '',
          },
        ),
      );
      expect((await reads(owner, postId)).texts).toEqual(['reported words']);
      const theirs = (await page(author, { id: postId })).messages.find((m) => m.messageId === id);
      expect(theirs?.moderation).toEqual({ state: 'held', caseId: 'case-held' });
    });

    it('is held by a word of another kind about the same id, never', async () => {
      const { owner, author, other, postId, comment } = await discussion();
      await moderate('post', comment.messageId, author, 'removed');
      await moderate('answer', comment.messageId, author, 'removed');
      await moderate('profile', author.userId, author, 'removed');
      expect((await reads(other, postId)).texts).toEqual(['reported words']);
      // A comment's word about the post's id closes nothing either.
      await moderate('comment', postId, owner, 'removed');
      expect(await outcome('POST', 'sendMessage', other, { message: 'still open', postId })).toBe(
        'allowed',
      );
    });
  });

  describe('a post’s or answer’s discussion', () => {
    /** What `who` may do with the discussion: read, count, write, reply and like. */
    async function whatMay(who: Member | null, postId: string, comment: FeedMessage) {
      const counts = await api<FeedMessageCounts>('POST', 'getMessageCounts', who, {
        ids: [postId],
      });
      const answers: Record<string, string> = {
        read: await outcome('POST', 'getMessages', who, { id: postId }),
        readReplies: await outcome('POST', 'getMessages', who, {
          id: postId,
          parentId: comment.messageId,
        }),
        count: await outcome('GET', `getNumberOfMessages/${postId}`, who),
        listCount: postId in FeedMessageCounts.parse(counts.body).counts ? 'allowed' : 'left out',
      };
      if (who === null) return answers;
      answers['write'] = await outcome('POST', 'sendMessage', who, { message: 'hi', postId });
      answers['reply'] = await outcome('POST', 'sendMessage', who, {
        message: 'a reply',
        postId,
        parentMessageId: comment.messageId,
      });
      answers['like'] = await outcome('PUT', 'like', who, { id: comment.messageId });
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

    it.each([
      ['post', 'held'],
      ['post', 'removed'],
      ['answer', 'held'],
      ['answer', 'removed'],
    ] as const)(
      'a %s %s: its owner’s alone, as a private one’s; visible again, open as before',
      async (kind, state) => {
        const [owner, author, other] = [newMember(), newMember(), newMember()];
        const postId = newPostId();
        if (kind === 'post')
          await deliver('post.privacy.changed', {
            postId,
            publisherId: owner.userId,
            privacy: 'public',
          });
        else
          await deliver('meAnswer.privacy.changed', {
            meAnswerId: postId,
            userId: owner.userId,
            privacy: 'public',
          });
        const comment = await send(author, { message: 'said in public', postId });

        await moderate(kind, postId, owner, state);
        expect(await whatMay(null, postId, comment)).toEqual(guestRefused);
        // The comment's author too: it is the subject's owner's discussion now.
        for (const who of [author, other])
          expect(await whatMay(who, postId, comment)).toEqual(refused);
        expect(await whatMay(owner, postId, comment)).toEqual(allowed);

        await moderate(kind, postId, owner, 'visible');
        expect(await whatMay(null, postId, comment)).toEqual(guestAllowed);
        for (const who of [author, other, owner])
          expect(await whatMay(who, postId, comment)).toEqual(allowed);
      },
    );

    it('takes effect when the word comes before the post is announced, and after it is', async () => {
      const [owner, other] = [newMember(), newMember()];
      const postId = newPostId();
      // Made a moment ago, never announced: taken on trust, unless moderation holds it.
      await moderate('post', postId, owner, 'held', at(5));
      expect(await outcome('POST', 'sendMessage', other, { message: 'hi', postId })).toBe(
        '404 DISCUSSION_NOT_FOUND',
      );
      expect(await outcome('POST', 'getMessages', null, { id: postId })).toBe(
        '404 DISCUSSION_NOT_FOUND',
      );
      const comment = await send(owner, { message: 'the owner’s own', postId });
      // Announced public afterwards (an older announcement too): still held.
      await deliver(
        'post.privacy.changed',
        { postId, publisherId: owner.userId, privacy: 'public' },
        at(1),
      );
      expect(await whatMay(other, postId, comment)).toEqual(refused);
      await moderate('post', postId, owner, 'visible', at(6));
      expect(await whatMay(other, postId, comment)).toEqual(allowed);
    });

    it('counts a list with a held post in it for its owner alone', async () => {
      const [owner, other] = [newMember(), newMember()];
      const [held, open] = [newPostId(), newPostId()];
      for (const postId of [held, open]) {
        await deliver('post.privacy.changed', {
          postId,
          publisherId: owner.userId,
          privacy: 'public',
        });
        await send(other, { message: 'one', postId });
      }
      await moderate('post', held, owner, 'removed');
      const counted = async (who: Member | null) =>
        FeedMessageCounts.parse(
          (await api('POST', 'getMessageCounts', who, { ids: [held, open] })).body,
        ).counts;
      expect(await counted(null)).toEqual({ [open]: 1 });
      expect(await counted(other)).toEqual({ [open]: 1 });
      expect(await counted(owner)).toEqual({ [held]: 1, [open]: 1 });
    });
  });

  it('user.deleted takes the words about what the member owned; a late word writes nothing back', async () => {
    const { author, postId, comment } = await discussion();
    await moderate('comment', comment.messageId, author, 'held');
    await moderate('post', newPostId(), author, 'removed');
    const naming = () =>
      tested.database.count(
        `select count(*)::int as n from feed_messages.moderated_items where owner_id = $1`,
        [author.userId],
      );
    expect(await naming()).toBe(2);
    await deliver('user.deleted', { userId: author.userId });
    expect(await naming()).toBe(0);
    await moderate('comment', comment.messageId, author, 'removed', new Date(Date.now() + 60_000));
    expect(await naming()).toBe(0);
    expect((await reads(null, postId)).count).toBe(0);
  });

  it('keeps nothing of a word naming no member, or about a profile', async () => {
    const before = await tested.database.count(
      `select count(*)::int as n from feed_messages.moderated_items`,
      [],
    );
    await moderate('comment', randomUUID(), 'not-a-member', 'held');
    await moderate('profile', randomUUID(), randomUUID(), 'held');
    expect(
      await tested.database.count(
        `select count(*)::int as n from feed_messages.moderated_items`,
        [],
      ),
    ).toBe(before);
  });
  describe('review holds (a new member’s first comments with a link)', () => {
    /** What the service announced of a comment (relayed from its outbox), once `count` are. */
    const announcedOf = (messageId: string, count = 1) =>
      eventually(
        async () => {
          const found = emitted
            .filter((event) => event.type === 'feedMessage.changed')
            .map((event) => event.payload)
            .filter((payload) => payload['messageId'] === messageId);
          return found.length >= count ? found : undefined;
        },
        { what: `feedMessage.changed of ${messageId} relayed` },
      );

    it('holds one as it is written, its author’s alone, until moderators let it out; then the member is no longer new', async () => {
      const { owner, author, other, postId } = await discussion();
      const linked = await send(author, { message: 'Cheap at cheap-pills.xyz', postId });
      const caseId = linked.moderation?.caseId as string;
      expect(linked.moderation).toEqual({ state: 'held', caseId: expect.any(String) });
      expect(await announcedOf(linked.messageId)).toEqual([
        expect.objectContaining({
          comment: expect.objectContaining({ review: { caseId, reason: 'firstLinks' } }),
        }),
      ]);
      const without = { texts: ['reported words'], total: 1, count: 1 };
      for (const who of [null, owner, other]) expect(await reads(who, postId)).toEqual(without);
      expect((await reads(author, postId)).texts).toEqual([
        'Cheap at cheap-pills.xyz',
        'reported words',
      ]);
      // Nobody else may answer or like what they cannot see.
      expect(
        await outcome('POST', 'sendMessage', other, {
          message: 'a reply',
          postId,
          parentMessageId: linked.messageId,
        }),
      ).toBe('404 MESSAGE_NOT_FOUND');

      await moderate('comment', linked.messageId, author, 'visible', new Date(), caseId);
      expect((await reads(other, postId)).count).toBe(2);
      // Two out: the next link goes out at once, announced with no review.
      const later = await send(author, { message: 'More at cheap-pills.xyz', postId });
      expect(later.moderation).toBeUndefined();
      expect((await reads(other, postId)).count).toBe(3);
      expect((await announcedOf(later.messageId))[0]?.['comment']).not.toHaveProperty('review');
    });

    it('holds an edit that puts the first link in, announced even when its excerpt stays the same', async () => {
      const { author, other, postId, comment } = await discussion();
      const long = `${'A long memory of the harbour at dawn. '.repeat(8)}`;
      const edited = await api<FeedMessage>('PUT', 'editMessage', author, {
        messageId: comment.messageId,
        message: `${long} www.spam.biz`,
      });
      expect(edited.status).toBe(200);
      const caseId = edited.body.moderation?.caseId as string;
      expect(edited.body.moderation).toEqual({ state: 'held', caseId: expect.any(String) });
      expect((await reads(other, postId)).count).toBe(0);
      expect((await announcedOf(comment.messageId, 2)).at(-1)).toMatchObject({
        edited: { review: { caseId, reason: 'firstLinks' } },
      });

      // Let out with its link, an edit that keeps a link waits no more.
      await moderate('comment', comment.messageId, author, 'visible', new Date(), caseId);
      const again = await api<FeedMessage>('PUT', 'editMessage', author, {
        messageId: comment.messageId,
        message: `${long} www.spam.biz, and more`,
      });
      expect(again.body.moderation).toBeUndefined();
      expect((await reads(other, postId)).count).toBe(1);
    });
  });
});
