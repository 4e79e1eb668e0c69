import { type DynamicModule, Module } from '@nestjs/common';
import {
  outboxRelay,
  serviceModule,
  sweepUnannouncedEvery,
  type ServicePlatform,
} from '@mepedia/server-platform';
import { LikesController } from './likes.controller';
import { LottiesController } from './lotties.controller';
import { reactionsEventsHandler } from './reactions.events';
import { ReactionsRepository } from './reactions.repository';
import { outbox } from './reactions.schema';
import { ReactionsService } from './reactions.service';
import { ViewsController } from './views.controller';

@Module({})
export class ReactionsModule {
  static register(platform: ServicePlatform): DynamicModule {
    const relay = outboxRelay('reactions', platform, outbox);
    const service = new ReactionsService(new ReactionsRepository(platform.database.db), () =>
      relay.nudge(),
    );
    return serviceModule(ReactionsModule, 'reactions', platform, {
      controllers: [LikesController, ViewsController, LottiesController],
      providers: [{ provide: ReactionsService, useValue: service }],
      background: [
        relay,
        // Reactions on subjects taken on trust and never announced go (ReactionsService).
        sweepUnannouncedEvery(
          () => service.sweepUnannounced(),
          platform.logger,
          'removed reactions on subjects never announced',
        ),
      ],
      events: { handler: reactionsEventsHandler(service, platform.logger) },
    });
  }
}
