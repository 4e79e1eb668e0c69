import { Controller, Header } from '@nestjs/common';
import { siteRoutes as routes } from '@mepedia/contracts';
import { Endpoint } from '@mepedia/server-http';
import { SiteService } from './site.service';

/**
 * Everything here changes only with a deployment (a migration) and is the same for everyone:
 * browsers and CDNs keep it for five minutes, then revalidate (the gateway adds an ETag to GETs).
 */
export const SITE_CACHE = 'public, max-age=300, stale-while-revalidate=3600';

// Read-only by design: no route writes, and no other method is registered on these paths.

@Controller()
export class ApplicationTextController {
  constructor(private readonly site: SiteService) {}

  @Endpoint(routes.getFormattedText)
  @Header('cache-control', SITE_CACHE)
  getFormattedText() {
    return this.site.getFormattedText();
  }
}

@Controller()
export class ApplicationServicesController {
  constructor(private readonly site: SiteService) {}

  @Endpoint(routes.getAllServices)
  @Header('cache-control', SITE_CACHE)
  getAllServices() {
    return this.site.getAllServices();
  }
}

@Controller()
export class ApplicationImagesController {
  constructor(private readonly site: SiteService) {}

  /** POST, as the product calls it; a body, if any, is ignored. */
  @Endpoint(routes.getImages)
  @Header('cache-control', SITE_CACHE)
  getImages() {
    return this.site.getImages();
  }
}

@Controller()
export class ConfigurationController {
  constructor(private readonly site: SiteService) {}

  @Endpoint(routes.organizationClientLanguages)
  @Header('cache-control', SITE_CACHE)
  organizationClientLanguages() {
    return this.site.organizationClientLanguages();
  }
}
