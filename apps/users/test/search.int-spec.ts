import type { CurrentUser, DomainEventPayload } from '@mepedia/contracts';
import { InProcessQueue, type Job } from '@mepedia/server-queue';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  call,
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
} from '@mepedia/server-testing';
import { createTestUsersApp } from './users-app';
import {
  captureMessages,
  registerPending,
  registerVerified,
  verifyEmailOf,
} from './verified-member';

type Searchable = DomainEventPayload<'searchable.changed'>;

const PICTURE = '/api/files/image/Profileimage0123456789';
const CROPPED = '/api/files/image/Croppedimage0123456789';

// searchable.changed (issue 36, kind `person`) over real HTTP on each engine: a member as the
// search service is to find them, announced in the transaction of each change that alters it
// (verification completing, names, motto, about, picture, the directory's publication), and not
// for a change it does not show; never while the account is pending. What the service announced
// is read off the `events` queue its outbox is relayed to.
describeEachEngine('users: searchable.changed', (engine) => {
  const queue = new InProcessQueue();
  const messages = captureMessages(queue);
  const emitted: Job[] = [];
  let tested: TestService;
  let base: string;

  /** Every searchable.changed announced of the member, in order. */
  const searchable = (userId: string): Searchable[] =>
    emitted
      .filter((job) => job.name === 'searchable.changed')
      .map((job) => (job.data as { payload: Searchable }).payload)
      .filter((payload) => payload.id === userId);

  /**
   * Until every event handed to the service is handled, the outbox is relayed, and the relayed
   * events are taken: in that order, each look after the one before it (a handled event may
   * write to the outbox; the relay adds to the queue before it empties the outbox).
   */
  async function settled(): Promise<void> {
    const idle = async (name: 'events' | 'events-users') => {
      const { waiting, active, delayed } = await queue.counts(name);
      return waiting + active + delayed === 0;
    };
    await eventually(
      async () =>
        (await idle('events-users')) &&
        (await tested.database.count('select count(*)::int as n from users.outbox')) === 0 &&
        (await idle('events'))
          ? true
          : undefined,
      { what: 'the events handled and relayed' },
    );
    expect(await queue.failed('events-users')).toEqual([]);
  }

  /** me-answers' word on the member's public answers, at `at`. */
  const publication = (userId: string, publishedAnswers: number, at: Date) =>
    queue.add(
      'events-users',
      'profile.publication.changed',
      envelope(
        'profile.publication.changed',
        { userId, publishedAnswers, topics: ['Bread'] },
        at,
        'me-answers',
      ),
    );

  const update = async (userId: string, body: Record<string, unknown>) => {
    const answer = await call<CurrentUser>(base, 'PUT', '/api/users/updateUserInformation', {
      headers: tested.as(newMember({ userId })),
      body,
    });
    expect(answer.status).toBe(200);
    return answer.body;
  };

  /** When the account was made, as the search service is told while the profile is not public. */
  const madeAt = async (userId: string) =>
    (
      await tested.database.query<{ created_at: Date }>(
        'select created_at from users.users where id = $1',
        [userId],
      )
    )[0]?.created_at.toISOString();

  beforeAll(async () => {
    queue.process('events', async (job) => void emitted.push(job));
    tested = await startTestService('users', createTestUsersApp, { engine, queue });
    ({ base } = tested);
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('announces a member once their verification completes, and never while it is pending', async () => {
    const pending = await registerPending(base, messages, { firstname: 'Noa', lastname: 'Levi' });
    // Their answers made public before the email link is opened: still nobody's to find.
    const publishedAt = new Date(Date.now() - 60_000);
    await publication(pending.userId, 2, publishedAt);
    await settled();
    expect(searchable(pending.userId)).toEqual([]);

    await verifyEmailOf(base, messages, pending);
    await settled();
    expect(searchable(pending.userId)).toEqual([
      {
        kind: 'person',
        id: pending.userId,
        ownerId: pending.userId,
        audience: 'public',
        title: 'Noa Levi',
        text: '',
        image: null,
        createdAt: publishedAt.toISOString(),
        deleted: false,
      },
    ]);
  });

  it('announces each change of the name, motto, about or picture as the member now is, and none for a change search does not show', async () => {
    const { userId, registration } = await registerVerified(base, messages, {
      firstname: 'Dana',
      lastname: 'Levi',
    });
    await settled();
    const createdAt = await madeAt(userId);
    const person = (fields: Partial<Searchable>): Searchable => ({
      kind: 'person',
      id: userId,
      ownerId: userId,
      audience: 'private',
      title: 'Dana Levi',
      text: '',
      image: null,
      createdAt: createdAt as string,
      deleted: false,
      ...fields,
    });
    expect(searchable(userId)).toEqual([person({})]);

    await update(userId, { firstname: 'Danit' });
    await update(userId, { moto: 'Curious about everything' });
    await update(userId, { aboutMe: 'I bake bread.' });
    await update(userId, { profileImage: PICTURE });
    await update(userId, { croppedProfileImage: CROPPED });
    await update(userId, { moto: '' });
    // What search does not show: a link, the country, the interface language, and the whole
    // form sent back as it is (the original client sends every field).
    await update(userId, { websiteLink: 'https://example.org', country: 'US' });
    const language = await call(base, 'PUT', '/api/users/updateUserLanguage', {
      headers: tested.as(newMember({ userId })),
      body: { language: 'he' },
    });
    expect(language.status).toBe(200);
    const now = await update(userId, {
      ...registration,
      password: undefined,
      termsAccepted: undefined,
      firstname: 'Danit',
      profileImage: PICTURE,
      croppedProfileImage: CROPPED,
      aboutMe: 'I bake bread.',
    });
    expect(now).toMatchObject({ firstname: 'Danit', moto: null, aboutMe: 'I bake bread.' });
    await settled();
    const named = { title: 'Danit Levi' };
    expect(searchable(userId)).toEqual([
      person({}),
      person(named),
      person({ ...named, text: 'Curious about everything' }),
      person({ ...named, text: 'Curious about everything\nI bake bread.' }),
      person({ ...named, text: 'Curious about everything\nI bake bread.', image: PICTURE }),
      person({ ...named, text: 'Curious about everything\nI bake bread.', image: CROPPED }),
      person({ ...named, text: 'I bake bread.', image: CROPPED }),
    ]);
  });

  it('announces a move into or out of the people directory, dated when the profile went public, and nothing for one that changes neither', async () => {
    const { userId } = await registerVerified(base, messages, {
      firstname: 'Yael',
      lastname: 'Barak',
    });
    await settled();
    const createdAt = await madeAt(userId);
    const start = Date.now() - 10 * 60_000;
    const at = (minutes: number) => new Date(start + minutes * 60_000);
    await publication(userId, 2, at(1));
    await settled();
    // More answers and other topics: still listed, since the same moment.
    await publication(userId, 5, at(2));
    await settled();
    await publication(userId, 0, at(3));
    await settled();
    // An older word, late: changes nothing.
    await publication(userId, 4, at(2.5));
    await settled();
    await publication(userId, 1, at(4));
    await settled();
    const person = (audience: 'public' | 'private', date: string | undefined) => ({
      kind: 'person',
      id: userId,
      ownerId: userId,
      audience,
      title: 'Yael Barak',
      text: '',
      image: null,
      createdAt: date,
      deleted: false,
    });
    expect(searchable(userId)).toEqual([
      person('private', createdAt),
      person('public', at(1).toISOString()),
      person('private', createdAt),
      person('public', at(4).toISOString()),
    ]);
  });
});
