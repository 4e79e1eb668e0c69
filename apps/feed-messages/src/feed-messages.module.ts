import { type DynamicModule, Module } from '@nestjs/common';
import {
  outboxRelay,
  serviceModule,
  sweepUnannouncedEvery,
  type ServicePlatform,
} from '@mepedia/server-platform';
import { FeedMessagesController } from './feed-messages.controller';
import { feedMessagesEventsHandler } from './feed-messages.events';
import { FeedMessagesRepository } from './feed-messages.repository';
import { outbox } from './feed-messages.schema';
import type { FeedMessagesOptions } from './feed-messages.options';
import { FeedMessagesService } from './feed-messages.service';

@Module({})
export class FeedMessagesModule {
  static register(platform: ServicePlatform, options: FeedMessagesOptions): DynamicModule {
    const relay = outboxRelay('feed-messages', platform, outbox);
    const service = new FeedMessagesService(
      new FeedMessagesRepository(platform.database.db),
      () => relay.nudge(),
      options.reviewHolds,
    );
    return serviceModule(FeedMessagesModule, 'feed-messages', platform, {
      controllers: [FeedMessagesController],
      providers: [{ provide: FeedMessagesService, useValue: service }],
      background: [
        relay,
        // Messages about subjects taken on trust and never announced go (the service).
        sweepUnannouncedEvery(
          () => service.sweepUnannounced(),
          platform.logger,
          'removed messages about subjects never announced',
        ),
      ],
      events: { handler: feedMessagesEventsHandler(service, platform.logger) },
    });
  }
}
