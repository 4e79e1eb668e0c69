import { type DynamicModule, Module } from '@nestjs/common';
import { outboxRelay, serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { CirclesController } from './circles.controller';
import { circlesEventsHandler } from './circles.events';
import { CirclesRepository } from './circles.repository';
import { outbox } from './circles.schema';
import { CirclesService, type CirclesOptions } from './circles.service';

/** The circles service (issue 34): circles, invitations, and the members read model. */
@Module({})
export class CirclesModule {
  static register(platform: ServicePlatform, options: CirclesOptions): DynamicModule {
    const relay = outboxRelay('circles', platform, outbox);
    const circles = new CirclesService(
      new CirclesRepository(platform.database.db),
      platform.queue,
      options,
      () => relay.nudge(),
    );
    return serviceModule(CirclesModule, 'circles', platform, {
      controllers: [CirclesController],
      providers: [{ provide: CirclesService, useValue: circles }],
      background: [relay],
      events: { handler: circlesEventsHandler(circles, platform.logger) },
    });
  }
}
