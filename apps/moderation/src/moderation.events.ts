import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import { isUuid } from '@mepedia/server-database';
import type { AppLogger } from '@mepedia/server-http';
import type { ModerationRepository } from './moderation.repository';
import type { ModerationService } from './moderation.service';

/**
 * The moderation service's share of domain events: what can be reported, as the services that
 * own it announce it (posts, answers, comments, profiles), who is in whose circle (a reporter of
 * a circle item must be in it), and members (their name, language and address, and their leaving).
 * Every write keeps the newest word by the event's `occurredAt`, so replays and reordering converge.
 */
export function moderationEventsHandler(
  repository: ModerationRepository,
  logger: AppLogger,
  /** Relay the outbox now: a word was announced. */
  onOutboxWrite: () => void = () => undefined,
  /** Opens the case of an item its service held for review as it was written. */
  reviews?: Pick<ModerationService, 'holdForReview'>,
) {
  const at = (event: { occurredAt: string }) => new Date(event.occurredAt);
  return domainEventsHandler('moderation', logger, {
    'user.updated': async (user, event) => {
      if (!isUuid(user.userId)) return;
      await repository.transaction(async (tx) => {
        await tx.upsertMember(user, at(event));
        await tx.upsertItem(
          {
            kind: 'profile',
            itemId: user.userId,
            ownerId: user.userId,
            audience: 'public',
            audienceOwnerId: user.userId,
            title: user.fullname,
            excerpt: null,
            subjectId: null,
          },
          at(event),
        );
      });
    },
    'user.deleted': removeDeletedMember(logger, 'items, reports and decisions', (userId) =>
      repository.transaction((tx) => tx.removeMember(userId, new Date())),
    ),
    'post.published': async (post, event) => {
      if (!isUuid(post.publisherId)) return;
      const followed = await repository.transaction(async (tx) => {
        await tx.upsertItem(
          {
            kind: 'post',
            itemId: post.postId,
            ownerId: post.publisherId,
            audience: post.privacy,
            audienceOwnerId: post.publisherId,
            title: post.title,
            excerpt: post.excerpt,
            subjectId: null,
            questionId: post.questionId ?? null,
          },
          at(event),
        );
        // A magazine post made while its answer is held or removed follows the answer.
        return followWithheldAnswer(tx, post.postId);
      });
      if (followed) onOutboxWrite();
      if (post.review) await reviews?.holdForReview('post', post.postId, post.review);
    },
    'post.privacy.changed': async (post, event) => {
      if (!isUuid(post.publisherId)) return;
      await repository.setAudience('post', post.postId, post.publisherId, post.privacy, at(event));
    },
    'post.deleted': async (post) => {
      await repository.markDeleted('post', post.postId);
    },
    'meAnswer.privacy.changed': async (answer, event) => {
      if (!isUuid(answer.userId)) return;
      await repository.upsertItem(
        {
          kind: 'answer',
          itemId: answer.meAnswerId,
          ownerId: answer.userId,
          audience: answer.privacy,
          audienceOwnerId: answer.userId,
          // The question's title in both languages, for moderators of either.
          title: answer.title ? `${answer.title.en} / ${answer.title.he}` : null,
          excerpt: null,
          subjectId: null,
          questionId: answer.questionId ?? null,
        },
        at(event),
      );
      await repository.setAudience(
        'answer',
        answer.meAnswerId,
        answer.userId,
        answer.privacy,
        at(event),
      );
    },
    'feedMessage.changed': async (message, event) => {
      if (message.deleted) {
        await repository.markDeleted('comment', message.messageId);
        return;
      }
      if (message.edited) {
        await repository.setExcerpt(
          'comment',
          message.messageId,
          message.edited.excerpt,
          at(event),
        );
        if (message.edited.review)
          await reviews?.holdForReview('comment', message.messageId, message.edited.review);
        return;
      }
      const comment = message.comment;
      if (!comment || !isUuid(comment.authorId)) return;
      const subjectOwner =
        comment.subjectOwnerId && isUuid(comment.subjectOwnerId)
          ? comment.subjectOwnerId
          : comment.authorId;
      const kept = await repository.transaction(async (tx) => {
        // A comment in the discussion of a member who left went with their story.
        if (subjectOwner !== comment.authorId && (await tx.left(subjectOwner))) return false;
        await tx.upsertItem(
          {
            kind: 'comment',
            itemId: message.messageId,
            ownerId: comment.authorId,
            audience: comment.subjectPrivacy ?? 'public',
            audienceOwnerId: subjectOwner,
            title: null,
            excerpt: comment.excerpt,
            subjectId: message.subjectId,
          },
          at(event),
        );
        return true;
      });
      if (kept && comment.review)
        await reviews?.holdForReview('comment', message.messageId, comment.review);
    },
    'circle.member.added': async ({ ownerId, memberId }, event) => {
      await repository.circles.apply({ ownerId, memberId, inCircle: true, occurredAt: at(event) });
    },
    'circle.member.removed': async ({ ownerId, memberId }, event) => {
      await repository.circles.apply({ ownerId, memberId, inCircle: false, occurredAt: at(event) });
    },
    // A post, answer or comment from before this service, announced once by its service's
    // migration (dated the epoch): kept as a live word would keep it, so any live word outranks
    // it, a deletion stays, and nothing of a member who left comes back.
    'existingItem.announced': async (item, event) => {
      if (!isUuid(item.ownerId) || !isUuid(item.audienceOwnerId)) return;
      const followed = await repository.transaction(async (tx) => {
        // A comment in the discussion of a member who left went with their story.
        if (item.audienceOwnerId !== item.ownerId && (await tx.left(item.audienceOwnerId)))
          return false;
        await tx.upsertItem(item, at(event));
        return item.kind === 'post' && (await followWithheldAnswer(tx, item.itemId));
      });
      if (followed) onOutboxWrite();
    },
  });
}

/**
 * A magazine post heard of after its answer was held or removed takes the answer's state, as
 * the answer's decision would have given it (announced). Answers whether it did.
 */
async function followWithheldAnswer(tx: ModerationRepository, postId: string): Promise<boolean> {
  const item = await tx.item('post', postId);
  const answer = item && (await tx.withheldAnswerOf(item));
  const decided = answer && (await tx.latestCaseOf('answer', answer.itemId));
  if (!item || !answer || !decided) return false;
  await tx.announceState(item, answer.state, decided.id);
  return true;
}
