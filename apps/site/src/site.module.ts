import { type DynamicModule, Module } from '@nestjs/common';
import { HealthController, READINESS_CHECKS, type ReadinessCheck } from '@mepedia/server-http';
import { IdentityModule } from '@mepedia/server-identity';
import type { ServicePlatform } from '@mepedia/server-platform';
import {
  ApplicationImagesController,
  ApplicationServicesController,
  ApplicationTextController,
  ConfigurationController,
} from './site.controller';
import { SiteService } from './site.service';

export const SITE_SERVICE_NAME = 'site';
export const SITE_SCHEMA = 'site';

@Module({})
export class SiteModule {
  /** `service` comes loaded (site.app.ts): the app serves from memory. */
  static register(platform: ServicePlatform, service: SiteService): DynamicModule {
    // Once loaded, nothing here needs the database: it going away does not stop the answers.
    const readiness: ReadinessCheck[] = [];
    return {
      module: SiteModule,
      imports: [IdentityModule.forService(SITE_SERVICE_NAME, platform.identityPublicKey)],
      controllers: [
        ApplicationTextController,
        ApplicationServicesController,
        ApplicationImagesController,
        ConfigurationController,
        HealthController,
      ],
      providers: [
        { provide: SiteService, useValue: service },
        { provide: READINESS_CHECKS, useValue: readiness },
      ],
    };
  }
}
