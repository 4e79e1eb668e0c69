import { type DynamicModule, Module } from '@nestjs/common';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';

/** The gateway's own routes: health. Everything under /api is the proxy's (see proxy.ts). */
@Module({})
export class GatewayModule {
  static register(readiness: ReadinessCheck[]): DynamicModule {
    return {
      module: GatewayModule,
      controllers: [HealthController],
      providers: [{ provide: READINESS_CHECKS, useValue: readiness }],
    };
  }
}
