import type { NotificationEvent } from '@mepedia/web-api/queries';
import { describe, expect, it } from 'vitest';
import { MAX_STREAM_FAILURES, POLL_EVERY, REOPEN_AFTER, startLive, type LiveOptions } from './live';

/** An EventSource the test drives: it opens, sends events and fails when told. */
class FakeSource {
  static made: FakeSource[] = [];
  readyState = 0;
  closed = false;
  private readonly listeners = new Map<string, ((event: Event) => void)[]>();
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeSource.made.push(this);
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }
  close() {
    this.closed = true;
    this.readyState = 2;
  }
  emit(type: string, event: Event) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  open() {
    this.readyState = 1;
    this.emit('open', new Event('open'));
  }
  send(type: string, data: unknown, lastEventId = '') {
    this.emit(type, new MessageEvent(type, { data: JSON.stringify(data), lastEventId }));
  }
  /** The browser's error: CONNECTING when it tries again itself, CLOSED when it gave up. */
  fail(readyState: 0 | 2) {
    this.readyState = readyState;
    this.emit('error', new Event('error'));
  }
}

/** Timers by hand: `run(ms)` fires what is due. */
function clock() {
  let now = 0;
  let next = 1;
  const timers = new Map<number, { at: number; run: () => void; every?: number }>();
  return {
    options: {
      setTimeout: (run: () => void, ms: number) => {
        timers.set(next, { at: now + ms, run });
        return next++;
      },
      clearTimeout: (timer: unknown) => timers.delete(timer as number),
      setInterval: (run: () => void, ms: number) => {
        timers.set(next, { at: now + ms, run, every: ms });
        return next++;
      },
      clearInterval: (timer: unknown) => timers.delete(timer as number),
    },
    run(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) {
        if (timer.at > now) continue;
        if (timer.every) timer.at += timer.every;
        else timers.delete(id);
        timer.run();
      }
    },
    pending: () => timers.size,
  };
}

function visibility() {
  const listeners = new Set<() => void>();
  return {
    hidden: false,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    show(this: { hidden: boolean }) {
      this.hidden = false;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(withEventSource = true) {
  FakeSource.made = [];
  const events: NotificationEvent[] = [];
  const time = clock();
  const doc = visibility();
  let polls = 0;
  let unread = 1;
  const options: LiveOptions = {
    baseUrl: '',
    poll: () => {
      polls += 1;
      return Promise.resolve({ unread, stamp: `s${polls}` });
    },
    publish: (event) => events.push(event),
    EventSource: withEventSource
      ? (FakeSource as unknown as NonNullable<LiveOptions['EventSource']>)
      : undefined,
    document: doc as unknown as LiveOptions['document'],
    ...time.options,
  };
  const live = startLive(options);
  return {
    live,
    events,
    time,
    doc,
    polls: () => polls,
    setUnread: (n: number) => (unread = n),
  };
}

describe('the live connection', () => {
  it('opens one stream with credentials and turns its events into the page’s', () => {
    const { live, events } = setup();
    expect(FakeSource.made.map((s) => [s.url, s.init])).toEqual([
      ['/api/notifications/stream', { withCredentials: true }],
    ]);
    const source = FakeSource.made[0]!;
    source.open();
    source.send('unread', { unread: 2, stamp: 's1' }, 's1');
    source.send('notification', { id: 'g1' }, '7');
    source.send('removed', { id: 'g0' });
    source.emit('notification', new MessageEvent('notification', { data: 'not json' }));
    expect(events).toEqual([
      { type: 'unread', count: { unread: 2, stamp: 's1' } },
      { type: 'notification', item: { id: 'g1' } },
      { type: 'removed', removed: { id: 'g0' } },
    ]);
    expect(live.mode()).toBe('stream');
  });

  it('leaves the reconnection to the browser, and reads the list again when the stream says `reset`', () => {
    const { live, events } = setup();
    const source = FakeSource.made[0]!;
    source.open();
    source.send('unread', { unread: 0, stamp: '5' }, '5');
    // The stream ends every five minutes: the browser reconnects by itself (Last-Event-ID), and
    // the stream, resumed, says `reset` first (removals made meanwhile are not replayed).
    for (let round = 0; round < MAX_STREAM_FAILURES + 2; round++) {
      source.fail(0);
      source.open();
      source.send('reset', {});
    }
    expect(FakeSource.made).toHaveLength(1);
    expect(live.mode()).toBe('stream');
    expect(events.filter((e) => e.type === 'stale')).toHaveLength(MAX_STREAM_FAILURES + 2);
  });

  it('reads the list again once per reconnection: on `reset`, or at once when it had no id to resume from', () => {
    const { events } = setup();
    const source = FakeSource.made[0]!;
    source.open();
    // It failed before any event: the browser reconnects with no Last-Event-ID, no `reset` comes.
    source.fail(0);
    source.open();
    expect(events).toEqual([{ type: 'stale' }]);
    source.send('unread', { unread: 1, stamp: '8' }, '8');
    source.fail(0);
    source.open();
    expect(events.filter((e) => e.type === 'stale')).toHaveLength(1);
    source.send('reset', {});
    expect(events.filter((e) => e.type === 'stale')).toHaveLength(2);
  });

  it('opens again one the browser gave up on, from the last event it had', () => {
    const { time } = setup();
    const first = FakeSource.made[0]!;
    first.open();
    first.send('notification', { id: 'g1' }, '41');
    first.fail(2);
    expect(first.closed).toBe(true);
    time.run(REOPEN_AFTER);
    expect(FakeSource.made.map((s) => s.url)).toEqual([
      '/api/notifications/stream',
      '/api/notifications/stream?lastEventId=41',
    ]);
  });

  it('polls the count instead after failures in a row, paused while the tab is hidden', async () => {
    const { live, events, time, doc, polls, setUnread } = setup();
    for (let failure = 1; failure <= MAX_STREAM_FAILURES; failure++) {
      FakeSource.made.at(-1)!.fail(2);
      time.run(REOPEN_AFTER * failure);
    }
    expect(live.mode()).toBe('polling');
    expect(FakeSource.made).toHaveLength(MAX_STREAM_FAILURES);
    expect(FakeSource.made.every((s) => s.closed)).toBe(true);
    await settle();
    expect(polls()).toBe(1);
    expect(events.at(-1)).toEqual({ type: 'unread', count: { unread: 1, stamp: 's1' } });

    setUnread(3);
    time.run(POLL_EVERY);
    await settle();
    expect(polls()).toBe(2);
    // A count that rose: the list is read again, then the count.
    expect(events.slice(-2)).toEqual([
      { type: 'stale' },
      { type: 'unread', count: { unread: 3, stamp: 's2' } },
    ]);

    doc.hidden = true;
    time.run(POLL_EVERY * 3);
    await settle();
    expect(polls()).toBe(2);
    doc.show();
    await settle();
    expect(polls()).toBe(3);

    live.stop();
    time.run(POLL_EVERY * 2);
    await settle();
    expect(polls()).toBe(3);
    expect(time.pending()).toBe(0);
    expect(doc.listeners.size).toBe(0);
  });

  it('polls at once where there is no EventSource', async () => {
    const { live, polls } = setup(false);
    expect(live.mode()).toBe('polling');
    await settle();
    expect(polls()).toBe(1);
    live.stop();
  });

  it('closes the stream when stopped, and opens nothing after', () => {
    const { live, time } = setup();
    const source = FakeSource.made[0]!;
    source.fail(2);
    live.stop();
    time.run(REOPEN_AFTER * 10);
    expect(source.closed).toBe(true);
    expect(FakeSource.made).toHaveLength(1);
    expect(live.mode()).toBe('stopped');
  });
});
