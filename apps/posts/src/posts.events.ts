import { normalizeSearchText } from '@mepedia/contracts';
import type { AppLogger } from '@mepedia/server-http';
import { domainEventsHandler } from '@mepedia/server-platform';
import type { PostsRepository } from './posts.repository';
import { SANITIZER_VERSION, plainText, sanitizeContent, textOf } from './sanitize';

/** A questionnaire post's picture when its author has none (apps/web/public). */
export const ME_ANSWER_DEFAULT_IMAGE = '/me-answer.svg';

/** The posts service's share of domain events: publishers' names and pictures, and departures. */
export function postsEventsHandler(
  repository: PostsRepository,
  onOutboxWrite: () => void,
  logger: AppLogger,
  /** Posts changed for guests (a publisher's name, a member's posts gone). */
  onPostsChanged: () => Promise<void> = () => Promise.resolve(),
) {
  return domainEventsHandler('posts', logger, {
    'user.updated': async (user, event) => {
      await repository.upsertPublisher({
        userId: user.userId,
        fullname: user.fullname,
        profileImage: user.profileImage,
        searchName: normalizeSearchText(user.fullname),
        version: new Date(event.occurredAt),
      });
      await onPostsChanged();
    },
    'user.deleted': async ({ userId }) => {
      const removed = await repository.removeMember(userId);
      if (removed > 0) onOutboxWrite();
      await onPostsChanged();
      logger.info({ userId, removed }, 'removed a deleted member’s posts');
    },
    // The member's questionnaire answer, in the magazine: their post for that question.
    'meAnswer.published': async (answer, event) => {
      const content = sanitizeContent(answer.content);
      const occurredAt = new Date(event.occurredAt);
      const applied = await repository.applyMeAnswer(
        answer.userId,
        answer.questionId,
        occurredAt,
        {
          title: plainText(answer.title),
          content,
          contentText: textOf(content),
          contentSanitizer: SANITIZER_VERSION,
          credit: '',
          privacy: answer.privacy,
          destination: 'magazine',
          createdAt: occurredAt,
          updatedAt: occurredAt,
        },
        ME_ANSWER_DEFAULT_IMAGE,
      );
      if (applied) {
        onOutboxWrite();
        await onPostsChanged();
      }
    },
    // A like given or taken back through userLikes/toggleLike: post likes are ours.
    'post.like.requested': async ({ postId, userId, liked }) => {
      if (await repository.setLike(postId, userId, liked)) {
        onOutboxWrite();
        await onPostsChanged();
      }
    },
    // A view counted through userViews/toggleView: post views are ours too.
    'post.view.requested': async ({ postId, viewer }) => {
      // As a view through updatePostViews: guests' cached posts catch up within seconds.
      if (await repository.applyViewRequest(postId, viewer)) onOutboxWrite();
    },
    'meAnswer.unpublished': async ({ userId, questionId }, event) => {
      const removed = await repository.applyMeAnswer(
        userId,
        questionId,
        new Date(event.occurredAt),
        null,
        ME_ANSWER_DEFAULT_IMAGE,
      );
      if (removed) {
        onOutboxWrite();
        await onPostsChanged();
      }
    },
  });
}
