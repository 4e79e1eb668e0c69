import { randomUUID } from 'node:crypto';
import { type DomainEventPayload, domainEvents } from '@mepedia/contracts';
import { describeEachEngine, upgradeAcross } from '@mepedia/server-service-testing';
import { SETUP_TIMEOUT_MS } from '@mepedia/server-testing';
import { moderationService } from '../src/moderation.app';

type Announced = { type: string; payload: Record<string, unknown>; at: number };

// Each upgrade on each engine: the standalone process migrates its PGlite data as the service
// migrates PostgreSQL.
describeEachEngine('moderation migrations', (engine) => {
  it(
    'announce the blocks in force and the items held or removed once more, dated the epoch, for the search service (issue 36)',
    async () => {
      const [ana, ben, cara, dov] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const [held, removed, shown, gone] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
      const [oldCase, newCase, otherCase] = [randomUUID(), randomUUID(), randomUUID()];
      await upgradeAcross(
        engine,
        moderationService.migrations,
        '0004_announce_blocks_and_holds_to_search',
        async (sql) => {
          await sql(
            `insert into moderation.member_blocks (blocker_id, blocked_id, kind, active, changed_at)
             values ($1, $2, 'block', true, now()), ($2, $3, 'block', false, now()),
                    ($3, $4, 'mute', true, now())`,
            [ana, ben, cara, dov],
          );
          const item = (kind: string, itemId: string, state: string, deleted = false) =>
            sql(
              `insert into moderation.items (kind, item_id, owner_id, audience, audience_owner_id,
                 title, excerpt, subject_id, deleted, heard_at, state)
               values ($1, $2, $3, 'public', $3, 'A title', null, null, $4, now(), $5)`,
              [kind, itemId, ana, deleted, state],
            );
          await item('post', held, 'held');
          await item('profile', ben, 'removed');
          await item('answer', removed, 'removed');
          await item('post', shown, 'visible');
          await item('post', gone, 'removed', true);
          const opened = (id: string, kind: string, itemId: string, at: string) =>
            sql(
              `insert into moderation.cases (id, kind, item_id, owner_id, status, opened_at)
               values ($1, $2, $3, $4, 'closed', $5)`,
              [id, kind, itemId, ana, at],
            );
          // Two cases about the held post: the later one decided its state.
          await opened(oldCase, 'post', held, '2025-01-01T00:00:00Z');
          await opened(newCase, 'post', held, '2026-01-01T00:00:00Z');
          await opened(otherCase, 'profile', ben, '2026-02-01T00:00:00Z');
          await opened(randomUUID(), 'answer', removed, '2026-03-01T00:00:00Z');
          // What the service announced before was relayed long ago.
          await sql('delete from moderation.outbox');
        },
        async (sql) => {
          const events = await sql<Announced>(
            `select type, payload, extract(epoch from occurred_at)::int as at from moderation.outbox`,
          );
          for (const event of events)
            domainEvents[event.type as keyof typeof domainEvents].parse(event.payload);
          expect(events.filter((event) => event.type === 'member.block.changed')).toEqual([
            {
              type: 'member.block.changed',
              payload: {
                blockerId: ana,
                blockedId: ben,
                kind: 'block',
                active: true,
              } satisfies DomainEventPayload<'member.block.changed'>,
              at: 0,
            },
          ]);
          const words = events
            .filter((event) => event.type === 'moderation.item.changed')
            .map((event) => event.payload as DomainEventPayload<'moderation.item.changed'>);
          expect(words).toHaveLength(3);
          expect(words).toEqual(
            expect.arrayContaining([
              { kind: 'post', itemId: held, ownerId: ana, state: 'held', caseId: newCase },
              { kind: 'profile', itemId: ben, ownerId: ana, state: 'removed', caseId: otherCase },
              expect.objectContaining({ kind: 'answer', itemId: removed, state: 'removed' }),
            ]),
          );
          expect(events.every((event) => event.at === 0)).toBe(true);
        },
      );
    },
    SETUP_TIMEOUT_MS,
  );
});
