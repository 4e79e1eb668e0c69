import { join } from 'node:path';
import { defineService } from '@mepedia/server-platform';
import { SiteModule } from './site.module';
import { SiteRepository } from './site.repository';
import { SiteService } from './site.service';

/** Interface text laid over the site's own (standalone's SITE_TEXT_OVERRIDES; never in production). */
export type SiteOptions = { extraTexts?: unknown };

/**
 * The site service: interface text overrides, the site's services, images and languages. Its
 * content is data its migrations write, read once before the app is built: content that breaks a
 * contract stops the start, before any traffic.
 */
export const siteService = defineService<SiteOptions | void>({
  name: 'site',
  migrations: { folder: join(__dirname, 'migrations') },
  module: async (platform, options) => {
    const service = new SiteService(new SiteRepository(platform.database.db), options?.extraTexts);
    await service.load();
    return SiteModule.register(platform, service);
  },
});

/** Migrate, read the content, then build the site app (not yet listening). */
export const createSiteApp = siteService.createApp;
