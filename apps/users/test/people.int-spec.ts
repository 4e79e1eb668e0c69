import type {
  DomainEventEnvelope,
  ErrorEnvelope,
  PeoplePage,
  PersonCard,
} from '@mepedia/contracts';
import { newId, type DatabaseHandle } from '@mepedia/server-database';
import { InProcessQueue } from '@mepedia/server-queue';
import { startTestService, type TestService } from '@mepedia/server-service-testing';
import { call, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { sql } from 'drizzle-orm';
import { PeopleRepository } from '../src/people.repository';
import { createTestUsersApp } from './users-app';
import { captureMessages, registerVerified } from './verified-member';

// The people directory over HTTP on PostgreSQL, fed by publication events.
describe('people directory', () => {
  let tested: TestService;
  let handle: DatabaseHandle;
  let base: string;
  const queue = new InProcessQueue();
  const messages = captureMessages(queue);
  // Seeded publications happened yesterday, a minute apart.
  const clock = { at: Date.now() - 24 * 60 * 60 * 1000 };
  const ids: Record<string, string> = {};

  /** What me-answers will send: the member's public answers, now. */
  async function publish(
    userId: string,
    publishedAnswers: number,
    topics: string[] = [],
    occurredAt?: Date,
  ) {
    clock.at += 60_000;
    const event: DomainEventEnvelope = {
      id: newId(),
      type: 'profile.publication.changed',
      source: 'me-answers',
      occurredAt: (occurredAt ?? new Date(clock.at)).toISOString(),
      payload: { userId, publishedAnswers, topics },
    };
    await queue.add('events-users', event.type, event, { jobId: event.id });
  }

  const amount = async () =>
    (
      await call<{ publishedProfilesAmount: number }>(
        base,
        'GET',
        '/api/users/getPublishedProfilesAmount',
      )
    ).body.publishedProfilesAmount;

  async function settle(expected: number) {
    for (let i = 0; i < 200 && (await amount()) !== expected; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await amount()).toBe(expected);
  }

  const people = (body: Record<string, unknown>) =>
    call<PeoplePage>(base, 'POST', '/api/users/getPublishedUsers', { body });
  const names = (page: PeoplePage) => page.users.map((user) => user.fullname).sort();

  beforeAll(async () => {
    tested = await startTestService('users', createTestUsersApp, { queue, poolSize: 4 });
    ({ base } = tested);
    ({ handle } = tested.database);

    const named: Array<
      [string, { language: 'en' | 'he'; firstname: string; lastname: string }, string[]]
    > = [
      ['dana', { language: 'en', firstname: 'Dana', lastname: 'Levi' }, ['Childhood memories']],
      ['daniel', { language: 'en', firstname: 'Daniel', lastname: 'Cohen' }, ['My first job']],
      ['hebrewDana', { language: 'he', firstname: 'דָּנָה', lastname: 'מִזְרָחִי' }, ['זיכרונות ילדות']],
      ['yael', { language: 'he', firstname: 'יעל', lastname: 'ברק' }, ['מוזיקה']],
    ];
    for (const [key, overrides, topics] of named) {
      ids[key] = (await registerVerified(base, messages, overrides)).userId;
      await publish(ids[key], 2, topics);
    }
    for (let i = 0; i < 21; i++) {
      const { userId } = await registerVerified(base, messages, {
        firstname: 'Member',
        lastname: `Number${'abcdefghijklmnopqrstu'[i]}`,
      });
      ids[`m${i}`] = userId;
      await publish(userId, 1, ['Travel']);
    }
    ids['unpublished'] = (
      await registerVerified(base, messages, { firstname: 'Quiet', lastname: 'Person' })
    ).userId;
    await settle(25);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('counts published profiles only', async () => {
    expect(await amount()).toBe(25);
  });

  it('pages through everyone, newest first, with no duplicate and no gap', async () => {
    const seen: PersonCard[] = [];
    let asOf: string | undefined;
    for (let pageNumber = 0; pageNumber < 3; pageNumber++) {
      const page = (await people({ pageNumber, limit: 10, ...(asOf ? { asOf } : {}) })).body;
      asOf ??= page.asOf;
      expect(page.total).toBe(25);
      expect(page.users).toHaveLength(pageNumber < 2 ? 10 : 5);
      expect(page.hasMore).toBe(pageNumber < 2);
      seen.push(...page.users);
    }
    expect(new Set(seen.map((user) => user.id)).size).toBe(25);
    expect(seen.map((user) => user.id)).not.toContain(ids['unpublished']);
    const times = seen.map((user) => Date.parse(user.publishedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(seen[0]!.id).toBe(ids['m20']);
    expect(seen[24]!.id).toBe(ids['dana']);
  });

  it('sorts oldest first on request', async () => {
    const page = (await people({ sortBy: 'oldest', limit: 3 })).body;
    expect(page.users.map((user) => user.id)).toEqual([
      ids['dana'],
      ids['daniel'],
      ids['hebrewDana'],
    ]);
  });

  it('keeps later pages stable while someone new publishes', async () => {
    const first = (await people({ pageNumber: 0, limit: 10 })).body;
    const newcomer = await registerVerified(base, messages, {
      firstname: 'Late',
      lastname: 'Arrival',
    });
    await publish(newcomer.userId, 1, [], new Date());
    await settle(26);
    const second = (await people({ pageNumber: 1, limit: 10, asOf: first.asOf })).body;
    expect(second.total).toBe(25);
    const overlap = second.users.filter((user) =>
      first.users.some((other) => other.id === user.id),
    );
    expect(overlap).toEqual([]);
    expect(second.users.map((user) => user.id)).not.toContain(newcomer.userId);
    // Without asOf the newcomer is at the top.
    expect((await people({ limit: 1 })).body.users[0]!.id).toBe(newcomer.userId);
  });

  it('finds English names by partial words, whatever the case', async () => {
    expect(names((await people({ searchValue: 'DAN' })).body)).toEqual([
      'Dana Levi',
      'Daniel Cohen',
    ]);
    expect(names((await people({ searchValue: 'dan lev' })).body)).toEqual(['Dana Levi']);
  });

  it('finds Hebrew names with or without niqqud', async () => {
    expect((await people({ searchValue: 'דנה' })).body.users.map((user) => user.id)).toEqual([
      ids['hebrewDana'],
    ]);
    expect((await people({ searchValue: 'מִזְרָ' })).body.users.map((user) => user.id)).toEqual([
      ids['hebrewDana'],
    ]);
    expect((await people({ searchValue: 'יע' })).body.users.map((user) => user.id)).toEqual([
      ids['yael'],
    ]);
  });

  it('finds people by the topics they answered', async () => {
    expect(names((await people({ searchValue: 'childhood' })).body)).toEqual(['Dana Levi']);
    expect((await people({ searchValue: 'ילדות' })).body.users.map((user) => user.id)).toEqual([
      ids['hebrewDana'],
    ]);
    expect((await people({ searchValue: 'travel', limit: 50 })).body.total).toBe(21);
  });

  it('treats search text as text, not as a pattern', async () => {
    expect((await people({ searchValue: '%' })).body.total).toBe(0);
    expect((await people({ searchValue: '_' })).body.total).toBe(0);
  });

  it('shows full profiles only when asked: the whole questionnaire public, and a picture', async () => {
    const full = await registerVerified(base, messages, { firstname: 'Full', lastname: 'Story' });
    await publish(full.userId, 10);
    const noPicture = await registerVerified(base, messages, {
      firstname: 'No',
      lastname: 'Picture',
    });
    await publish(noPicture.userId, 10);
    await settle(28);
    // A picture, set by the member.
    await handle.db.execute(
      sql`update users.users set profile_image = '/api/files/image/1' where id = ${full.userId}`,
    );
    const page = (await people({ onlyFullProfiles: true })).body;
    expect(page.users.map((user) => user.id)).toEqual([full.userId]);
    const home = (
      await call<PeoplePage>(base, 'POST', '/api/users/getHomepageUsers', {
        body: { onlyFullProfiles: true },
      })
    ).body;
    expect(home.users.map((user) => user.id)).toEqual([full.userId]);
  });

  it('ignores an older publication event that arrives late, and unpublishes at zero', async () => {
    const before = await amount();
    await publish(ids['yael']!, 0);
    await settle(before - 1);
    // Applied straight, to see its answer: an event older than the last one changes nothing.
    const stale = await new PeopleRepository(handle.db).applyPublication(
      ids['yael']!,
      3,
      ['מוזיקה'],
      new Date('2025-01-01T00:00:00Z'),
    );
    expect(stale).toBe(false);
    expect(await amount()).toBe(before - 1);
    expect((await people({ searchValue: 'יעל' })).body.total).toBe(0);
  });

  it('gives a few random published profiles', async () => {
    const response = await call<PersonCard[]>(base, 'GET', '/api/users/getRandomPublishedUsers');
    expect(response.body.length).toBe(6);
    expect(new Set(response.body.map((user) => user.id)).size).toBe(6);
    expect(response.body.map((user) => user.id)).not.toContain(ids['unpublished']);
    for (const user of response.body) expect(user).not.toHaveProperty('email');
  });

  it('puts the members who use the reader’s language first, then the others, by page number too', async () => {
    const homepage = async (body: Record<string, unknown>) =>
      (await call<PeoplePage>(base, 'POST', '/api/users/getHomepageUsers', { body })).body;
    const everyone = await people({ limit: 50 });
    const ofLanguage = (language: 'en' | 'he') =>
      everyone.body.users.filter((user) => user.language === language).map((user) => user.id);
    // Among the first to publish (Yael has left the directory by now): last of all without it.
    expect(ofLanguage('he')).toContain(ids['hebrewDana']);
    expect(everyone.body.users.slice(0, 6).map((user) => user.id)).not.toContain(ids['hebrewDana']);
    const home = await homepage({ limit: 6, sortBy: 'mostRecent', language: 'he' });
    expect(home.users.map((user) => user.id)).toEqual([
      ...ofLanguage('he'),
      ...ofLanguage('en').slice(0, 6 - ofLanguage('he').length),
    ]);
    for (const [language, other] of [
      ['he', 'en'],
      ['en', 'he'],
    ] as const) {
      // Page by page, the boundary inside a page: everyone once, the language's members first.
      const seen: string[] = [];
      for (let pageNumber = 0; ; pageNumber++) {
        const page = (await people({ pageNumber, limit: 4, language, asOf: everyone.body.asOf }))
          .body;
        expect(page.total).toBe(everyone.body.total);
        seen.push(...page.users.map((user) => user.id));
        if (!page.hasMore) break;
      }
      expect(seen).toEqual([...ofLanguage(language), ...ofLanguage(other)]);
    }
    // Without it, one order for all.
    expect((await homepage({ limit: 6 })).users.map((user) => user.id)).toEqual(
      everyone.body.users.slice(0, 6).map((user) => user.id),
    );
    expect((await people({ language: 'fr' })).status).toBe(400);
  });

  it('refuses a page size over 50', async () => {
    const response = await call<ErrorEnvelope>(base, 'POST', '/api/users/getPublishedUsers', {
      body: { limit: 51 },
    });
    expect(response.status).toBe(400);
    expect(response.body.code).toBe('VALIDATION_FAILED');
  });
});
