import { randomUUID } from 'node:crypto';
import type { MigrationTarget } from '@mepedia/server-database';
import { upgradeAcross, type TestEngine } from './test-database';

/** The migration of each service keeping subjects that brought audiences (issue 34). */
export const SUBJECT_AUDIENCES_MIGRATION = '0007_subject_audiences';

/**
 * The upgrade to audiences of a service that keeps the subjects read model (feed-messages and
 * reactions, each with the same migration in its own schema), on `engine`: rows the previous
 * release wrote (`private` alone) get the same audience (`private` or `public`); afterwards
 * `private` stays `audience <> 'public'` whoever writes: this release names `audience` alone, and
 * the previous one, still running during the upgrade, names `private` alone and moves
 * `audience` with it, never wider than `private` or `public`. An audience of another name is
 * refused.
 */
export async function expectSubjectAudiencesUpgrade(
  engine: TestEngine,
  migrations: MigrationTarget,
): Promise<void> {
  const table = `"${migrations.schema}"."subject_privacy"`;
  const [wasPrivate, wasPublic, wasDeleted] = [randomUUID(), randomUUID(), randomUUID()];
  const owner = randomUUID();
  await upgradeAcross(
    engine,
    migrations,
    SUBJECT_AUDIENCES_MIGRATION,
    (sql) =>
      sql(
        `insert into ${table} (subject_id, owner_id, private, deleted, changed_at) values
           ($1, $4, true, false, now()), ($2, $4, false, false, now()), ($3, $4, true, true, now())`,
        [wasPrivate, wasPublic, wasDeleted, owner],
      ),
    async (sql) => {
      const rows = async () =>
        Object.fromEntries(
          (
            await sql<{ id: string; audience: string; private: boolean }>(
              `select subject_id as id, audience, private from ${table}`,
            )
          ).map(({ id, audience, private: closed }) => [id, `${audience} ${closed}`]),
        );
      expect(await rows()).toEqual({
        [wasPrivate]: 'private true',
        [wasPublic]: 'public false',
        [wasDeleted]: 'private true',
      });

      // This release: `audience` alone, in an insert and an update (as SubjectStore writes).
      const [circle, members, old, oldClosed] = [
        randomUUID(),
        randomUUID(),
        randomUUID(),
        randomUUID(),
      ];
      await sql(
        `insert into ${table} (subject_id, owner_id, audience, changed_at)
         values ($1, $3, 'circle', now()), ($2, $3, 'members', now())`,
        [circle, members, owner],
      );
      await sql(`update ${table} set audience = 'public' where subject_id = $1`, [wasPrivate]);
      await sql(`update ${table} set audience = 'members' where subject_id = $1`, [wasPublic]);
      // The previous release: `private` alone, in an insert and an update.
      await sql(
        `insert into ${table} (subject_id, owner_id, private, changed_at)
         values ($1, $3, false, now()), ($2, $3, true, now())`,
        [old, oldClosed, owner],
      );
      // It heard a circle post made private (it says `private` of both): closed for good.
      await sql(`update ${table} set private = true where subject_id = $1`, [circle]);
      // It heard a members' post made public.
      await sql(`update ${table} set private = false where subject_id = $1`, [members]);

      expect(await rows()).toEqual({
        [wasPrivate]: 'public false',
        [wasPublic]: 'members true',
        [wasDeleted]: 'private true',
        [circle]: 'private true',
        [members]: 'public false',
        [old]: 'public false',
        [oldClosed]: 'private true',
      });
      await expect(
        sql(
          `insert into ${table} (subject_id, owner_id, audience, changed_at)
           values ($1, $2, 'friends', now())`,
          [randomUUID(), owner],
        ),
      ).rejects.toThrow(/subject_privacy_audience_check/);
    },
  );
}
