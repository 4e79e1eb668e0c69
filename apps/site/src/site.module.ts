import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import {
  ApplicationImagesController,
  ApplicationServicesController,
  ApplicationTextController,
  ConfigurationController,
} from './site.controller';
import { SiteService } from './site.service';

@Module({})
export class SiteModule {
  /** `service` comes loaded (site.app.ts): the app serves from memory. */
  static register(platform: ServicePlatform, service: SiteService): DynamicModule {
    return serviceModule(SiteModule, 'site', platform, {
      controllers: [
        ApplicationTextController,
        ApplicationServicesController,
        ApplicationImagesController,
        ConfigurationController,
      ],
      providers: [{ provide: SiteService, useValue: service }],
      // Once loaded, nothing here needs the database: it going away does not stop the answers.
      database: false,
    });
  }
}
