import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { FollowsService } from './follows.service';
import type { NotificationsService } from './notifications.service';
import type { notificationEventHandlers } from './notification-events';

/**
 * The notifications service's share of domain events: members as the users service announces
 * them (user.updated), and members who leave (user.deleted). Each part adds its handlers here.
 */
export function notificationsEventsHandler(
  follows: FollowsService,
  logger: AppLogger,
  notices: {
    service: NotificationsService;
    handlers: ReturnType<typeof notificationEventHandlers>;
  },
) {
  return domainEventsHandler('notifications', logger, {
    // Notifications (notification-events.ts): comments, replies, reactions, follows, stories.
    ...notices.handlers,
    'user.updated': async (user, event) => {
      await follows.memberChanged(user, new Date(event.occurredAt));
    },
    'user.deleted': removeDeletedMember(
      logger,
      'follows, member row and notifications',
      async (userId, event) => {
        const followsGone = await follows.removeMember(userId);
        const notifications = await notices.service.removeMember(userId, event);
        return { follows: followsGone, notifications };
      },
    ),
  });
}
