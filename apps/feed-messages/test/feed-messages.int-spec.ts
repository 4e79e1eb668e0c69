import { randomUUID } from 'node:crypto';
import {
  DeleteFeedMessageResponse,
  FeedMessage,
  FeedMessageCounts,
  FeedMessagesCount,
  FeedMessagesPage,
  LikeFeedMessageResponse,
  type ErrorEnvelope,
} from '@mepedia/contracts';
import { newId } from '@mepedia/server-database';
import {
  describeEachEngine,
  newPostId,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createFeedMessagesApp } from '../src/feed-messages.app';
import { FeedMessagesRepository } from '../src/feed-messages.repository';
import { FeedMessagesService, UNANNOUNCED_GRACE_MS } from '../src/feed-messages.service';

type FieldIssues = Array<{ field: string; code: string }>;
type Headers = Record<string, string>;

// The feed-messages service (comments and replies) over real HTTP, on each engine (PGlite too:
// row locks, partial indexes and the data-modifying statements of a member's removal must work
// there as well).
describeEachEngine('feed-messages service over HTTP', (engine) => {
  let tested: TestService;

  const member = (): Member => newMember({ language: 'he' });
  const as = (who: Member | null): Headers => tested.as(who ?? { kind: 'guest' });
  const api = <T>(method: string, path: string, who: Member | null, body?: unknown) =>
    tested.call<T>(method, `/api/feedMessages/${path}`, { headers: as(who), body });
  /** A fresh post id: each test discusses posts of its own (taken on trust: made a moment ago). */
  const newPost = newPostId;

  async function send(who: Member, body: Record<string, unknown>) {
    const response = await api<FeedMessage>('POST', 'sendMessage', who, body);
    expect(response.status).toBe(201);
    return FeedMessage.parse(response.body);
  }
  async function page(body: Record<string, unknown>, who: Member | null = null) {
    const response = await api<FeedMessagesPage>('POST', 'getMessages', who, body);
    expect(response.status).toBe(200);
    return FeedMessagesPage.parse(response.body);
  }
  async function numberOf(id: string) {
    const response = await api<FeedMessagesCount>('GET', `getNumberOfMessages/${id}`, null);
    expect(response.status).toBe(200);
    const { count } = FeedMessagesCount.parse(response.body);
    // Every page of getMessages says the same (the post page reads it there, in one call).
    expect({ id, count: (await page({ id })).count }).toEqual({ id, count });
    return count;
  }
  async function like(who: Member, id: string) {
    const response = await api<LikeFeedMessageResponse>('PUT', 'like', who, { id });
    expect(response.status).toBe(200);
    return LikeFeedMessageResponse.parse(response.body);
  }
  async function remove(who: Member, id: string, id2: string) {
    const response = await api<DeleteFeedMessageResponse>(
      'DELETE',
      `deleteMessage/${id}/${id2}`,
      who,
    );
    expect(response.status).toBe(200);
    return DeleteFeedMessageResponse.parse(response.body);
  }
  const failure = async (method: string, path: string, who: Member | null, body?: unknown) => {
    const response = await api<ErrorEnvelope>(method, path, who, body);
    return { status: response.status, code: response.body.code };
  };
  const invalid = async (path: string, who: Member, body: unknown) => {
    const method = path === 'editMessage' ? 'PUT' : 'POST';
    const response = await api<ErrorEnvelope>(method, path, who, body);
    expect({ status: response.status, code: response.body.code }).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
    });
    return (response.body.details as FieldIssues).map(({ field, code }) => ({ field, code }));
  };

  const sqlCount = (query: string, params: unknown[] = []) => tested.database.count(query, params);
  /** Counters that differ from the rows they count, and placeholders without replies (0 when right). */
  const countersOff = async () =>
    (await sqlCount(`
      select count(*)::int as n from feed_messages.messages m
      where m.likes <> (select count(*) from feed_messages.likes l where l.message_id = m.id)
         or m.replies_count <> (select count(*) from feed_messages.messages r where r.parent_id = m.id)
         or (m.deleted and m.replies_count = 0)`)) +
    (await sqlCount(
      'select count(*)::int as n from feed_messages.messages r join feed_messages.messages p on p.id = r.parent_id where p.parent_id is not null',
    ));

  beforeAll(async () => {
    // New members' first comments with a link would wait for review (moderation.int-spec.ts
    // tests it): here every member is new, and a link is only text.
    tested = await startTestService(
      'feed-messages',
      (platform) => createFeedMessagesApp(platform, { reviewHolds: { firstItems: 0 } }),
      { engine },
    );
  }, SETUP_TIMEOUT_MS);

  afterEach(async () => {
    expect(await countersOff()).toBe(0);
  });

  afterAll(async () => {
    await tested?.close();
  }, SETUP_TIMEOUT_MS);

  describe('who may do what', () => {
    it('answers a guest 401 on every write, and lets a guest read', async () => {
      const postId = newPost();
      const ada = member();
      const sent = await send(ada, { message: 'hello', postId });
      const refused = { status: 401, code: 'AUTH_REQUIRED' };
      // Commenting and liking say why, in the product's words and the guest's language.
      const mustLogIn = { status: 401, code: 'MUST_BE_LOGGED_IN' };
      expect(await failure('POST', 'sendMessage', null, { message: 'x', postId })).toEqual(
        mustLogIn,
      );
      expect(await failure('PUT', 'like', null, { id: sent.messageId })).toEqual(mustLogIn);
      const hebrew = await call<ErrorEnvelope>(tested.base, 'PUT', '/api/feedMessages/like', {
        headers: { ...as(null), 'accept-language': 'he' },
        body: { id: sent.messageId },
      });
      expect(hebrew.body.message).toBe('יש להתחבר כדי להגיב או לעשות לייק');
      const english = await call<ErrorEnvelope>(tested.base, 'PUT', '/api/feedMessages/like', {
        headers: { ...as(null), 'accept-language': 'en' },
        body: { id: sent.messageId },
      });
      expect(english.body.message).toBe('You must be logged in to comment or like');
      expect(
        await failure('PUT', 'editMessage', null, { messageId: sent.messageId, message: 'y' }),
      ).toEqual(refused);
      expect(await failure('DELETE', `deleteMessage/${sent.messageId}/${postId}`, null)).toEqual(
        refused,
      );
      // Nothing changed, and reads are open.
      const read = await page({ id: postId });
      expect(read.messages).toEqual([sent]);
      expect(await numberOf(postId)).toBe(1);
    });

    it('lets only the author edit or delete a message: another member gets 403', async () => {
      const postId = newPost();
      const [ada, ben] = [member(), member()];
      const sent = await send(ada, { message: 'mine', postId });
      expect(
        await failure('PUT', 'editMessage', ben, { messageId: sent.messageId, message: 'hijack' }),
      ).toEqual({ status: 403, code: 'NOT_MESSAGE_AUTHOR' });
      expect(await failure('DELETE', `deleteMessage/${sent.messageId}/${postId}`, ben)).toEqual({
        status: 403,
        code: 'NOT_MESSAGE_AUTHOR',
      });
      expect((await page({ id: postId })).messages.map((m) => m.message)).toEqual(['mine']);
      // Another member may like it, though.
      expect(await like(ben, sent.messageId)).toEqual({ liked: true, likes: 1 });
    });

    it('answers 404 for unknown messages and a room that does not match', async () => {
      const postId = newPost();
      const ada = member();
      const unknown = randomUUID();
      const notFound = { status: 404, code: 'MESSAGE_NOT_FOUND' };
      expect(
        await failure('PUT', 'editMessage', ada, { messageId: unknown, message: 'x' }),
      ).toEqual(notFound);
      expect(await failure('PUT', 'like', ada, { id: unknown })).toEqual(notFound);
      expect(await failure('DELETE', `deleteMessage/${unknown}/${postId}`, ada)).toEqual(notFound);
      expect(
        await failure('POST', 'sendMessage', ada, {
          message: 'x',
          postId,
          parentMessageId: unknown,
        }),
      ).toEqual(notFound);
      const sent = await send(ada, { message: 'here', postId });
      expect(await failure('DELETE', `deleteMessage/${sent.messageId}/${newPost()}`, ada)).toEqual(
        notFound,
      );
      expect(await numberOf(postId)).toBe(1);
    });
  });

  describe('sendMessage', () => {
    it('answers the created message, in the post’s room unless a room is given', async () => {
      const postId = newPost();
      const ada = member();
      const before = Date.now();
      const sent = await send(ada, {
        message: '  שלום world  ',
        postId,
        tag: ' question ',
        randomIdentifier: 'a'.repeat(24),
      });
      expect(sent).toEqual({
        messageId: expect.stringMatching(/^[0-9a-f-]{36}$/),
        feedRoomId: postId,
        postId,
        parentMessageId: null,
        authorId: ada.userId,
        message: 'שלום world',
        tag: 'question',
        createdAt: expect.any(String),
        editedAt: null,
        likes: 0,
        repliesCount: 0,
        deleted: false,
      });
      expect(Date.parse(sent.createdAt)).toBeGreaterThanOrEqual(before - 1000);

      const room = newPost();
      const grouped = await send(ada, { message: 'in a room', postId, feedRoomId: room });
      expect(grouped).toMatchObject({ feedRoomId: room, postId });
      expect((await page({ id: room })).messages.map((m) => m.messageId)).toEqual([
        grouped.messageId,
      ]);
      expect(await numberOf(postId)).toBe(1);
      expect(await numberOf(room)).toBe(1);
    });

    it('refuses bad ids, a bad randomIdentifier, and a reply in another room', async () => {
      const ada = member();
      expect(await invalid('sendMessage', ada, { message: 'x', postId: 'a/b' })).toEqual([
        { field: 'postId', code: 'INVALID_VALUE' },
      ]);
      expect(await invalid('sendMessage', ada, { message: 'x', postId: 'p'.repeat(65) })).toEqual([
        { field: 'postId', code: 'INVALID_VALUE' },
      ]);
      expect(
        await invalid('sendMessage', ada, { message: 'x', postId: 'p', randomIdentifier: 'xyz' }),
      ).toEqual([{ field: 'randomIdentifier', code: 'INVALID_VALUE' }]);
      expect(await invalid('sendMessage', ada, { postId: 'p' })).toEqual([
        { field: 'message', code: 'FIELD_REQUIRED' },
      ]);
      const top = await send(ada, { message: 'top', postId: newPost() });
      expect(
        await invalid('sendMessage', ada, {
          message: 'elsewhere',
          postId: newPost(),
          parentMessageId: top.messageId,
        }),
      ).toEqual([{ field: 'parentMessageId', code: 'INVALID_VALUE' }]);
      expect((await page({ id: top.feedRoomId, parentId: top.messageId })).total).toBe(0);
    });
  });

  describe('plain text', () => {
    it('stores and returns markup as the literal text it is', async () => {
      const postId = newPost();
      const text = '<script>alert("x")</script><b onclick="y()">bold</b> &amp; https://example.com';
      const sent = await send(member(), { message: text, postId });
      expect(sent.message).toBe(text);
      const response = await call<FeedMessagesPage>(
        tested.base,
        'POST',
        '/api/feedMessages/getMessages',
        {
          headers: as(null),
          body: { id: postId },
        },
      );
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(response.body.messages[0]?.message).toBe(text);
    });

    it('refuses control and bidi override characters, naming the field, and keeps line breaks', async () => {
      for (const [message, tag] of [
        ['name\u202Egnp.exe', undefined],
        ['an \u2066isolate\u2069', undefined],
        ['a bell\u0007', undefined],
        ['fine', '\u202Et'],
      ] as const) {
        const field = tag === undefined ? 'message' : 'tag';
        expect(await invalid('sendMessage', member(), { message, tag, postId: newPost() })).toEqual(
          [{ field, code: 'UNSUPPORTED_CHARACTER' }],
        );
      }
      // Nothing was stored on the way.
      expect(
        await sqlCount(
          "select count(*)::int as n from feed_messages.messages where text like 'name%' or text = 'fine'",
        ),
      ).toBe(0);
      // Line breaks of any kind become \n; tabs and the direction marks Hebrew needs stay.
      const sent = await send(member(), {
        message: ' a\tb\r\nc\rd \u200Fשלום\u200E ',
        postId: newPost(),
      });
      expect(sent.message).toBe('a\tb\nc\nd \u200Fשלום\u200E');
      // NUL no column can keep: refused as every body's is (ZodPipe).
      expect(await invalid('sendMessage', member(), { message: 'a\u0000b', postId: 'p' })).toEqual([
        { field: 'message', code: 'UNSUPPORTED_CHARACTER' },
      ]);
    });

    it('takes 2,000 characters counted as code points, and refuses 2,001', async () => {
      const postId = newPost();
      const ada = member();
      const hebrew = 'ש'.repeat(1999) + '😀'; // 2,000 code points, 2,001 UTF-16 units
      expect((await send(ada, { message: hebrew, postId })).message).toBe(hebrew);
      expect(await invalid('sendMessage', ada, { message: `${hebrew}א`, postId })).toEqual([
        { field: 'message', code: 'TOO_LONG' },
      ]);
      const sent = await send(ada, { message: 'short', postId });
      expect(
        await invalid('editMessage', ada, { messageId: sent.messageId, message: `${hebrew}א` }),
      ).toEqual([{ field: 'message', code: 'TOO_LONG' }]);
      expect(await numberOf(postId)).toBe(2);
    });
  });

  describe('threads', () => {
    it('keeps replies one level deep and counts them exactly', async () => {
      const postId = newPost();
      const [ada, ben, cy] = [member(), member(), member()];
      const top = await send(ada, { message: 'top', postId });
      const reply = await send(ben, { message: 'reply', postId, parentMessageId: top.messageId });
      expect(reply.parentMessageId).toBe(top.messageId);
      // A reply to a reply joins the top-level thread.
      const deeper = await send(cy, {
        message: 'reply to reply',
        postId,
        parentMessageId: reply.messageId,
      });
      expect(deeper.parentMessageId).toBe(top.messageId);

      const tops = await page({ id: postId });
      expect(tops).toMatchObject({ total: 1, hasMore: false });
      expect(tops.messages[0]).toMatchObject({ messageId: top.messageId, repliesCount: 2 });
      const replies = await page({ id: postId, parentId: top.messageId });
      expect(replies.messages.map((m) => m.message)).toEqual(['reply', 'reply to reply']);
      expect(replies.messages.every((m) => m.repliesCount === 0)).toBe(true);
      expect(await numberOf(postId)).toBe(3);
      // The replies of a thread are listed only in its room.
      expect((await page({ id: newPost(), parentId: top.messageId })).total).toBe(0);
    });

    it('edits the author’s text and tag and marks when', async () => {
      const postId = newPost();
      const ada = member();
      const sent = await send(ada, { message: 'first', postId, tag: 'a' });
      const response = await api<FeedMessage>('PUT', 'editMessage', ada, {
        messageId: sent.messageId.toUpperCase(),
        message: ' second <i>x</i> ',
      });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ message: 'second <i>x</i>', tag: 'a' });
      expect(response.body.editedAt).not.toBeNull();
      const retagged = await api<FeedMessage>('PUT', 'editMessage', ada, {
        messageId: sent.messageId,
        message: 'third',
        tag: null,
      });
      expect(retagged.body).toMatchObject({ message: 'third', tag: null });
      expect((await page({ id: postId })).messages[0]).toMatchObject({
        message: 'third',
        tag: null,
        createdAt: sent.createdAt,
      });
    });

    it('removes a message without replies, and keeps a placeholder for one with', async () => {
      const postId = newPost();
      const [ada, ben] = [member(), member()];
      const lone = await send(ada, { message: 'lone', postId });
      const top = await send(ada, { message: 'top', postId });
      const r1 = await send(ben, { message: 'r1', postId, parentMessageId: top.messageId });
      const r2 = await send(ben, { message: 'r2', postId, parentMessageId: top.messageId });
      await like(ben, top.messageId);
      expect(await numberOf(postId)).toBe(4);

      expect(await remove(ada, lone.messageId, postId)).toEqual({
        deleted: true,
        placeholder: false,
      });
      expect(await numberOf(postId)).toBe(3);
      expect(await remove(ada, top.messageId, postId)).toEqual({
        deleted: true,
        placeholder: true,
      });
      expect(await numberOf(postId)).toBe(2);
      const tops = await page({ id: postId });
      expect(tops.total).toBe(1);
      expect(tops.messages[0]).toMatchObject({
        messageId: top.messageId,
        deleted: true,
        message: null,
        authorId: null,
        tag: null,
        likes: 0,
        repliesCount: 2,
      });
      // A placeholder cannot be edited, liked, deleted again or replied to.
      expect(
        await failure('PUT', 'editMessage', ada, { messageId: top.messageId, message: 'x' }),
      ).toMatchObject({ status: 404 });
      expect(await failure('PUT', 'like', ben, { id: top.messageId })).toMatchObject({
        status: 404,
      });
      expect(
        await failure('POST', 'sendMessage', ben, {
          message: 'x',
          postId,
          parentMessageId: top.messageId,
        }),
      ).toMatchObject({ status: 404 });
      // The thread still reads, and replying to a reply still joins it.
      const r3 = await send(ada, { message: 'r3', postId, parentMessageId: r1.messageId });
      expect(r3.parentMessageId).toBe(top.messageId);
      // The room id or the post id names the room of a delete.
      await remove(ben, r1.messageId, postId);
      await remove(ben, r2.messageId, postId);
      expect((await page({ id: postId })).messages[0]).toMatchObject({ repliesCount: 1 });
      // The last reply goes, and the placeholder with it.
      await remove(ada, r3.messageId, postId);
      expect(await page({ id: postId })).toEqual({
        messages: [],
        total: 0,
        count: 0,
        hasMore: false,
        likedByMe: [],
      });
      expect(await numberOf(postId)).toBe(0);
      expect(
        await sqlCount('select count(*)::int as n from feed_messages.messages where post_id = $1', [
          postId,
        ]),
      ).toBe(0);
    });

    it('accepts a delete named with the post id of a message in another room', async () => {
      const [postId, room] = [newPost(), newPost()];
      const ada = member();
      const sent = await send(ada, { message: 'x', postId, feedRoomId: room });
      await remove(ada, sent.messageId, postId);
      expect(await numberOf(room)).toBe(0);
    });
  });

  describe('getMessages', () => {
    it('pages 20 at a time, newest first at the top and oldest first among replies', async () => {
      const postId = newPost();
      const ada = member();
      const sent: FeedMessage[] = [];
      for (let i = 0; i < 23; i++) sent.push(await send(ada, { message: `m${i}`, postId }));
      const texts = (p: FeedMessagesPage) => p.messages.map((m) => m.message);
      const first = await page({ id: postId });
      expect(first).toMatchObject({ total: 23, hasMore: true });
      expect(texts(first)).toEqual(Array.from({ length: 20 }, (_, i) => `m${22 - i}`));
      const second = await page({ id: postId, skip: 20 });
      expect({ texts: texts(second), hasMore: second.hasMore }).toEqual({
        texts: ['m2', 'm1', 'm0'],
        hasMore: false,
      });
      const oldest = await page({ id: postId, sort: 'oldest', skip: 20 });
      expect(texts(oldest)).toEqual(['m20', 'm21', 'm22']);
      expect((await page({ id: postId, skip: 23 })).messages).toEqual([]);

      const top = sent[0] as FeedMessage;
      for (let i = 0; i < 21; i++)
        await send(ada, { message: `r${i}`, postId, parentMessageId: top.messageId });
      const replies = await page({ id: postId, parentId: top.messageId });
      expect(replies).toMatchObject({ total: 21, hasMore: true });
      expect(texts(replies)[0]).toBe('r0');
      const newest = await page({ id: postId, parentId: top.messageId, sort: 'newest' });
      expect(texts(newest).slice(0, 2)).toEqual(['r20', 'r19']);
      // Replies are not top-level messages.
      expect((await page({ id: postId })).total).toBe(23);
      expect(await numberOf(postId)).toBe(44);
    });

    it('refuses a bad sort or skip', async () => {
      expect(await invalid('getMessages', member(), { id: 'p', sort: 'best' })).toEqual([
        { field: 'sort', code: 'INVALID_VALUE' },
      ]);
      expect(await invalid('getMessages', member(), { id: 'p', skip: -1 })).toEqual([
        { field: 'skip', code: 'INVALID_VALUE' },
      ]);
    });
  });

  describe('like', () => {
    it('toggles the caller’s like and counts members', async () => {
      const sent = await send(member(), { message: 'x', postId: newPost() });
      const [ada, ben] = [member(), member()];
      expect(await like(ada, sent.messageId)).toEqual({ liked: true, likes: 1 });
      expect(await like(ben, sent.messageId)).toEqual({ liked: true, likes: 2 });
      expect(await like(ada, sent.messageId)).toEqual({ liked: false, likes: 1 });
      expect((await page({ id: sent.feedRoomId })).messages[0]?.likes).toBe(1);
    });

    it('tells each reader which messages of the page they like, and a guest none', async () => {
      const postId = newPost();
      const [ada, ben] = [member(), member()];
      const first = await send(ada, { message: 'first', postId });
      const second = await send(ada, { message: 'second', postId });
      const reply = await send(ben, { message: 'reply', postId, parentMessageId: first.messageId });
      await like(ben, first.messageId);
      await like(ben, reply.messageId);
      await like(ada, second.messageId);
      expect((await page({ id: postId }, ben)).likedByMe).toEqual([first.messageId]);
      expect((await page({ id: postId }, ada)).likedByMe).toEqual([second.messageId]);
      expect((await page({ id: postId, parentId: first.messageId }, ben)).likedByMe).toEqual([
        reply.messageId,
      ]);
      expect((await page({ id: postId })).likedByMe).toEqual([]);
      // Taken back: no longer listed.
      await like(ben, first.messageId);
      expect((await page({ id: postId }, ben)).likedByMe).toEqual([]);
    });

    it('stays consistent under 50 toggles at once by one member', async () => {
      const sent = await send(member(), { message: 'x', postId: newPost() });
      const ada = member();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => like(ada, sent.messageId)),
      );
      expect(results.filter((r) => r.liked)).toHaveLength(25);
      expect(results.map((r) => r.likes).sort()).toEqual(
        Array.from({ length: 50 }, (_, i) => i % 2).sort(),
      );
      expect((await page({ id: sent.feedRoomId })).messages[0]?.likes).toBe(0);
    });

    it('counts 50 members liking at once as 50', async () => {
      const sent = await send(member(), { message: 'x', postId: newPost() });
      const results = await Promise.all(
        Array.from({ length: 50 }, () => like(member(), sent.messageId)),
      );
      expect(results.every((r) => r.liked)).toBe(true);
      expect(results.map((r) => r.likes).sort((a, b) => a - b)).toEqual(
        Array.from({ length: 50 }, (_, i) => i + 1),
      );
      expect((await page({ id: sent.feedRoomId })).messages[0]?.likes).toBe(50);
    });
  });

  describe('post.deleted', () => {
    it('removes every message about the post, replies and likes with them, and no other', async () => {
      const [postId, otherPost] = [newPost(), newPost()];
      const [ada, ben] = [member(), member()];
      const top = await send(ada, { message: 'top', postId });
      const reply = await send(ben, { message: 'reply', postId, parentMessageId: top.messageId });
      // A room of its own, still about the post.
      await send(ben, { message: 'in a room', postId, feedRoomId: 'room_x' });
      await like(ben, top.messageId);
      await like(ada, reply.messageId);
      const kept = await send(ada, { message: 'elsewhere', postId: otherPost });
      await like(ben, kept.messageId);
      const aboutPost = () =>
        sqlCount('select count(*)::int as n from feed_messages.messages where post_id = $1', [
          postId,
        ]);
      expect(await aboutPost()).toBe(3);

      const event = envelope('post.deleted', { postId, publisherId: ada.userId });
      await tested.queue.add('events-feed-messages', event.type, event, {
        jobId: event.id,
        attempts: 1,
      });
      for (let i = 0; i < 250 && (await aboutPost()) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));

      expect(await aboutPost()).toBe(0);
      // The post's discussion no longer exists; a room of its own is simply empty.
      expect(await failure('GET', `getNumberOfMessages/${postId}`, null)).toEqual({
        status: 404,
        code: 'DISCUSSION_NOT_FOUND',
      });
      expect(await numberOf('room_x')).toBe(0);
      expect(
        await sqlCount(
          'select count(*)::int as n from feed_messages.likes where message_id = any($1)',
          [[top.messageId, reply.messageId]],
        ),
      ).toBe(0);
      expect((await page({ id: otherPost }, ben)).likedByMe).toEqual([kept.messageId]);
      expect(await tested.queue.failed('events-feed-messages')).toEqual([]);
    });
  });

  describe('private posts and answers', () => {
    /** Hand an event to the service's queue and wait until it has been handled. */
    async function deliver(type: string, payload: unknown, occurredAt = new Date()) {
      const event = envelope(type, payload, occurredAt, 'posts');
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
    const postPrivacy = (postId: string, owner: Member, privacy: string, at?: Date) =>
      deliver('post.privacy.changed', { postId, publisherId: owner.userId, privacy }, at);
    const hidden = { status: 404, code: 'DISCUSSION_NOT_FOUND' };

    it('keeps a private post’s discussion to its author: to anyone else it does not exist', async () => {
      const postId = newPost();
      const [author, reader] = [member(), member()];
      const before = await send(reader, { message: 'said while it was public', postId });
      const own = await send(author, { message: 'the author’s', postId });
      await postPrivacy(postId, author, 'private');

      for (const who of [null, reader]) {
        expect(await failure('POST', 'getMessages', who, { id: postId })).toEqual(hidden);
        expect(
          await failure('POST', 'getMessages', who, { id: postId, parentId: own.messageId }),
        ).toEqual(hidden);
        expect(await failure('GET', `getNumberOfMessages/${postId}`, who)).toEqual(hidden);
      }
      expect(await failure('POST', 'sendMessage', reader, { message: 'hi', postId })).toEqual(
        hidden,
      );
      // Not through another room either, in either direction.
      expect(
        await failure('POST', 'sendMessage', reader, {
          message: 'hi',
          postId,
          feedRoomId: 'room_elsewhere',
        }),
      ).toEqual(hidden);
      expect(
        await failure('POST', 'sendMessage', reader, {
          message: 'hi',
          postId: newPost(),
          feedRoomId: postId,
        }),
      ).toEqual(hidden);
      expect(await failure('PUT', 'like', reader, { id: own.messageId })).toEqual(hidden);
      expect(
        await failure('PUT', 'editMessage', reader, {
          messageId: before.messageId,
          message: 'changed',
        }),
      ).toEqual(hidden);
      // Their own words stay theirs to take back.
      expect((await remove(reader, before.messageId, postId)).deleted).toBe(true);

      // The author reads, counts, writes and likes as before.
      const reply = await send(author, {
        message: 'reply',
        postId,
        parentMessageId: own.messageId,
      });
      expect((await page({ id: postId }, author)).messages.map((m) => m.messageId)).toEqual([
        own.messageId,
      ]);
      const counted = await api<FeedMessagesCount>('GET', `getNumberOfMessages/${postId}`, author);
      expect(counted.body).toEqual({ count: 2 });
      expect(await like(author, reply.messageId)).toEqual({ liked: true, likes: 1 });

      // Public again: open to all, with what was said meanwhile.
      await postPrivacy(postId, author, 'public');
      expect((await page({ id: postId })).total).toBe(1);
      expect(await numberOf(postId)).toBe(2);
      expect((await send(reader, { message: 'back', postId })).message).toBe('back');
    });

    // Our addition: a list of stories asks every card's count in one call.
    it('counts many rooms in one call, leaving out what getNumberOfMessages would refuse', async () => {
      const [author, reader] = [member(), member()];
      const [talked, quiet, closed] = [newPost(), newPost(), newPost()];
      const top = await send(reader, { message: 'first', postId: talked });
      await send(author, { message: 'reply', postId: talked, parentMessageId: top.messageId });
      await send(reader, { message: 'gone soon', postId: talked });
      const goneSoon = (await page({ id: talked })).messages[0]!;
      await remove(reader, goneSoon.messageId, talked);
      await send(author, { message: 'mine alone', postId: closed });
      await postPrivacy(closed, author, 'private');
      // Never announced and made long ago: getNumberOfMessages says it does not exist.
      const never = newId(Date.now() - 24 * 3600_000);
      expect(await failure('GET', `getNumberOfMessages/${never}`, null)).toEqual(hidden);

      const counts = async (who: Member | null, ids: string[]) => {
        const response = await api<FeedMessageCounts>('POST', 'getMessageCounts', who, { ids });
        expect(response.status).toBe(200);
        return FeedMessageCounts.parse(response.body).counts;
      };
      const ids = [talked, quiet, closed, never, 'room_nobody', talked.toUpperCase()];
      for (const who of [null, reader])
        expect(await counts(who, ids)).toEqual({ [talked]: 2, [quiet]: 0, room_nobody: 0 });
      expect(await counts(author, ids)).toEqual({
        [talked]: 2,
        [quiet]: 0,
        [closed]: 1,
        room_nobody: 0,
      });
      // Each count is the one getNumberOfMessages gives.
      expect(await numberOf(talked)).toBe(2);
    });

    it('refuses hostile counts requests: too many ids, ids that are not ids, markup', async () => {
      const refused = { status: 400, code: 'VALIDATION_FAILED' };
      const ask = (body: unknown) => failure('POST', 'getMessageCounts', null, body);
      const many = Array.from({ length: 51 }, () => newPost());
      expect(await ask({ ids: many })).toEqual(refused);
      expect(await ask({ ids: [] })).toEqual(refused);
      expect(await ask({})).toEqual(refused);
      expect(await ask({ ids: 'not-a-list' })).toEqual(refused);
      expect(await ask({ ids: [newPost(), '<b>x</b>'] })).toEqual(refused);
      expect(await ask({ ids: ["' or 1=1 --"] })).toEqual(refused);
      expect(await ask({ ids: ['x'.repeat(65)] })).toEqual(refused);
      expect(await ask({ ids: [42] })).toEqual(refused);
      expect(await ask({ ids: { 0: newPost() } })).toEqual(refused);
      // A name every object holds is a room id like another: counted, not a prototype.
      const proto = await api<FeedMessageCounts>('POST', 'getMessageCounts', null, {
        ids: ['__proto__', 'constructor'],
      });
      expect(proto.status).toBe(200);
      expect(JSON.stringify(proto.body)).toBe('{"counts":{"__proto__":0,"constructor":0}}');
      // Fifty is a list's page: taken, each fresh post counted.
      const fifty = await api<FeedMessageCounts>('POST', 'getMessageCounts', null, {
        ids: many.slice(1),
      });
      expect(fifty.status).toBe(200);
      expect(Object.values(FeedMessageCounts.parse(fifty.body).counts)).toEqual(
        Array.from({ length: 50 }, () => 0),
      );
    });

    it('closes a private me answer’s room the same way', async () => {
      const meAnswerId = newId();
      const [author, reader] = [member(), member()];
      await send(author, { message: 'a note', postId: meAnswerId });
      await deliver('meAnswer.privacy.changed', {
        meAnswerId,
        userId: author.userId,
        privacy: 'private',
      });
      expect(await failure('POST', 'getMessages', reader, { id: meAnswerId })).toEqual(hidden);
      expect((await page({ id: meAnswerId }, author)).total).toBe(1);
    });

    it('applies the latest word on privacy, whatever order the events arrive in', async () => {
      const postId = newPost();
      const author = member();
      await send(author, { message: 'first', postId });
      await postPrivacy(postId, author, 'private', new Date('2026-11-23T10:00:02Z'));
      await postPrivacy(postId, author, 'public', new Date('2026-11-23T10:00:01Z'));
      expect(await failure('POST', 'getMessages', null, { id: postId })).toEqual(hidden);
      await postPrivacy(postId, author, 'public', new Date('2026-11-23T10:00:03Z'));
      expect((await page({ id: postId })).total).toBe(1);
    });

    it('forgets a deleted post, and keeps a departed member’s private rooms closed to all', async () => {
      const [deletedPost, answerRoom] = [newPost(), newId()];
      const [author, reader] = [member(), member()];
      await postPrivacy(deletedPost, author, 'private');
      await send(reader, { message: 'kept', postId: answerRoom });
      await deliver('meAnswer.privacy.changed', {
        meAnswerId: answerRoom,
        userId: author.userId,
        privacy: 'private',
      });
      const rowsOf = (owner: Member) =>
        sqlCount(
          'select count(*)::int as n from feed_messages.subject_privacy where owner_id = $1',
          [owner.userId],
        );
      expect(await rowsOf(author)).toBe(2);

      await deliver('post.deleted', { postId: deletedPost, publisherId: author.userId });
      expect(await rowsOf(author)).toBe(1);

      await deliver('user.deleted', { userId: author.userId });
      expect(await rowsOf(author)).toBe(0);
      expect(await failure('POST', 'getMessages', author, { id: answerRoom })).toEqual(hidden);
      expect(await failure('POST', 'getMessages', reader, { id: answerRoom })).toEqual(hidden);
      // An announcement sent before the member left, arriving late, cannot reopen it.
      await deliver(
        'meAnswer.privacy.changed',
        { meAnswerId: answerRoom, userId: author.userId, privacy: 'public' },
        new Date(Date.now() - 60_000),
      );
      expect(await failure('POST', 'getMessages', null, { id: answerRoom })).toEqual(hidden);
      // Nor can one about something that had no row yet write her id back.
      await postPrivacy(newPost(), author, 'public', new Date(Date.now() - 30_000));
      expect(await rowsOf(author)).toBe(0);
    });
  });

  describe('user.deleted', () => {
    const rowsOf = async (who: Member) =>
      (await sqlCount(
        'select count(*)::int as n from feed_messages.messages where author_id = $1',
        [who.userId],
      )) +
      (await sqlCount('select count(*)::int as n from feed_messages.likes where user_id = $1', [
        who.userId,
      ]));

    it('leaves nothing of the member, and corrects every count', async () => {
      const postId = newPost();
      const [leaving, staying] = [member(), member()];
      const withOthers = await send(leaving, { message: 'has replies', postId });
      const onlyOwn = await send(leaving, { message: 'own replies only', postId });
      const lone = await send(leaving, { message: 'lone', postId });
      const theirs = await send(staying, { message: 'theirs', postId });
      const placeholder = await send(staying, { message: 'to delete', postId });
      await send(staying, { message: 'kept reply', postId, parentMessageId: withOthers.messageId });
      await send(leaving, { message: 'own reply', postId, parentMessageId: onlyOwn.messageId });
      await send(leaving, { message: 'reply', postId, parentMessageId: theirs.messageId });
      await send(leaving, {
        message: 'last reply',
        postId,
        parentMessageId: placeholder.messageId,
      });
      await remove(staying, placeholder.messageId, postId);
      await like(leaving, theirs.messageId);
      await like(staying, theirs.messageId);
      await like(staying, withOthers.messageId);
      await like(leaving, lone.messageId);
      expect(await numberOf(postId)).toBe(8);
      expect(await rowsOf(leaving)).toBe(8);

      const event = envelope('user.deleted', { userId: leaving.userId });
      await tested.queue.add('events-feed-messages', event.type, event, { jobId: event.id });
      for (let i = 0; i < 250 && (await rowsOf(leaving)) > 0; i++)
        await new Promise((resolve) => setTimeout(resolve, 20));

      expect(await rowsOf(leaving)).toBe(0);
      // Left: their thread with another's reply (as a placeholder), and the other's message.
      const tops = await page({ id: postId, sort: 'oldest' });
      expect(
        tops.messages.map(({ message, deleted, likes, repliesCount, authorId }) => ({
          message,
          deleted,
          likes,
          repliesCount,
          authorId,
        })),
      ).toEqual([
        { message: null, deleted: true, likes: 0, repliesCount: 1, authorId: null },
        { message: 'theirs', deleted: false, likes: 1, repliesCount: 0, authorId: staying.userId },
      ]);
      expect(tops.total).toBe(2);
      expect(await numberOf(postId)).toBe(2);
      expect(await like(member(), theirs.messageId)).toEqual({ liked: true, likes: 2 });
    });
  });

  // Issue 29, item 9: nobody writes about a post or answer that does not exist.
  describe('what is discussed must exist', () => {
    async function deliver(type: string, payload: unknown, occurredAt = new Date()) {
      const event = envelope(type, payload, occurredAt, 'posts');
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
    const gone = { status: 404, code: 'DISCUSSION_NOT_FOUND' };
    const aboutPost = (postId: string) =>
      sqlCount('select count(*)::int as n from feed_messages.messages where post_id = $1', [
        postId,
      ]);

    it('refuses a post that never existed: no post has its id, or not since long ago', async () => {
      const ada = member();
      for (const postId of [randomUUID(), 'post_never', newId(Date.now() - 24 * 3600_000)]) {
        expect(await failure('POST', 'sendMessage', ada, { message: 'hello?', postId })).toEqual(
          gone,
        );
        expect(await aboutPost(postId)).toBe(0);
      }
    });

    // Issue 29, item 2: a post or answer never announced is refused to read as well, save while
    // the read model is new on an installation that had discussions (migration 0005): what
    // existed before is announced a moment after its service starts.
    it('reads and writes a post from before on trust while the read model is new, and not after', async () => {
      const { query, handle } = tested.database;
      const ada = member();
      const before = newId(Date.now() - 24 * 3600_000);
      const started = (at: string) =>
        query(`insert into feed_messages.subjects_started values (${at})`);
      // A new installation: refused at once, to read too.
      expect(await failure('GET', `getNumberOfMessages/${before}`, null)).toEqual(gone);
      expect(await failure('POST', 'getMessages', ada, { id: before })).toEqual(gone);
      try {
        await started('now()');
        const rollingOut = new FeedMessagesService(new FeedMessagesRepository(handle.db));
        expect(await rollingOut.count(before)).toEqual({ count: 0 });
        const said = await rollingOut.send(ada.userId, { message: 'from before', postId: before });
        expect((await rollingOut.page({ id: before })).messages.map((m) => m.messageId)).toEqual([
          said.messageId,
        ]);
        // Never announced: it goes with the others once the grace is over.
        await rollingOut.sweepUnannounced(Date.now() + 2 * UNANNOUNCED_GRACE_MS);
        expect(await aboutPost(before)).toBe(0);

        await query('delete from feed_messages.subjects_started');
        await started(`now() - interval '12 minutes'`);
        const settled = new FeedMessagesService(new FeedMessagesRepository(handle.db));
        await expect(settled.count(before)).rejects.toMatchObject({ code: 'DISCUSSION_NOT_FOUND' });
        await expect(
          settled.send(ada.userId, { message: 'too late', postId: before }),
        ).rejects.toMatchObject({ code: 'DISCUSSION_NOT_FOUND' });
      } finally {
        await query('delete from feed_messages.subjects_started');
      }
    });

    it('refuses a post deleted a moment ago, whatever announcement comes late', async () => {
      const [author, reader] = [member(), member()];
      const postId = newPost();
      await deliver('post.privacy.changed', {
        postId,
        publisherId: author.userId,
        privacy: 'public',
      });
      const said = await send(reader, { message: 'before it went', postId });
      await deliver('post.deleted', { postId, publisherId: author.userId });
      expect(await failure('POST', 'sendMessage', reader, { message: 'after', postId })).toEqual(
        gone,
      );
      expect(
        await failure('POST', 'sendMessage', reader, {
          message: 'a reply',
          postId,
          parentMessageId: said.messageId,
        }),
      ).toEqual(gone);
      // An announcement from before the deletion, delivered after it, does not bring it back.
      await deliver(
        'post.privacy.changed',
        { postId, publisherId: author.userId, privacy: 'public' },
        new Date(Date.now() + 60_000),
      );
      expect(await failure('POST', 'sendMessage', author, { message: 'again', postId })).toEqual(
        gone,
      );
      expect(await aboutPost(postId)).toBe(0);
    });

    it('takes a post made a moment ago on trust, and sweeps it if never announced', async () => {
      const ada = member();
      const [real, forged] = [newPost(), newPost()];
      // Neither is announced yet: the author comments on her post at once.
      await send(ada, { message: 'first!', postId: real });
      await send(ada, { message: 'no such post', postId: forged });
      await deliver('post.privacy.changed', {
        postId: real,
        publisherId: ada.userId,
        privacy: 'public',
      });
      const service = tested.app.get(FeedMessagesService);
      // (Other tests' posts, never announced either, go in the same sweep.)
      expect(await service.sweepUnannounced(Date.now() + 2 * UNANNOUNCED_GRACE_MS)).toBeGreaterThan(
        0,
      );
      expect(await aboutPost(forged)).toBe(0);
      expect(await numberOf(real)).toBe(1);
    });

    it('notes a post taken on trust in the send’s transaction: a send refused leaves no note', async () => {
      const ada = member();
      const postId = newPost();
      const notes = () =>
        sqlCount(
          'select count(*)::int as n from feed_messages.unannounced_subjects where subject_id = $1',
          [postId],
        );
      // Refused after the post was taken on trust (the reply's parent is not there).
      expect(
        await failure('POST', 'sendMessage', ada, {
          message: 'a reply to nothing',
          postId,
          parentMessageId: randomUUID(),
        }),
      ).toEqual({ status: 404, code: 'MESSAGE_NOT_FOUND' });
      expect({ notes: await notes(), messages: await aboutPost(postId) }).toEqual({
        notes: 0,
        messages: 0,
      });
      const first = await send(ada, { message: 'first', postId });
      await send(ada, { message: 'a reply', postId, parentMessageId: first.messageId });
      expect({ notes: await notes(), messages: await aboutPost(postId) }).toEqual({
        notes: 1,
        messages: 2,
      });
    });
  });
});
