import type { NotificationItem, NotificationPage } from '@mepedia/contracts';
import { InfiniteQueryObserver, MutationObserver, QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createApi } from '../client';
import {
  applyNotificationEvent,
  markedRead,
  notificationEdits,
  notificationQueries,
  NOTIFICATIONS_PAGE,
  type NotificationPages,
} from './notifications';

/** A call the test answers when it chooses: the gateway's answer, or its refusal. */
type Held = { path: string; body: unknown; answer: (status: number, body: unknown) => void };

function heldGateway() {
  const held: Held[] = [];
  const api = createApi({
    baseUrl: '',
    fetch: (url, init) =>
      new Promise<Response>((resolve) =>
        held.push({
          path: typeof url === 'string' ? url : url instanceof URL ? url.pathname : url.url,
          body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
          answer: (status, body) =>
            resolve(
              new Response(JSON.stringify(body), {
                status,
                headers: { 'content-type': 'application/json' },
              }),
            ),
        }),
      ),
  });
  return { api, held };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

const item = (id: string, fields: Partial<NotificationItem> = {}): NotificationItem => ({
  id,
  kind: 'comment',
  actors: [{ userId: 'b', fullname: 'Noa Cohen', profileImage: null }],
  actorCount: 1,
  subject: { kind: 'post', id: 'p1', title: 'Where I come from' },
  excerpt: 'Lovely',
  link: '/post/p1#comment-c1',
  read: false,
  updatedAt: '2026-11-26T20:00:00.000Z',
  ...fields,
});

const page = (items: NotificationItem[], fields: Partial<NotificationPage> = {}) => ({
  notifications: items,
  nextCursor: null,
  unread: items.filter((n) => !n.read).length,
  stamp: 's1',
  ...fields,
});

/** Two pages: g1, g2 on the first, g3 on the second. */
const twoPages = (): NotificationPages => ({
  pages: [page([item('g1'), item('g2', { read: true })], { nextCursor: 'c1' }), page([item('g3')])],
  pageParams: [undefined, 'c1'],
});

const ids = (data: NotificationPages | undefined) =>
  data?.pages.map((p) => p.notifications.map((n) => n.id));

describe('the notification queries', () => {
  it('keep the caller’s lists under keys of their own, one a page size', () => {
    const { api } = heldGateway();
    expect(notificationQueries.list(api).queryKey).toEqual([
      'notifications',
      'list',
      { limit: NOTIFICATIONS_PAGE },
    ]);
    expect(notificationQueries.list(api, 5).queryKey).toEqual([
      'notifications',
      'list',
      { limit: 5 },
    ]);
    expect(notificationQueries.list(api).queryKey.slice(0, 2)).toEqual(notificationQueries.lists);
    expect(notificationEdits.all.slice(0, 1)).toEqual(notificationQueries.all);
  });

  it('ask for the page size a list shows', async () => {
    const { api, held } = heldGateway();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = new InfiniteQueryObserver(client, notificationQueries.list(api, 5));
    const stop = list.subscribe(() => undefined);
    await settle();
    held[0]!.answer(200, page([item('g1')]));
    await settle();
    stop();
    expect(held.map((call) => call.body)).toEqual([{ limit: 5 }]);
  });

  it('read the list page by page with the cursor the service gave', async () => {
    const { api, held } = heldGateway();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = new InfiniteQueryObserver(client, notificationQueries.list(api));
    const stop = list.subscribe(() => undefined);
    await settle();
    held[0]!.answer(200, page([item('g1')], { nextCursor: 'c1' }));
    await settle();
    expect(list.getCurrentResult().hasNextPage).toBe(true);
    const more = list.fetchNextPage();
    await settle();
    held[1]!.answer(200, page([item('g3')]));
    await more;
    expect(list.getCurrentResult().hasNextPage).toBe(false);
    stop();
    expect(held.map((call) => [call.path, call.body])).toEqual([
      ['/api/notifications/getNotifications', { limit: NOTIFICATIONS_PAGE }],
      ['/api/notifications/getNotifications', { limit: NOTIFICATIONS_PAGE, cursor: 'c1' }],
    ]);
  });
});

describe('applyNotificationEvent (the stream into the cache)', () => {
  it('puts a new group first', () => {
    const after = applyNotificationEvent(twoPages(), { type: 'notification', item: item('g9') });
    expect(ids(after)).toEqual([['g9', 'g1', 'g2'], ['g3']]);
    // The pages' cursors stay: "Show more" reads on where it was.
    expect(after?.pageParams).toEqual([undefined, 'c1']);
  });

  it('moves a group with news to the top, in its new state, wherever it was', () => {
    const later = '2026-11-26T21:00:00.000Z';
    const changed = item('g3', { actorCount: 4, read: false, excerpt: 'Again', updatedAt: later });
    const after = applyNotificationEvent(twoPages(), { type: 'notification', item: changed });
    expect(ids(after)).toEqual([['g3', 'g1', 'g2'], []]);
    expect(after?.pages[0]!.notifications[0]).toEqual(changed);
    const again = applyNotificationEvent(twoPages(), {
      type: 'notification',
      item: item('g2', { read: false, updatedAt: later }),
    });
    expect(ids(again)).toEqual([['g2', 'g1'], ['g3']]);
    expect(again?.pages[0]!.notifications[0]!.read).toBe(false);
  });

  it('takes the same group again (a resumed stream repeats what it may have missed) as nothing new', () => {
    const data = twoPages();
    const repeated = applyNotificationEvent(data, { type: 'notification', item: item('g3') });
    expect(repeated).toEqual(data);
    // Twice in a row: still one g3, where it was.
    const twice = applyNotificationEvent(repeated, { type: 'notification', item: item('g3') });
    expect(ids(twice)).toEqual([['g1', 'g2'], ['g3']]);
  });

  it('replaces a group that changed without news (read in another tab) where it is', () => {
    const after = applyNotificationEvent(twoPages(), {
      type: 'notification',
      item: item('g3', { read: true }),
    });
    expect(ids(after)).toEqual([['g1', 'g2'], ['g3']]);
    expect(after?.pages[1]!.notifications[0]!.read).toBe(true);
  });

  it('drops a removed group from any page', () => {
    expect(
      ids(applyNotificationEvent(twoPages(), { type: 'removed', removed: { id: 'g3' } })),
    ).toEqual([['g1', 'g2'], []]);
    expect(
      ids(applyNotificationEvent(twoPages(), { type: 'removed', removed: { id: 'g1' } })),
    ).toEqual([['g2'], ['g3']]);
    // One it never had changes nothing.
    expect(
      ids(applyNotificationEvent(twoPages(), { type: 'removed', removed: { id: 'zz' } })),
    ).toEqual(ids(twoPages()));
  });

  it('takes the unread count and its stamp onto the first page', () => {
    const after = applyNotificationEvent(twoPages(), {
      type: 'unread',
      count: { unread: 7, stamp: 's9' },
    });
    expect(after?.pages[0]).toMatchObject({ unread: 7, stamp: 's9', nextCursor: 'c1' });
    expect(ids(after)).toEqual(ids(twoPages()));
  });

  it('leaves a list not read yet unread, and a stale mark to the caller', () => {
    expect(applyNotificationEvent(undefined, { type: 'notification', item: item('g1') })).toBe(
      undefined,
    );
    const data = twoPages();
    expect(applyNotificationEvent(data, { type: 'stale' })).toBe(data);
  });
});

describe('marking read', () => {
  it('marks one group, or every group shown, with the count answered', () => {
    const one = markedRead(twoPages(), 'g1', { unread: 1, stamp: 's2' });
    expect(one?.pages.flatMap((p) => p.notifications.map((n) => [n.id, n.read]))).toEqual([
      ['g1', true],
      ['g2', true],
      ['g3', false],
    ]);
    expect(one?.pages[0]).toMatchObject({ unread: 1, stamp: 's2' });
    const all = markedRead(twoPages(), null, { unread: 0, stamp: 's2' });
    expect(all?.pages.flatMap((p) => p.notifications.map((n) => n.read))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('sends the group’s id, or the stamp seen, and gives the count to the bell', async () => {
    const { api, held } = heldGateway();
    const client = new QueryClient();
    const { queryKey } = notificationQueries.list(api);
    const homeKey = notificationQueries.list(api, 5).queryKey;
    client.setQueryData(queryKey, twoPages());
    client.setQueryData(homeKey, twoPages());
    const counts: unknown[] = [];
    const one = new MutationObserver(
      client,
      notificationEdits.markRead(api, client, (count) => counts.push(count)),
    );
    const marking = one.mutate('g1');
    await settle();
    held[0]!.answer(200, { unread: 1, stamp: 's2' });
    await marking;
    expect(client.getQueryData(queryKey)?.pages[0]!.notifications[0]!.read).toBe(true);
    expect(client.getQueryData(homeKey)?.pages[0]!.notifications[0]!.read).toBe(true);

    const all = new MutationObserver(
      client,
      notificationEdits.markAllRead(api, client, (count) => counts.push(count)),
    );
    const markingAll = all.mutate('s2');
    await settle();
    held[1]!.answer(200, { unread: 0, stamp: 's2' });
    await markingAll;
    expect(client.getQueryData(queryKey)?.pages[1]!.notifications[0]!.read).toBe(true);
    // The home's short list is marked too.
    expect(
      client.getQueryData(homeKey)?.pages.flatMap((p) => p.notifications.map((n) => n.read)),
    ).toEqual([true, true, true]);
    expect(held.map((call) => [call.path, call.body])).toEqual([
      ['/api/notifications/markRead', { id: 'g1' }],
      ['/api/notifications/markAllRead', { upTo: 's2' }],
    ]);
    expect(counts).toEqual([
      { unread: 1, stamp: 's2' },
      { unread: 0, stamp: 's2' },
    ]);
  });

  it('leaves the list and the bell as they were when the service refuses', async () => {
    const { api, held } = heldGateway();
    const client = new QueryClient();
    const { queryKey } = notificationQueries.list(api);
    client.setQueryData(queryKey, twoPages());
    const counts: unknown[] = [];
    const one = new MutationObserver(
      client,
      notificationEdits.markRead(api, client, (count) => counts.push(count)),
    );
    const marking = one.mutate('g1').catch(() => 'refused');
    await settle();
    held[0]!.answer(404, { code: 'NOTIFICATION_NOT_FOUND', message: 'gone', statusCode: 404 });
    expect(await marking).toBe('refused');
    expect(client.getQueryData(queryKey)).toEqual(twoPages());
    expect(counts).toEqual([]);
  });
});
