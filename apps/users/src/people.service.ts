import {
  BUS_CHANNELS,
  PEOPLE_PAGE_SIZE,
  RANDOM_PEOPLE_COUNT,
  normalizeSearchText,
  type PeoplePage,
  type PeopleQuery,
  type PersonCard,
} from '@mepedia/contracts';
import { GuestCache } from '@mepedia/server-queue';
import { toPersonCard } from './users.mapper';
import type { PeopleRepository } from './people.repository';

/**
 * The people directory: published profiles, searched by name or topic, in a stable order. It is
 * the same for every visitor, so its answers are remembered for a few seconds (GuestCache) and
 * dropped, on every replica, the moment a member's public data changes.
 */
export class PeopleService {
  constructor(
    private readonly people: PeopleRepository,
    readonly directory = new GuestCache(BUS_CHANNELS.peopleChanged),
  ) {}

  list(query: PeopleQuery, now = new Date()): Promise<PeoplePage> {
    return this.directory.get(`list:${JSON.stringify(query)}`, () => this.load(query, now));
  }

  /** A member's public data changed (name, image, publication, deletion): forget the answers. */
  changed(): Promise<void> {
    return this.directory.clear();
  }

  private async load(query: PeopleQuery, now: Date): Promise<PeoplePage> {
    const pageNumber = Number(query.pageNumber ?? 0);
    const limit = Number(query.limit) > 0 ? Number(query.limit) : PEOPLE_PAGE_SIZE;
    const asOf = query.asOf ? new Date(query.asOf) : now;
    const words = normalizeSearchText(query.searchValue ?? '')
      .split(/[\s\u05BE,.;:!?"'()-]+/)
      .filter(Boolean)
      .slice(0, 5);
    const { rows, total } = await this.people.page(
      { words, onlyFullProfiles: query.onlyFullProfiles ?? false, asOf, language: query.language },
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

  publishedAmount(): Promise<{ publishedProfilesAmount: number }> {
    return this.directory.get('publishedAmount', async () => ({
      publishedProfilesAmount: await this.people.countPublished(),
    }));
  }

  async applyPublication(
    userId: string,
    publishedAnswers: number,
    topics: string[],
    occurredAt: Date,
  ): Promise<boolean> {
    const applied = await this.people.applyPublication(
      userId,
      publishedAnswers,
      topics,
      occurredAt,
    );
    if (applied) await this.changed();
    return applied;
  }
}
