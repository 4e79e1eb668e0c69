import { randomUUID } from 'node:crypto';
import {
  type Decision,
  type DomainEventEnvelope,
  type DomainEventPayload,
  type ErrorEnvelope,
  type QueuePage,
} from '@mepedia/contracts';
import { InProcessQueue, type Job } from '@mepedia/server-queue';
import {
  describeEachEngine,
  startTestService,
  type TestService,
} from '@mepedia/server-service-testing';
import {
  eventually,
  newMember,
  SETUP_TIMEOUT_MS,
  testEnvelope as envelope,
  type TestMember as Member,
} from '@mepedia/server-testing';
import { createModerationApp } from '../src/moderation.app';

type Existing = DomainEventPayload<'existingItem.announced'>;

/** The epoch: the date of the upgrade migrations' announcements (old items, circles). */
const EPOCH = new Date(0);

// The moderation service and the items that existed before it (issue 35), on each engine: the
// owning services' migrations announce each once (existingItem.announced, dated the epoch), and
// it keeps them as it keeps a live word: reportable by whoever may read them, outranked by any
// live word whichever comes first, never bringing back a deleted item or a departed member's.
// The circle memberships from before it come as circle.member.added, dated the epoch too.
describeEachEngine('moderation: items from before it', (engine) => {
  const queue = new InProcessQueue();
  const announced: DomainEventEnvelope[] = [];
  let tested: TestService;

  const post = <T>(who: Member, path: string, body: unknown) =>
    tested.call<T>('POST', `/api/moderation/${path}`, { headers: tested.as(who), body });
  const report = (who: Member, itemKind: string, itemId: string) =>
    post<ErrorEnvelope>(who, 'report', { itemKind, itemId, reason: 'spam' });
  const itemRow = (kind: string, itemId: string) =>
    tested.database
      .query<{ audience: string; title: string | null; state: string; deleted: boolean }>(
        'select audience, title, state, deleted from moderation.items where kind = $1 and item_id = $2',
        [kind, itemId],
      )
      .then((rows) => rows[0]);

  /** Hand an event to the service and wait until every event it was given is handled. */
  async function hear(type: string, payload: unknown, at = new Date()) {
    const event = envelope(type, payload, at, 'test');
    await queue.add('events-moderation', type, event, { jobId: event.id, attempts: 1 });
    await eventually(
      async () => {
        const { waiting, active, delayed } = await queue.counts('events-moderation');
        return waiting + active + delayed === 0 || undefined;
      },
      { what: `${type} handled` },
    );
    expect(await queue.failed('events-moderation')).toEqual([]);
  }

  /** A post, answer or comment as its service's migration announces it. */
  const existing = (item: Partial<Existing> & Pick<Existing, 'kind' | 'ownerId'>) =>
    hear(
      'existingItem.announced',
      {
        itemId: randomUUID(),
        audience: 'public',
        audienceOwnerId: item.ownerId,
        title: 'Where I come from',
        excerpt: 'It began by the sea.',
        subjectId: null,
        questionId: null,
        ...item,
      } satisfies Existing,
      EPOCH,
    );

  beforeAll(async () => {
    queue.process(
      'events',
      async (job: Job) => void announced.push(job.data as DomainEventEnvelope),
    );
    tested = await startTestService(
      'moderation',
      (platform) =>
        createModerationApp(platform, { publicUrl: 'https://mepedia.test', holdAfterReports: 3 }),
      { queue, engine },
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  it('takes reports of an old item from its readers alone', async () => {
    const [owner, reader] = [newMember(), newMember()];
    const [open, secret] = [randomUUID(), randomUUID()];
    await existing({ kind: 'post', itemId: open, ownerId: owner.userId });
    await existing({ kind: 'post', itemId: secret, ownerId: owner.userId, audience: 'private' });
    expect((await report(reader, 'post', open)).status).toBe(201);
    const refused = await report(reader, 'post', secret);
    expect(refused.status).toBe(404);
    expect(refused.body.code).toBe('REPORT_ITEM_NOT_FOUND');
  });

  it('keeps a live word over the old one, whichever comes first', async () => {
    const owner = newMember();
    const [heardFirst, heardLater] = [randomUUID(), randomUUID()];
    // The live word came before the migration's was relayed: the old one changes nothing.
    await hear('post.published', {
      postId: heardFirst,
      publisherId: owner.userId,
      title: 'Renamed',
      excerpt: 'New words.',
      privacy: 'private',
      createdAt: new Date().toISOString(),
    });
    await existing({ kind: 'post', itemId: heardFirst, ownerId: owner.userId });
    expect(await itemRow('post', heardFirst)).toMatchObject({
      audience: 'private',
      title: 'Renamed',
    });
    // The old word first: a live change after it stands.
    await existing({ kind: 'post', itemId: heardLater, ownerId: owner.userId });
    await hear('post.privacy.changed', {
      postId: heardLater,
      publisherId: owner.userId,
      privacy: 'members',
    });
    expect(await itemRow('post', heardLater)).toMatchObject({ audience: 'members' });
  });

  it('brings back no deleted item, nothing of a member who left, nor a comment on their story', async () => {
    const [owner, gone, reader] = [newMember(), newMember(), newMember()];
    const deleted = randomUUID();
    await hear('post.published', {
      postId: deleted,
      publisherId: owner.userId,
      title: 'Gone',
      excerpt: 'Soon deleted.',
      privacy: 'public',
      createdAt: new Date().toISOString(),
    });
    await hear('post.deleted', { postId: deleted, publisherId: owner.userId });
    await existing({ kind: 'post', itemId: deleted, ownerId: owner.userId });
    expect(await itemRow('post', deleted)).toMatchObject({ deleted: true });
    expect((await report(reader, 'post', deleted)).status).toBe(404);

    await hear('user.deleted', { userId: gone.userId });
    const [theirs, onTheirs] = [randomUUID(), randomUUID()];
    await existing({ kind: 'post', itemId: theirs, ownerId: gone.userId });
    // A comment by someone still here, in the departed member's discussion.
    await existing({
      kind: 'comment',
      itemId: onTheirs,
      ownerId: owner.userId,
      audienceOwnerId: gone.userId,
      title: null,
      subjectId: theirs,
    });
    expect(await itemRow('post', theirs)).toBeUndefined();
    expect(await itemRow('comment', onTheirs)).toBeUndefined();
  });

  it('takes a circle item’s report from a member the circles service announced on upgrade, until a live removal whichever comes first', async () => {
    const [owner, kept, removedBefore, removedAfter, gone] = [
      newMember(),
      newMember(),
      newMember(),
      newMember(),
      newMember(),
    ];
    const story = randomUUID();
    await existing({ kind: 'post', itemId: story, ownerId: owner.userId, audience: 'circle' });
    const upgraded = (member: Member) =>
      hear('circle.member.added', { ownerId: owner.userId, memberId: member.userId }, EPOCH);
    const removed = (member: Member) =>
      hear('circle.member.removed', { ownerId: owner.userId, memberId: member.userId });
    // The circles service's migration announces the memberships in force as circle.member.added,
    // dated the epoch.
    await upgraded(kept);
    expect((await report(kept, 'post', story)).status).toBe(201);
    // Removed live before the old word was relayed, or after: out of the circle either way.
    await removed(removedBefore);
    await upgraded(removedBefore);
    await upgraded(removedAfter);
    await removed(removedAfter);
    for (const outside of [removedBefore, removedAfter]) {
      const refused = await report(outside, 'post', story);
      expect([refused.status, refused.body.code]).toEqual([404, 'REPORT_ITEM_NOT_FOUND']);
    }
    // A member who left is written back into no circle.
    await hear('user.deleted', { userId: gone.userId });
    await upgraded(gone);
    expect(
      await tested.database.count(
        'select count(*)::int as n from moderation.circle_memberships where member_id = $1',
        [gone.userId],
      ),
    ).toBe(0);
  });

  it('has an old magazine post follow its answer that moderators took down', async () => {
    const [owner, reporter] = [newMember(), newMember()];
    const moderator = newMember({ roles: ['moderator'] });
    const [answerId, postId, questionId] = [randomUUID(), randomUUID(), 'roots'];
    await hear('meAnswer.privacy.changed', {
      meAnswerId: answerId,
      userId: owner.userId,
      privacy: 'public',
      questionId,
      title: { en: 'Where I come from', he: 'מאיפה באתי' },
    });
    expect((await report(reporter, 'answer', answerId)).status).toBe(201);
    const queued = await post<QueuePage>(moderator, 'getQueue', { status: 'open', limit: 50 });
    const open = queued.body.cases.find((c) => c.item.itemId === answerId);
    if (!open) throw new Error('no case for the answer');
    const removed = await post<Decision>(moderator, 'decide', {
      caseId: open.caseId,
      version: open.version,
      action: 'remove',
      rule: 'spam',
      statement: 'An advertisement for pills.',
    });
    expect(removed.status).toBe(200);

    // Its post, made before the moderation service existed, is announced after the decision.
    await existing({ kind: 'post', itemId: postId, ownerId: owner.userId, questionId });
    expect(await itemRow('post', postId)).toMatchObject({ state: 'removed' });
    await eventually(
      () =>
        announced.find(
          (event) =>
            event.type === 'moderation.item.changed' &&
            (event.payload as { itemId: string }).itemId === postId,
        )?.payload,
      { what: 'the post’s word' },
    ).then((word) =>
      expect(word).toEqual({
        kind: 'post',
        itemId: postId,
        ownerId: owner.userId,
        state: 'removed',
        caseId: open.caseId,
      }),
    );
  });
});
