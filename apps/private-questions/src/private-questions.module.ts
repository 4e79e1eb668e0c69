import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { PrivateQuestionsController } from './private-questions.controller';
import { privateQuestionsEventsHandler } from './private-questions.events';
import { PrivateQuestionsRepository } from './private-questions.repository';
import { PrivateQuestionsService } from './private-questions.service';

@Module({})
export class PrivateQuestionsModule {
  static register(platform: ServicePlatform): DynamicModule {
    const service = new PrivateQuestionsService(
      new PrivateQuestionsRepository(platform.database.db),
    );
    return serviceModule(PrivateQuestionsModule, 'private-questions', platform, {
      controllers: [PrivateQuestionsController],
      providers: [{ provide: PrivateQuestionsService, useValue: service }],
      events: { handler: privateQuestionsEventsHandler(service, platform.logger) },
    });
  }
}
