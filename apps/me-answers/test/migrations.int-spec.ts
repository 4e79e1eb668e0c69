import { randomUUID } from 'node:crypto';
import { openDatabase, runMigrations } from '@mepedia/server-database';
import {
  createTestDatabase,
  migrationsBefore,
  SETUP_TIMEOUT_MS,
  withClient,
} from '@mepedia/server-testing';
import { ME_ANSWERS_MIGRATIONS } from '../src/me-answers.app';

describe('me-answers migrations', () => {
  it(
    'announce the answers that were private before the comments service was told',
    async () => {
      const database = await createTestDatabase();
      const handle = await openDatabase({ url: database.url, poolSize: 2 });
      const before = migrationsBefore(
        ME_ANSWERS_MIGRATIONS.folder,
        '0002_announce_private_answers',
      );
      const [secret, open, member] = [randomUUID(), randomUUID(), randomUUID()];
      try {
        await runMigrations(handle, { ...ME_ANSWERS_MIGRATIONS, folder: before.folder });
        await withClient(database.url, (client) =>
          client.query(
            `insert into me_answers.answers (id, user_id, question_id, draft, privacy)
             values ($1, $3, 'roots', '{}', 'private'), ($2, $3, 'places', '{}', 'public')`,
            [secret, open, member],
          ),
        );
        await runMigrations(handle, ME_ANSWERS_MIGRATIONS);
        await withClient(database.url, async (client) => {
          const events = await client.query(
            'select type, payload from me_answers.outbox where published_at is null',
          );
          expect(events.rows).toEqual([
            {
              type: 'meAnswer.privacy.changed',
              payload: { meAnswerId: secret, userId: member, privacy: 'private' },
            },
          ]);
        });
      } finally {
        before.remove();
        await handle.close();
        await database.drop();
      }
    },
    SETUP_TIMEOUT_MS,
  );

  it(
    'announce every answer with live text, public ones too, so comments and reactions know it',
    async () => {
      const database = await createTestDatabase();
      const handle = await openDatabase({ url: database.url, poolSize: 2 });
      const before = migrationsBefore(ME_ANSWERS_MIGRATIONS.folder, '0003_announce_every_answer');
      const [secret, open, draft, member] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      try {
        await runMigrations(handle, { ...ME_ANSWERS_MIGRATIONS, folder: before.folder });
        await withClient(database.url, (client) =>
          client.query(
            `insert into me_answers.answers (id, user_id, question_id, draft, live, privacy)
             values ($1, $4, 'roots', '{}', '{"roots-1":"a"}', 'private'),
                    ($2, $4, 'places', '{}', '{"places-1":"b"}', 'public'),
                    ($3, $4, 'work', '{"work-1":"c"}', null, 'public')`,
            [secret, open, draft, member],
          ),
        );
        await runMigrations(handle, ME_ANSWERS_MIGRATIONS);
        await withClient(database.url, async (client) => {
          // An answer made private right after the deploy, announced by an app whose clock is a
          // day behind the database's, must still outrank these (consumers keep a newer word).
          const dated = await client.query<{ beaten: boolean }>(
            `select bool_and(occurred_at < now() - interval '1 day') as beaten
             from me_answers.outbox where published_at is null`,
          );
          expect(dated.rows).toEqual([{ beaten: true }]);
          const events = await client.query(
            `select type, payload from me_answers.outbox where published_at is null
             order by payload->>'privacy'`,
          );
          // A draft nobody reads is no subject yet: its first live save announces it.
          expect(events.rows).toEqual([
            {
              type: 'meAnswer.privacy.changed',
              payload: { meAnswerId: secret, userId: member, privacy: 'private' },
            },
            {
              type: 'meAnswer.privacy.changed',
              payload: { meAnswerId: open, userId: member, privacy: 'public' },
            },
          ]);
        });
      } finally {
        before.remove();
        await handle.close();
        await database.drop();
      }
    },
    SETUP_TIMEOUT_MS,
  );
});
