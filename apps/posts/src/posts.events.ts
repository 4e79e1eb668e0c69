import {
  DomainEventEnvelope,
  UserDeletedEvent,
  UserUpdatedEvent,
  normalizeSearchText,
} from '@mepedia/contracts';
import type { AppLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';
import type { PostsRepository } from './posts.repository';

/** The posts service's share of domain events: publishers' names and pictures, and departures. */
export function postsEventsHandler(
  repository: PostsRepository,
  onOutboxWrite: () => void,
  logger: AppLogger,
  /** Posts changed for guests (a publisher's name, a member's posts gone). */
  onPostsChanged: () => Promise<void> = () => Promise.resolve(),
) {
  return async (job: Job) => {
    const event = DomainEventEnvelope.parse(job.data);
    switch (event.type) {
      case 'user.updated': {
        const user = UserUpdatedEvent.parse(event.payload);
        await repository.upsertPublisher({
          userId: user.userId,
          fullname: user.fullname,
          profileImage: user.profileImage,
          searchName: normalizeSearchText(user.fullname),
          version: new Date(event.occurredAt),
        });
        await onPostsChanged();
        return;
      }
      case 'user.deleted': {
        const { userId } = UserDeletedEvent.parse(event.payload);
        const removed = await repository.removeMember(userId);
        if (removed > 0) onOutboxWrite();
        await onPostsChanged();
        logger.info({ userId, removed }, 'removed a deleted member’s posts');
        return;
      }
      default:
        logger.warn({ eventId: event.id, type: event.type }, 'event type not handled by posts');
    }
  };
}
