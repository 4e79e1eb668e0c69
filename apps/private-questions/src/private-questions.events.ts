import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { PrivateQuestionsRepository } from './private-questions.repository';

/** The private-questions service's share of domain events: members who leave. */
export function privateQuestionsEventsHandler(
  repository: PrivateQuestionsRepository,
  logger: AppLogger,
) {
  return domainEventsHandler('private-questions', logger, {
    'user.deleted': removeDeletedMember(logger, 'private questions', (userId) =>
      repository.removeMember(userId),
    ),
  });
}
