import {
  PEOPLE_PAGE_SIZE,
  RANDOM_PEOPLE_COUNT,
  normalizeSearchText,
  type PeoplePage,
  type PeopleQuery,
  type PersonCard,
} from '@mepedia/contracts';
import { toPersonCard } from './users.mapper';
import type { PeopleRepository } from './people.repository';

/** The people directory: published profiles, searched by name or topic, in a stable order. */
export class PeopleService {
  constructor(private readonly people: PeopleRepository) {}

  async list(query: PeopleQuery, now = new Date()): Promise<PeoplePage> {
    const pageNumber = Number(query.pageNumber ?? 0);
    const limit = Number(query.limit) > 0 ? Number(query.limit) : PEOPLE_PAGE_SIZE;
    const asOf = query.asOf ? new Date(query.asOf) : now;
    const words = normalizeSearchText(query.searchValue ?? '')
      .split(/[\s\u05BE,.;:!?"'()-]+/)
      .filter(Boolean)
      .slice(0, 5);
    const { rows, total } = await this.people.page(
      { words, onlyFullProfiles: query.onlyFullProfiles ?? false, asOf },
      query.sortBy ?? 'mostRecent',
      pageNumber * limit,
      limit,
    );
    return {
      users: rows.map(toPersonCard),
      total,
      pageNumber,
      limit,
      hasMore: pageNumber * limit + rows.length < total,
      asOf: asOf.toISOString(),
    };
  }

  async random(): Promise<PersonCard[]> {
    return (await this.people.random(RANDOM_PEOPLE_COUNT)).map(toPersonCard);
  }

  async publishedAmount(): Promise<{ publishedProfilesAmount: number }> {
    return { publishedProfilesAmount: await this.people.countPublished() };
  }

  applyPublication(userId: string, publishedAnswers: number, topics: string[], occurredAt: Date) {
    return this.people.applyPublication(userId, publishedAnswers, topics, occurredAt);
  }
}
