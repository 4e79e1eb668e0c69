import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { PrivateQuestionsService } from './private-questions.service';

/** The private-questions service's share of domain events: members who leave. */
export function privateQuestionsEventsHandler(service: PrivateQuestionsService, logger: AppLogger) {
  return domainEventsHandler('private-questions', logger, {
    'user.deleted': removeDeletedMember(logger, 'private questions', (userId) =>
      service.removeMember(userId),
    ),
  });
}
