import { type DynamicModule, Module } from '@nestjs/common';
import { BUS_CHANNELS } from '@mepedia/contracts';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import { BACKGROUND_TASKS, BackgroundTasks, type ServicePlatform } from '@mepedia/server-platform';
import { GuestCache, OutboxRelay } from '@mepedia/server-queue';
import { MeAnswersController, ProfileQuestionsController } from './me-answers.controller';
import { meAnswersEventsHandler } from './me-answers.events';
import { MeAnswersRepository } from './me-answers.repository';
import { outbox } from './me-answers.schema';
import { MeAnswersService } from './me-answers.service';

export const ME_ANSWERS_SERVICE_NAME = 'me-answers';

@Module({})
export class MeAnswersModule {
  static register(platform: ServicePlatform): DynamicModule {
    const { db } = platform.database;
    const relay = new OutboxRelay(db, outbox, platform.queue, ME_ANSWERS_SERVICE_NAME, (error) =>
      platform.logger.error({ err: error }, 'outbox relay failed'),
    );
    // Readers' lists kept for seconds and cleared on every replica (and the pages) by a change.
    const answers = new MeAnswersService(
      new MeAnswersRepository(db),
      () => relay.nudge(),
      new GuestCache(BUS_CHANNELS.answersChanged, platform.bus),
    );
    const readiness: ReadinessCheck[] = [
      { name: 'database', check: () => platform.database.ping() },
    ];
    return {
      module: MeAnswersModule,
      imports: [IdentityModule.forService(ME_ANSWERS_SERVICE_NAME, platform.identityPublicKey)],
      controllers: [ProfileQuestionsController, MeAnswersController, HealthController],
      providers: [
        { provide: MeAnswersService, useValue: answers },
        { provide: READINESS_CHECKS, useValue: readiness },
        {
          provide: BACKGROUND_TASKS,
          useValue: [
            relay,
            { start: () => answers.readers.listen() },
            {
              start: () =>
                platform.queue.process(
                  'events-me-answers',
                  meAnswersEventsHandler(answers, platform.logger),
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
