import { Controller } from '@nestjs/common';
import { searchRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, type Identity } from '@mepedia/server-identity';
import { SearchService } from './search.service';

/**
 * Search: `/api/search/` (our addition, docs/api/search.md). Anyone may search; the searcher is
 * always the caller (a guest, or the signed-in member), never named in the body.
 */
@Controller()
export class SearchController {
  constructor(private readonly search: SearchService) {}

  @Endpoint(routes.searchStories)
  searchStories(
    @Input('body') body: In<typeof routes.searchStories, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.search.stories(identity.kind === 'member' ? identity.userId : null, body);
  }

  @Endpoint(routes.searchPeople)
  searchPeople(
    @Input('body') body: In<typeof routes.searchPeople, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.search.people(identity.kind === 'member' ? identity.userId : null, body);
  }
}
