import { type DynamicModule, Module } from '@nestjs/common';
import { BUS_CHANNELS } from '@mepedia/contracts';
import { outboxRelay, serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { PrivateQuestionsController } from './private-questions.controller';
import { privateQuestionsEventsHandler } from './private-questions.events';
import { PrivateQuestionsRepository } from './private-questions.repository';
import { outbox } from './private-questions.schema';
import { PrivateQuestionsService } from './private-questions.service';

@Module({})
export class PrivateQuestionsModule {
  static register(platform: ServicePlatform): DynamicModule {
    // privateQuestions.changed leaves through the outbox (the weekly question hears it).
    const relay = outboxRelay('private-questions', platform, outbox);
    const service = new PrivateQuestionsService(
      new PrivateQuestionsRepository(platform.database.db),
      () => relay.nudge(),
      // Shared answers are on the members' pages the web server keeps for guests: the same
      // message as a questionnaire answer's change clears them (a lost one: kept 35 s at most).
      () => platform.bus.publish(BUS_CHANNELS.answersChanged, {}).catch(() => undefined),
    );
    return serviceModule(PrivateQuestionsModule, 'private-questions', platform, {
      controllers: [PrivateQuestionsController],
      providers: [{ provide: PrivateQuestionsService, useValue: service }],
      background: [relay],
      events: { handler: privateQuestionsEventsHandler(service, platform.logger) },
    });
  }
}
