import { join } from 'node:path';
import { defineService, type ServicePlatform } from '@mepedia/server-platform';
import type { INestApplication } from '@nestjs/common';
import { EmailDelivery } from './email-delivery';
import { NotificationsModule } from './notifications.module';
import { loadWeeklyQuestionOptions } from './weekly-question.options';
import { WeeklyQuestionService, type WeeklyQuestionOptions } from './weekly-question.service';

/** The notifications service: who follows whom (issue 32); notifications, digests and the weekly question to come. */
export const notificationsService = defineService({
  name: 'notifications',
  migrations: { folder: join(__dirname, 'migrations') },
  loadOptions: loadWeeklyQuestionOptions,
  // JSON, and the form body of RFC 8058's one-click unsubscribe (docs/security.md).
  http: { bodyTypes: ['application/json', 'application/x-www-form-urlencoded'] },
  module: (platform, options) => NotificationsModule.register(platform, options),
});

/**
 * Migrate, then build the notifications app (not yet listening); its options from the
 * environment unless given (a test names its own site address and link secret).
 */
export const createNotificationsApp = (
  platform: ServicePlatform,
  options: WeeklyQuestionOptions = loadWeeklyQuestionOptions(),
) => notificationsService.createApp(platform, options);

export { EMAIL_GRACE_MS } from './notification-store.repository';

/**
 * Run the notification emails' sweep now as at `at` (tests in services mode choose the moment;
 * the service itself sweeps every minute on its schedule queue).
 */
export const sweepNotificationEmails = (app: INestApplication, at: Date) =>
  app.get(EmailDelivery).sweep(at);

/**
 * Send the weekly questions due at `now` in a built app (its minute sweep, at a moment of the
 * caller's): the standalone tests drive the email end to end with a fake clock through it.
 */
export const sweepWeeklyQuestions = (app: INestApplication, now: Date) =>
  app.get(WeeklyQuestionService).sweep(now);
