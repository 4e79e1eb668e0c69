import { type DynamicModule, Module } from '@nestjs/common';
import { BUS_CHANNELS } from '@mepedia/contracts';
import { outboxRelay, serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { GuestCache } from '@mepedia/server-queue';
import { MeAnswersController, ProfileQuestionsController } from './me-answers.controller';
import { meAnswersEventsHandler } from './me-answers.events';
import { outbox } from './me-answers.schema';
import { MeAnswersService } from './me-answers.service';
import { meAnswersStore } from './me-answers.store';

@Module({})
export class MeAnswersModule {
  static register(platform: ServicePlatform): DynamicModule {
    const relay = outboxRelay('me-answers', platform, outbox);
    // Readers' lists kept for seconds and cleared on every replica (and the pages) by a change.
    const answers = new MeAnswersService(
      meAnswersStore(platform.database.db),
      () => relay.nudge(),
      new GuestCache(BUS_CHANNELS.answersChanged, platform.bus),
    );
    return serviceModule(MeAnswersModule, 'me-answers', platform, {
      controllers: [ProfileQuestionsController, MeAnswersController],
      providers: [{ provide: MeAnswersService, useValue: answers }],
      background: [relay, { start: () => void answers.readers.listen() }],
      events: { handler: meAnswersEventsHandler(answers, platform.logger) },
    });
  }
}
