import type { DomainEventHandlers } from '@mepedia/server-platform';
import type { NotificationsService } from './notifications.service';

/**
 * The notifications' share of domain events (issue 32): what was done with members' stories,
 * comments and profiles, what posts and answers are (owner, title, privacy, deletion), what
 * moderation holds or removed and who blocks whom (issue 35), each applied once by the service's
 * rules.
 * `user.deleted` is the events file's, which calls `removeMember` after the follows'.
 */
export function notificationEventHandlers(
  notifications: NotificationsService,
): DomainEventHandlers {
  const done = async (work: Promise<unknown>) => {
    await work;
  };
  return {
    'post.published': (post, event) => done(notifications.postPublished(post, event)),
    'post.privacy.changed': (post, event) =>
      done(
        notifications.privacyChanged(
          {
            subjectId: post.postId,
            kind: 'post',
            ownerId: post.publisherId,
            audience: post.privacy,
          },
          event,
        ),
      ),
    'post.deleted': (post, event) => done(notifications.postDeleted(post, event)),
    'post.like.changed': (like, event) => done(notifications.postLikeChanged(like, event)),
    'feedMessage.changed': (message, event) =>
      done(notifications.feedMessageChanged(message, event)),
    'feedMessage.like.changed': (like, event) =>
      done(notifications.commentLikeChanged(like, event)),
    'reaction.changed': (reaction, event) => done(notifications.reactionChanged(reaction, event)),
    // Who is in whose circle (the circles service's): who may be told of circle stories.
    'circle.member.added': (change, event) =>
      done(notifications.circleChanged({ ...change, inCircle: true }, event)),
    'circle.member.removed': (change, event) =>
      done(notifications.circleChanged({ ...change, inCircle: false }, event)),
    'follow.changed': (follow, event) => done(notifications.followChanged(follow, event)),
    // Who blocks whom (issue 35): follows end, and nothing is told between the two.
    'member.block.changed': (change, event) => done(notifications.blockChanged(change, event)),
    // Held, removed or visible again (issue 35): what others were told of it is taken back.
    'moderation.item.changed': (word, event) => done(notifications.moderationChanged(word, event)),
    'meAnswer.privacy.changed': (answer, event) =>
      done(
        notifications.privacyChanged(
          {
            subjectId: answer.meAnswerId,
            kind: 'meAnswer',
            ownerId: answer.userId,
            audience: answer.privacy,
            ...(answer.title ? { title: answer.title.en, titleHe: answer.title.he } : {}),
            ...(answer.questionId ? { questionId: answer.questionId } : {}),
          },
          event,
        ),
      ),
    'meAnswer.published': (answer, event) =>
      done(
        notifications.magazineChanged(
          { userId: answer.userId, meAnswerId: answer.meAnswerId, added: true, by: answer.by },
          event,
        ),
      ),
    'meAnswer.unpublished': (answer, event) =>
      done(
        notifications.magazineChanged(
          { userId: answer.userId, meAnswerId: answer.meAnswerId, added: false, by: answer.by },
          event,
        ),
      ),
  };
}
