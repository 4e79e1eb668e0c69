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
import { WeeklyQuestionController } from './weekly-question.controller';
import { WeeklyQuestionRepository } from './weekly-question.repository';
import {
  WeeklyQuestionService,
  weeklyQuestionSweep,
  type WeeklyQuestionOptions,
} from './weekly-question.service';

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
    const weekly = new WeeklyQuestionService(
      new WeeklyQuestionRepository(platform.database.db),
      platform.queue,
      options,
      platform.logger,
    );
    const emailPreferences = new EmailPreferencesService(
      new EmailPreferencesRepository(platform.database.db),
      options.linkSecret,
    );
    return serviceModule(NotificationsModule, 'notifications', platform, {
      controllers: [
        FollowsController,
        EmailPreferencesController,
        WeeklyQuestionController,
        ...notices.controllers,
      ],
      providers: [
        { provide: FollowsService, useValue: follows },
        { provide: EmailPreferencesService, useValue: emailPreferences },
        { provide: WeeklyQuestionService, useValue: weekly },
        ...notices.providers,
      ],
      background: [relay, weeklyQuestionSweep(weekly, platform.logger), ...notices.background],
      events: { handler: notificationsEventsHandler(follows, platform.logger, weekly, notices) },
    });
  }
}
