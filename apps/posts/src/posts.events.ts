import { normalizeSearchText } from '@mepedia/contracts';
import type { AppLogger } from '@mepedia/server-http';
import { domainEventsHandler } from '@mepedia/server-platform';
import type { PostsRepository } from './posts.repository';
import type { PostsService } from './posts.service';
import { SANITIZER_VERSION, plainText, sanitizeContent, textOf } from './sanitize';

/** A questionnaire post's picture when its author has none (apps/web/public). */
export const ME_ANSWER_DEFAULT_IMAGE = '/me-answer.svg';

/** The posts service's share of domain events: publishers' names and pictures, and departures. */
export function postsEventsHandler(
  repository: PostsRepository,
  /** The rules of posts, for what reaches them by event as by a call (likes and views). */
  service: PostsService,
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
    // A like given or taken back through userLikes/toggleLike: post likes are ours, and the
    // service's rules (who may read the post) decide, as for its own like.
    'post.like.requested': async ({ postId, userId, liked }) => {
      await service.applyLikeRequest(postId, userId, liked);
    },
    // A view counted through userViews/toggleView: post views are ours too.
    'post.view.requested': async ({ postId, viewer }) => {
      await service.applyViewRequest(postId, viewer);
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
