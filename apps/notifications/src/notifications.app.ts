import { join } from 'node:path';
import { defineService } from '@mepedia/server-platform';
import { NotificationsModule } from './notifications.module';

/** The notifications service: who follows whom (issue 32); notifications, digests and the weekly question to come. */
export const notificationsService = defineService({
  name: 'notifications',
  migrations: { folder: join(__dirname, 'migrations') },
  module: (platform) => NotificationsModule.register(platform),
});

/** Migrate, then build the notifications app (not yet listening). */
export const createNotificationsApp = notificationsService.createApp;
