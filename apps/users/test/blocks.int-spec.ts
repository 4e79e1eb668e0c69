import type { DomainEventPayload, PeoplePage, PersonCard, PublicProfile } from '@mepedia/contracts';
import { InProcessQueue } from '@mepedia/server-queue';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createTestUsersApp } from './users-app';
import { captureMessages, registerVerified } from './verified-member';

type BlockWord = DomainEventPayload<'member.block.changed'>;

/** Letters only: a name no other member of this database has. */
const token = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );
const capital = (word: string) => word.replace(/^./, (c) => c.toUpperCase());
const minute = (n: number, from: number) => new Date(from + n * 60_000);

// Issue 35: blocks (member.block.changed, the moderation service's word) in the people
// directory, over real HTTP on each engine. Two members one of whom blocks the other find each
// other in none of the directory's reads (the list, its search in both orders, the home page's,
// the random few), with totals to match; everyone else, guests included, finds both, from the
// kept answers as before. A profile stays readable by its link (a guest could read it). A mute
// changes nothing here. The newest word stands whatever order words come in; an account deleted
// takes its rows with it, and a late word about it writes none.
describeEachEngine('users: blocks', (engine) => {
  const queue = new InProcessQueue();
  const messages = captureMessages(queue);
  let tested: TestService;
  let base: string;
  const as = (who: Member | null) => (who ? tested.as(who) : {});
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    tested.database.query<T>(text, params);

  /** Hand an event to the service's queue and wait until it has been handled, without failure. */
  async function deliver(type: string, payload: unknown, occurredAt = new Date(), source = 'x') {
    const event = envelope(type, payload, occurredAt, source);
    await queue.add('events-users', event.type, event, { jobId: event.id, attempts: 1 });
    for (let i = 0; i < 250; i++) {
      const { waiting, active, delayed } = await queue.counts('events-users');
      if (waiting + active + delayed === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await queue.failed('events-users')).toEqual([]);
  }
  const word = (
    blocker: Member | string,
    blocked: Member | string,
    active: boolean,
    at = new Date(),
    kind: BlockWord['kind'] = 'block',
  ) =>
    deliver(
      'member.block.changed',
      {
        blockerId: typeof blocker === 'string' ? blocker : blocker.userId,
        blockedId: typeof blocked === 'string' ? blocked : blocked.userId,
        kind,
        active,
      } satisfies BlockWord,
      at,
      'moderation',
    );
  const rowsNaming = (userId: string) =>
    sql('select 1 from users.member_blocks where blocker_id = $1 or blocked_id = $1', [userId]);

  type Published = { member: Member; password: string };

  /** `count` verified members with public answers, their first name the same tag. */
  async function cast(count: number): Promise<{ tag: string; members: Published[] }> {
    const tag = token();
    const members: Published[] = [];
    for (let i = 0; i < count; i++) {
      const { userId, registration } = await registerVerified(base, messages, {
        firstname: capital(tag),
        lastname: capital(token()),
      });
      await deliver(
        'profile.publication.changed',
        { userId, publishedAnswers: 6, topics: ['Where I come from'] },
        new Date(Date.now() - 60_000),
        'me-answers',
      );
      members.push({ member: newMember({ userId }), password: registration.password });
    }
    return { tag, members };
  }

  const page = async (who: Member | null, path: string, body: Record<string, unknown>) => {
    const answer = await call<PeoplePage>(base, 'POST', path, { headers: as(who), body });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  /** Which of `ids` `who` finds in each of the directory's reads, and the searches' totals. */
  async function seen(who: Member | null, tag: string, ids: string[]) {
    const ours = (cards: PersonCard[]) =>
      cards
        .map((card) => card.id)
        .filter((id) => ids.includes(id))
        .sort();
    const search = await page(who, '/api/users/getPublishedUsers', { searchValue: tag, limit: 50 });
    const oldest = await page(who, '/api/users/getPublishedUsers', {
      searchValue: tag,
      sortBy: 'oldest',
      limit: 1,
    });
    const everyone = await page(who, '/api/users/getPublishedUsers', { limit: 50 });
    const homepage = await page(who, '/api/users/getHomepageUsers', {
      limit: 50,
      sortBy: 'mostRecent',
      language: 'en',
    });
    // The random few: whoever it names, never one hidden from the reader (read several times).
    const random = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const answer = await call<PersonCard[]>(base, 'GET', '/api/users/getRandomPublishedUsers', {
        headers: as(who),
      });
      for (const id of ours(answer.body)) random.add(id);
    }
    const profiles: number[] = [];
    for (const id of ids)
      profiles.push(
        (
          await call<PublicProfile>(base, 'GET', `/api/users/getProfileById/${id}`, {
            headers: as(who),
          })
        ).status,
      );
    return {
      search: ours(search.users),
      total: search.total,
      oldestTotal: oldest.total,
      everyone: ours(everyone.users),
      homepage: ours(homepage.users),
      random: [...random].filter((id) => !ours(search.users).includes(id)),
      profiles,
    };
  }
  /** What `seen` answers when `who` finds exactly `found` of the cast. */
  const expected = (found: Published[], cast: Published[]) => {
    const ids = found.map((one) => one.member.userId).sort();
    return {
      search: ids,
      total: ids.length,
      oldestTotal: ids.length,
      everyone: ids,
      homepage: ids,
      random: [],
      profiles: cast.map(() => 200),
    };
  };

  beforeAll(async () => {
    tested = await startTestService('users', createTestUsersApp, { queue, engine, poolSize: 4 });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('takes the blocker and the blocked out of each other’s directory, and no one else’s', async () => {
    const { tag, members } = await cast(4);
    const [blocker, blocked, third, bystander] = members as [
      Published,
      Published,
      Published,
      Published,
    ];
    const ids = members.map((one) => one.member.userId);
    // Read by everyone first: the kept answers hold all four.
    for (const who of [...members.map((one) => one.member), null])
      expect(await seen(who, tag, ids)).toEqual(expected(members, members));

    await word(blocker.member, blocked.member, true);
    // Someone else's block (the bystander's of the third) reaches neither of the two.
    await word(bystander.member, third.member, true);
    // A mute changes nothing in the directory.
    await word(third.member, blocker.member, true, new Date(), 'mute');
    const finds = {
      blocker: [blocker, third, bystander],
      blocked: [blocked, third, bystander],
      third: [blocker, blocked, third],
      bystander: [blocker, blocked, bystander],
    };
    for (const [name, found] of Object.entries(finds)) {
      const who = { blocker, blocked, third, bystander }[name] as Published;
      expect({ name, seen: await seen(who.member, tag, ids) }).toEqual({
        name,
        seen: expected(found, members),
      });
    }
    // Guests, and a member no block concerns, read the kept answers: all four.
    expect(await seen(null, tag, ids)).toEqual(expected(members, members));
    expect(await seen(newMember(), tag, ids)).toEqual(expected(members, members));

    // Unblocked, at once.
    await word(blocker.member, blocked.member, false);
    expect(await seen(blocked.member, tag, ids)).toEqual(
      expected([blocker, blocked, third, bystander], members),
    );
    expect(await seen(blocker.member, tag, ids)).toEqual(
      expected([blocker, blocked, third, bystander], members),
    );
  });

  it('keeps the newest word whatever order words come in; a block and a mute are two words', async () => {
    const { tag, members } = await cast(2);
    const [a, b] = members as [Published, Published];
    const ids = members.map((one) => one.member.userId);
    const t0 = Date.now();
    await word(a.member, b.member, false, minute(2, t0));
    await word(a.member, b.member, true, minute(1, t0));
    expect(await seen(b.member, tag, ids)).toEqual(expected(members, members));
    await word(a.member, b.member, true, minute(3, t0));
    await word(a.member, b.member, true, minute(3, t0));
    await word(a.member, b.member, false, minute(2.5, t0));
    expect(await seen(b.member, tag, ids)).toEqual(expected([b], members));
    expect(await seen(a.member, tag, ids)).toEqual(expected([a], members));
    await word(a.member, b.member, false, minute(4, t0), 'mute');
    expect(await seen(a.member, tag, ids)).toEqual(expected([a], members));
    await word(a.member, b.member, false, minute(5, t0));
    expect(await seen(a.member, tag, ids)).toEqual(expected(members, members));
  });

  it('takes a deleted account’s rows with it, and writes nothing for ids that are no member’s', async () => {
    const { tag, members } = await cast(3);
    const [leaving, staying, third] = members as [Published, Published, Published];
    await word(leaving.member, staying.member, true);
    await word(third.member, leaving.member, true);
    await word(staying.member, leaving.member, true, new Date(), 'mute');
    expect(await rowsNaming(leaving.member.userId)).toHaveLength(3);
    const deleted = await call(base, 'POST', '/api/users/deleteUserById', {
      headers: as(leaving.member),
      body: { id: leaving.member.userId, password: leaving.password },
    });
    expect(deleted.status).toBe(200);
    expect(await rowsNaming(leaving.member.userId)).toEqual([]);
    // A word about them still on its way writes nothing.
    await word(staying.member, leaving.member, true, minute(1, Date.now()));
    await word(leaving.member, third.member, true, minute(1, Date.now()));
    expect(await rowsNaming(leaving.member.userId)).toEqual([]);
    // Ids that are not members', and oneself: no row, no failed job.
    await word('not-a-member', staying.member, true);
    await word(staying.member, "x' or '1'='1", true);
    await word(staying.member, staying.member, true);
    expect(await rowsNaming(staying.member.userId)).toEqual([]);
    // The two who stay see each other: nothing of the departed's blocks is left between them.
    const ids = [staying, third].map((one) => one.member.userId);
    expect(await seen(staying.member, tag, ids)).toEqual(
      expected([staying, third], [staying, third]),
    );
    expect(await seen(third.member, tag, ids)).toEqual(
      expected([staying, third], [staying, third]),
    );
  });
});
