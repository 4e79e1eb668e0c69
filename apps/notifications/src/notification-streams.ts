import {
  BUS_CHANNELS,
  NOTIFICATION_STREAM_EVENTS,
  type Language,
  type NotificationRemoved,
  type UnreadCount,
} from '@mepedia/contracts';
import type { AppLogger, EventStream } from '@mepedia/server-http';
import type { MessageBus } from '@mepedia/server-queue';
import type { NotificationsChanged, NotificationsService } from './notifications.service';

/** One member's open stream on this replica, and what it was last sent. */
type LiveStream = {
  memberId: string;
  language: Language;
  stream: EventStream;
  /** The latest version the stream has been told of: it is sent what changed after it. */
  version: bigint;
  /** Sends to one stream take turns, so they go in order. */
  turn: Promise<void>;
};

const NOTIFIED = NOTIFICATION_STREAM_EVENTS;

/**
 * The members' open streams on this replica (server-sent events, issue 32). Whichever replica
 * stores a notification announces it on the bus (`notifications.changed`: Redis pub/sub in
 * services mode, in-process in `npm start`); every replica then sends the groups that changed
 * to its own streams of that member, with the unread count. A stream that ends is let go at
 * once (`size` shows it).
 */
export class NotificationStreams {
  private readonly byMember = new Map<string, Set<LiveStream>>();
  private subscribed: Promise<void> | undefined;

  constructor(
    private readonly bus: MessageBus,
    private readonly notifications: NotificationsService,
    private readonly logger: AppLogger,
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
   * A member's new stream: after `lastEventId` (a version this service sent), first what
   * changed since; then the unread count; then every change as it comes.
   */
  async open(memberId: string, language: Language, stream: EventStream): Promise<void> {
    await this.start();
    const latest = await this.notifications.latestVersion(memberId);
    const resumed = versionOf(stream.lastEventId);
    // An id from the future (or another member's) resumes from now: nothing is made up.
    const from = resumed !== undefined && resumed < latest ? resumed : latest;
    const live: LiveStream = { memberId, language, stream, version: from, turn: Promise.resolve() };
    const streams = this.byMember.get(memberId) ?? new Set<LiveStream>();
    streams.add(live);
    this.byMember.set(memberId, streams);
    stream.onClose(() => {
      streams.delete(live);
      if (streams.size === 0 && this.byMember.get(memberId) === streams)
        this.byMember.delete(memberId);
    });
    await this.enqueue(live, []);
  }

  private async changed(message: NotificationsChanged): Promise<void> {
    if ('stories' in message) {
      // A story told to many followers: each open stream looks for what is new for it.
      await Promise.all(
        [...this.byMember.values()].flatMap((streams) =>
          [...streams].map((live) => this.enqueue(live, [])),
        ),
      );
      return;
    }
    const removedBy = new Map<string, string[]>();
    for (const change of message.changes) {
      if (!this.byMember.has(change.recipientId)) continue;
      const removed = removedBy.get(change.recipientId) ?? [];
      if (change.removed) removed.push(change.groupId);
      removedBy.set(change.recipientId, removed);
    }
    await Promise.all(
      [...removedBy].flatMap(([memberId, removed]) =>
        [...(this.byMember.get(memberId) ?? [])].map((live) => this.enqueue(live, removed)),
      ),
    );
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

  /** Bring one stream up to date: groups gone, groups changed after its version, the count. */
  private async send(live: LiveStream, removed: string[]): Promise<void> {
    if (!live.stream.open) return;
    for (const id of removed)
      live.stream.send({ event: NOTIFIED.removed, data: { id } satisfies NotificationRemoved });
    for (;;) {
      const changed = await this.notifications.changedSince(
        live.memberId,
        live.language,
        live.version,
      );
      if (!live.stream.open) return;
      for (const { version, item } of changed) {
        live.stream.send({ id: version.toString(), event: NOTIFIED.notification, data: item });
        live.version = version;
      }
      if (changed.length < 50) break;
    }
    const count: UnreadCount = await this.notifications.unreadCount(live.memberId);
    live.stream.send({ id: live.version.toString(), event: NOTIFIED.unread, data: count });
  }
}

/** A version from `Last-Event-ID`: digits only, else none. */
function versionOf(id: string | undefined): bigint | undefined {
  return id !== undefined && /^\d{1,19}$/.test(id) ? BigInt(id) : undefined;
}
