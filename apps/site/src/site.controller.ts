import { Controller, Get, Header, HttpCode, Post } from '@nestjs/common';
import type {
  ApplicationImages,
  ApplicationServices,
  ApplicationText,
  ClientLanguages,
} from '@mepedia/contracts';
import { Public } from '@mepedia/server-http';
import { SiteService } from './site.service';

/**
 * Everything here changes only with a deployment (a migration) and is the same for everyone:
 * browsers and CDNs keep it for five minutes, then revalidate (the gateway adds an ETag to GETs).
 */
export const SITE_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

// Read-only by design: no route writes, and no other method is registered on these paths.

@Controller('api/applicationText')
export class ApplicationTextController {
  constructor(private readonly site: SiteService) {}

  @Public()
  @Get('getFormattedText')
  @Header('cache-control', SITE_CACHE)
  getFormattedText(): Promise<ApplicationText> {
    return this.site.getFormattedText();
  }
}

@Controller('api/applicationServices')
export class ApplicationServicesController {
  constructor(private readonly site: SiteService) {}

  @Public()
  @Get('getAllServices')
  @Header('cache-control', SITE_CACHE)
  getAllServices(): Promise<ApplicationServices> {
    return this.site.getAllServices();
  }
}

@Controller('api/applicationImages')
export class ApplicationImagesController {
  constructor(private readonly site: SiteService) {}

  /** POST, as the product calls it; a body, if any, is ignored. */
  @Public()
  @Post('getImages')
  @HttpCode(200)
  @Header('cache-control', SITE_CACHE)
  getImages(): Promise<ApplicationImages> {
    return this.site.getImages();
  }
}

@Controller('api/configuration')
export class ConfigurationController {
  constructor(private readonly site: SiteService) {}

  @Public()
  @Get('organizationClientLanguages')
  @Header('cache-control', SITE_CACHE)
  organizationClientLanguages(): Promise<ClientLanguages> {
    return this.site.organizationClientLanguages();
  }
}
