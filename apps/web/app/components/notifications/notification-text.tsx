import type { NotificationItem } from '@mepedia/contracts';
import { applyNotificationEvent, type notificationQueries } from '@mepedia/web-api/queries';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useI18n } from '../../lib/i18n';
import { notificationBus } from '../../lib/notification-bus';
import { richMessage } from '../../lib/rich-message';
import { textLang } from '../../lib/text-lang';

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
