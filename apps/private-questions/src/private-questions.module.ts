import { type DynamicModule, Module } from '@nestjs/common';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import { BACKGROUND_TASKS, BackgroundTasks, type ServicePlatform } from '@mepedia/server-platform';
import { PrivateQuestionsController } from './private-questions.controller';
import { privateQuestionsEventsHandler } from './private-questions.events';
import { PrivateQuestionsRepository } from './private-questions.repository';
import { PrivateQuestionsService } from './private-questions.service';

export const PRIVATE_QUESTIONS_SERVICE_NAME = 'private-questions';
/** The service's Postgres schema (a hyphen is no identifier). */
export const PRIVATE_QUESTIONS_SCHEMA = 'private_questions';

@Module({})
export class PrivateQuestionsModule {
  static register(platform: ServicePlatform): DynamicModule {
    const repository = new PrivateQuestionsRepository(platform.database.db);
    const readiness: ReadinessCheck[] = [
      { name: 'database', check: () => platform.database.ping() },
    ];
    return {
      module: PrivateQuestionsModule,
      imports: [
        IdentityModule.forService(PRIVATE_QUESTIONS_SERVICE_NAME, platform.identityPublicKey),
      ],
      controllers: [PrivateQuestionsController, HealthController],
      providers: [
        { provide: PrivateQuestionsRepository, useValue: repository },
        { provide: PrivateQuestionsService, useValue: new PrivateQuestionsService(repository) },
        { provide: READINESS_CHECKS, useValue: readiness },
        {
          provide: BACKGROUND_TASKS,
          useValue: [
            {
              start: () =>
                platform.queue.process(
                  'events-private-questions',
                  privateQuestionsEventsHandler(repository, platform.logger),
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
