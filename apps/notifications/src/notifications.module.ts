import { type DynamicModule, Module } from '@nestjs/common';
import { outboxRelay, serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { EmailPreferencesController } from './email-preferences.controller';
import { EmailPreferencesRepository } from './email-preferences.repository';
import { EmailPreferencesService } from './email-preferences.service';
import { FollowsController } from './follows.controller';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';
import { notificationParts } from './notification-parts';
import { notificationsEventsHandler } from './notifications.events';
import { outbox } from './notifications.schema';
import type { WeeklyQuestionOptions } from './weekly-question.service';

/**
 * The notifications service: its parts (follows today; notifications, digests and the weekly
 * question next), each a controller, service and repository of its own, wired here.
 */
@Module({})
export class NotificationsModule {
  static register(platform: ServicePlatform, options: WeeklyQuestionOptions): DynamicModule {
    const relay = outboxRelay('notifications', platform, outbox);
    const notices = notificationParts(platform);
    const follows = new FollowsService(new FollowsRepository(platform.database.db), () =>
      relay.nudge(),
    );
    const emailPreferences = new EmailPreferencesService(
      new EmailPreferencesRepository(platform.database.db),
      options.linkSecret,
    );
    return serviceModule(NotificationsModule, 'notifications', platform, {
      controllers: [FollowsController, EmailPreferencesController, ...notices.controllers],
      providers: [
        { provide: FollowsService, useValue: follows },
        { provide: EmailPreferencesService, useValue: emailPreferences },
        ...notices.providers,
      ],
      background: [relay, ...notices.background],
      events: {
        handler: notificationsEventsHandler(follows, platform.logger, notices),
      },
    });
  }
}
