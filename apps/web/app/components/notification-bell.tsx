import { Bell } from 'lucide-react';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useApi } from '../lib/api';
import { numberFormat } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { notificationBus } from '../lib/notification-bus';
import { Icon } from './icon';
import { LocalizedLink } from './localized-link';

/** Over this the badge says "99+" (the name still says the whole count). */
export const BADGE_MAX = 99;

/** The badge's text: the count in the page's language's digits, capped. */
export function badgeText(count: number, locale: Parameters<typeof numberFormat>[0]): string {
  return count > BADGE_MAX
    ? `${numberFormat(locale).format(BADGE_MAX)}+`
    : numberFormat(locale).format(count);
}

/**
 * The bell (issue 32), members only: a link to the notifications page named with the unread
 * count ("Notifications, 3 unread"), the count as a badge, and a polite live region that says so
 * when the count rises (not when it is first heard, nor when it falls). The count comes from the
 * tab's one live connection (components/notifications/live.ts: the stream, or polling), loaded
 * after the page is up and only for a member, never on the server: the server's page has the
 * bell without a count.
 */
export function NotificationBell({ memberId }: { memberId: string }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const unread = useSyncExternalStore(
    notificationBus.subscribeCount,
    notificationBus.unread,
    () => null,
  );
  const [announcement, setAnnouncement] = useState('');
  const heard = useRef<number | null>(null);
  useEffect(() => {
    if (unread === null) return;
    if (heard.current !== null && unread > heard.current)
      setAnnouncement(t('header.notifications.rose', { count: unread }));
    heard.current = unread;
  }, [unread, t]);
  useEffect(() => {
    let release: (() => void) | undefined;
    let gone = false;
    heard.current = null;
    import('./notifications/live')
      .then(({ connectNotifications }) => {
        if (gone) return;
        release = connectNotifications(memberId, {
          baseUrl: api.baseUrl,
          poll: () => api.call('POST /api/notifications/getUnreadCount'),
          publish: notificationBus.publish,
        });
      })
      .catch((error: unknown) => console.error('the notifications could not start', error));
    return () => {
      gone = true;
      release?.();
      notificationBus.reset();
    };
  }, [memberId, api]);
  const name = unread
    ? t('header.notifications.unread', { count: unread })
    : t('header.notifications');
  return (
    <>
      <LocalizedLink to="/notifications" className="icon-button header-bell" aria-label={name}>
        <Icon icon={Bell} size={22} />
        {unread ? (
          <span className="header-bell-badge" aria-hidden="true">
            {badgeText(unread, locale)}
          </span>
        ) : null}
      </LocalizedLink>
      <span className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </span>
    </>
  );
}
