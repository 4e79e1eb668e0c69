import { type DynamicModule, Module } from '@nestjs/common';
import { BUS_CHANNELS } from '@mepedia/contracts';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import { BACKGROUND_TASKS, BackgroundTasks, type ServicePlatform } from '@mepedia/server-platform';
import { GuestCache, OutboxRelay } from '@mepedia/server-queue';
import { PostsController } from './posts.controller';
import { postsEventsHandler } from './posts.events';
import { DEFAULT_TRANSLATION_BUDGET, type PostsOptions } from './posts.options';
import { PostsRepository } from './posts.repository';
import { outbox } from './posts.schema';
import { PostsService } from './posts.service';
import { TranslationService } from './translation';
import { TranslationBudgetKeeper } from './translation-budget';
import { translatorFor } from './translation-providers';
import { TranslationsRepository } from './translations.repository';

export const POSTS_SERVICE_NAME = 'posts';
@Module({})
export class PostsModule {
  static register(platform: ServicePlatform, options: PostsOptions): DynamicModule {
    const { db } = platform.database;
    const repository = new PostsRepository(db);
    const relay = new OutboxRelay(db, outbox, platform.queue, POSTS_SERVICE_NAME, (error) =>
      platform.logger.error({ err: error }, 'outbox relay failed'),
    );
    const translator = translatorFor(options.translation);
    const budget = new TranslationBudgetKeeper(
      db,
      options.translationBudget ?? DEFAULT_TRANSLATION_BUDGET,
    );
    // Guests' lists and posts, remembered for seconds and cleared on every replica by any change.
    const guests = new GuestCache(BUS_CHANNELS.postsChanged, platform.bus);
    const service = new PostsService(repository, () => relay.nudge(), guests);
    const readiness: ReadinessCheck[] = [
      { name: 'database', check: () => platform.database.ping() },
    ];
    return {
      module: PostsModule,
      imports: [IdentityModule.forService(POSTS_SERVICE_NAME, platform.identityPublicKey)],
      controllers: [PostsController, HealthController],
      providers: [
        { provide: PostsRepository, useValue: repository },
        {
          provide: PostsService,
          useValue: service,
        },
        {
          provide: TranslationService,
          useValue: new TranslationService(new TranslationsRepository(db), translator, budget),
        },
        { provide: READINESS_CHECKS, useValue: readiness },
        {
          provide: BACKGROUND_TASKS,
          useValue: [
            relay,
            { start: () => guests.listen() },
            {
              start: () =>
                platform.queue.process(
                  'events-posts',
                  postsEventsHandler(
                    repository,
                    service,
                    () => relay.nudge(),
                    platform.logger,
                    () => guests.clear(),
                  ),
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
