import { type DynamicModule, Module } from '@nestjs/common';
import {
  everyInterval,
  outboxRelay,
  serviceModule,
  type ServicePlatform,
} from '@mepedia/server-platform';
import { LikesController } from './likes.controller';
import { LottiesController } from './lotties.controller';
import { reactionsEventsHandler } from './reactions.events';
import { ReactionsRepository } from './reactions.repository';
import { outbox } from './reactions.schema';
import { ReactionsService } from './reactions.service';
import { ViewsController } from './views.controller';

/** How often what was taken on trust for a subject never announced is looked at again. */
const SWEEP_EVERY_MS = 60_000;

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
        everyInterval(SWEEP_EVERY_MS, async () => {
          const removed = await service.sweepUnannounced();
          if (removed > 0)
            platform.logger.info({ removed }, 'removed reactions on subjects never announced');
        }),
      ],
      events: { handler: reactionsEventsHandler(service, platform.logger) },
    });
  }
}
