import { type DynamicModule, Module } from '@nestjs/common';
import { serviceModule, type ServicePlatform } from '@mepedia/server-platform';
import { PostgresSearchIndex } from './postgres-search-index';
import { SearchController } from './search.controller';
import { searchEventsHandler } from './search.events';
import { SearchService } from './search.service';

/** The search service (issue 36): its index, fed by events, and the searches. */
@Module({})
export class SearchModule {
  static register(platform: ServicePlatform): DynamicModule {
    const index = new PostgresSearchIndex(platform.database.db);
    const search = new SearchService(index);
    return serviceModule(SearchModule, 'search', platform, {
      controllers: [SearchController],
      providers: [{ provide: SearchService, useValue: search }],
      events: { handler: searchEventsHandler(index, search, platform.logger) },
    });
  }
}
