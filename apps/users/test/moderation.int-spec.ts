import { randomUUID } from 'node:crypto';
import type {
  DomainEventPayload,
  ErrorEnvelope,
  MembersByIdsResponse,
  ModerationState,
  PeoplePage,
  PersonCard,
  PublicProfile,
} from '@mepedia/contracts';
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

type Moderation = DomainEventPayload<'moderation.item.changed'>;

/** Letters only: a name no other member of this database has. */
const token = () =>
  Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join(
    '',
  );

// Issue 35: the moderation service's word on a member's profile (moderation.item.changed, kind
// `profile`), over real HTTP on each engine. Held or removed, the profile is the member's alone:
// for everyone else their profile, byline, look-up by email, directory card (every list, search,
// the random few, the count) are as no one's, the directory's kept answers dropped at once. The
// member reads their own profile with why. (A profile has no audience, so a circle changes
// nothing; the widget, oEmbed and the sitemap read these same calls.) The newest word stands in
// any order; the same word twice changes nothing; no word about another member moves one.
describeEachEngine('users: moderation', (engine) => {
  const queue = new InProcessQueue();
  const messages = captureMessages(queue);
  let tested: TestService;
  let base: string;
  const as = (who: Member | null) => (who ? tested.as(who) : {});

  /** Hand an event to the service's queue and wait until it has been handled. */
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
  const moderate = (change: Moderation, at = new Date()) =>
    deliver('moderation.item.changed', change, at, 'moderation');
  const word = (
    owner: Member,
    state: ModerationState,
    caseId: string = randomUUID(),
  ): Moderation => ({
    kind: 'profile',
    itemId: owner.userId,
    ownerId: owner.userId,
    state,
    caseId,
  });

  /** A verified member with public answers: in the directory, found by their name. */
  async function published() {
    const [firstname, lastname] = [token(), token()];
    const { userId, registration } = await registerVerified(base, messages, {
      firstname: firstname.replace(/^./, (c) => c.toUpperCase()),
      lastname: lastname.replace(/^./, (c) => c.toUpperCase()),
    });
    await deliver(
      'profile.publication.changed',
      { userId, publishedAnswers: 6, topics: ['Where I come from'] },
      new Date(Date.now() - 60_000),
      'me-answers',
    );
    return { member: newMember({ userId }), email: registration.email, firstname };
  }

  const people = async (who: Member | null, body: Record<string, unknown>) => {
    const page = await call<PeoplePage>(base, 'POST', '/api/users/getPublishedUsers', {
      headers: as(who),
      body,
    });
    expect(page.status).toBe(200);
    return page.body;
  };

  /** Where `who` finds the member: each read's answer, by name. */
  async function whatSees(
    who: Member | null,
    owner: { member: Member; email: string; firstname: string },
  ) {
    const id = owner.member.userId;
    const profile = await call<PublicProfile | ErrorEnvelope>(
      base,
      'GET',
      `/api/users/getProfileById/${id}`,
      { headers: as(who) },
    );
    const byline = await call<MembersByIdsResponse>(base, 'POST', '/api/users/getMembersByIds', {
      headers: as(who),
      body: { ids: [id] },
    });
    const lookup = who
      ? (
          await call<{ userId: string } | ErrorEnvelope>(
            base,
            'GET',
            `/api/users/getUserIdByEmail/${encodeURIComponent(owner.email)}`,
            { headers: as(who) },
          )
        ).status
      : 'members only';
    const cards = (page: PeoplePage) => page.users.some((card: PersonCard) => card.id === id);
    const homepage = await call<PeoplePage>(base, 'POST', '/api/users/getHomepageUsers', {
      headers: as(who),
      body: { limit: 50 },
    });
    const random = await call<PersonCard[]>(base, 'GET', '/api/users/getRandomPublishedUsers', {
      headers: as(who),
    });
    return {
      profile:
        profile.status === 200
          ? { moderation: (profile.body as PublicProfile).moderation ?? null }
          : (profile.body as ErrorEnvelope).code,
      byline: byline.body.members.map((member) => member.id),
      lookup,
      directory: cards(await people(who, { limit: 50 })),
      full: cards(await people(who, { limit: 50, onlyFullProfiles: false, sortBy: 'oldest' })),
      search: cards(await people(who, { limit: 50, searchValue: owner.firstname })),
      topic: cards(await people(who, { limit: 50, searchValue: 'where I come' })),
      homepage: cards(homepage.body),
      random: random.body.some((card) => card.id === id),
    };
  }

  const everywhere = (who: 'owner' | 'member' | 'guest') => ({
    profile: { moderation: null },
    byline: [] as string[],
    lookup: who === 'guest' ? 'members only' : 200,
    directory: true,
    full: true,
    search: true,
    topic: true,
    homepage: true,
    random: true,
  });
  const nowhere = (who: 'member' | 'guest') => ({
    profile: 'USER_NOT_FOUND',
    byline: [] as string[],
    lookup: who === 'guest' ? 'members only' : 404,
    directory: false,
    full: false,
    search: false,
    topic: false,
    homepage: false,
    random: false,
  });

  beforeAll(async () => {
    tested = await startTestService('users', createTestUsersApp, { queue, engine, poolSize: 4 });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('hides a held profile from everyone but its member, shows it again, and hides it removed', async () => {
    const owner = await published();
    const other = newMember();
    const readers = { owner: owner.member, member: other, guest: null } as const;
    const amount = async () =>
      (
        await call<{ publishedProfilesAmount: number }>(
          base,
          'GET',
          '/api/users/getPublishedProfilesAmount',
        )
      ).body.publishedProfilesAmount;
    const seen = async () => {
      const answers: Record<string, unknown> = {};
      for (const [name, who] of Object.entries(readers)) answers[name] = await whatSees(who, owner);
      return answers;
    };
    const visible = {
      owner: { ...everywhere('owner'), byline: [owner.member.userId] },
      member: { ...everywhere('member'), byline: [owner.member.userId] },
      guest: { ...everywhere('guest'), byline: [owner.member.userId] },
    };
    // Read by everyone first: the directory's answers are kept for seconds.
    expect(await seen()).toEqual(visible);
    const counted = await amount();

    const held = randomUUID();
    await moderate(word(owner.member, 'held', held));
    expect(await seen()).toEqual({
      // The member still finds their own profile, told why; the directory is everyone's and
      // holds it for no one.
      owner: {
        ...nowhere('member'),
        profile: { moderation: { state: 'held', caseId: held } },
        byline: [owner.member.userId],
        lookup: 200,
      },
      member: nowhere('member'),
      guest: nowhere('guest'),
    });
    expect(await amount()).toBe(counted - 1);

    await moderate(word(owner.member, 'visible'));
    expect(await seen()).toEqual(visible);
    expect(await amount()).toBe(counted);

    const removed = randomUUID();
    await moderate(word(owner.member, 'removed', removed));
    const answers = (await seen()) as Record<string, { profile: unknown }>;
    expect(answers['owner']?.profile).toEqual({
      moderation: { state: 'removed', caseId: removed },
    });
    expect(answers['member']).toEqual(nowhere('member'));
    expect(answers['guest']).toEqual(nowhere('guest'));
  });

  it('lets the newest word stand whatever order they come in, and a word heard twice change nothing', async () => {
    const owner = await published();
    const t0 = Date.now();
    const state = async () =>
      (
        await tested.database.query<{
          moderation_state: string;
          moderation_case_id: string | null;
        }>('select moderation_state, moderation_case_id from users.users where id = $1', [
          owner.member.userId,
        ])
      )[0];
    const removal = word(owner.member, 'removed', 'case-r');
    await moderate(word(owner.member, 'visible', 'case-v'), new Date(t0 + 2000));
    await moderate(word(owner.member, 'held', 'case-h'), new Date(t0 + 1000));
    expect(await state()).toEqual({ moderation_state: 'visible', moderation_case_id: null });
    await moderate(removal, new Date(t0 + 3000));
    await moderate(removal, new Date(t0 + 3000));
    expect(await state()).toEqual({ moderation_state: 'removed', moderation_case_id: 'case-r' });
    await moderate(word(owner.member, 'visible', 'case-v'), new Date(t0 + 4000));
    await moderate(removal, new Date(t0 + 3000));
    expect(await state()).toEqual({ moderation_state: 'visible', moderation_case_id: null });
    expect(
      (await call(base, 'GET', `/api/users/getProfileById/${owner.member.userId}`)).status,
    ).toBe(200);
  });

  it('keeps the state through the member’s own changes', async () => {
    const owner = await published();
    const caseId = randomUUID();
    await moderate(word(owner.member, 'held', caseId));
    const changed = await call(base, 'PUT', '/api/users/updateUserInformation', {
      headers: as(owner.member),
      body: { moto: 'A new motto' },
    });
    expect(changed.status).toBe(200);
    await deliver(
      'profile.publication.changed',
      { userId: owner.member.userId, publishedAnswers: 7, topics: [] },
      new Date(),
      'me-answers',
    );
    expect(
      (await call(base, 'GET', `/api/users/getProfileById/${owner.member.userId}`)).status,
    ).toBe(404);
    const own = await call<PublicProfile>(
      base,
      'GET',
      `/api/users/getProfileById/${owner.member.userId}`,
      { headers: as(owner.member) },
    );
    expect(own.body).toMatchObject({ moto: 'A new motto', moderation: { state: 'held', caseId } });
  });

  it('is moved by no word about another member, another kind, or an id that is none', async () => {
    const owner = await published();
    const other = await published();
    const attempts: Moderation[] = [
      // The item and its owner must be the same member.
      { ...word(owner.member, 'removed'), ownerId: other.member.userId },
      { ...word(owner.member, 'removed'), itemId: other.member.userId },
      // A member's id as a post's, an answer's, a comment's.
      { ...word(owner.member, 'removed'), kind: 'post' },
      { ...word(owner.member, 'removed'), kind: 'answer' },
      { ...word(owner.member, 'removed'), kind: 'comment' },
      // No member's ids.
      { ...word(owner.member, 'removed'), itemId: 'x', ownerId: 'x' },
      { ...word(owner.member, 'removed'), itemId: randomUUID(), ownerId: randomUUID() },
    ];
    for (const attempt of attempts) await moderate(attempt);
    for (const who of [owner, other])
      expect(
        (await call(base, 'GET', `/api/users/getProfileById/${who.member.userId}`)).status,
      ).toBe(200);
    const rows = await tested.database.query(
      `select 1 from users.users where moderation_state <> 'visible' and id in ($1, $2)`,
      [owner.member.userId, other.member.userId],
    );
    expect(rows).toEqual([]);
  });
});
