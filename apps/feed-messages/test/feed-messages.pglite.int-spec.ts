import { randomUUID } from 'node:crypto';
import type {
  DeleteFeedMessageResponse,
  FeedMessage,
  FeedMessagesCount,
  FeedMessagesPage,
  LikeFeedMessageResponse,
} from '@mepedia/contracts';
import { newId, openDatabase, type DatabaseHandle } from '@mepedia/server-database';
import type { Identity } from '@mepedia/server-identity';
import { InProcessQueue } from '@mepedia/server-queue';
import { call, eventually, SETUP_TIMEOUT_MS, testIdentity } from '@mepedia/server-testing';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { envelope, startFeedMessagesApp } from './feed-messages-app';

type Member = Extract<Identity, { kind: 'member' }>;

// The standalone process runs on embedded PGlite: the SQL the service relies on (row locks,
// partial indexes, the data-modifying statements of a member's removal) must work there too.
describe('feed-messages service on PGlite', () => {
  const identity = testIdentity();
  const queue = new InProcessQueue();
  let handle: DatabaseHandle;
  let app: NestFastifyApplication;
  let base: string;
  const member = (): Member => ({
    kind: 'member',
    userId: randomUUID(),
    sessionId: randomUUID(),
    language: 'he',
  });
  const [leaving, staying] = [member(), member()];
  const api = async <T>(method: string, path: string, who: Member, body?: unknown): Promise<T> => {
    const response = await call<T>(base, method, `/api/feedMessages/${path}`, {
      headers: { 'x-mepedia-identity': identity.assert(who, 'feed-messages') },
      body,
    });
    expect(response.status).toBeLessThan(300);
    return response.body;
  };

  beforeAll(async () => {
    handle = await openDatabase({ dataDir: 'memory://' });
    ({ app, base } = await startFeedMessagesApp({
      database: handle,
      queue,
      identityPublicKey: identity.keys.publicKey,
    }));
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await app?.close();
    await queue.close();
    await handle?.close();
  }, SETUP_TIMEOUT_MS);

  it('discusses, likes at once, deletes, and forgets a member who leaves', async () => {
    // Made a moment ago, as far as its id says: taken on trust before its announcement.
    const postId = newId();
    const top = await api<FeedMessage>('POST', 'sendMessage', leaving, { message: 'top', postId });
    const reply = await api<FeedMessage>('POST', 'sendMessage', staying, {
      message: 'reply',
      postId,
      parentMessageId: top.messageId,
    });
    await api('POST', 'sendMessage', leaving, {
      message: 'deeper',
      postId,
      parentMessageId: reply.messageId,
    });
    const toggles = await Promise.all(
      Array.from({ length: 10 }, () =>
        api<LikeFeedMessageResponse>('PUT', 'like', leaving, { id: reply.messageId }),
      ),
    );
    expect(toggles.filter((t) => t.liked)).toHaveLength(5);
    await api('PUT', 'like', leaving, { id: reply.messageId });
    expect(await api('PUT', 'like', staying, { id: reply.messageId })).toEqual({
      liked: true,
      likes: 2,
    });
    const lone = await api<FeedMessage>('POST', 'sendMessage', staying, { message: 'x', postId });
    expect(
      await api<DeleteFeedMessageResponse>(
        'DELETE',
        `deleteMessage/${lone.messageId}/${postId}`,
        staying,
      ),
    ).toEqual({ deleted: true, placeholder: false });
    expect(await api('GET', `getNumberOfMessages/${postId}`, staying)).toEqual({ count: 3 });

    const event = envelope('user.deleted', { userId: leaving.userId });
    await queue.add('events-feed-messages', event.type, event, { jobId: event.id });
    await eventually(
      async () => {
        const { count } = await api<FeedMessagesCount>(
          'GET',
          `getNumberOfMessages/${postId}`,
          staying,
        );
        return count === 1 ? count : undefined;
      },
      { what: 'the member’s messages gone' },
    );
    const tops = await api<FeedMessagesPage>('POST', 'getMessages', staying, { id: postId });
    expect(tops.messages.map((m) => ({ deleted: m.deleted, replies: m.repliesCount }))).toEqual([
      { deleted: true, replies: 1 },
    ]);
    const replies = await api<FeedMessagesPage>('POST', 'getMessages', staying, {
      id: postId,
      parentId: top.messageId,
    });
    expect(replies.messages.map((m) => [m.message, m.likes])).toEqual([['reply', 1]]);
  });
});
