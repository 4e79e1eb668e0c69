import type { Audience, DomainEventEnvelope } from '@mepedia/contracts';
import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { ReactionsService } from './reactions.service';

/**
 * The reactions service's share of domain events: members who leave, posts deleted, each post's
 * and me answer's owner and audience, who is in whose circle, post likes and views as the posts
 * service has them, what moderation holds or removed, and who blocks whom.
 */
export function reactionsEventsHandler(service: ReactionsService, logger: AppLogger) {
  const applyPrivacy = (
    subjectId: string,
    ownerId: string,
    privacy: Audience,
    event: DomainEventEnvelope,
  ) =>
    service.applyPrivacy({ subjectId, ownerId, privacy, occurredAt: new Date(event.occurredAt) });
  return domainEventsHandler('reactions', logger, {
    'user.deleted': removeDeletedMember(logger, 'likes, views and reactions', (userId) =>
      service.removeMember(userId),
    ),
    'post.deleted': async ({ postId }, event) => {
      const removed = await service.removePost(postId, new Date(event.occurredAt));
      logger.info({ postId, removed }, 'removed a deleted post’s likes, views and reactions');
    },
    'post.privacy.changed': ({ postId, publisherId, privacy }, event) =>
      applyPrivacy(postId, publisherId, privacy, event),
    'meAnswer.privacy.changed': ({ meAnswerId, userId, privacy }, event) =>
      applyPrivacy(meAnswerId, userId, privacy, event),
    // The posts service owns post likes: userLikes for posts says what it said last.
    'post.like.changed': ({ postId, userId, liked }, event) =>
      service.applyPostLike(postId, userId, liked, new Date(event.occurredAt)),
    // Absent `counted` is a view counted there (announcements from before it was said).
    'post.viewed': ({ postId, viewer, counted }) =>
      service.applyPostView(postId, viewer, counted !== false),
    // Each comment and what it is about, from the feed-messages service.
    'feedMessage.changed': ({ messageId, subjectId, deleted, comment }) =>
      service.applyComment(messageId, subjectId, deleted, comment?.authorId),
    // Held, removed or visible again (issue 35): a post, answer, comment or profile.
    'moderation.item.changed': async (item, event) => {
      await service.applyModeration({ ...item, occurredAt: new Date(event.occurredAt) });
    },
    // Who blocks or mutes whom (issue 35): neither reacts to what is the other's.
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
