import type { Audience, DomainEventEnvelope } from '@mepedia/contracts';
import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { FeedMessagesService } from './feed-messages.service';

/**
 * The feed-messages service's share of domain events: members who leave, posts deleted, each
 * post's and me answer's owner and audience, who is in whose circle, what moderation holds
 * or removed, and who blocks whom.
 */
export function feedMessagesEventsHandler(service: FeedMessagesService, logger: AppLogger) {
  const applyPrivacy = async (
    subjectId: string,
    ownerId: string,
    privacy: Audience,
    event: DomainEventEnvelope,
  ) => {
    await service.applyPrivacy({
      subjectId,
      ownerId,
      privacy,
      occurredAt: new Date(event.occurredAt),
    });
  };
  return domainEventsHandler('feed-messages', logger, {
    'user.deleted': removeDeletedMember(logger, 'messages and likes', (userId, event) =>
      service.removeMember(userId, new Date(event.occurredAt)),
    ),
    'post.privacy.changed': ({ postId, publisherId, privacy }, event) =>
      applyPrivacy(postId, publisherId, privacy, event),
    'meAnswer.privacy.changed': ({ meAnswerId, userId, privacy }, event) =>
      applyPrivacy(meAnswerId, userId, privacy, event),
    'post.deleted': async ({ postId }, event) => {
      const removed = await service.removePost(postId, new Date(event.occurredAt));
      logger.info({ postId, removed }, 'removed the messages of a deleted post');
    },
    // Held, removed or visible again (issue 35): a comment, or a post's or answer's discussion.
    'moderation.item.changed': async (item, event) => {
      await service.applyModeration({ ...item, occurredAt: new Date(event.occurredAt) });
    },
    // Who blocks or mutes whom (issue 35): a block hides each one's comments from the other.
    'member.block.changed': async (change, event) => {
      await service.applyBlock({ ...change, occurredAt: new Date(event.occurredAt) });
    },
    'circle.member.added': ({ ownerId, memberId }, event) =>
      service.applyCircleMembership({
        ownerId,
        memberId,
        inCircle: true,
        occurredAt: new Date(event.occurredAt),
      }),
    'circle.member.removed': ({ ownerId, memberId }, event) =>
      service.applyCircleMembership({
        ownerId,
        memberId,
        inCircle: false,
        occurredAt: new Date(event.occurredAt),
      }),
  });
}
