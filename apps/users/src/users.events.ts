import { domainEventsHandler } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { PeopleService } from './people.service';

/** The users service's share of domain events (see eventSubscriptions). */
export function usersEventsHandler(people: PeopleService, logger: AppLogger) {
  return domainEventsHandler('users', logger, {
    'profile.publication.changed': async (payload, event) => {
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
    },
  });
}
