import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { FeedMessagesService } from './feed-messages.service';

/**
 * The feed-messages service's share of domain events: members who leave, posts deleted, and
 * which posts and me answers are private.
 */
export function feedMessagesEventsHandler(service: FeedMessagesService, logger: AppLogger) {
  return domainEventsHandler('feed-messages', logger, {
    'user.deleted': removeDeletedMember(logger, 'messages and likes', (userId, event) =>
      service.removeMember(userId, new Date(event.occurredAt)),
    ),
    'post.privacy.changed': async ({ postId, publisherId, privacy }, event) => {
      await service.applyPrivacy({
        subjectId: postId,
        ownerId: publisherId,
        privacy,
        occurredAt: new Date(event.occurredAt),
      });
    },
    'meAnswer.privacy.changed': async ({ meAnswerId, userId, privacy }, event) => {
      await service.applyPrivacy({
        subjectId: meAnswerId,
        ownerId: userId,
        privacy,
        occurredAt: new Date(event.occurredAt),
      });
    },
    'post.deleted': async ({ postId }) => {
      const removed = await service.removePost(postId);
      logger.info({ postId, removed }, 'removed the messages of a deleted post');
    },
  });
}
