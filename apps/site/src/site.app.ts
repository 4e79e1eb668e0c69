import { join } from 'node:path';
import { runMigrations } from '@mepedia/server-database';
import { createHttpApp } from '@mepedia/server-http';
import type { ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SITE_SCHEMA, SITE_SERVICE_NAME, SiteModule } from './site.module';
import { SiteRepository } from './site.repository';
import { SiteService } from './site.service';

export const SITE_MIGRATIONS = {
  schema: SITE_SCHEMA,
  folder: join(__dirname, 'migrations'),
};

/**
 * Migrate (the content is data its migrations write), read the content once, then build the
 * app (not yet listening). Content that breaks a contract stops here, before any traffic.
 */
export async function createSiteApp(
  platform: ServicePlatform,
  options: { extraTexts?: unknown } = {},
): Promise<NestFastifyApplication> {
  await runMigrations(platform.database, SITE_MIGRATIONS);
  const service = new SiteService(new SiteRepository(platform.database.db), options.extraTexts);
  await service.load();
  return createHttpApp(SiteModule.register(platform, service), { logger: platform.logger });
}

export { SITE_SERVICE_NAME };
