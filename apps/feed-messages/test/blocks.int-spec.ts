import {
  FeedMessage,
  FeedMessageCounts,
  FeedMessagesCount,
  FeedMessagesPage,
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

// Issue 35, point 5: a member and someone they block, or who blocks them, do not see each other's
// comments (a placeholder where replies they may read hang on one), neither comments in the
// other's discussions (MEMBER_BLOCKED) nor likes or replies to the other's comments (not there
// to them: MESSAGE_NOT_FOUND). Counts are everyone's. A mute changes nothing here. Words apply
// by their time, in any order, replayed; nothing is kept about a member who left.
describeEachEngine('feed-messages: blocks', (engine) => {
  let tested: TestService;

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
  /** The moderation service's word on a block or mute (each its own envelope). */
  const word = (
    blocker: Member | string,
    blocked: Member | string,
    active: boolean,
    occurredAt = new Date(),
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
      occurredAt,
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
  async function story(owner: Member) {
    const postId = newPostId();
    await deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy: 'public' });
    return postId;
  }

  /**
   * What `who` reads of a room: each top-level message as its words (null: a placeholder) with
   * the replies they may read, those replies' words, and the room's counts.
   */
  async function reads(who: Member | null, postId: string) {
    const top = await page(who, { id: postId, sort: 'oldest' });
    const threads: Array<[string | null, number, Array<string | null>]> = [];
    for (const message of top.messages) {
      const replies =
        message.repliesCount === 0
          ? []
          : (await page(who, { id: postId, parentId: message.messageId })).messages;
      expect(replies).toHaveLength(message.repliesCount);
      threads.push([message.message, message.repliesCount, replies.map((reply) => reply.message)]);
    }
    const count = await api<FeedMessagesCount>('GET', `getNumberOfMessages/${postId}`, who);
    const counts = await api<FeedMessageCounts>('POST', 'getMessageCounts', who, {
      ids: [postId],
    });
    const number = FeedMessagesCount.parse(count.body).count;
    // The page's count, the room's and the list's say the same, to each reader.
    expect(top.count).toBe(number);
    expect(FeedMessageCounts.parse(counts.body).counts[postId]).toBe(number);
    return { threads, total: top.total, count: number };
  }

  /**
   * Noa's public story, with a comment of Dan's (replied to by Lea), one of Noa's (replied to by
   * Dan), and one of Lea's (replied to by Noa); and Lea's story with a comment of Noa's.
   */
  async function conversation() {
    const [noa, dan, lea] = [newMember(), newMember(), newMember()];
    const noasStory = await story(noa);
    const leasStory = await story(lea);
    const dans = await send(dan, { message: 'dan on noa’s', postId: noasStory });
    await send(lea, { message: 'lea to dan', postId: noasStory, parentMessageId: dans.messageId });
    const noas = await send(noa, { message: 'noa on her own', postId: noasStory });
    await send(dan, { message: 'dan to noa', postId: noasStory, parentMessageId: noas.messageId });
    const leas = await send(lea, { message: 'lea on noa’s', postId: noasStory });
    await send(noa, { message: 'noa to lea', postId: noasStory, parentMessageId: leas.messageId });
    const noaOnLeas = await send(noa, { message: 'noa on lea’s', postId: leasStory });
    return { noa, dan, lea, noasStory, leasStory, dans, noas, leas, noaOnLeas };
  }

  const everything = {
    threads: [
      ['dan on noa’s', 1, ['lea to dan']],
      ['noa on her own', 1, ['dan to noa']],
      ['lea on noa’s', 1, ['noa to lea']],
    ],
    total: 3,
    count: 6,
  };

  beforeAll(async () => {
    tested = await startTestService('feed-messages', createFeedMessagesApp, { engine });
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  it('hides each one’s comments from the other, a placeholder where replies they may read hang on one, and counts them out; others and guests read all', async () => {
    const { noa, dan, lea, noasStory } = await conversation();
    for (const who of [null, noa, dan, lea])
      expect(await reads(who, noasStory)).toEqual(everything);

    await word(noa, dan, true);

    // Noa, the blocker: Dan's comment, with Lea's reply to it, is a placeholder; his reply to
    // her is gone from her thread. The room's count, to her, leaves his two out as her page does.
    expect(await reads(noa, noasStory)).toEqual({
      threads: [
        [null, 1, ['lea to dan']],
        ['noa on her own', 0, []],
        ['lea on noa’s', 1, ['noa to lea']],
      ],
      total: 3,
      count: 4,
    });
    // Dan, the blocked: the same, the other way.
    expect(await reads(dan, noasStory)).toEqual({
      threads: [
        ['dan on noa’s', 1, ['lea to dan']],
        [null, 1, ['dan to noa']],
        ['lea on noa’s', 0, []],
      ],
      total: 3,
      count: 4,
    });
    for (const who of [null, lea]) expect(await reads(who, noasStory)).toEqual(everything);

    await word(noa, dan, false);
    for (const who of [null, noa, dan, lea])
      expect(await reads(who, noasStory)).toEqual(everything);
  });

  it('leaves out a comment without replies they may read, and a reply thread wholly of the other’s', async () => {
    const [noa, dan, lea] = [newMember(), newMember(), newMember()];
    const postId = await story(lea);
    const dans = await send(dan, { message: 'dan alone', postId });
    await send(dan, { message: 'dan to himself', postId, parentMessageId: dans.messageId });
    await send(lea, { message: 'lea', postId });
    await word(dan, noa, true);
    expect(await reads(noa, postId)).toEqual({ threads: [['lea', 0, []]], total: 1, count: 1 });
    // Dan sees his own, and none of Noa's (she wrote none): all of it.
    expect((await reads(dan, postId)).threads).toHaveLength(2);
  });

  it('refuses the blocked a comment in the blocker’s discussion and the blocker one in the blocked’s, plainly; a like or reply to the other’s comment anywhere is to a comment not there', async () => {
    const { noa, dan, lea, noasStory, leasStory, dans, noas, leas, noaOnLeas } =
      await conversation();
    const dansStory = await story(dan);
    await word(noa, dan, true, new Date(), 'block');

    expect(await outcome('POST', 'sendMessage', dan, { message: 'hi', postId: noasStory })).toBe(
      '403 MEMBER_BLOCKED',
    );
    // A reply in her discussion, even to Lea's comment, is a comment there.
    expect(
      await outcome('POST', 'sendMessage', dan, {
        message: 'to lea',
        postId: noasStory,
        parentMessageId: leas.messageId,
      }),
    ).toBe('403 MEMBER_BLOCKED');
    // Either way: the blocker writes nothing in the blocked's discussion either.
    expect(await outcome('POST', 'sendMessage', noa, { message: 'hi', postId: dansStory })).toBe(
      '403 MEMBER_BLOCKED',
    );
    // In Lea's discussion, open to both: Noa's comment is not there to Dan, nor his to her.
    expect(
      await outcome('POST', 'sendMessage', dan, {
        message: 'to noa',
        postId: leasStory,
        parentMessageId: noaOnLeas.messageId,
      }),
    ).toBe('404 MESSAGE_NOT_FOUND');
    expect(await outcome('PUT', 'like', dan, { id: noaOnLeas.messageId })).toBe(
      '404 MESSAGE_NOT_FOUND',
    );
    expect(await outcome('PUT', 'like', noa, { id: dans.messageId })).toBe('404 MESSAGE_NOT_FOUND');
    expect(await outcome('PUT', 'like', dan, { id: noas.messageId })).toBe('404 MESSAGE_NOT_FOUND');
    // Nothing else changes: Dan writes in Lea's discussion, edits and deletes his own in Noa's,
    // and Lea does everything she did.
    expect(await outcome('POST', 'sendMessage', dan, { message: 'hi', postId: leasStory })).toBe(
      'allowed',
    );
    expect(
      await outcome('PUT', 'editMessage', dan, { messageId: dans.messageId, message: 'edited' }),
    ).toBe('allowed');
    for (const [method, path, body] of [
      ['POST', 'sendMessage', { message: 'lea again', postId: noasStory }],
      ['POST', 'sendMessage', { message: 'r', postId: noasStory, parentMessageId: dans.messageId }],
      ['POST', 'sendMessage', { message: 'hi dan', postId: dansStory }],
      ['PUT', 'like', { id: noas.messageId }],
      ['PUT', 'like', { id: dans.messageId }],
    ] as const)
      expect(await outcome(method, path, lea, body)).toBe('allowed');
    expect(await outcome('DELETE', `deleteMessage/${dans.messageId}/${noasStory}`, dan)).toBe(
      'allowed',
    );

    await word(noa, dan, false);
    expect(await outcome('POST', 'sendMessage', dan, { message: 'hi', postId: noasStory })).toBe(
      'allowed',
    );
    expect(await outcome('PUT', 'like', dan, { id: noaOnLeas.messageId })).toBe('allowed');
  });

  it('a block made by the other way round refuses the same; a mute refuses and hides nothing here', async () => {
    const [noa, dan] = [newMember(), newMember()];
    const postId = await story(noa);
    const noas = await send(noa, { message: 'noa', postId });
    await word(dan, noa, true);
    expect(await outcome('POST', 'sendMessage', dan, { message: 'hi', postId })).toBe(
      '403 MEMBER_BLOCKED',
    );
    expect(await outcome('PUT', 'like', dan, { id: noas.messageId })).toBe('404 MESSAGE_NOT_FOUND');
    await word(dan, noa, false);

    await word(noa, dan, true, new Date(), 'mute');
    await word(dan, noa, true, new Date(), 'mute');
    expect(await outcome('POST', 'sendMessage', dan, { message: 'hi', postId })).toBe('allowed');
    expect(await outcome('PUT', 'like', dan, { id: noas.messageId })).toBe('allowed');
    expect((await reads(dan, postId)).threads).toEqual([
      ['noa', 0, []],
      ['hi', 0, []],
    ]);
    expect((await reads(noa, postId)).threads).toHaveLength(2);
  });

  it('applies words by their time, whatever order they come in, and replayed', async () => {
    const [noa, dan] = [newMember(), newMember()];
    const postId = await story(noa);
    const writes = () => outcome('POST', 'sendMessage', dan, { message: 'hi', postId });

    // The unblock of :02 comes before the block of :01: not blocked.
    await word(noa, dan, false, at(2));
    await word(noa, dan, true, at(1));
    expect(await writes()).toBe('allowed');
    await word(noa, dan, true, at(3));
    expect(await writes()).toBe('403 MEMBER_BLOCKED');
    // The :02 unblock replayed, and the :03 block replayed: still blocked.
    await word(noa, dan, false, at(2));
    await word(noa, dan, true, at(3));
    expect(await writes()).toBe('403 MEMBER_BLOCKED');
    await word(noa, dan, false, at(4));
    expect(await writes()).toBe('allowed');
    expect(
      await tested.database.count(
        `select count(*)::int as n from feed_messages.member_blocks where blocker_id = $1`,
        [noa.userId],
      ),
    ).toBe(1);
  });

  it('keeps nothing about a member who left, nor a word naming no member or oneself', async () => {
    const [noa, dan] = [newMember(), newMember()];
    await word(noa, dan, true);
    await word(dan, noa, true, new Date(), 'mute');
    const naming = (who: Member) =>
      tested.database.count(
        `select count(*)::int as n from feed_messages.member_blocks
         where blocker_id = $1 or blocked_id = $1`,
        [who.userId],
      );
    expect(await naming(dan)).toBe(2);
    await deliver('user.deleted', { userId: dan.userId });
    expect(await naming(dan)).toBe(0);
    // A late word naming him writes nothing back.
    await word(noa, dan, true, new Date(Date.now() + 60_000));
    expect(await naming(dan)).toBe(0);

    const before = await tested.database.count(
      `select count(*)::int as n from feed_messages.member_blocks`,
    );
    await word('not-a-member', noa, true);
    await word(noa, "x' or '1'='1", true);
    await word(noa, noa, true);
    expect(
      await tested.database.count(`select count(*)::int as n from feed_messages.member_blocks`),
    ).toBe(before);
  });
});
