import type { UnreadCount } from '@mepedia/contracts';
import type { NotificationEvent } from '@mepedia/web-api/queries';

/**
 * The tab's one line to the member's notifications (issue 32), in the shell and a few lines
 * long: the live connection (components/notifications/live.ts, loaded for members only) publishes
 * what the stream or the polling learns, the bell reads the unread count, and the notifications
 * page applies each event to its query cache. Types only from the query layer: the shell loads
 * no query library.
 */
type Listener = (event: NotificationEvent) => void;

const listeners = new Set<Listener>();
const countListeners = new Set<() => void>();
let count: UnreadCount | null = null;

export const notificationBus = {
  publish: (event: NotificationEvent): void => {
    if (event.type === 'unread') {
      count = event.count;
      for (const listener of countListeners) listener();
    }
    for (const listener of listeners) listener(event);
  },
  /** Every event, for as long as the caller listens: the function returned stops it. */
  subscribe: (listener: Listener): (() => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  /** For useSyncExternalStore: told when the count changes. */
  subscribeCount: (listener: () => void): (() => void) => {
    countListeners.add(listener);
    return () => void countListeners.delete(listener);
  },
  /** The unread count as last heard; null before anything was heard (the bell shows none). */
  unread: (): number | null => {
    return count?.unread ?? null;
  },
  /** The count's stamp as last heard (for "mark all read" up to what the member saw). */
  stamp: (): string | null => {
    return count?.stamp ?? null;
  },
  /** Forgets the count (another member, or none, is signed in now). */
  reset: (): void => {
    count = null;
    for (const listener of countListeners) listener();
  },
};
