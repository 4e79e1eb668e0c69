import { type DynamicModule, Module } from '@nestjs/common';
import { outboxRelay, serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { EmailDelivery } from './email-delivery';
import { EmailDeliveryRepository } from './email-delivery.repository';
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
  SWEEP_INTERVAL_MS,
  WeeklyQuestionService,
  type WeeklyQuestionOptions,
} from './weekly-question.service';

/**
 * The notifications service: its parts (follows, notifications, their emails and digests, the
 * weekly question), each a controller, service and repository of its own, wired here.
 */
@Module({})
export class NotificationsModule {
  static register(platform: ServicePlatform, options: WeeklyQuestionOptions): DynamicModule {
    const relay = outboxRelay('notifications', platform, outbox);
    const notices = notificationParts(platform, () => relay.nudge());
    const follows = new FollowsService(new FollowsRepository(platform.database.db), () =>
      relay.nudge(),
    );
    const weekly = new WeeklyQuestionService(
      new WeeklyQuestionRepository(platform.database.db),
      platform.queue,
      options,
      platform.logger,
    );
    const delivery = new EmailDelivery(
      new EmailDeliveryRepository(platform.database.db),
      platform.queue,
      options,
      platform.logger,
    );
    const emailPreferences = new EmailPreferencesService(
      new EmailPreferencesRepository(platform.database.db),
      options.linkSecret,
      undefined,
      (userId, preferences) => delivery.digestTimesChanged(userId, preferences),
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
        { provide: EmailDelivery, useValue: delivery },
        ...notices.providers,
      ],
      background: [relay, ...notices.background],
      // Once a minute across the replicas: the weekly questions due, and the emails.
      schedules: [
        { name: 'weekly-question', everyMs: SWEEP_INTERVAL_MS, work: () => weekly.sweep() },
        { name: 'notification-emails', everyMs: SWEEP_INTERVAL_MS, work: () => delivery.sweep() },
      ],
      events: {
        handler: notificationsEventsHandler(follows, platform.logger, weekly, notices, {
          delivery,
          preferences: emailPreferences,
        }),
      },
    });
  }
}
