import type { DomainEventEnvelope } from '@mepedia/contracts';
import { createLogger } from '@mepedia/server-http';
import type { Job } from '@mepedia/server-queue';
import { domainEventsHandler, removeDeletedMember } from './domain-events';

const logger = createLogger({ name: 'test', level: 'silent' });
const job = (type: string, payload: unknown) =>
  ({
    id: 'j1',
    name: type,
    data: {
      id: 'e1',
      type,
      source: 'users',
      occurredAt: '2026-11-22T12:00:00.000Z',
      payload,
    } satisfies DomainEventEnvelope,
  }) as unknown as Job;

describe(domainEventsHandler.name, () => {
  it('hands each subscribed type its payload, checked, with the envelope', async () => {
    const seen: unknown[] = [];
    const handle = domainEventsHandler('test', logger, {
      'post.deleted': async (payload, event) => void seen.push([payload, event.occurredAt]),
    });
    await handle(job('post.deleted', { postId: 'p1', publisherId: 'u1' }));
    expect(seen).toEqual([[{ postId: 'p1', publisherId: 'u1' }, '2026-11-22T12:00:00.000Z']]);
    // A payload that is not the contract's fails the job (to be retried and seen), not quietly.
    await expect(handle(job('post.deleted', { postId: 1 }))).rejects.toThrow();
  });

  it('lets a type it has no handler for go, whatever its name', async () => {
    const handle = domainEventsHandler('test', logger, {});
    await expect(handle(job('user.deleted', { userId: 'u1' }))).resolves.toBeUndefined();
    await expect(handle(job('toString', {}))).resolves.toBeUndefined();
  });
});

describe(removeDeletedMember.name, () => {
  it('removes a member by id, and takes an id that is no member’s in its stride', async () => {
    const removed: string[] = [];
    const handle = removeDeletedMember(logger, 'things', async (userId, event) =>
      removed.push(`${userId} at ${event.occurredAt}`),
    );
    const envelope = (userId: string) => ({
      id: 'e1',
      type: 'user.deleted',
      source: 'users',
      occurredAt: '2026-11-23T10:00:00.000Z',
      payload: { userId },
    });
    await handle({ userId: 'not-a-uuid' }, envelope('not-a-uuid'));
    const member = '0190a3c4-5b6d-7e8f-9a0b-1c2d3e4f5a6b';
    await handle({ userId: member }, envelope(member));
    expect(removed).toEqual([`${member} at 2026-11-23T10:00:00.000Z`]);
  });
});
