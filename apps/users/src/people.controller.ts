import { Body, Controller, Get, HttpCode, Post } from '@nestjs/common';
import {
  PeopleQuery,
  type PeoplePage,
  type PersonCard,
  type PublishedProfilesAmountResponse,
} from '@mepedia/contracts';
import { Public, ZodPipe } from '@mepedia/server-http';
import type { z } from 'zod';
import { PeopleService } from './people.service';

/** The people directory. Public: guests browse people too. */
@Controller('api/users')
export class PeopleController {
  constructor(private readonly people: PeopleService) {}

  @Public()
  @Post('getPublishedUsers')
  @HttpCode(200)
  getPublishedUsers(
    @Body(new ZodPipe(PeopleQuery)) body: z.output<typeof PeopleQuery>,
  ): Promise<PeoplePage> {
    return this.people.list(body);
  }

  @Public()
  @Post('getHomepageUsers')
  @HttpCode(200)
  getHomepageUsers(
    @Body(new ZodPipe(PeopleQuery)) body: z.output<typeof PeopleQuery>,
  ): Promise<PeoplePage> {
    return this.people.list(body);
  }

  @Public()
  @Get('getRandomPublishedUsers')
  getRandomPublishedUsers(): Promise<PersonCard[]> {
    return this.people.random();
  }

  @Public()
  @Get('getPublishedProfilesAmount')
  getPublishedProfilesAmount(): Promise<PublishedProfilesAmountResponse> {
    return this.people.publishedAmount();
  }
}
