import { Controller } from '@nestjs/common';
import { usersRoutes as routes } from '@mepedia/contracts';
import { Endpoint, Input, type In } from '@mepedia/server-http';
import { PeopleService } from './people.service';

/** The people directory. Public: guests browse people too. */
@Controller()
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Endpoint(routes.getPublishedUsers)
  getPublishedUsers(@Input('body') body: In<typeof routes.getPublishedUsers, 'body'>) {
    return this.people.list(body);
  }

  @Endpoint(routes.getHomepageUsers)
  getHomepageUsers(@Input('body') body: In<typeof routes.getHomepageUsers, 'body'>) {
    return this.people.list(body);
  }

  @Endpoint(routes.getRandomPublishedUsers)
  getRandomPublishedUsers() {
    return this.people.random();
  }

  @Endpoint(routes.getPublishedProfilesAmount)
  getPublishedProfilesAmount() {
    return this.people.publishedAmount();
  }
}
