import { type DynamicModule, Module } from '@nestjs/common';
import { BUS_CHANNELS } from '@mepedia/contracts';
import { outboxRelay, serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { GuestCache } from '@mepedia/server-queue';
import { PostDraftsService } from './post-drafts.service';
import { PostsController } from './posts.controller';
import { postsEventsHandler } from './posts.events';
import { DEFAULT_TRANSLATION_BUDGET, type PostsOptions } from './posts.options';
import { outbox } from './posts.schema';
import { PostsService } from './posts.service';
import { postsStore } from './posts.store';
import { TranslationService } from './translation';
import { TranslationBudgetKeeper } from './translation-budget';
import { translatorFor } from './translation-providers';
import { TranslationsRepository } from './translations.repository';

@Module({})
export class PostsModule {
  static register(platform: ServicePlatform, options: PostsOptions): DynamicModule {
    const { db } = platform.database;
    const relay = outboxRelay('posts', platform, outbox);
    const translator = translatorFor(options.translation);
    const budget = new TranslationBudgetKeeper(
      db,
      options.translationBudget ?? DEFAULT_TRANSLATION_BUDGET,
    );
    // Guests' lists and posts, remembered for seconds and cleared on every replica by any change.
    const guests = new GuestCache(BUS_CHANNELS.postsChanged, platform.bus);
    const store = postsStore(db);
    const service = new PostsService(store, () => relay.nudge(), guests, options.reviewHolds);
    return serviceModule(PostsModule, 'posts', platform, {
      controllers: [PostsController],
      providers: [
        { provide: PostsService, useValue: service },
        { provide: PostDraftsService, useValue: new PostDraftsService(store, service) },
        {
          provide: TranslationService,
          useValue: new TranslationService(new TranslationsRepository(db), translator, budget),
        },
      ],
      background: [relay, { start: () => void guests.listen() }],
      events: {
        handler: postsEventsHandler(service, platform.logger),
      },
    });
  }
}
