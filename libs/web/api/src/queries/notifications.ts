import type {
  NotificationItem,
  NotificationPage,
  NotificationRemoved,
  UnreadCount,
} from '@mepedia/contracts';
import {
  infiniteQueryOptions,
  mutationOptions,
  type InfiniteData,
  type QueryClient,
} from '@tanstack/react-query';
import type { Api } from '../client';
import { STALE } from './stale';

/** How many groups a page of the notifications page shows (the service's default is 20). */
export const NOTIFICATIONS_PAGE = 20;

/** The notifications list as the infinite query keeps it: its pages, and each page's cursor. */
export type NotificationPages = InfiniteData<NotificationPage, unknown>;

/**
 * What the live connection (the stream, or the polling that stands in for it) tells a page:
 * a new or changed group, a group that went, the unread count, or `stale`: something may have
 * changed that was not told (the stream's `reset` on a reconnection, whose removals are not
 * replayed, or a count that rose while polling), so the list is read again.
 */
export type NotificationEvent =
  | { type: 'notification'; item: NotificationItem }
  | { type: 'removed'; removed: NotificationRemoved }
  | { type: 'unread'; count: UnreadCount }
  | { type: 'stale' };

/**
 * The signed-in member's notifications (issue 32; the notifications service keeps them). Always
 * the caller's own, so the key holds no member: the browser's cache is emptied when the member
 * signed in changes (components/query/query-provider.tsx).
 */
export const notificationQueries = {
  all: ['notifications'] as const,
  /** Every list of them, whatever its page size (what marking read changes). */
  lists: ['notifications', 'list'] as const,
  /**
   * The grouped notifications, the latest changed first, a page at a time ("Show more"), `limit`
   * a page: the notifications page's twenty, or the five the member's home shows (it asks for
   * no more than it shows).
   */
  list: (api: Api, limit: number = NOTIFICATIONS_PAGE) =>
    infiniteQueryOptions({
      queryKey: [...notificationQueries.lists, { limit }] as const,
      queryFn: ({ pageParam }): Promise<NotificationPage> =>
        api.call('POST /api/notifications/getNotifications', {
          body: { limit, ...(pageParam ? { cursor: pageParam } : {}) },
        }),
      initialPageParam: undefined as string | undefined,
      getNextPageParam: (last): string | undefined => last.nextCursor ?? undefined,
      staleTime: STALE.short,
    }),
};

/** Each page with `change` applied to its groups (the pages' cursors stay as they were). */
function mapItems(
  data: NotificationPages,
  change: (items: NotificationItem[], index: number) => NotificationItem[],
): NotificationPages {
  return {
    ...data,
    pages: data.pages.map((page, index) => ({
      ...page,
      notifications: change(page.notifications, index),
    })),
  };
}

/**
 * The list after one event of the stream, without reading it again: a group with news (new, or
 * updated later than the one shown) goes first (the latest news first) and leaves the place it
 * had on any page; a group shown with no news (read in another tab, or sent again after a
 * reconnection) is replaced where it is, so the same group twice changes nothing; a removed
 * group goes; the count and its stamp are the first page's. `stale` changes nothing here: the
 * caller marks the list stale. Undefined (nothing read yet) stays undefined.
 */
export function applyNotificationEvent(
  data: NotificationPages | undefined,
  event: NotificationEvent,
): NotificationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  switch (event.type) {
    case 'notification': {
      const { item } = event;
      const shown = data.pages
        .flatMap((page) => page.notifications)
        .find((other) => other.id === item.id);
      if (shown && Date.parse(item.updatedAt) <= Date.parse(shown.updatedAt))
        return mapItems(data, (items) =>
          items.map((other) => (other.id === item.id ? item : other)),
        );
      return mapItems(data, (items, index) => [
        ...(index === 0 ? [item] : []),
        ...items.filter((other) => other.id !== item.id),
      ]);
    }
    case 'removed':
      return mapItems(data, (items) => items.filter((other) => other.id !== event.removed.id));
    case 'unread': {
      const [first, ...rest] = data.pages;
      return { ...data, pages: [{ ...first!, ...event.count }, ...rest] };
    }
    case 'stale':
      return data;
  }
}

/**
 * The list once one group (`id`) or every group shown (`null`) is read, with the count the
 * service answered. Marking all goes up to the stamp the member saw: a group that changed after
 * it stays unread on the service, which its count tells (the caller then reads the list again).
 */
export function markedRead(
  data: NotificationPages | undefined,
  id: string | null,
  count: UnreadCount,
): NotificationPages | undefined {
  if (!data || data.pages.length === 0) return data;
  const marked = mapItems(data, (items) =>
    items.map((item) => (id === null || item.id === id ? { ...item, read: true } : item)),
  );
  return applyNotificationEvent(marked, { type: 'unread', count });
}

export const notificationEdits = {
  all: [...notificationQueries.all, 'edit'] as const,
  /**
   * Mark one group read (on opening it), or all up to the stamp the member saw: the list shows it
   * at once, and the answer (the count after it) goes to `onCount` (the bell) and the list.
   */
  markRead: (api: Api, queryClient: QueryClient, onCount: (count: UnreadCount) => void) =>
    mutationOptions({
      mutationKey: [...notificationEdits.all, 'one'] as const,
      mutationFn: (id: string): Promise<UnreadCount> =>
        api.call('POST /api/notifications/markRead', { body: { id } }),
      onSuccess: (count, id) => {
        queryClient.setQueriesData<NotificationPages>(
          { queryKey: notificationQueries.lists },
          (data) => markedRead(data, id, count),
        );
        onCount(count);
      },
    }),
  markAllRead: (api: Api, queryClient: QueryClient, onCount: (count: UnreadCount) => void) =>
    mutationOptions({
      mutationKey: [...notificationEdits.all, 'all'] as const,
      mutationFn: (upTo: string | undefined): Promise<UnreadCount> =>
        api.call('POST /api/notifications/markAllRead', { body: upTo ? { upTo } : {} }),
      onSuccess: (count) => {
        queryClient.setQueriesData<NotificationPages>(
          { queryKey: notificationQueries.lists },
          (data) => markedRead(data, null, count),
        );
        // What arrived after the stamp may be among the groups shown: read the lists again when
        // the service still counts some unread.
        if (count.unread > 0)
          void queryClient.invalidateQueries({ queryKey: notificationQueries.lists });
        onCount(count);
      },
    }),
};
