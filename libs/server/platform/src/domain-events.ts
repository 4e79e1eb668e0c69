import {
  DomainEventEnvelope,
  domainEvents,
  type DomainEventPayload,
  type DomainEventType,
} from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import type { AppLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';

/** What a service does with each domain event it subscribes to (eventSubscriptions). */
export type DomainEventHandlers = {
  [T in DomainEventType]?: (
    payload: DomainEventPayload<T>,
    event: DomainEventEnvelope,
  ) => Promise<void>;
};

/**
 * A service's events-<app> queue processor: the envelope and its payload checked against the
 * contracts, then handed to the service's handler for that type; a type it has none for is
 * logged and let go.
 */
export function domainEventsHandler(
  service: string,
  logger: AppLogger,
  handlers: DomainEventHandlers,
) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    const type = event.type as DomainEventType;
    const handle = Object.prototype.hasOwnProperty.call(handlers, type)
      ? (handlers[type] as
          ((payload: unknown, event: DomainEventEnvelope) => Promise<void>) | undefined)
      : undefined;
    if (!handle) {
      logger.warn({ eventId: event.id, type: event.type }, `event type not handled by ${service}`);
      return;
    }
    await handle(domainEvents[type].parse(event.payload), event);
  };
}

/**
 * user.deleted for a service that keeps rows by member id: members' ids are UUIDs, so any other
 * id never had anything here; otherwise `remove` runs and what it removed is logged.
 */
export function removeDeletedMember(
  logger: AppLogger,
  what: string,
  remove: (userId: string, event: DomainEventEnvelope) => Promise<unknown>,
) {
  return async ({ userId }: { userId: string }, event: DomainEventEnvelope) => {
    if (!isUuid(userId)) {
      logger.info({ userId }, 'user.deleted for an id that is no member’s: nothing to remove');
      return;
    }
    const removed = await remove(userId, event);
    logger.info({ userId, removed }, `removed a deleted member’s ${what}`);
  };
}
