import {
  DomainEventEnvelope,
  MeAnswerPublishedEvent,
  MeAnswerUnpublishedEvent,
  UserDeletedEvent,
  UserUpdatedEvent,
  normalizeSearchText,
} from '@mepedia/contracts';
import type { AppLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';
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
      case 'meAnswer.published': {
        // The member's questionnaire answer, in the magazine: their post for that question.
        const answer = MeAnswerPublishedEvent.parse(event.payload);
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
        if (applied) await onPostsChanged();
        return;
      }
      case 'meAnswer.unpublished': {
        const { userId, questionId } = MeAnswerUnpublishedEvent.parse(event.payload);
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
        return;
      }
      default:
        logger.warn({ eventId: event.id, type: event.type }, 'event type not handled by posts');
    }
  };
}
