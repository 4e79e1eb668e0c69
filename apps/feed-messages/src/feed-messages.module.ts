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
import { FeedMessagesController } from './feed-messages.controller';
import { feedMessagesEventsHandler } from './feed-messages.events';
import { FeedMessagesRepository } from './feed-messages.repository';
import { outbox } from './feed-messages.schema';
import { FeedMessagesService } from './feed-messages.service';

export const FEED_MESSAGES_SERVICE_NAME = 'feed-messages';
/** The service's Postgres schema (a hyphen is no identifier). */
export const FEED_MESSAGES_SCHEMA = 'feed_messages';
/** How often messages about subjects never announced are looked at again. */
const SWEEP_EVERY_MS = 60_000;

@Module({})
export class FeedMessagesModule {
  static register(platform: ServicePlatform): DynamicModule {
    const { db } = platform.database;
    const relay = new OutboxRelay(db, outbox, platform.queue, FEED_MESSAGES_SERVICE_NAME, (error) =>
      platform.logger.error({ err: error }, 'outbox relay failed'),
    );
    const service = new FeedMessagesService(new FeedMessagesRepository(db), () => relay.nudge());
    const readiness: ReadinessCheck[] = [
      { name: 'database', check: () => platform.database.ping() },
    ];
    return {
      module: FeedMessagesModule,
      imports: [IdentityModule.forService(FEED_MESSAGES_SERVICE_NAME, platform.identityPublicKey)],
      controllers: [FeedMessagesController, HealthController],
      providers: [
        { provide: FeedMessagesService, useValue: service },
        { provide: READINESS_CHECKS, useValue: readiness },
        {
          provide: BACKGROUND_TASKS,
          useValue: [
            relay,
            // Messages about subjects taken on trust and never announced go (the service).
            everyInterval(SWEEP_EVERY_MS, async () => {
              const removed = await service.sweepUnannounced();
              if (removed > 0)
                platform.logger.info(
                  { removed },
                  'removed messages about subjects never announced',
                );
            }),
            {
              start: () =>
                platform.queue.process(
                  'events-feed-messages',
                  feedMessagesEventsHandler(service, platform.logger),
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
