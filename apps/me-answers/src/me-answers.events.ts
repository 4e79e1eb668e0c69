import { domainEventsHandler } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { MeAnswersService } from './me-answers.service';

/**
 * The me-answers service's share of domain events (see eventSubscriptions): departures,
 * answers' magazine posts deleted from the posts side, circles, and moderation's decisions.
 */
export function meAnswersEventsHandler(answers: MeAnswersService, logger: AppLogger) {
  return domainEventsHandler('me-answers', logger, {
    // Their magazine posts go with the posts service's own handling of user.deleted.
    'user.deleted': async ({ userId }) => {
      const removed = await answers.removeMember(userId);
      logger.info({ userId, removed }, 'removed a deleted member’s answers');
    },
    // The author deleted an answer's post (deletePost, deleteMePost): the answer leaves the
    // magazine with it, so it no longer says it is there and can be published again.
    'post.deleted': async ({ publisherId, questionId, postId }, event) => {
      if (questionId === undefined) return;
      const changed = await answers.postDeleted(
        publisherId,
        questionId,
        new Date(event.occurredAt),
      );
      logger.info({ postId, questionId, changed }, 'an answer’s magazine post was deleted');
    },
    // The moderation service's word on an answer (issue 35): its owner's alone, or back.
    'moderation.item.changed': async (change, event) => {
      const changed = await answers.applyModeration(change, new Date(event.occurredAt));
      logger.info(
        { kind: change.kind, itemId: change.itemId, state: change.state, changed },
        'moderation of an answer',
      );
    },
    // Who is in whose circle (the circles service's): who reads circle answers (issue 34).
    'circle.member.added': (change, event) =>
      answers.applyCircleMembership({ ...change, inCircle: true }, new Date(event.occurredAt)),
    'circle.member.removed': (change, event) =>
      answers.applyCircleMembership({ ...change, inCircle: false }, new Date(event.occurredAt)),
  });
}
