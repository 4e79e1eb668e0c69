import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { CirclesService } from './circles.service';

/**
 * The circles service's share of domain events: members as the users service announces them
 * (user.updated: name, picture, language, address), and members who leave (user.deleted).
 */
export function circlesEventsHandler(circles: CirclesService, logger: AppLogger) {
  return domainEventsHandler('circles', logger, {
    'user.updated': async (user, event) => {
      await circles.memberChanged(user, new Date(event.occurredAt));
    },
    'user.deleted': removeDeletedMember(logger, 'circle, memberships and invitations', (userId) =>
      circles.removeDeparted(userId),
    ),
  });
}
