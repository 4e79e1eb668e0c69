import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { ReactionsService } from './reactions.service';

/** The reactions service's share of domain events: members who leave, posts deleted. */
export function reactionsEventsHandler(service: ReactionsService, logger: AppLogger) {
  return domainEventsHandler('reactions', logger, {
    'user.deleted': removeDeletedMember(logger, 'likes, views and reactions', (userId) =>
      service.removeMember(userId),
    ),
    'post.deleted': async ({ postId }) => {
      const removed = await service.removePost(postId);
      logger.info({ postId, removed }, 'removed a deleted post’s likes, views and reactions');
    },
  });
}
