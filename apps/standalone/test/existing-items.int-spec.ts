import { randomUUID } from 'node:crypto';
import {
  eventSubscriptions,
  type Decision,
  type DomainEventEnvelope,
  type ErrorEnvelope,
  type QueuePage,
  type ServiceEventsQueue,
} from '@mepedia/contracts';
import { runMigrations, type MigrationTarget } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { InProcessQueue, OutboxRelay, outboxTable, type Job } from '@mepedia/server-queue';
import {
  describeEachEngine,
  openTestDatabase,
  startTestService,
  type TestDatabase,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  eventually,
  migrationsBefore,
  newMember,
  SETUP_TIMEOUT_MS,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { pgSchema } from 'drizzle-orm/pg-core';
import { circlesService } from '../../circles/src/circles.app';
import { feedMessagesService } from '../../feed-messages/src/feed-messages.app';
import { meAnswersService } from '../../me-answers/src/me-answers.app';
import { createModerationApp } from '../../moderation/src/moderation.app';
import { postsService } from '../../posts/src/posts.app';
import { usersService } from '../../users/src/users.app';
import { createWorkerApp } from '../../worker/src/worker.app';
import { loadWorkerConfig } from '../../worker/src/worker.config';

const SITE = 'https://mepedia.test';

/**
 * The services that own what can be reported, and the circles service (who may read a circle
 * item), with the migration that announces theirs.
 */
const OWNERS: Array<{ name: string; migrations: MigrationTarget; tag: string }> = [
  { ...postsService, tag: '0017_announce_posts_to_moderation' },
  { ...meAnswersService, tag: '0008_announce_answers_to_moderation' },
  { ...feedMessagesService, tag: '0010_announce_comments_to_moderation' },
  { ...usersService, tag: '0010_announce_members_to_moderation' },
  { ...circlesService, tag: '0001_announce_memberships_to_moderation' },
];

// An installation that had stories, answers, comments, members and circles before the moderation
// service existed, upgraded (issue 35): each owning service's schema as the release before left
// it, with its rows, then migrated; what the migrations put in the outboxes is relayed and fanned
// out by the worker as in production, and the moderation service, over HTTP, takes reports of the
// old items from those who may read them and from no one else. No other service hears of an item.
describeEachEngine('items from before the moderation service, announced on upgrade', (engine) => {
  const queue = new InProcessQueue();
  /** What every other service's queue received, by queue. */
  const heard: Array<{ queue: ServiceEventsQueue; event: DomainEventEnvelope }> = [];
  let database: TestDatabase;
  let moderation: TestService;
  let worker: Awaited<ReturnType<typeof createWorkerApp>>;

  const [owner, reader, friend] = [newMember(), newMember(), newMember()];
  const pending = randomUUID();
  const post = {
    open: randomUUID(),
    secret: randomUUID(),
    magazine: randomUUID(),
    circle: randomUUID(),
  };
  const answer = randomUUID();
  const comment = {
    byReader: randomUUID(),
    inSecret: randomUUID(),
    placeholder: randomUUID(),
    reply: randomUUID(),
  };

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    database.query<T>(text, params);
  const call = <T>(who: Member, path: string, body: unknown) =>
    moderation.call<T>('POST', `/api/moderation/${path}`, {
      headers: moderation.as(who),
      body,
    });
  const report = (who: Member, itemKind: string, itemId: string) =>
    call<ErrorEnvelope>(who, 'report', { itemKind, itemId, reason: 'spam' });

  /** Rows as the releases before wrote them: members, stories, an answer, a discussion, a circle. */
  async function seed() {
    for (const [id, verified] of [
      [owner.userId, true],
      [reader.userId, true],
      [friend.userId, true],
      [pending, false],
    ] as const)
      await sql(
        `insert into users.users (id, email, phone_number_prefix, phone_number, password_hash,
         firstname, lastname, language, birthdate, country, gender, terms_accepted_at,
         phone_verified_at, email_verified_at)
         values ($1, $2, '+972', $3, 'x', 'Noa', 'Levi', 'he', '1950-01-01', 'IL', 'female',
         now(), now(), $4)`,
        [id, `${id}@example.com`, id.slice(0, 9), verified ? new Date() : null],
      );
    for (const [id, privacy, questionId] of [
      [post.open, 'public', null],
      [post.secret, 'private', null],
      [post.magazine, 'public', 'roots'],
      [post.circle, 'circle', null],
    ] as const)
      await sql(
        `insert into posts.posts (id, publisher_id, question_id, title, content, content_text,
         image, credit, privacy, destination)
         values ($1, $2, $3, 'Where I come from', '<p>By the sea.</p>', 'By the sea.', '/i',
         'me', $4, $5)`,
        [id, owner.userId, questionId, privacy, questionId ? 'magazine' : 'profile'],
      );
    await sql(
      `insert into me_answers.answers (id, user_id, question_id, draft, live, privacy,
       published_as_post)
       values ($1, $2, 'roots', '{}', '{"roots-1":"By the sea."}', 'public', true)`,
      [answer, owner.userId],
    );
    // The comments service's subjects, as posts and me-answers announced them.
    for (const [subjectId, audience] of [
      [post.open, 'public'],
      [post.secret, 'private'],
      [post.magazine, 'public'],
      [answer, 'public'],
    ] as const)
      await sql(
        `insert into feed_messages.subject_privacy (subject_id, owner_id, audience, changed_at)
         values ($1, $2, $3, now())`,
        [subjectId, owner.userId, audience],
      );
    const message = (
      id: string,
      subjectId: string,
      authorId: string | null,
      parentId: string | null = null,
      replies = 0,
    ) =>
      sql(
        `insert into feed_messages.messages (id, room_id, post_id, parent_id, author_id, text,
         deleted, replies_count)
         values ($1, $2, $2, $3, $4, $5, $6, $7)`,
        [id, subjectId, parentId, authorId, authorId && 'What a story.', !authorId, replies],
      );
    await message(comment.byReader, post.open, reader.userId);
    await message(comment.inSecret, post.secret, owner.userId);
    // A deleted comment others replied to stays as a placeholder (no author, no text).
    await message(comment.placeholder, post.open, null, null, 1);
    await message(comment.reply, post.open, owner.userId, comment.placeholder);
    // The owner's circle: the friend accepted an invitation; the reader is not in it.
    await sql(
      `insert into circles.circle_members (owner_id, member_id, added_at) values ($1, $2, now())`,
      [owner.userId, friend.userId],
    );
    // Everything the releases before announced was relayed long ago.
    for (const { migrations } of OWNERS) await sql(`delete from ${migrations.schema}.outbox`);
  }

  beforeAll(async () => {
    database = await openTestDatabase(engine, { poolSize: 6 });
    for (const { migrations, tag } of OWNERS) {
      const before = migrationsBefore(migrations.folder, tag);
      try {
        // The release before's SQL alone: a service's data steps (afterMigrations) are this
        // release's, and run with its migrations below.
        await runMigrations(database.handle, { schema: migrations.schema, folder: before.folder });
      } finally {
        before.remove();
      }
    }
    await seed();

    // Every subscriber but the moderation service (and the worker's own) only records.
    const others = new Set(Object.values(eventSubscriptions).flat());
    for (const name of others)
      if (name !== 'events-moderation' && name !== 'events-worker')
        queue.process(name, async (job: Job) => {
          heard.push({ queue: name, event: job.data as DomainEventEnvelope });
        });
    worker = await createWorkerApp(
      { logger: createLogger({ name: 'test', level: 'silent' }), database: database.handle, queue },
      loadWorkerConfig({ PUBLIC_URL: SITE }).config,
    );
    moderation = await startTestService(
      'moderation',
      (platform) => createModerationApp(platform, { publicUrl: SITE, holdAfterReports: 3 }),
      { queue, database },
    );

    // The upgrade: each service migrates, and its relay sends what the migration announced.
    for (const { name, migrations } of OWNERS) {
      await runMigrations(database.handle, migrations);
      const outbox = outboxTable(pgSchema(migrations.schema));
      await new OutboxRelay(database.handle.db, outbox, queue, name, (error) => {
        throw error;
      }).flush();
    }
    // Four posts, the answer, three comments (not the placeholder), three verified members.
    await eventually(
      async () =>
        (await database.count('select count(*)::int as n from moderation.items')) === 11 ||
        undefined,
      { what: 'the old items at the moderation service' },
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await moderation?.close();
    await worker?.close();
    await queue.close();
    await database?.close();
  }, SETUP_TIMEOUT_MS);

  it('takes reports of the old stories, answer, comments and profiles from their readers', async () => {
    for (const [kind, itemId] of [
      ['post', post.open],
      ['post', post.magazine],
      ['answer', answer],
      ['comment', comment.reply],
      ['profile', owner.userId],
    ] as const)
      expect([kind, (await report(reader, kind, itemId)).status]).toEqual([kind, 201]);
    expect((await report(owner, 'comment', comment.byReader)).status).toBe(201);
    // Their authors are known too, with the language and address a statement of reasons needs.
    expect(
      await sql('select language, email from moderation.members where user_id = $1', [
        owner.userId,
      ]),
    ).toEqual([{ language: 'he', email: `${owner.userId}@example.com` }]);
  });

  it('keeps a private story and its discussion to their audience: another member reports nothing there', async () => {
    for (const [kind, itemId] of [
      ['post', post.secret],
      ['comment', comment.inSecret],
      // Nor a placeholder, nor someone who never finished verifying.
      ['comment', comment.placeholder],
      ['profile', pending],
    ] as const) {
      const refused = await report(reader, kind, itemId);
      expect([kind, refused.status, refused.body.code]).toEqual([
        kind,
        404,
        'REPORT_ITEM_NOT_FOUND',
      ]);
    }
  });

  it('takes a report of an old circle story from a member of the circle since before, and from no one outside it', async () => {
    // Handed on by the worker as the items were (the setup waited for the items only).
    await eventually(
      async () =>
        (await database.count(
          'select count(*)::int as n from moderation.circle_memberships where in_circle',
        )) === 1 || undefined,
      { what: 'the old circle membership at the moderation service' },
    );
    expect((await report(friend, 'post', post.circle)).status).toBe(201);
    const refused = await report(reader, 'post', post.circle);
    expect([refused.status, refused.body.code]).toEqual([404, 'REPORT_ITEM_NOT_FOUND']);
  });

  it('takes an old magazine post along with a decision on its answer', async () => {
    const moderator = newMember({ roles: ['moderator'] });
    expect((await report(newMember(), 'answer', answer)).status).toBe(201);
    const queued = await call<QueuePage>(moderator, 'getQueue', { status: 'open', limit: 50 });
    const open = queued.body.cases.find((c) => c.item.itemId === answer);
    if (!open) throw new Error('no case for the answer');
    const removed = await call<Decision>(moderator, 'decide', {
      caseId: open.caseId,
      version: open.version,
      action: 'remove',
      rule: 'spam',
      statement: 'An advertisement for pills.',
    });
    expect(removed.status).toBe(200);
    // The posts service hears of the post too: the answer's question joins the two.
    const word = await eventually(
      () =>
        heard.find(
          ({ queue: name, event }) =>
            name === 'events-posts' &&
            event.type === 'moderation.item.changed' &&
            (event.payload as { itemId: string }).itemId === post.magazine,
        )?.event.payload,
      { what: 'the magazine post’s word' },
    );
    expect(word).toMatchObject({ kind: 'post', state: 'removed', caseId: open.caseId });
  });

  it('tells no other service of an item, and the members’ and circles’ word is older than any they have', async () => {
    // Every queue has handed on what it received.
    await eventually(
      async () => {
        for (const name of new Set(Object.values(eventSubscriptions).flat())) {
          const { waiting, active, delayed } = await queue.counts(name);
          if (waiting + active + delayed > 0) return undefined;
        }
        return true;
      },
      { what: 'every queue settled' },
    );
    const upgraded = heard.filter(({ event }) =>
      OWNERS.some((owning) => owning.name === event.source),
    );
    const epoch = new Date(0).toISOString();
    // The search service's own word (issue 36, the releases after this one's migrations): each
    // member's post (not the magazine's), the live answer and each verified member, to that
    // service alone.
    const forSearch = upgraded.filter(({ event }) => event.type === 'searchable.changed');
    expect(new Set(forSearch.map(({ queue: name }) => name))).toEqual(new Set(['events-search']));
    expect(
      forSearch
        .map(({ event }) => [event.source, (event.payload as { id: string }).id, event.occurredAt])
        .sort(),
    ).toEqual(
      [
        ['posts', post.open, epoch],
        ['posts', post.secret, epoch],
        ['posts', post.circle, epoch],
        ['me-answers', answer, epoch],
        ['users', owner.userId, epoch],
        ['users', reader.userId, epoch],
        ['users', friend.userId, epoch],
      ].sort(),
    );
    const fromUpgrade = upgraded.filter(({ event }) => event.type !== 'searchable.changed');
    // The members' word reaches the services that keep members, and the memberships' those
    // that keep circles (notifications among both): each keeps only a newer word than it has,
    // and tells no one of it.
    const words = [
      ['user.updated', 'users'],
      ['circle.member.added', 'circles'],
    ] as const;
    for (const [type, source] of words) {
      const heardOf = fromUpgrade.filter(({ event }) => event.source === source);
      expect(heardOf.map(({ event }) => [event.type, event.occurredAt])).toEqual(
        heardOf.map(() => [type, epoch]),
      );
      expect(new Set(heardOf.map(({ queue: name }) => name))).toEqual(
        new Set(eventSubscriptions[type].filter((name) => name !== 'events-moderation')),
      );
    }
    // Nothing from the services that own items: those are announced to the moderation service alone.
    expect(
      fromUpgrade.filter(({ event }) => !words.some(([, source]) => source === event.source)),
    ).toEqual([]);
  });
});
