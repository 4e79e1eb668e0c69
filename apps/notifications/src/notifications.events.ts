import { domainEventsHandler, removeDeletedMember } from '@mepedia/server-platform';
import type { AppLogger } from '@mepedia/server-http';
import type { FollowsService } from './follows.service';
import type { notificationEventHandlers } from './notification-events';
import type { EmailDelivery } from './email-delivery';
import type { EmailPreferencesService } from './email-preferences.service';
import type { NotificationsService } from './notifications.service';
import type { WeeklyQuestionService } from './weekly-question.service';

/**
 * The notifications service's share of domain events: members as the users service announces
 * them (user.updated), and members who leave (user.deleted). Each part adds its handlers here.
 */
export function notificationsEventsHandler(
  follows: FollowsService,
  logger: AppLogger,
  weekly: WeeklyQuestionService,
  notices: {
    service: NotificationsService;
    handlers: ReturnType<typeof notificationEventHandlers>;
  },
  email: { delivery: EmailDelivery; preferences: EmailPreferencesService },
) {
  return domainEventsHandler('notifications', logger, {
    // Notifications (notification-events.ts): comments, replies, reactions, follows, stories.
    ...notices.handlers,
    'user.updated': async (user, event) => {
      if (!(await follows.memberChanged(user, new Date(event.occurredAt)))) return;
      // Known: their digests go at their hour (set once; their choices move it later).
      await email.delivery.memberKnown(
        user.userId,
        await email.preferences.preferences(user.userId),
      );
    },
    'user.deleted': removeDeletedMember(
      logger,
      'follows, member row, notifications and emails',
      async (userId, event) => {
        const followsGone = await follows.removeMember(userId);
        const notifications = await notices.service.removeMember(userId, event);
        return { follows: followsGone, notifications };
      },
    ),
    // The weekly question's read models: what members answered, their own unanswered private
    // questions, and the questionnaire.
    'meAnswer.answered': async (answer, event) => {
      await weekly.answerChanged(answer, new Date(event.occurredAt));
    },
    // A member's own unanswered private questions (theirs alone: only their email reads them).
    'privateQuestions.changed': async (list) => {
      await weekly.privateQuestionsChanged(list);
    },
    'questionnaire.changed': async (questionnaire, event) => {
      const applied = await weekly.questionnaireChanged(questionnaire, new Date(event.occurredAt));
      logger.info({ questions: questionnaire.questions.length, applied }, 'the questionnaire');
    },
  });
}
