import {
  BUS_CHANNELS,
  PEOPLE_PAGE_SIZE,
  RANDOM_PEOPLE_COUNT,
  normalizeSearchText,
  type DomainEventPayload,
  type PeoplePage,
  type PeopleQuery,
  type PersonCard,
} from '@mepedia/contracts';
import { isUuid, type BlockStore } from '@mepedia/server-database';
import { GuestCache } from '@mepedia/server-queue';
import { toPersonCard } from './users.mapper';
import type { PeopleRepository } from './people.repository';

/** Who reads: a signed-in member's id, or null for a guest. */
type Reader = string | null;

/**
 * The people directory: published profiles, searched by name or topic, in a stable order. It is
 * the same for every visitor but members on either side of a block (issue 35), so its answers
 * are remembered for a few seconds (GuestCache) and dropped, on every replica, the moment a
 * member's public data changes; a member who blocks someone or whom someone blocks reads their
 * own, without those members, straight from the database.
 */
export class PeopleService {
  constructor(
    private readonly people: PeopleRepository,
    private readonly blocks: Pick<BlockStore, 'apply' | 'removeMember' | 'anyBlockOf'>,
    readonly directory = new GuestCache(BUS_CHANNELS.peopleChanged),
    /** After a change that may have written to the outbox: the relay goes at once. */
    private readonly onOutboxWrite: () => void = () => undefined,
  ) {}

  async list(query: PeopleQuery, readerId: Reader = null, now = new Date()): Promise<PeoplePage> {
    if (readerId && (await this.blocks.anyBlockOf(readerId)))
      return this.load(query, now, readerId);
    return this.directory.get(`list:${JSON.stringify(query)}`, () => this.load(query, now));
  }

  /** A member's public data changed (name, image, publication, deletion): forget the answers. */
  changed(): Promise<void> {
    return this.directory.clear();
  }

  private async load(query: PeopleQuery, now: Date, readerId?: string): Promise<PeoplePage> {
    const pageNumber = Number(query.pageNumber ?? 0);
    const limit = Number(query.limit) > 0 ? Number(query.limit) : PEOPLE_PAGE_SIZE;
    const asOf = query.asOf ? new Date(query.asOf) : now;
    const words = normalizeSearchText(query.searchValue ?? '')
      .split(/[\s\u05BE,.;:!?"'()-]+/)
      .filter(Boolean)
      .slice(0, 5);
    const { rows, total } = await this.people.page(
      {
        words,
        onlyFullProfiles: query.onlyFullProfiles ?? false,
        asOf,
        language: query.language,
        readerId,
      },
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

  /** A few members at random: never one on either side of a block with the reader. */
  async random(readerId: Reader = null): Promise<PersonCard[]> {
    return (await this.people.random(RANDOM_PEOPLE_COUNT, readerId)).map(toPersonCard);
  }

  /**
   * How many members are in the directory: the site's count, the same for everyone (a number
   * that names no one; the web keeps it as the site's). A block changes no one's count.
   */
  publishedAmount(): Promise<{ publishedProfilesAmount: number }> {
    return this.directory.get('publishedAmount', async () => ({
      publishedProfilesAmount: await this.people.countPublished(),
    }));
  }

  /**
   * The moderation service's word on a member's profile (moderation.item.changed, kind
   * `profile`, at `at`; issue 35): held or removed, the profile is its member's alone (gone from
   * getProfileById, bylines, look-ups, the directory and its search, and so from the widget,
   * oEmbed and the sitemap, which read those); visible, back. The newest word stands: the same
   * word twice, or an older one late, changes nothing. A word about a member who is not here is
   * not kept: profiles are made here, and a member goes only by leaving (their words are stale).
   * The item must be its owner (a profile is its member's). Answers whether it changed.
   */
  async applyModeration(
    change: DomainEventPayload<'moderation.item.changed'>,
    at: Date,
  ): Promise<boolean> {
    if (change.kind !== 'profile' || change.itemId !== change.ownerId) return false;
    const changed = await this.people.moderate(change.itemId, change.state, change.caseId, at);
    // The directory's kept answers, here, on every replica, and the web's kept pages.
    if (changed) await this.changed();
    return changed;
  }

  /**
   * Whether a member blocks or mutes another, as the moderation service says at `at`
   * (member.block.changed, issue 35): kept unless a later word on the pair and kind was, nothing
   * about a member who left, ids that are no member's, or oneself (BlockStore). A block takes
   * each out of the other's directory at their next read; the kept answers, everyone else's, do
   * not change. Answers whether it changed anything.
   */
  async applyBlock(change: DomainEventPayload<'member.block.changed'>, at: Date): Promise<boolean> {
    const { blockerId, blockedId } = change;
    if (!isUuid(blockerId) || !isUuid(blockedId)) return false;
    const changed = await this.blocks.apply({ ...change, occurredAt: at });
    // One of the two deleted their account while it was written (the store did not see the
    // digest yet, and the deletion did not see the row): theirs go now, as the deletion meant.
    if (changed)
      for (const id of [blockerId, blockedId])
        if (await this.people.left(id)) await this.blocks.removeMember(id);
    return changed;
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
    if (!applied) return false;
    // The search service may have been told (searchable.changed): relayed now.
    this.onOutboxWrite();
    await this.changed();
    return true;
  }
}
