import { randomUUID } from 'node:crypto';
import { removedMemberKey } from '@mepedia/server-database';
import {
  describeEachEngine,
  upgradeAcross,
  type TestDatabase,
} from '@mepedia/server-service-testing';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { circlesService } from '../src/circles.app';

type Sql = TestDatabase['query'];

const addToCircle = (sql: Sql, ownerId: string, memberId: string) =>
  sql(`insert into circles.circle_members (owner_id, member_id, added_at) values ($1, $2, now())`, [
    ownerId,
    memberId,
  ]);

/** An invitation of the owner's, accepted by `acceptedBy` or still waiting (null). */
const invitation = (sql: Sql, ownerId: string, acceptedBy: string | null) =>
  sql(
    `insert into circles.circle_invitations (id, owner_id, kind, token_digest, created_at,
     expires_at, accepted_by, accepted_at)
     values ($1, $2, 'link', $3, now(), now() + interval '14 days', $4, $5)`,
    [randomUUID(), ownerId, randomUUID(), acceptedBy, acceptedBy ? new Date() : null],
  );

// Each upgrade on each engine: the standalone process migrates its PGlite data as the service
// migrates PostgreSQL.
describeEachEngine('circles migrations', (engine) => {
  it(
    'announce every membership in force once more, to moderation (issue 35) and to search (issue 36), dated the epoch, and none of a member who left',
    async () => {
      const [noa, dan, tamar, removed] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      // Left Mepedia while their rows were still here (an acceptance that ran as they left).
      const [goneOwner, goneMember] = [randomUUID(), randomUUID()];
      await upgradeAcross(
        engine,
        circlesService.migrations,
        '0001_announce_memberships_to_moderation',
        async (sql) => {
          await addToCircle(sql, noa, dan);
          await addToCircle(sql, noa, tamar);
          await addToCircle(sql, dan, noa);
          await invitation(sql, noa, dan);
          // Accepted, then removed from the circle (or left it): the row went, the invitation stays.
          await invitation(sql, noa, removed);
          // Still waiting: no one is in a circle by it.
          await invitation(sql, tamar, null);
          await addToCircle(sql, goneOwner, tamar);
          await addToCircle(sql, dan, goneMember);
          for (const gone of [goneOwner, goneMember])
            await sql('insert into circles.removed_members (member_key) values ($1)', [
              removedMemberKey(gone),
            ]);
          // What the service announced before was relayed long ago.
          await sql('delete from circles.outbox');
        },
        async (sql) => {
          const events = await sql<{
            type: string;
            payload: { ownerId: string; memberId: string };
            at: number;
          }>(
            `select type, payload, extract(epoch from occurred_at)::int as at from circles.outbox`,
          );
          // circle.member.added itself: its subscribers keep a newer word they have, and tell
          // no one. Dated the epoch, so a live removal outranks it whichever comes first.
          const expected = [
            { ownerId: noa, memberId: dan },
            { ownerId: noa, memberId: tamar },
            { ownerId: dan, memberId: noa },
          ].map((payload) => ({ type: 'circle.member.added', payload, at: 0 }));
          // Once by 0001 (for the moderation service), once by 0002 (for the search service).
          expect(events).toHaveLength(expected.length * 2);
          for (const one of expected)
            expect(
              events.filter((event) => JSON.stringify(event) === JSON.stringify(one)),
            ).toHaveLength(2);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
});
