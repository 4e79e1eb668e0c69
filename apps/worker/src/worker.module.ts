import { type DynamicModule, Module } from '@nestjs/common';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { DevOutboxController } from './dev-outbox.controller';
import { WorkerRepository } from './worker.repository';

/** The worker's HTTP face: health, and the dev outbox when messages go there. */
@Module({})
export class WorkerModule {
  static register(
    repository: WorkerRepository,
    readiness: ReadinessCheck[],
    devOutbox: boolean,
  ): DynamicModule {
    return {
      module: WorkerModule,
      controllers: devOutbox ? [HealthController, DevOutboxController] : [HealthController],
      providers: [
        { provide: WorkerRepository, useValue: repository },
        { provide: READINESS_CHECKS, useValue: readiness },
      ],
    };
  }
}
