import type { NotificationItem, NotificationRemoved, UnreadCount } from '@mepedia/contracts';
import type { NotificationEvent } from '@mepedia/web-api/queries';

/** The stream's path through the gateway (libs/contracts/src/notifications.api.ts). */
export const STREAM_PATH = '/api/notifications/stream';
/** How often the fallback asks for the count while the tab is seen. */
export const POLL_EVERY = 30_000;
/** Errors in a row, without the stream opening between them, before polling takes over. */
export const MAX_STREAM_FAILURES = 3;
/** The wait before opening again a stream the browser gave up on, times the failures so far. */
export const REOPEN_AFTER = 3_000;

type Source = Pick<EventSource, 'addEventListener' | 'close' | 'readyState'>;
type SourceConstructor = new (url: string, init?: EventSourceInit) => Source;
type Visibility = Pick<Document, 'hidden' | 'addEventListener' | 'removeEventListener'>;

export type LiveOptions = {
  /** Where the API is ('' for this origin). */
  baseUrl: string;
  /** The unread count (`getUnreadCount`), for the fallback. */
  poll: () => Promise<UnreadCount>;
  publish: (event: NotificationEvent) => void;
  /** The browser's EventSource; undefined where there is none (the fallback polls at once). */
  EventSource: SourceConstructor | undefined;
  document: Visibility;
  /** Timers, for tests with a fake clock. */
  setTimeout?: (run: () => void, ms: number) => unknown;
  clearTimeout?: (timer: unknown) => void;
  setInterval?: (run: () => void, ms: number) => unknown;
  clearInterval?: (timer: unknown) => void;
};

export type Live = { mode: () => 'stream' | 'polling' | 'stopped'; stop: () => void };

/**
 * The member's notifications as they happen: server-sent events from the stream, each turned
 * into an event for the bell and the page. The browser reconnects by itself when the stream ends
 * (every five minutes) or drops, sending `Last-Event-ID`; one it gave up on (a refusal, a wrong
 * answer) is opened again here with `?lastEventId=`. After MAX_STREAM_FAILURES errors in a row
 * without the stream opening between them, or with no EventSource at all, it polls the count
 * every POLL_EVERY ms instead, not while the tab is hidden (and at once when it shows again). A
 * resumed stream's `reset` publishes `stale` (removals made meanwhile are not replayed, and past
 * 50 changes none are), so the page reads its list again; so does a reconnection with no event
 * id to resume from, and a count that rose while polling.
 */
export function startLive(options: LiveOptions): Live {
  const later = options.setTimeout ?? ((run, ms) => globalThis.setTimeout(run, ms));
  const cancel = options.clearTimeout ?? ((timer) => globalThis.clearTimeout(timer as number));
  const every = options.setInterval ?? ((run, ms) => globalThis.setInterval(run, ms));
  const stopEvery = options.clearInterval ?? ((timer) => globalThis.clearInterval(timer as number));
  let mode: 'stream' | 'polling' | 'stopped' = 'stream';
  let source: Source | null = null;
  let reopen: unknown = null;
  let failures = 0;
  let opened = false;
  let lastEventId: string | null = null;
  let pollTimer: unknown = null;
  let lastCount: number | null = null;

  const parse = <T>(event: Event, then: (data: T) => void) => {
    const message = event as MessageEvent<string>;
    if (message.lastEventId) lastEventId = message.lastEventId;
    try {
      then(JSON.parse(message.data) as T);
    } catch {
      // A line that is not JSON is not ours to show.
    }
  };

  function open(): void {
    const Source = options.EventSource;
    if (!Source) return startPolling();
    const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
    const current = new Source(`${options.baseUrl}${STREAM_PATH}${query}`, {
      withCredentials: true,
    });
    source = current;
    current.addEventListener('open', () => {
      // Back with an event id, the stream says `reset` itself; back without one (nothing came
      // before it failed), it starts afresh and cannot tell what was missed.
      if (opened && lastEventId === null) options.publish({ type: 'stale' });
      opened = true;
      failures = 0;
    });
    current.addEventListener('reset', () => options.publish({ type: 'stale' }));
    current.addEventListener('notification', (event) =>
      parse<NotificationItem>(event, (item) => options.publish({ type: 'notification', item })),
    );
    current.addEventListener('removed', (event) =>
      parse<NotificationRemoved>(event, (removed) => options.publish({ type: 'removed', removed })),
    );
    current.addEventListener('unread', (event) =>
      parse<UnreadCount>(event, (count) => options.publish({ type: 'unread', count })),
    );
    current.addEventListener('error', () => {
      if (source !== current || mode !== 'stream') return;
      failures += 1;
      if (failures >= MAX_STREAM_FAILURES) {
        current.close();
        source = null;
        return startPolling();
      }
      // CONNECTING: the browser tries again itself, with Last-Event-ID. CLOSED: it gave up.
      if (current.readyState === 2) {
        current.close();
        source = null;
        reopen = later(() => {
          reopen = null;
          if (mode === 'stream') open();
        }, REOPEN_AFTER * failures);
      }
    });
  }

  async function tick(): Promise<void> {
    if (mode !== 'polling' || options.document.hidden) return;
    try {
      const count = await options.poll();
      if (mode !== 'polling') return;
      if (lastCount !== null && count.unread > lastCount) options.publish({ type: 'stale' });
      lastCount = count.unread;
      options.publish({ type: 'unread', count });
    } catch {
      // Offline or signed out meanwhile: the next tick asks again.
    }
  }

  const onVisibility = () => {
    if (!options.document.hidden) void tick();
  };

  function startPolling(): void {
    mode = 'polling';
    options.document.addEventListener('visibilitychange', onVisibility);
    pollTimer = every(() => void tick(), POLL_EVERY);
    void tick();
  }

  open();
  return {
    mode: () => mode,
    stop: () => {
      mode = 'stopped';
      source?.close();
      source = null;
      if (reopen !== null) cancel(reopen);
      if (pollTimer !== null) stopEvery(pollTimer);
      options.document.removeEventListener('visibilitychange', onVisibility);
    },
  };
}

let current: { member: string; live: Live; users: number } | null = null;

/**
 * One connection per tab, whoever asks: the member's, shared by every caller until the last one
 * lets go (the function returned); a different member closes the first one's.
 */
export function connectNotifications(
  member: string,
  options: Omit<LiveOptions, 'EventSource' | 'document'>,
): () => void {
  if (current && current.member !== member) {
    current.live.stop();
    current = null;
  }
  if (!current) {
    current = {
      member,
      users: 0,
      live: startLive({
        ...options,
        EventSource: typeof EventSource === 'undefined' ? undefined : EventSource,
        document,
      }),
    };
  }
  const mine = current;
  mine.users += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    mine.users -= 1;
    if (mine.users === 0 && current === mine) {
      mine.live.stop();
      current = null;
    }
  };
}
