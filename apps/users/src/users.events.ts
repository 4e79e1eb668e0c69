import { DomainEventEnvelope, ProfilePublicationChangedEvent } from '@mepedia/contracts';
import type { AppLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';
import type { PeopleService } from './people.service';

/** The users service's share of domain events (see eventSubscriptions). */
export function usersEventsHandler(people: PeopleService, logger: AppLogger) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    switch (event.type) {
      case 'profile.publication.changed': {
        const payload = ProfilePublicationChangedEvent.parse(event.payload);
        const applied = await people.applyPublication(
          payload.userId,
          payload.publishedAnswers,
          payload.topics,
          new Date(event.occurredAt),
        );
        if (!applied)
          logger.debug(
            { eventId: event.id, userId: payload.userId },
            'publication event skipped (stale or unknown member)',
          );
        return;
      }
      default:
        logger.warn({ eventId: event.id, type: event.type }, 'event type not handled by users');
    }
  };
}
