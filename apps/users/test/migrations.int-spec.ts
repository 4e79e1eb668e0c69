import { randomUUID } from 'node:crypto';
import { runMigrations } from '@mepedia/server-database';
import {
  describeEachEngine,
  openTestDatabase,
  type TestDatabase,
} from '@mepedia/server-service-testing';
import { migrationsBefore, SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { usersService } from '../src/users.app';

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
        await runMigrations(database.handle, { schema, folder });
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
});
