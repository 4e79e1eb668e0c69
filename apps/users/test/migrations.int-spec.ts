import { randomUUID } from 'node:crypto';
import { runMigrations } from '@mepedia/server-database';
import {
  describeEachEngine,
  openTestDatabase,
  type TestDatabase,
} from '@mepedia/server-service-testing';
import { migrationsBefore, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { searchablePerson } from '../src/searchable';
import { usersService } from '../src/users.app';
import { UsersRepository } from '../src/users.repository';

type Sql = TestDatabase['query'];

const insertUser = (sql: Sql, id: string, verified: boolean, croppedImage: string | null) =>
  sql(
    `insert into users.users (id, email, phone_number_prefix, phone_number, password_hash,
     firstname, lastname, language, birthdate, country, gender, profile_image,
     cropped_profile_image, terms_accepted_at, phone_verified_at, email_verified_at)
     values ($1, $2, '+972', $3, 'x', 'Noa', 'Levi', 'he', '1950-01-01', 'IL', 'female',
     '/api/files/image/whole', $4, now(), now(), $5)`,
    [id, `${id}@example.com`, id.slice(0, 9), croppedImage, verified ? new Date() : null],
  );

// On each engine: the standalone process migrates its PGlite data as the service migrates
// PostgreSQL.
describeEachEngine('users migrations', (engine) => {
  it(
    'announce every verified member once more, dated the epoch, and no one still being verified',
    async () => {
      const database = await openTestDatabase(engine, { poolSize: 2 });
      const { schema, folder } = usersService.migrations;
      const before = migrationsBefore(folder, '0004_announce_verified_members');
      try {
        await runMigrations(database.handle, { schema, folder: before.folder });
        const verified = randomUUID();
        const pending = randomUUID();
        await insertUser(database.query, verified, true, '/api/files/image/cropped');
        await insertUser(database.query, pending, false, null);
        // Up to 0004 only: 0005 announces them again, with their address (its own case below).
        const through = migrationsBefore(folder, '0005_announce_member_emails');
        await runMigrations(database.handle, { schema, folder: through.folder });
        through.remove();
        const events = await database.query<{ payload: unknown; at: string }>(
          `select payload, extract(epoch from occurred_at)::int as at from users.outbox
           where type = 'user.updated'`,
        );
        expect(events).toEqual([
          {
            payload: {
              userId: verified,
              firstname: 'Noa',
              lastname: 'Levi',
              fullname: 'Noa Levi',
              language: 'he',
              profileImage: '/api/files/image/cropped',
            },
            at: 0,
          },
        ]);
      } finally {
        before.remove();
        await database.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every verified member with their email address, dated the epoch (issue 32)',
    async () => {
      const database = await openTestDatabase(engine, { poolSize: 2 });
      const { schema, folder } = usersService.migrations;
      const before = migrationsBefore(folder, '0005_announce_member_emails');
      try {
        await runMigrations(database.handle, { schema, folder: before.folder });
        const verified = randomUUID();
        await insertUser(database.query, verified, true, null);
        await insertUser(database.query, randomUUID(), false, null);
        await database.query('delete from users.outbox');
        // Up to 0005 only: 0006 announces them again for the circles service (its case below).
        const through = migrationsBefore(folder, '0006_announce_members_for_circles');
        await runMigrations(database.handle, { schema, folder: through.folder });
        through.remove();
        const events = await database.query<{ payload: { email?: string }; at: string }>(
          `select payload, extract(epoch from occurred_at)::int as at from users.outbox
           where type = 'user.updated'`,
        );
        expect(events).toEqual([
          {
            payload: expect.objectContaining({
              userId: verified,
              email: `${verified}@example.com`,
            }),
            at: 0,
          },
        ]);
      } finally {
        before.remove();
        await database.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every verified member once more for the circles service, with their address (issue 34)',
    async () => {
      const database = await openTestDatabase(engine, { poolSize: 2 });
      const { schema, folder } = usersService.migrations;
      const before = migrationsBefore(folder, '0006_announce_members_for_circles');
      try {
        await runMigrations(database.handle, { schema, folder: before.folder });
        const verified = randomUUID();
        await insertUser(database.query, verified, true, null);
        await insertUser(database.query, randomUUID(), false, null);
        await database.query('delete from users.outbox');
        // Up to 0006 only: 0010 announces them again for the moderation service (below).
        const through = migrationsBefore(folder, '0010_announce_members_to_moderation');
        await runMigrations(database.handle, { schema, folder: through.folder });
        through.remove();
        const events = await database.query<{ payload: { email?: string }; at: string }>(
          `select payload, extract(epoch from occurred_at)::int as at from users.outbox
           where type = 'user.updated'`,
        );
        expect(events).toEqual([
          {
            payload: expect.objectContaining({
              userId: verified,
              email: `${verified}@example.com`,
            }),
            at: 0,
          },
        ]);
      } finally {
        before.remove();
        await database.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
  it(
    'announce every verified member once more for the moderation service, with their address (issue 35)',
    async () => {
      const database = await openTestDatabase(engine, { poolSize: 2 });
      const { schema, folder } = usersService.migrations;
      const before = migrationsBefore(folder, '0010_announce_members_to_moderation');
      try {
        await runMigrations(database.handle, { schema, folder: before.folder });
        const verified = randomUUID();
        await insertUser(database.query, verified, true, '/api/files/image/cropped');
        await insertUser(database.query, randomUUID(), false, null);
        // What the migrations before announced was relayed long ago.
        await database.query('delete from users.outbox');
        // Up to 0010 only: 0011 announces them to the search service (below).
        const through = migrationsBefore(folder, '0011_announce_members_to_search');
        await runMigrations(database.handle, { schema, folder: through.folder });
        through.remove();
        const events = await database.query<{ type: string; payload: unknown; at: number }>(
          `select type, payload, extract(epoch from occurred_at)::int as at from users.outbox`,
        );
        // Dated the epoch: every subscriber keeps a newer word it has, and tells no one.
        expect(events).toEqual([
          {
            type: 'user.updated',
            payload: {
              userId: verified,
              firstname: 'Noa',
              lastname: 'Levi',
              fullname: 'Noa Levi',
              language: 'he',
              profileImage: '/api/files/image/cropped',
              email: `${verified}@example.com`,
            },
            at: 0,
          },
        ]);
      } finally {
        before.remove();
        await database.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
  it(
    'announce every verified member to the search service once, as a live change describes them, dated the epoch (issue 36)',
    async () => {
      const database = await openTestDatabase(engine, { poolSize: 2 });
      const sql = database.query;
      const { schema, folder } = usersService.migrations;
      const before = migrationsBefore(folder, '0011_announce_members_to_search');
      const [listed, quiet, mottoOnly, pending] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      try {
        await runMigrations(database.handle, { schema, folder: before.folder });
        // In the directory, with a motto and an about, and the whole picture only.
        await insertUser(sql, listed, true, null);
        await sql(
          `update users.users set moto = 'שלום לכולם', about_me = 'I bake bread.',
             published_answers = 2, published_topics = 'Bread',
             published_at = timestamptz '2026-03-04T05:06:07.089Z' where id = $1`,
          [listed],
        );
        // Never published (its account's date, to the microsecond), no words, a cropped picture.
        await insertUser(sql, quiet, true, '/api/files/image/cropped');
        await sql(
          `update users.users set about_me = '',
             created_at = timestamptz '2026-01-02T03:04:05.678999Z' where id = $1`,
          [quiet],
        );
        await insertUser(sql, mottoOnly, true, null);
        // Held by moderation: announced with that word, so others never find it meanwhile.
        await sql(
          `update users.users set moto = 'Only a motto', moderation_state = 'held',
             moderation_case_id = 'case-7' where id = $1`,
          [mottoOnly],
        );
        // Still being verified: nobody's to find.
        await insertUser(sql, pending, false, null);
        await sql(`update users.users set published_answers = 1 where id = $1`, [pending]);
        await sql('delete from users.outbox');

        await runMigrations(database.handle, { schema, folder });
        const events = await sql<{ type: string; payload: Record<string, unknown>; at: number }>(
          `select type, payload, extract(epoch from occurred_at)::int as at from users.outbox`,
        );
        const byId = new Map(events.map((event) => [event.payload['id'], event]));
        expect(byId.size).toBe(events.length);
        expect([...byId.keys()].sort()).toEqual([listed, quiet, mottoOnly].sort());
        for (const event of events)
          expect([event.type, event.at]).toEqual(['searchable.changed', 0]);
        expect(byId.get(listed)?.payload).toEqual({
          kind: 'person',
          id: listed,
          ownerId: listed,
          audience: 'public',
          title: 'Noa Levi',
          text: 'שלום לכולם\nI bake bread.',
          image: '/api/files/image/whole',
          createdAt: '2026-03-04T05:06:07.089Z',
          deleted: false,
        });
        expect(byId.get(quiet)?.payload).toMatchObject({
          audience: 'private',
          text: '',
          image: '/api/files/image/cropped',
          createdAt: '2026-01-02T03:04:05.678Z',
        });
        expect(byId.get(mottoOnly)?.payload).toMatchObject({
          text: 'Only a motto',
          withheld: { state: 'held', caseId: 'case-7' },
        });
        // The same, field for field, as the live changes describe each (searchable.ts).
        const users = new UsersRepository(database.handle.db);
        for (const id of [listed, quiet]) {
          const row = await users.findById(id);
          expect(byId.get(id)?.payload).toEqual(row && searchablePerson(row));
        }
      } finally {
        before.remove();
        await database.close();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
