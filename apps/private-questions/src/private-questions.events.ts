import { DomainEventEnvelope, UserDeletedEvent } from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import type { AppLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';
import type { PrivateQuestionsRepository } from './private-questions.repository';

/** The private-questions service's share of domain events: members who leave. */
export function privateQuestionsEventsHandler(
  repository: PrivateQuestionsRepository,
  logger: AppLogger,
) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    switch (event.type) {
      case 'user.deleted': {
        const { userId } = UserDeletedEvent.parse(event.payload);
        // Members' ids are UUIDs; any other id never had questions here.
        const removed = isUuid(userId) ? await repository.removeMember(userId) : 0;
        logger.info({ userId, removed }, 'removed a deleted member’s private questions');
        return;
      }
      default:
        logger.warn(
          { eventId: event.id, type: event.type },
          'event type not handled by private-questions',
        );
    }
  };
}
