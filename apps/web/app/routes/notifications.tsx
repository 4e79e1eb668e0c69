import { notificationsMessages, registerMessages } from '@mepedia/web-i18n';
import { notificationEdits, notificationQueries } from '@mepedia/web-api/queries';
import { QueryClient, dehydrate, useMutation, useQueryClient } from '@tanstack/react-query';
import { BellOff, BellRing } from 'lucide-react';
import { useRef } from 'react';
import { EmptyState } from '../components/empty-state';
import {
  NotificationRow,
  useNotificationList,
} from '../components/notifications/notification-text';
import { useFocusOnNew } from '../components/show-more';
import { LocalizedLink } from '../components/localized-link';
import { QueryProvider } from '../components/query/query-provider';
import { useToasts } from '../components/toasts';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { notificationBus } from '../lib/notification-bus';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/notifications';
import '../styles/notifications.css';

registerMessages(notificationsMessages);

/**
 * The member's notifications (issue 32), theirs alone (the guard sends a guest to sign in, and
 * back): the first page server-rendered into a query cache handed to the browser's; the tab's
 * live connection adds, changes and removes groups as they happen; "Show more" reads on by
 * cursor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  // A page that cannot be read stays out of the cache: the browser asks for it once more.
  await queryClient.prefetchInfiniteQuery(notificationQueries.list(api));
  return { dehydrated: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'notifications.title' }),
  // A member's own page: nothing for search engines.
  { name: 'robots', content: 'noindex' },
];

export default function NotificationsRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <NotificationsPage />
    </QueryProvider>
  );
}

function NotificationsPage() {
  const { t } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  // Kept live: the connection's news goes into the list as it comes (the bell has the count).
  const { list, read, onCount } = useNotificationList();
  const markAll = useMutation(notificationEdits.markAllRead(api, queryClient, onCount));

  // Every page's groups, once each (a group that moved up while paging is shown where it is now).
  const items = [
    ...new Map(
      (list.data?.pages ?? []).flatMap((page) => page.notifications.map((n) => [n.id, n] as const)),
    ).values(),
  ];
  const first = list.data?.pages[0];
  const unread = first?.unread ?? 0;
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const focusOnNew = useFocusOnNew(listRef, items.length);

  async function more() {
    if (list.isFetchingNextPage) return;
    await focusOnNew(
      items.length,
      list
        .fetchNextPage()
        .then(
          (result) =>
            new Set(result.data?.pages.flatMap((page) => page.notifications.map((n) => n.id))).size,
        ),
    );
  }

  return (
    <section className="page notifications-page" aria-labelledby="notifications-title">
      <header className="notifications-header">
        <div>
          <h1 id="notifications-title" ref={headingRef} tabIndex={-1}>
            {t('notifications.title')}
          </h1>
          {first && (
            <p className="notifications-count">
              {t('notifications.unreadCount', { count: unread })}
            </p>
          )}
        </div>
        {unread > 0 && (
          <button
            type="button"
            className="button button-secondary"
            aria-busy={markAll.isPending}
            onClick={() =>
              markAll.mutate(notificationBus.stamp() ?? first?.stamp, {
                // The button goes with the last unread group: focus stays on the page, at its top.
                onSuccess: (count) => {
                  if (count.unread === 0) headingRef.current?.focus();
                },
                onError: () => toasts.error(t('notifications.markFailed')),
              })
            }
          >
            {t('notifications.markAll')}
          </button>
        )}
      </header>
      {list.isError && !list.data ? (
        <EmptyState
          icon={BellOff}
          title={t('notifications.loadFailed')}
          action={
            <button type="button" className="button" onClick={() => void list.refetch()}>
              {t('notifications.retry')}
            </button>
          }
        />
      ) : list.data && items.length === 0 ? (
        <EmptyState
          icon={BellRing}
          title={t('notifications.empty')}
          action={
            <LocalizedLink className="button" to="/profile/write-post">
              {t('notifications.write')}
            </LocalizedLink>
          }
        >
          <p>{t('notifications.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="notification-list" ref={listRef}>
            {items.map((item) => (
              <NotificationRow key={item.id} item={item} read={read} full />
            ))}
          </ul>
          {list.hasNextPage && (
            <p className="actions">
              <button
                type="button"
                className="button button-secondary"
                aria-busy={list.isFetchingNextPage}
                onClick={() => void more()}
              >
                {t('notifications.more')}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
