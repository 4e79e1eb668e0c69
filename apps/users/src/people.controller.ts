import { Controller } from '@nestjs/common';
import { usersRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { CurrentIdentity, type Identity } from '@mepedia/server-identity';
import { PeopleService } from './people.service';

const readerOf = (identity: Identity) => (identity.kind === 'member' ? identity.userId : null);

/**
 * The people directory. Public: guests browse people too; a signed-in member's leaves out the
 * members on either side of a block with them (issue 35).
 */
@Controller()
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Endpoint(routes.getPublishedUsers)
  getPublishedUsers(
    @Input('body') body: In<typeof routes.getPublishedUsers, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.people.list(body, readerOf(identity));
  }

  @Endpoint(routes.getHomepageUsers)
  getHomepageUsers(
    @Input('body') body: In<typeof routes.getHomepageUsers, 'body'>,
    @CurrentIdentity() identity: Identity,
  ) {
    return this.people.list(body, readerOf(identity));
  }

  @Endpoint(routes.getRandomPublishedUsers)
  getRandomPublishedUsers(@CurrentIdentity() identity: Identity) {
    return this.people.random(readerOf(identity));
  }

  @Endpoint(routes.getPublishedProfilesAmount)
  getPublishedProfilesAmount() {
    return this.people.publishedAmount();
  }
}
