import type { AppLogger } from '@mepedia/server-http';
import { domainEventsHandler } from '@mepedia/server-platform';
import type { PostsService } from './posts.service';

/**
 * The posts service's share of domain events: publishers' names and pictures, departures,
 * questionnaire answers' posts, likes and views handed over by the reactions service, who
 * follows whom (the notifications service's), and moderation's decisions and blocks. Each
 * goes to the service, whose rules apply as they do to a call.
 */
export function postsEventsHandler(service: PostsService, logger: AppLogger) {
  return domainEventsHandler('posts', logger, {
    'user.updated': (user, event) => service.publisherChanged(user, new Date(event.occurredAt)),
    'user.deleted': async ({ userId }) => {
      const removed = await service.removeMember(userId);
      logger.info({ userId, removed }, 'removed a deleted member’s posts');
    },
    // The member's questionnaire answer, in the magazine: their post for that question.
    'meAnswer.published': (answer, event) =>
      service.publishMeAnswer(answer, new Date(event.occurredAt)),
    'meAnswer.unpublished': (answer, event) =>
      service.unpublishMeAnswer(answer, new Date(event.occurredAt)),
    // A like given or taken back through userLikes/toggleLike: post likes are ours, and the
    // service's rules (who may read the post) decide, as for its own like.
    'post.like.requested': async ({ postId, userId, liked }) => {
      await service.applyLikeRequest(postId, userId, liked);
    },
    // Who follows whom (the notifications service's): "From people you follow" reads it.
    'follow.changed': async (follow, event) => {
      await service.applyFollow(follow, new Date(event.occurredAt));
    },
    // Who is in whose circle (the circles service's): who reads circle posts (issue 34).
    'circle.member.added': (change, event) =>
      service.applyCircleMembership({ ...change, inCircle: true }, new Date(event.occurredAt)),
    'circle.member.removed': (change, event) =>
      service.applyCircleMembership({ ...change, inCircle: false }, new Date(event.occurredAt)),
    // Who blocks or mutes whom (the moderation service's, issue 35): out of each other's lists.
    'member.block.changed': async (change, event) => {
      await service.applyBlock(change, new Date(event.occurredAt));
    },
    // The moderation service's word on a post or an answer (issue 35): hidden from everyone but
    // its publisher, or shown again.
    'moderation.item.changed': async (change, event) => {
      const changed = await service.applyModeration(change, new Date(event.occurredAt));
      logger.info(
        { kind: change.kind, itemId: change.itemId, state: change.state, changed },
        'moderation of a post or an answer',
      );
    },
    // A view counted through userViews/toggleView: post views are ours too.
    'post.view.requested': async ({ postId, viewer }) => {
      await service.applyViewRequest(postId, viewer);
    },
  });
}
