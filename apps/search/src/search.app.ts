import { join } from 'node:path';
import { defineService, type ServicePlatform } from '@mepedia/server-platform';
import { SearchModule } from './search.module';

/** The search service (issue 36): people and stories found by what they wrote. */
export const searchService = defineService({
  name: 'search',
  migrations: { folder: join(__dirname, 'migrations') },
  module: (platform) => SearchModule.register(platform),
});

/** Migrate, then build the search app (not yet listening). */
export const createSearchApp = (platform: ServicePlatform) => searchService.createApp(platform);
