import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { PrivateQuestionsService } from './private-questions.service';

/** The private-questions service's share of domain events: members who leave, and circles. */
export function privateQuestionsEventsHandler(service: PrivateQuestionsService, logger: AppLogger) {
  return domainEventsHandler('private-questions', logger, {
    'user.deleted': removeDeletedMember(logger, 'private questions', (userId) =>
      service.removeMember(userId),
    ),
    // Who is in whose circle (the circles service's): who reads circle answers (issue 34).
    'circle.member.added': (change, event) =>
      service.applyCircleMembership({ ...change, inCircle: true }, new Date(event.occurredAt)),
    'circle.member.removed': (change, event) =>
      service.applyCircleMembership({ ...change, inCircle: false }, new Date(event.occurredAt)),
  });
}
