import { type DynamicModule, Module } from '@nestjs/common';
import { outboxRelay, serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { BlocksController } from './blocks.controller';
import { BlocksService } from './blocks.service';
import { ModerationController } from './moderation.controller';
import { moderationEventsHandler } from './moderation.events';
import { ModerationRepository } from './moderation.repository';
import { outbox } from './moderation.schema';
import { ModerationService, type ModerationOptions } from './moderation.service';

/** The moderation service (issue 35): reports, cases, decisions, appeals, the items read model. */
@Module({})
export class ModerationModule {
  static register(platform: ServicePlatform, options: ModerationOptions): DynamicModule {
    const relay = outboxRelay('moderation', platform, outbox);
    const repository = new ModerationRepository(platform.database.db);
    const moderation = new ModerationService(
      repository,
      platform.queue,
      options,
      platform.logger,
      () => relay.nudge(),
    );
    const blocks = new BlocksService(repository, () => relay.nudge());
    return serviceModule(ModerationModule, 'moderation', platform, {
      controllers: [ModerationController, BlocksController],
      providers: [
        { provide: ModerationService, useValue: moderation },
        { provide: BlocksService, useValue: blocks },
      ],
      background: [relay],
      events: {
        handler: moderationEventsHandler(
          repository,
          platform.logger,
          () => relay.nudge(),
          moderation,
        ),
      },
    });
  }
}
