import { type DynamicModule, Module } from '@nestjs/common';
import { outboxRelay, serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { FollowsController } from './follows.controller';
import { FollowsRepository } from './follows.repository';
import { FollowsService } from './follows.service';
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
    const follows = new FollowsService(new FollowsRepository(platform.database.db), () =>
      relay.nudge(),
    );
    const weekly = new WeeklyQuestionService(
      new WeeklyQuestionRepository(platform.database.db),
      platform.queue,
      options,
      platform.logger,
    );
    return serviceModule(NotificationsModule, 'notifications', platform, {
      controllers: [FollowsController, WeeklyQuestionController],
      providers: [
        { provide: FollowsService, useValue: follows },
        { provide: WeeklyQuestionService, useValue: weekly },
      ],
      background: [relay, weeklyQuestionSweep(weekly, platform.logger)],
      events: { handler: notificationsEventsHandler(follows, platform.logger, weekly) },
    });
  }
}
