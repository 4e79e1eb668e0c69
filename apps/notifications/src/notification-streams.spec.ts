import {
  BUS_CHANNELS,
  type Language,
  type NotificationItem,
  type UnreadCount,
} from '@mepedia/contracts';
import type { AppLogger, StreamEvent } from '@mepedia/server-http';
import { InProcessBus } from '@mepedia/server-queue';
import {
  NotificationStreams,
  STREAM_PAGE,
  type StreamSource,
  type StreamVersions,
} from './notification-streams';
import type { NotificationsChanged } from './notifications.service';
import { SETTLE_MS, SettledVersions } from './settled-versions';

/**
 * The notifications store as the streams see it: versions taken from one sequence when a
 * transaction writes, seen by reads only once it commits (so they can commit out of order).
 */
function fakeWorld() {
  let sequence = 0n;
  const committed = new Map<string, { memberId: string; version: bigint }>();
  const pending = new Map<string, { memberId: string; version: bigint }>();
  const follows = new Set<string>();
  const asked = { changedSince: [] as Array<[string, bigint]>, followersAmong: 0 };
  const item = (id: string): NotificationItem => ({
    id,
    kind: 'follower',
    actors: [],
    actorCount: 1,
    subject: null,
    excerpt: null,
    link: '/',
    read: false,
    updatedAt: '2026-11-27T00:00:00.000Z',
  });
  const rowsOf = (memberId: string) =>
    [...committed]
      .filter(([, row]) => row.memberId === memberId)
      .map(([id, row]) => ({ id, version: row.version }))
      .sort((a, b) => (a.version < b.version ? -1 : 1));
  const source: StreamSource = {
    changedSince: async (memberId: string, _language: Language, after: bigint, limit = 50) => {
      asked.changedSince.push([memberId, after]);
      return rowsOf(memberId)
        .filter((row) => row.version > after)
        .slice(0, limit)
        .map((row) => ({ version: row.version, item: item(row.id) }));
    },
    unreadCount: async (memberId: string): Promise<UnreadCount> => ({
      unread: rowsOf(memberId).length,
      stamp: sequence.toString(),
    }),
  };
  /** A transaction writes a group (a new version), not committed yet. */
  const take = (memberId: string, groupId: string) => {
    sequence += 1n;
    pending.set(groupId, { memberId, version: sequence });
    return sequence;
  };
  const commit = (groupId: string) => {
    const row = pending.get(groupId)!;
    pending.delete(groupId);
    committed.set(groupId, row);
  };
  const versions: StreamVersions = {
    versionNow: async () => sequence,
    versionsAfter: async (memberId, after, limit) =>
      rowsOf(memberId)
        .filter((row) => row.version > after)
        .slice(0, limit),
    latestVersions: async (memberId, limit) => rowsOf(memberId).reverse().slice(0, limit),
    followersAmong: async (publisherId, memberIds) => {
      asked.followersAmong += 1;
      return memberIds.filter((id) => follows.has(`${id}>${publisherId}`));
    },
  };
  return {
    source,
    versions,
    asked,
    follows,
    take,
    commit,
    /** A transaction writes a group and commits. */
    write: (memberId: string, groupId: string) => {
      const version = take(memberId, groupId);
      commit(groupId);
      return version;
    },
  };
}

/** A member's open stream: what it was sent, in order. */
function fakeStream(lastEventId?: string) {
  const closers: Array<() => void> = [];
  const stream = {
    lastEventId,
    open: true,
    events: [] as StreamEvent[],
    send: (event: StreamEvent) => {
      stream.events.push(event);
    },
    onClose: (listener: () => void) => {
      closers.push(listener);
    },
    close: () => {
      stream.open = false;
      for (const listener of closers) listener();
    },
    /** The groups it was sent, by id, in order. */
    groups: () =>
      stream.events
        .filter((e) => e.event === 'notification')
        .map((e) => (e.data as NotificationItem).id),
    names: () => stream.events.map((e) => e.event),
    lastId: () => stream.events.filter((e) => e.id !== undefined).at(-1)?.id,
  };
  return stream;
}

/** What the bus carries has been handled: the fakes answer at once, so one turn is enough. */
const handled = () => new Promise((resolve) => setImmediate(resolve));

function setup() {
  const world = fakeWorld();
  const bus = new InProcessBus();
  let now = 0;
  const logger = { warn: () => undefined } as unknown as AppLogger;
  const streams = new NotificationStreams(
    bus,
    world.source,
    world.versions,
    logger,
    new SettledVersions(),
    () => now,
  );
  return {
    world,
    streams,
    /** Time passes on this replica, sampled every second as the service does. */
    pass: async (ms: number) => {
      for (let step = 0; step < ms; step += 1000) {
        now += Math.min(1000, ms - step);
        await streams.sample();
      }
    },
    announce: async (changed: NotificationsChanged) => {
      await bus.publish(BUS_CHANNELS.notificationsChanged, changed);
      await handled();
    },
    changes: (memberId: string, ...groupIds: string[]) => ({
      changes: groupIds.map((groupId) => ({ recipientId: memberId, groupId, removed: false })),
    }),
  };
}

const NOA = '00000000-0000-4000-8000-00000000000a';
const DAN = '00000000-0000-4000-8000-00000000000d';
const GIL = '00000000-0000-4000-8000-000000000006';
const PUBLISHER = '00000000-0000-4000-8000-000000000001';

describe(NotificationStreams.name, () => {
  it('sends a version committed after a later one was sent, and nothing twice', async () => {
    const { world, streams, pass, announce, changes } = setup();
    world.write(NOA, 'old');
    await pass(SETTLE_MS + 1000);
    const noas = fakeStream();
    await streams.open(NOA, 'en', noas);
    // What came before the stream is not sent: only the count.
    expect(noas.names()).toEqual(['unread']);

    // A takes version n, B takes n + 1 and commits first; A commits after the stream read B.
    world.take(NOA, 'a');
    world.write(NOA, 'b');
    await announce(changes(NOA, 'b'));
    expect(noas.groups()).toEqual(['b']);
    world.commit('a');
    await announce(changes(NOA, 'a'));
    expect(noas.groups()).toEqual(['b', 'a']);

    // Another change reads the unsettled versions again, and sends only what is new.
    world.write(NOA, 'c');
    await announce(changes(NOA, 'c'));
    expect(noas.groups()).toEqual(['b', 'a', 'c']);
  });

  it('reads from a floor that rises once versions settle, and forgets what it sent below it', async () => {
    const { world, streams, pass, announce, changes } = setup();
    await pass(SETTLE_MS + 1000);
    const noas = fakeStream();
    await streams.open(NOA, 'en', noas);
    const first = world.write(NOA, 'a');
    await announce(changes(NOA, 'a'));
    await pass(SETTLE_MS + 1000);
    world.write(NOA, 'b');
    world.asked.changedSince.length = 0;
    await announce(changes(NOA, 'b'));
    // This read starts below `a` (not settled when it was sent); the next one after it.
    expect(world.asked.changedSince).toEqual([[NOA, 0n]]);
    world.write(NOA, 'c');
    world.asked.changedSince.length = 0;
    await announce(changes(NOA, 'c'));
    expect(world.asked.changedSince).toEqual([[NOA, first]]);
    expect(noas.groups()).toEqual(['a', 'b', 'c']);
    expect(noas.lastId()).toBe(first.toString());
  });

  it('loses nothing committed late when it resumes from the last event id', async () => {
    const { world, streams, pass, announce, changes } = setup();
    await pass(SETTLE_MS + 1000);
    const first = fakeStream();
    await streams.open(NOA, 'en', first);
    world.take(NOA, 'late');
    world.write(NOA, 'early');
    await announce(changes(NOA, 'early'));
    expect(first.groups()).toEqual(['early']);
    first.close();
    expect(streams.size).toBe(0);
    world.commit('late');
    await announce(changes(NOA, 'late'));

    const back = fakeStream(first.lastId());
    await streams.open(NOA, 'en', back);
    // Read the list again (a removal is not replayed); `early` again, replaced by its id.
    expect(back.names()[0]).toBe('reset');
    expect(back.groups().sort()).toEqual(['early', 'late']);
  });

  it('resumed from far back (Last-Event-ID: 0), sends `reset` and the count, not the history', async () => {
    const { world, streams, pass } = setup();
    for (let i = 0; i < STREAM_PAGE * 3; i++) world.write(NOA, `g${i}`);
    await pass(SETTLE_MS + 1000);
    const noas = fakeStream('0');
    await streams.open(NOA, 'en', noas);
    expect(noas.names()).toEqual(['reset', 'unread']);
    expect(world.asked.changedSince.every(([, after]) => after > 0n)).toBe(true);

    // Within the bound, what changed is replayed after `reset`.
    const few = fakeStream(String(STREAM_PAGE * 3 - 2));
    await streams.open(NOA, 'en', few);
    expect(few.names()).toEqual(['reset', 'notification', 'notification', 'unread']);
    expect(few.groups()).toEqual([`g${STREAM_PAGE * 3 - 2}`, `g${STREAM_PAGE * 3 - 1}`]);
  });

  it('takes an id from the future, or not a number, for a stream that starts now', async () => {
    const { world, streams, pass } = setup();
    world.write(NOA, 'a');
    await pass(SETTLE_MS + 1000);
    for (const id of ['999999', 'x', '']) {
      const noas = fakeStream(id);
      await streams.open(NOA, 'en', noas);
      expect(noas.names()).toEqual(['unread']);
    }
  });

  it('on a replica too young to have settled versions, starts after the member’s latest groups', async () => {
    const { world, streams, announce, changes } = setup();
    world.write(NOA, 'a');
    world.take(NOA, 'late');
    world.write(NOA, 'b');
    const noas = fakeStream();
    await streams.open(NOA, 'en', noas);
    expect(noas.names()).toEqual(['unread']);
    world.commit('late');
    await announce(changes(NOA, 'late'));
    expect(noas.groups()).toEqual(['late']);
  });

  it('brings a story to its publisher’s followers’ streams only, with one question for them all', async () => {
    const { world, streams, pass, announce } = setup();
    await pass(SETTLE_MS + 1000);
    world.follows.add(`${NOA}>${PUBLISHER}`);
    world.follows.add(`${DAN}>${PUBLISHER}`);
    const noas = fakeStream();
    const noasOther = fakeStream();
    const dans = fakeStream();
    const gils = fakeStream();
    for (const [member, stream] of [
      [NOA, noas],
      [NOA, noasOther],
      [DAN, dans],
      [GIL, gils],
    ] as const)
      await streams.open(member, 'en', stream);
    world.asked.changedSince.length = 0;

    world.write(NOA, 'story-noa');
    world.write(DAN, 'story-dan');
    await announce({ story: { publisherId: PUBLISHER } });
    expect(world.asked.followersAmong).toBe(1);
    expect(world.asked.changedSince.map(([member]) => member).sort()).toEqual(
      [DAN, NOA, NOA].sort(),
    );
    expect(noas.groups()).toEqual(['story-noa']);
    expect(noasOther.groups()).toEqual(['story-noa']);
    expect(dans.groups()).toEqual(['story-dan']);
    expect(gils.names()).toEqual(['unread']);
  });

  it('asks nothing about a story while no stream is open', async () => {
    const { world, streams, announce } = setup();
    await streams.start();
    await announce({ story: { publisherId: PUBLISHER } });
    expect(world.asked.followersAmong).toBe(0);
  });

  it('sends a removal, then what changed, and lets go of a closed stream', async () => {
    const { world, streams, pass, announce } = setup();
    await pass(SETTLE_MS + 1000);
    const noas = fakeStream();
    await streams.open(NOA, 'en', noas);
    world.write(NOA, 'a');
    await announce({
      changes: [
        { recipientId: NOA, groupId: 'gone', removed: true },
        { recipientId: NOA, groupId: 'a', removed: false },
      ],
    });
    expect(noas.events.map((e) => [e.event, (e.data as { id?: string }).id])).toEqual([
      ['unread', undefined],
      ['removed', 'gone'],
      ['notification', 'a'],
      ['unread', undefined],
    ]);
    noas.close();
    expect(streams.size).toBe(0);
  });
});

describe(SettledVersions.name, () => {
  it('settles a version once SETTLE_MS passed since the sequence had handed it out', () => {
    const settled = new SettledVersions();
    expect(settled.settledAt(0)).toBeUndefined();
    settled.observe(5n, 1000);
    settled.observe(9n, 3000);
    expect(settled.settledAt(1000 + SETTLE_MS - 1)).toBeUndefined();
    expect(settled.settledAt(1000 + SETTLE_MS)).toBe(5n);
    expect(settled.settledAt(3000 + SETTLE_MS)).toBe(9n);
    // A lower value later, or an earlier moment, changes nothing.
    settled.observe(7n, 4000);
    settled.observe(12n, 2000);
    expect(settled.settledAt(4000 + SETTLE_MS)).toBe(9n);
    // Old samples go, the newest settled one stays.
    settled.observe(20n, 100_000);
    expect(settled.settledAt(100_000)).toBe(9n);
    expect(settled.settledAt(100_000 + SETTLE_MS)).toBe(20n);
  });
});
