import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { FeedMessagesService } from './feed-messages.service';

/** The feed-messages service's share of domain events: members who leave, posts deleted. */
export function feedMessagesEventsHandler(service: FeedMessagesService, logger: AppLogger) {
  return domainEventsHandler('feed-messages', logger, {
    'user.deleted': removeDeletedMember(logger, 'messages and likes', (userId) =>
      service.removeMember(userId),
    ),
    'post.deleted': async ({ postId }) => {
      const removed = await service.removePost(postId);
      logger.info({ postId, removed }, 'removed the messages of a deleted post');
    },
  });
}
