import { DomainEventEnvelope, PostDeletedEvent, UserDeletedEvent } from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import type { AppLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';
import type { ReactionsService } from './reactions.service';

/** The reactions service's share of domain events: members who leave, posts deleted. */
export function reactionsEventsHandler(service: ReactionsService, logger: AppLogger) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    switch (event.type) {
      case 'user.deleted': {
        const { userId } = UserDeletedEvent.parse(event.payload);
        // Members' ids are UUIDs; any other id never liked, viewed or reacted here.
        if (!isUuid(userId)) {
          logger.info({ userId }, 'user.deleted for an id that is no member’s: nothing to remove');
          return;
        }
        const removed = await service.removeMember(userId);
        logger.info({ userId, removed }, 'removed a deleted member’s likes, views and reactions');
        return;
      }
      case 'post.deleted': {
        const { postId } = PostDeletedEvent.parse(event.payload);
        const removed = await service.removePost(postId);
        logger.info({ postId, removed }, 'removed a deleted post’s likes, views and reactions');
        return;
      }
      default:
        logger.warn({ eventId: event.id, type: event.type }, 'event type not handled by reactions');
    }
  };
}
