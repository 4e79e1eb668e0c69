import {
  BUS_CHANNELS,
  NOTIFICATION_STREAM_EVENTS,
  type Language,
  type NotificationItem,
  type NotificationRemoved,
  type UnreadCount,
} from '@mepedia/contracts';
import type { AppLogger, EventStream } from '@mepedia/server-http';
import type { MessageBus } from '@mepedia/server-queue';
import type { GroupVersion } from './notification-streams.repository';
import type { NotificationsChanged } from './notifications.service';
import { SettledVersions } from './settled-versions';

/** How many groups a read brings at once, and the most a resumed stream replays. */
export const STREAM_PAGE = 50;

/** What the streams read: the member's groups worded (the service), and versions (light SQL). */
export type StreamSource = {
  changedSince(
    memberId: string,
    language: Language,
    version: bigint,
    limit?: number,
  ): Promise<Array<{ version: bigint; item: NotificationItem }>>;
  unreadCount(memberId: string): Promise<UnreadCount>;
};
export type StreamVersions = {
  versionNow(): Promise<bigint>;
  versionsAfter(memberId: string, after: bigint, limit: number): Promise<GroupVersion[]>;
  latestVersions(memberId: string, limit: number): Promise<GroupVersion[]>;
  followersAmong(publisherId: string, memberIds: readonly string[]): Promise<string[]>;
};

type Stream = Pick<EventStream, 'lastEventId' | 'open' | 'send' | 'onClose'>;

/** One member's open stream on this replica, and what it was sent. */
type LiveStream = {
  memberId: string;
  language: Language;
  stream: Stream;
  /** Every change at or below it was sent (or came before the stream): reads start after it. */
  floor: bigint;
  /** The groups sent (or known at the start) above the floor, each at the version sent. */
  sent: Map<string, bigint>;
  /** Sends to one stream take turns, so they go in order. */
  turn: Promise<void>;
};

const NOTIFIED = NOTIFICATION_STREAM_EVENTS;

/**
 * The members' open streams on this replica (server-sent events, issue 32). Whichever replica
 * stores a notification announces it on the bus (`notifications.changed`: Redis pub/sub in
 * services mode, in-process in `npm start`); every replica then brings its own streams of that
 * member up to date, with the unread count. A story names its publisher: each replica asks once
 * which of its members with a stream follow them, and brings only theirs up to date.
 *
 * A version can commit after a later one was read (finding M3), so a stream never reads only
 * after the last version it sent: it reads after its floor, the highest version settled when
 * it last read (settled-versions.ts), and leaves out the groups it already sent at that version.
 * Event ids are that floor, so a stream resumed from one loses nothing either; what it sends
 * twice the client replaces by group id. A resumed stream first sends `reset` (removals are not
 * replayed: the client reads its list again), then at most STREAM_PAGE groups.
 */
export class NotificationStreams {
  private readonly byMember = new Map<string, Set<LiveStream>>();
  private subscribed: Promise<void> | undefined;

  constructor(
    private readonly bus: MessageBus,
    private readonly source: StreamSource,
    private readonly versions: StreamVersions,
    private readonly logger: AppLogger,
    private readonly settled = new SettledVersions(),
    /** This replica's monotonic clock, in milliseconds. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Listen to the bus (once per replica; the streams come and go under it). */
  start(): Promise<void> {
    this.subscribed ??= this.bus.subscribe(BUS_CHANNELS.notificationsChanged, (message) => {
      void this.changed(message as NotificationsChanged).catch((error: unknown) =>
        this.logger.warn({ err: error }, 'notification streams: a change was not sent'),
      );
    });
    return this.subscribed;
  }

  /**
   * Note where the sequence stands (every second, and at each stream's start): what makes
   * versions settle. Answers the value read.
   */
  async sample(): Promise<bigint> {
    const version = await this.versions.versionNow();
    this.settled.observe(version, this.now());
    return version;
  }

  /** Announce a change to every replica's streams (fire and forget: the store has it anyway). */
  announce(changed: NotificationsChanged): void {
    void this.bus
      .publish(BUS_CHANNELS.notificationsChanged, changed)
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, 'notification streams: a change was not announced'),
      );
  }

  /** How many streams are open on this replica (a stream that ended is not counted). */
  get size(): number {
    let open = 0;
    for (const streams of this.byMember.values()) open += streams.size;
    return open;
  }

  /**
   * A member's new stream. Resumed (`lastEventId`, an id this service sent): `reset`, then what
   * changed since if that is at most STREAM_PAGE groups. Then the unread count, and every change
   * as it comes.
   */
  async open(memberId: string, language: Language, stream: Stream): Promise<void> {
    await this.start();
    const startedAt = this.now();
    const current = await this.sample();
    const live: LiveStream = {
      memberId,
      language,
      stream,
      floor: 0n,
      sent: new Map(),
      turn: Promise.resolve(),
    };
    const resumed = versionOf(stream.lastEventId);
    // An id from the future (not handed out yet) is no place to resume from: the stream starts.
    const resuming = resumed !== undefined && resumed <= current;
    const missed = resuming
      ? await this.versions.versionsAfter(memberId, resumed, STREAM_PAGE + 1)
      : [];
    if (resuming && missed.length <= STREAM_PAGE) live.floor = resumed;
    else await this.startAfresh(live, startedAt);
    const streams = this.byMember.get(memberId) ?? new Set<LiveStream>();
    streams.add(live);
    this.byMember.set(memberId, streams);
    stream.onClose(() => {
      streams.delete(live);
      if (streams.size === 0 && this.byMember.get(memberId) === streams)
        this.byMember.delete(memberId);
    });
    if (resuming) stream.send({ event: NOTIFIED.reset, data: {} });
    await this.enqueue(live, []);
  }

  /**
   * A stream that starts now sends what changes from now on. Its floor is the version settled
   * when it started; the groups changed above it are known already (their changes came before
   * the stream), so they are not sent unless they change again. On a replica younger than
   * SETTLE_MS nothing is settled yet: the member's latest STREAM_PAGE groups stand for it.
   */
  private async startAfresh(live: LiveStream, startedAt: number): Promise<void> {
    const floor = this.settled.settledAt(startedAt);
    let known: GroupVersion[];
    if (floor !== undefined) {
      live.floor = floor;
      known = [];
      for (let after = floor; ;) {
        const page = await this.versions.versionsAfter(live.memberId, after, STREAM_PAGE);
        known.push(...page);
        if (page.length < STREAM_PAGE) break;
        after = page.at(-1)!.version;
      }
    } else {
      known = await this.versions.latestVersions(live.memberId, STREAM_PAGE);
      const oldest = known.at(-1);
      live.floor = known.length === STREAM_PAGE && oldest ? oldest.version - 1n : 0n;
    }
    for (const { id, version } of known) live.sent.set(id, version);
  }

  private async changed(message: NotificationsChanged): Promise<void> {
    if ('story' in message) {
      // Only the streams of the publisher's followers: one question to the database, here.
      if (this.byMember.size === 0) return;
      const followers = await this.versions.followersAmong(message.story.publisherId, [
        ...this.byMember.keys(),
      ]);
      await Promise.all(followers.flatMap((memberId) => this.bringUpToDate(memberId, [])));
      return;
    }
    if ('stories' in message) {
      // A replica not updated yet names no publisher: every stream looks (as it used to).
      await Promise.all([...this.byMember.keys()].flatMap((id) => this.bringUpToDate(id, [])));
      return;
    }
    const removedBy = new Map<string, string[]>();
    for (const change of message.changes) {
      if (!this.byMember.has(change.recipientId)) continue;
      const removed = removedBy.get(change.recipientId) ?? [];
      if (change.removed) removed.push(change.groupId);
      removedBy.set(change.recipientId, removed);
    }
    await Promise.all([...removedBy].flatMap(([id, removed]) => this.bringUpToDate(id, removed)));
  }

  private bringUpToDate(memberId: string, removed: string[]): Array<Promise<void>> {
    return [...(this.byMember.get(memberId) ?? [])].map((live) => this.enqueue(live, removed));
  }

  private enqueue(live: LiveStream, removed: string[]): Promise<void> {
    live.turn = live.turn
      .then(() => this.send(live, removed))
      .catch((error: unknown) =>
        this.logger.warn(
          { err: error },
          'notification streams: a stream was not brought up to date',
        ),
      );
    return live.turn;
  }

  /**
   * Bring one stream up to date: groups gone; groups changed above its floor that it was not
   * sent at their version; the count. Then the floor rises to what was settled when this read
   * began (a read sees everything committed before it began).
   */
  private async send(live: LiveStream, removed: string[]): Promise<void> {
    if (!live.stream.open) return;
    for (const id of removed) {
      live.sent.delete(id);
      live.stream.send({ event: NOTIFIED.removed, data: { id } satisfies NotificationRemoved });
    }
    const settled = this.settled.settledAt(this.now());
    const floor = settled !== undefined && settled > live.floor ? settled : live.floor;
    for (let after = live.floor; ;) {
      const changed = await this.source.changedSince(
        live.memberId,
        live.language,
        after,
        STREAM_PAGE,
      );
      if (!live.stream.open) return;
      for (const { version, item } of changed) {
        if (live.sent.get(item.id) === version) continue;
        live.sent.set(item.id, version);
        // Resuming from this id sends again whatever is above it: never a group not sent yet.
        const id = version < floor ? version : floor;
        live.stream.send({ id: id.toString(), event: NOTIFIED.notification, data: item });
      }
      if (changed.length < STREAM_PAGE) break;
      after = changed.at(-1)!.version;
    }
    live.floor = floor;
    for (const [id, version] of live.sent) if (version <= floor) live.sent.delete(id);
    const count: UnreadCount = await this.source.unreadCount(live.memberId);
    live.stream.send({ id: floor.toString(), event: NOTIFIED.unread, data: count });
  }
}

/** A version from `Last-Event-ID`: digits only, else none. */
function versionOf(id: string | undefined): bigint | undefined {
  return id !== undefined && /^\d{1,19}$/.test(id) ? BigInt(id) : undefined;
}
