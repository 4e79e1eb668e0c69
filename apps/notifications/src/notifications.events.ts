import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { FollowsService } from './follows.service';

/**
 * The notifications service's share of domain events: members as the users service announces
 * them (user.updated), and members who leave (user.deleted). Each part adds its handlers here.
 */
export function notificationsEventsHandler(follows: FollowsService, logger: AppLogger) {
  return domainEventsHandler('notifications', logger, {
    'user.updated': async (user, event) => {
      await follows.memberChanged(user, new Date(event.occurredAt));
    },
    'user.deleted': removeDeletedMember(logger, 'follows and member row', (userId) =>
      follows.removeMember(userId),
    ),
  });
}
