import { type DynamicModule, Module } from '@nestjs/common';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import { OutboxRelay } from '@mepedia/server-queue';
import {
  BACKGROUND_TASKS,
  BackgroundTasks,
  everyInterval,
  type ServicePlatform,
} from '@mepedia/server-platform';
import { LikesController } from './likes.controller';
import { LottiesController } from './lotties.controller';
import { reactionsEventsHandler } from './reactions.events';
import { ReactionsRepository } from './reactions.repository';
import { outbox } from './reactions.schema';
import { ReactionsService } from './reactions.service';
import { ViewsController } from './views.controller';

export const REACTIONS_SERVICE_NAME = 'reactions';
/** The service's Postgres schema. */
export const REACTIONS_SCHEMA = 'reactions';

/** How often what was taken on trust for a subject never announced is looked at again. */
const SWEEP_EVERY_MS = 60_000;

@Module({})
export class ReactionsModule {
  static register(platform: ServicePlatform): DynamicModule {
    const { db } = platform.database;
    const relay = new OutboxRelay(db, outbox, platform.queue, REACTIONS_SERVICE_NAME, (error) =>
      platform.logger.error({ err: error }, 'outbox relay failed'),
    );
    const service = new ReactionsService(new ReactionsRepository(db), () => relay.nudge());
    const readiness: ReadinessCheck[] = [
      { name: 'database', check: () => platform.database.ping() },
    ];
    return {
      module: ReactionsModule,
      imports: [IdentityModule.forService(REACTIONS_SERVICE_NAME, platform.identityPublicKey)],
      controllers: [LikesController, ViewsController, LottiesController, HealthController],
      providers: [
        { provide: ReactionsService, useValue: service },
        { provide: READINESS_CHECKS, useValue: readiness },
        {
          provide: BACKGROUND_TASKS,
          useValue: [
            relay,
            // Reactions on subjects taken on trust and never announced go (ReactionsService).
            everyInterval(SWEEP_EVERY_MS, async () => {
              const removed = await service.sweepUnannounced();
              if (removed > 0)
                platform.logger.info({ removed }, 'removed reactions on subjects never announced');
            }),
            {
              start: () =>
                platform.queue.process(
                  'events-reactions',
                  reactionsEventsHandler(service, platform.logger),
                  { concurrency: 4 },
                ),
            },
          ],
        },
        BackgroundTasks,
      ],
    };
  }
}
