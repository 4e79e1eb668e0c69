import { everyInterval, type ServicePlatform } from '@mepedia/server-platform';
import { notificationEventHandlers } from './notification-events';
import { NotificationStore } from './notification-store.repository';
import { NotificationStreams } from './notification-streams';
import { NotificationStreamsRepository } from './notification-streams.repository';
import { NotificationsController } from './notifications.controller';
import { NotificationsService } from './notifications.service';

/**
 * The notifications part of the service (issue 32), for the module to wire: the store, the
 * service, this replica's streams (listening to the bus from the start, sampling the version
 * sequence every second), the controller, the event handlers, and an hourly sweep of applied
 * event ids older than a week.
 */
export function notificationParts(
  platform: ServicePlatform,
  /** Relay the outbox now (a block ended follows: follow.changed). */
  onOutboxWrite: () => void = () => undefined,
) {
  const store = new NotificationStore(platform.database.db);
  const relay: { streams?: NotificationStreams } = {};
  const service = new NotificationsService(
    store,
    (changed) => relay.streams?.announce(changed),
    onOutboxWrite,
  );
  const streams = new NotificationStreams(
    platform.bus,
    service,
    new NotificationStreamsRepository(platform.database.db),
    platform.logger,
  );
  relay.streams = streams;
  return {
    service,
    streams,
    controllers: [NotificationsController],
    providers: [
      { provide: NotificationsService, useValue: service },
      { provide: NotificationStreams, useValue: streams },
    ],
    background: [
      {
        start: () =>
          void streams
            .start()
            .catch((error: unknown) =>
              platform.logger.error({ err: error }, 'notification streams: no bus'),
            ),
      },
      // Where the sequence stands, every second: what lets the streams' versions settle.
      everyInterval(1000, () => streams.sample()),
      everyInterval(60 * 60 * 1000, () => service.forgetOldEvents()),
    ],
    handlers: notificationEventHandlers(service),
  };
}
