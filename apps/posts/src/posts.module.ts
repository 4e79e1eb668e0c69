import {
  type DynamicModule,
  Inject,
  Injectable,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import type { ServicePlatform } from '@mepedia/server-platform';
import { OutboxRelay } from '@mepedia/server-queue';
import { PostsController } from './posts.controller';
import { postsEventsHandler } from './posts.events';
import type { PostsOptions } from './posts.options';
import { PostsRepository } from './posts.repository';
import { outbox } from './posts.schema';
import { PostsService } from './posts.service';
import { GoogleTranslator, TranslationOff, TranslationService } from './translation';

export const POSTS_SERVICE_NAME = 'posts';
const POSTS_PLATFORM = Symbol('POSTS_PLATFORM');

@Injectable()
class PostsLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(PostsRepository) private readonly repository: PostsRepository,
    @Inject(POSTS_PLATFORM) private readonly platform: ServicePlatform,
  ) {}

  onApplicationBootstrap() {
    this.relay.start();
    this.platform.queue.process(
      'events-posts',
      postsEventsHandler(this.repository, () => this.relay.nudge(), this.platform.logger),
      {
        concurrency: 4,
      },
    );
  }

  async onApplicationShutdown() {
    await this.relay.stop();
  }
}

@Module({})
export class PostsModule {
  static register(platform: ServicePlatform, options: PostsOptions): DynamicModule {
    const { db } = platform.database;
    const repository = new PostsRepository(db);
    const relay = new OutboxRelay(db, outbox, platform.queue, POSTS_SERVICE_NAME, (error) =>
      platform.logger.error({ err: error }, 'outbox relay failed'),
    );
    const translator =
      options.translation.provider === 'google'
        ? new GoogleTranslator(options.translation.key, options.translation.endpoint)
        : new TranslationOff();
    const readiness: ReadinessCheck[] = [
      { name: 'database', check: () => platform.database.ping() },
    ];
    return {
      module: PostsModule,
      imports: [IdentityModule.forService(POSTS_SERVICE_NAME, platform.identityPublicKey)],
      controllers: [PostsController, HealthController],
      providers: [
        { provide: POSTS_PLATFORM, useValue: platform },
        { provide: PostsRepository, useValue: repository },
        { provide: PostsService, useValue: new PostsService(repository, () => relay.nudge()) },
        { provide: TranslationService, useValue: new TranslationService(db, translator) },
        { provide: OutboxRelay, useValue: relay },
        { provide: READINESS_CHECKS, useValue: readiness },
        PostsLifecycle,
      ],
    };
  }
}
