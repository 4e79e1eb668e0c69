import sharp from 'sharp';
import type {
  ErrorEnvelope,
  NotificationItem,
  NotificationPage,
  Post,
  RegisterResponse,
  UnreadCount,
} from '@mepedia/contracts';
import {
  call,
  CookieJar,
  EventStreamClient,
  eventually,
  newRegistration,
  PROCESS_TEST_TIMEOUT_MS,
  SETUP_TIMEOUT_MS,
  verifyThroughOutbox,
} from '@mepedia/server-testing';
import { startServicesMode, type ServicesMode } from './services-mode';

type Member = { userId: string; jar: CookieJar };

// Services mode as deployed: a member's stream of notifications through the gateway (its
// identity check, no upstream timeout, the call aborted when the client leaves), the
// notifications service as its own process learning of a comment from feed-messages' event
// through the worker and BullMQ, and telling the member's stream over the Redis bus.
describe('services mode: notifications in a stream', () => {
  let services: ServicesMode;
  let url: string;

  beforeAll(async () => {
    services = await startServicesMode();
    url = services.gatewayUrl;
  }, SETUP_TIMEOUT_MS * 2);

  afterAll(async () => {
    await services?.stop();
  }, SETUP_TIMEOUT_MS);

  async function join(firstname: string): Promise<Member> {
    const registration = newRegistration({ firstname });
    const created = await call<RegisterResponse>(url, 'POST', '/api/users/register', {
      body: registration,
    });
    expect(created.status).toBe(201);
    const verified = await verifyThroughOutbox(url, registration, created);
    const jar = new CookieJar();
    jar.store(verified.headers);
    return { userId: created.body.userId, jar };
  }

  async function story(author: Member): Promise<Post> {
    const png = await sharp({
      create: { width: 40, height: 30, channels: 3, background: '#335577' },
    })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('purpose', 'post');
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'sea.png');
    const uploaded = await fetch(`${url}/api/files/uploadApplicationFile`, {
      method: 'POST',
      headers: author.jar.header(),
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const { url: image } = (await uploaded.json()) as { url: string };
    const created = await call<Post>(url, 'POST', '/api/posts/create', {
      headers: author.jar.header(),
      body: {
        title: 'Where I come from',
        content: `<p>${'A story told slowly and with care, one memory at a time. '.repeat(3)}</p>`,
        image,
        credit: 'Photo: Ora',
        privacy: 'public',
      },
    });
    expect(created.status).toBe(201);
    return created.body;
  }

  const streamOf = (who: Member | null, headers: Record<string, string> = {}) =>
    EventStreamClient.open(`${url}/api/notifications/stream`, {
      ...(who ? who.jar.header() : {}),
      ...headers,
    });
  const notifications = (stream: EventStreamClient) =>
    stream.received
      .filter((event) => event.event === 'notification')
      .map((event) => event.data as NotificationItem);

  it(
    'carries another member’s comment to the author’s stream, resumes after Last-Event-ID, and refuses a guest',
    async () => {
      const noa = await join('Noa');
      const dan = await join('Dan');
      const post = await story(noa);

      const guest = await streamOf(null);
      expect(guest.status).toBe(401);
      expect((guest.body as ErrorEnvelope).code).toBe('AUTH_REQUIRED');

      const noas = await streamOf(noa);
      expect(noas.status).toBe(200);
      expect(noas.headers.get('content-type')).toContain('text/event-stream');
      await noas.next((event) => event.event === 'unread', { what: 'the first count' });
      const dans = await streamOf(dan);
      await dans.next((event) => event.event === 'unread', { what: 'Dan’s first count' });

      // Dan comments on Noa's story (its post.published has reached the notifications service
      // once the comments service knows the post; the comment's event follows it).
      const sent = await call<{ messageId: string }>(url, 'POST', '/api/feedMessages/sendMessage', {
        headers: dan.jar.header(),
        body: { message: 'What a story!', tag: null, postId: post.postId },
      });
      expect(sent.status).toBe(201);
      const told = await noas
        .next((event) => event.event === 'notification', {
          timeoutMs: 30_000,
          what: 'the comment on Noa’s stream',
        })
        .catch((error: unknown) => {
          throw new Error(
            `${String(error)}\n${services.output('notifications').slice(-3000)}\n${services.output('worker').slice(-2000)}`,
          );
        });
      expect(told.data).toMatchObject({
        kind: 'comment',
        actorCount: 1,
        subject: { kind: 'post', id: post.postId, title: 'Where I come from' },
        excerpt: 'What a story!',
        link: `/post/${post.postId}#comment-${sent.body.messageId}`,
      });
      const unread = await noas.next(
        (event) => event.event === 'unread' && (event.data as UnreadCount).unread === 1,
        { what: 'the count after it' },
      );
      expect(unread.id).toBe(told.id);
      // Dan's own comment is nothing to Dan.
      expect(notifications(dans)).toEqual([]);
      dans.close();

      // Noa's tab goes; meanwhile Dan reacts. Back with Last-Event-ID: `reset`, then the
      // reaction (the comment's group, changed seconds before, may come again: same id).
      noas.close();
      const hug = await call(url, 'POST', '/api/lotties/toggleLike', {
        headers: dan.jar.header(),
        body: { collectionName: 'posts', objectId: post.postId, name: 'hug' },
      });
      expect(hug.status).toBe(200);
      await eventually(
        async () => {
          const page = await call<NotificationPage>(
            url,
            'POST',
            '/api/notifications/getNotifications',
            { headers: noa.jar.header(), body: {} },
          );
          return page.body.notifications.some((item) => item.kind === 'reaction')
            ? true
            : undefined;
        },
        { timeoutMs: 30_000, what: 'the reaction stored' },
      );
      const back = await streamOf(noa, { 'last-event-id': told.id! });
      const missed = await back.next(
        (event) =>
          event.event === 'notification' && (event.data as NotificationItem).kind === 'reaction',
        { what: 'what changed meanwhile' },
      );
      expect(missed.data).toMatchObject({ kind: 'reaction', subject: { id: post.postId } });
      await back.next((event) => event.event === 'unread', { what: 'the count after them' });
      expect(back.received[0]?.event).toBe('reset');
      const commentGroup = (told.data as NotificationItem).id;
      expect(notifications(back).filter((item) => item.id !== commentGroup)).toEqual([missed.data]);
      back.close();
    },
    PROCESS_TEST_TIMEOUT_MS,
  );
});
