import type { NotificationItem } from '@mepedia/contracts';
import {
  applyNotificationEvent,
  notificationEdits,
  notificationQueries,
} from '@mepedia/web-api/queries';
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, type ReactNode } from 'react';
import { useApi } from '../../lib/api';
import { relativeDate } from '../../lib/dates';
import { useI18n } from '../../lib/i18n';
import { notificationBus } from '../../lib/notification-bus';
import { richMessage } from '../../lib/rich-message';
import { textLang } from '../../lib/text-lang';
import { Avatar } from '../avatar';
import { LocalizedLink } from '../localized-link';
import { useToasts } from '../toasts';

// What a notification group says, and the tab's live news applied to a list of them: the
// notifications page and the member's home show the same groups the same way. Their strings are
// `notificationsMessages` (the page that shows them registers them).

/** A name as the member wrote it, in its own direction. */
function Name({ text }: { text: string }) {
  return (
    <bdi dir="auto" lang={textLang(text)} className="notification-name">
      {text}
    </bdi>
  );
}

/** "Noa", "Noa and Dan", "Noa and 3 others": the latest actor first. */
function actorsOf(item: NotificationItem, t: ReturnType<typeof useI18n>['t']): ReactNode {
  const [first, second] = item.actors;
  if (!first) return t('notifications.someone');
  return richMessage(t, 'notifications.actors', {
    others: Math.max(0, item.actorCount - 1),
    first: <Name text={first.fullname} />,
    second: second ? <Name text={second.fullname} /> : '',
  });
}

/** What the group says: "Noa and 3 others reacted to Where I come from". */
export function NotificationText({ item }: { item: NotificationItem }) {
  const { t } = useI18n();
  const title = item.subject ? (
    <bdi dir="auto" lang={textLang(item.subject.title)} className="notification-subject">
      {item.subject.title}
    </bdi>
  ) : (
    ''
  );
  return richMessage(t, `notifications.kind.${item.kind}`, {
    actors: actorsOf(item, t),
    title,
    count: item.actorCount,
  });
}

/**
 * The live connection's news put into the list under `queryKey` as it comes (the bell keeps the
 * count): a group added, changed or removed in place, or the list read again when the stream
 * says it may have missed something.
 */
export function useLiveNotifications(
  queryKey: ReturnType<typeof notificationQueries.list>['queryKey'],
) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      notificationBus.subscribe((event) => {
        if (event.type === 'stale') void queryClient.invalidateQueries({ queryKey });
        else queryClient.setQueryData(queryKey, (data) => applyNotificationEvent(data, event));
      }),
    [queryClient, queryKey],
  );
}

/**
 * The member's notification groups as a page shows them (the notifications page; the home page,
 * which asks for `limit`, the few it shows): the list, kept live; `read` marks one group read (when it is not already), telling the bell the
 * new count and the member when it fails; `onCount` is what the page's other marks tell the bell.
 */
export function useNotificationList(limit?: number) {
  const { t } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const toasts = useToasts();
  // One object while the page stands: the live connection's subscription keys on it.
  const listQuery = useMemo(() => notificationQueries.list(api, limit), [api, limit]);
  const list = useInfiniteQuery(listQuery);
  useLiveNotifications(listQuery.queryKey);
  const onCount = (count: { unread: number; stamp: string }) =>
    notificationBus.publish({ type: 'unread', count });
  const markOne = useMutation(notificationEdits.markRead(api, queryClient, onCount));
  const read = (item: NotificationItem) => {
    if (item.read) return;
    markOne.mutate(item.id, { onError: () => toasts.error(t('notifications.markFailed')) });
  };
  return { list, read, onCount };
}

/**
 * One group in a list: who, what (a link that marks it read), when. `full`: as the notifications
 * page shows it, with the comment's excerpt and a button that marks it read without opening it.
 */
export function NotificationRow({
  item,
  read,
  full = false,
}: {
  item: NotificationItem;
  read: (item: NotificationItem) => void;
  full?: boolean;
}) {
  const { t, locale } = useI18n();
  const linkId = `notification-${item.id}`;
  return (
    <li className={item.read ? 'notification' : 'notification notification-unread'}>
      <Avatar
        name={item.actors[0]?.fullname ?? t('app.name')}
        image={item.actors[0]?.profileImage}
        size="sm"
      />
      <div className="notification-body">
        <LocalizedLink
          id={full ? linkId : undefined}
          to={item.link}
          className="notification-link"
          onClick={() => read(item)}
        >
          {!item.read && <span className="visually-hidden">{t('notifications.unread')} </span>}
          <NotificationText item={item} />
        </LocalizedLink>
        {full && item.excerpt && (
          <p className="notification-excerpt" dir="auto" lang={textLang(item.excerpt)}>
            {item.excerpt}
          </p>
        )}
        <time className="notification-time" dateTime={item.updatedAt} suppressHydrationWarning>
          {relativeDate(item.updatedAt, locale)}
        </time>
      </div>
      {full && !item.read && (
        <button
          type="button"
          className="icon-button notification-mark"
          aria-label={t('notifications.markOne')}
          aria-describedby={linkId}
          title={t('notifications.markOne')}
          onClick={() => read(item)}
        >
          <span className="notification-dot" aria-hidden="true" />
        </button>
      )}
    </li>
  );
}
