import { domainEventsHandler } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { MeAnswersService } from './me-answers.service';

/** The me-answers service's share of domain events (see eventSubscriptions): departures. */
export function meAnswersEventsHandler(answers: MeAnswersService, logger: AppLogger) {
  return domainEventsHandler('me-answers', logger, {
    // Their magazine posts go with the posts service's own handling of user.deleted.
    'user.deleted': async ({ userId }) => {
      const removed = await answers.removeMember(userId);
      logger.info({ userId, removed }, 'removed a deleted member’s answers');
    },
  });
}
