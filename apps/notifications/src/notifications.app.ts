import { join } from 'node:path';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { defineService, type ServicePlatform } from '@mepedia/server-platform';
import { EmailDelivery } from './email-delivery';
import { NotificationsModule } from './notifications.module';
import { loadWeeklyQuestionOptions } from './weekly-question.options';
import type { WeeklyQuestionOptions } from './weekly-question.service';

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
export const sweepNotificationEmails = (app: NestFastifyApplication, at: Date) =>
  app.get(EmailDelivery).sweep(at);
