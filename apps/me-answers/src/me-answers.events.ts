import { DomainEventEnvelope, UserDeletedEvent } from '@mepedia/contracts';
import type { AppLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';
import type { MeAnswersService } from './me-answers.service';

/** The me-answers service's share of domain events (see eventSubscriptions): departures. */
export function meAnswersEventsHandler(answers: MeAnswersService, logger: AppLogger) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    switch (event.type) {
      case 'user.deleted': {
        const { userId } = UserDeletedEvent.parse(event.payload);
        // Their magazine posts go with the posts service's own handling of user.deleted.
        const removed = await answers.removeMember(userId);
        logger.info({ userId, removed }, 'removed a deleted member’s answers');
        return;
      }
      default:
        logger.warn(
          { eventId: event.id, type: event.type },
          'event type not handled by me-answers',
        );
    }
  };
}
