import { DomainEventEnvelope, UserDeletedEvent } from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import type { AppLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';
import type { FilesService } from './files.service';

/** The files service's share of domain events: members who leave take their images along. */
export function filesEventsHandler(service: FilesService, logger: AppLogger) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    switch (event.type) {
      case 'user.deleted': {
        const { userId } = UserDeletedEvent.parse(event.payload);
        // Members' ids are UUIDs; any other id never uploaded here.
        if (!isUuid(userId)) {
          logger.info({ userId }, 'user.deleted for an id that is no member’s: nothing to remove');
          return;
        }
        const removed = await service.removeMember(userId);
        logger.info({ userId, removed }, 'removed a deleted member’s images');
        return;
      }
      default:
        logger.warn({ eventId: event.id, type: event.type }, 'event type not handled by files');
    }
  };
}
