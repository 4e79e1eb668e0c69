import { randomUUID } from 'node:crypto';
import {
  QUEUES,
  type AuditPage,
  type BlockState,
  type MyBlocks,
  type CaseDetail,
  type Decision,
  type DecisionsPage,
  type DomainEventEnvelope,
  type EmailJob,
  type ErrorEnvelope,
  type MyReportsPage,
  type QueuePage,
  type ReportReceived,
  type Transparency,
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

// The moderation service over real HTTP on each engine (issue 35): reports and notices against
// the items it heard of (their audiences and circles), automatic holds, moderators' decisions and
// what they announce, statements of reasons and outcomes in the email queue in each member's
// language, appeals decided by another moderator, the audit log and the public counts.

const HOLD_AFTER = 3;

describeEachEngine('moderation', (engine) => {
  const queue = new InProcessQueue();
  const announced: DomainEventEnvelope[] = [];
  const emails: EmailJob[] = [];
  let tested: TestService;

  const as = (who: Member | null): Record<string, string> => (who ? tested.as(who) : {});
  const post = <T>(who: Member | null, path: string, body?: unknown) =>
    tested.call<T>('POST', `/api/moderation/${path}`, {
      headers: as(who),
      ...(body === undefined ? {} : { body }),
    });
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    tested.database.query<T>(text, params);

  /** An event as its service announces it; answers once the service applied it. */
  async function hear(
    type: string,
    payload: unknown,
    applied: () => Promise<boolean>,
    at = new Date(),
  ) {
    await queue.add('events-moderation', type, envelope(type, payload, at, 'test'));
    await eventually(async () => ((await applied()) ? true : undefined), {
      what: `${type} applied`,
    });
  }

  const itemRow = (kind: string, id: string) =>
    sql<{ state: string; audience: string; deleted: boolean }>(
      'select state, audience, deleted from moderation.items where kind = $1 and item_id = $2',
      [kind, id],
    ).then((rows) => rows[0]);

  /** A member the users service announced (name, language, address). */
  async function known(language: 'en' | 'he' = 'en', roles: Member['roles'] = []): Promise<Member> {
    const member = newMember({ language, roles });
    await hear(
      'user.updated',
      {
        userId: member.userId,
        firstname: 'Test',
        lastname: member.userId.slice(0, 4),
        fullname: `Test ${member.userId.slice(0, 4)}`,
        language,
        profileImage: null,
        email: `${member.userId}@example.com`,
      },
      async () => (await itemRow('profile', member.userId)) !== undefined,
    );
    return member;
  }

  /** A post its service announced, with this audience. */
  async function published(owner: Member, privacy = 'public', title = 'Where I come from') {
    const postId = randomUUID();
    await hear(
      'post.published',
      {
        postId,
        publisherId: owner.userId,
        title,
        excerpt: 'It began in a small town by the sea.',
        privacy,
        createdAt: new Date().toISOString(),
      },
      async () => (await itemRow('post', postId)) !== undefined,
    );
    return postId;
  }

  /**
   * A new comment by `author` on `postId` as feed-messages announces it (`feedMessage.changed`);
   * `extra` adds to what it says of the comment (its subject's owner, a review hold).
   */
  const commentOn = (
    author: Member,
    postId: string,
    excerpt: string,
    extra: Record<string, unknown> = {},
    messageId: string = randomUUID(),
  ) => ({
    messageId,
    subjectId: postId,
    deleted: false,
    comment: {
      authorId: author.userId,
      parentId: null,
      parentAuthorId: null,
      roomId: postId,
      excerpt,
      ...extra,
    },
  });

  async function inCircle(ownerId: string, memberId: string) {
    await hear(
      'circle.member.added',
      { ownerId, memberId },
      async () =>
        (
          await sql(
            'select 1 from moderation.circle_memberships where owner_id = $1 and member_id = $2 and in_circle',
            [ownerId, memberId],
          )
        ).length === 1,
    );
  }

  const report = (who: Member | null, itemId: string, reason = 'spam', itemKind = 'post') =>
    post<ReportReceived>(who, 'report', {
      itemKind,
      itemId,
      reason,
      words: 'Selling pills <b>here</b>',
    });

  const caseOf = async (moderator: Member, kind: string, itemId: string) => {
    const queuePage = await post<QueuePage>(moderator, 'getQueue', { status: 'open', limit: 50 });
    expect(queuePage.status).toBe(200);
    const found = queuePage.body.cases.find(
      (c) => c.item.kind === kind && c.item.itemId === itemId,
    );
    if (!found) throw new Error(`no open case for ${kind} ${itemId}`);
    return found;
  };

  const changesOf = (type: string, match: (payload: Record<string, unknown>) => boolean) =>
    announced.filter(
      (event) => event.type === type && match(event.payload as Record<string, unknown>),
    );

  const kindOf = (email: EmailJob) =>
    email.template === 'moderation' ? email.data.kind : undefined;
  const emailsTo = (to: string) => emails.filter((email) => email.to === to);
  const addressOf = (member: Member) => `${member.userId}@example.com`;

  beforeAll(async () => {
    queue.process(
      'events',
      async (job: Job) => void announced.push(job.data as DomainEventEnvelope),
    );
    queue.process(QUEUES.email, async (job: Job) => void emails.push(job.data as EmailJob));
    tested = await startTestService(
      'moderation',
      (platform) =>
        createModerationApp(platform, {
          publicUrl: 'https://mepedia.test',
          holdAfterReports: HOLD_AFTER,
        }),
      { queue, engine },
    );
  }, SETUP_TIMEOUT_MS);

  afterAll(async () => {
    await tested?.close();
    await queue.close();
  }, SETUP_TIMEOUT_MS);

  describe('reports', () => {
    it('takes a report of what the reporter may read, and refuses the rest as nothing', async () => {
      const [owner, reader, friend] = [await known(), await known(), await known()];
      const open = await published(owner);
      const closed = await published(owner, 'private');
      const family = await published(owner, 'circle');
      await inCircle(owner.userId, friend.userId);

      const taken = await report(reader, open);
      expect(taken.status).toBe(201);
      expect(taken.body).toEqual({ reportId: expect.any(String), receivedAt: expect.any(String) });

      // A private item, a circle item from outside, an id of nothing, an id of another kind:
      // the same 404, so a report never confirms that something exists.
      for (const [itemId, itemKind] of [
        [closed, 'post'],
        [family, 'post'],
        [randomUUID(), 'post'],
        [open, 'comment'],
        [owner.userId, 'answer'],
      ] as const) {
        const refused = await report(reader, itemId, 'spam', itemKind);
        expect(refused.status).toBe(404);
        expect((refused.body as unknown as ErrorEnvelope).code).toBe('REPORT_ITEM_NOT_FOUND');
      }
      expect((await report(friend, family)).status).toBe(201);

      const own = await report(owner, open);
      expect(own.status).toBe(400);
      expect((own.body as unknown as ErrorEnvelope).code).toBe('CANNOT_REPORT_OWN_ITEM');
      const twice = await report(reader, open, 'hate');
      expect(twice.status).toBe(409);
      expect((twice.body as unknown as ErrorEnvelope).code).toBe('ALREADY_REPORTED');

      const guest = await report(null, open);
      expect(guest.status).toBe(401);
      // Nothing half-done: the refused ones wrote no report.
      const [counted] = await sql<{ count: number }>(
        `select count(*)::int as count from moderation.reports r join moderation.cases c on c.id = r.case_id
         where c.item_id = any($1)`,
        [[open, closed, family]],
      );
      expect(counted?.count).toBe(2);
    });

    it('refuses a report of a comment under a post moderators hold, but for its author and the post’s owner', async () => {
      const [owner, author, reader] = [await known(), await known(), await known()];
      const postId = await published(owner);
      const said = commentOn(author, postId, 'a comment');
      const commentId = said.messageId;
      await hear(
        'feedMessage.changed',
        said,
        async () => (await itemRow('comment', commentId)) !== undefined,
      );
      const reportComment = (who: Member) => report(who, commentId, 'spam', 'comment');
      // Held after three members' reports of the post.
      for (const reporter of [await known(), await known(), await known()])
        expect((await report(reporter, postId)).status).toBe(201);
      expect((await itemRow('post', postId))?.state).toBe('held');

      const refused = await reportComment(reader);
      expect(refused.status).toBe(404);
      expect((refused.body as unknown as ErrorEnvelope).code).toBe('REPORT_ITEM_NOT_FOUND');
      expect((await reportComment(owner)).status).toBe(201);
      expect((await reportComment(author)).status).toBe(400);
    });

    it('refuses a bad reason, words too long and markup-laden bodies with field errors, in the caller’s language', async () => {
      const [owner, reader] = [await known(), await known('he')];
      const open = await published(owner);
      const bad = await post<ErrorEnvelope>(reader, 'report', {
        itemKind: 'post',
        itemId: open,
        reason: 'boring',
      });
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe('VALIDATION_FAILED');
      const long = await post<ErrorEnvelope>(reader, 'report', {
        itemKind: 'post',
        itemId: open,
        reason: 'spam',
        words: 'א'.repeat(1001),
      });
      expect(long.status).toBe(400);
      expect(JSON.stringify(long.body)).toContain('הטקסט ארוך מדי');
    });

    it('hides an item reported by three members until a moderator looks, and tells its author why', async () => {
      const owner = await known('he');
      const postId = await published(owner, 'public', 'כותרת');
      const reporters = [await known(), await known(), await known(), await known()];
      for (const [index, reporter] of reporters.slice(0, 2).entries()) {
        expect((await report(reporter, postId, index ? 'hate' : 'spam')).status).toBe(201);
      }
      expect((await itemRow('post', postId))?.state).toBe('visible');
      expect((await report(reporters[2]!, postId)).status).toBe(201);
      expect((await itemRow('post', postId))?.state).toBe('held');
      await eventually(
        async () =>
          changesOf(
            'moderation.item.changed',
            (p) => p['itemId'] === postId && p['state'] === 'held',
          ).length === 1 || undefined,
        { what: 'the hold announced' },
      );
      // A fourth report holds nothing again; the reporters may no longer see it to report it.
      expect((await report(reporters[3]!, postId)).status).toBe(404);
      const statement = await eventually(
        async () => emailsTo(addressOf(owner)).find((email) => email.template === 'moderation'),
        { what: 'the statement of reasons' },
      );
      expect(statement).toMatchObject({
        language: 'he',
        data: {
          kind: 'statement',
          action: 'hide',
          automatic: true,
          appealLink: 'https://mepedia.test/he/moderation/decisions',
        },
      });
      const mine = await post<DecisionsPage>(owner, 'getMyDecisions', {});
      expect(mine.body.decisions[0]).toMatchObject({
        action: 'hide',
        automatic: true,
        moderatorId: null,
      });
    });

    it('takes a notice from a guest with contact details, confirms it by email, and never counts it toward a hold', async () => {
      const owner = await known();
      const postId = await published(owner);
      const notice = {
        itemKind: 'post',
        itemId: postId,
        explanation: 'This post publishes my home address without my consent.',
        name: 'Dana',
        email: 'Dana@Example.org',
        goodFaith: true,
        language: 'he',
      };
      for (let i = 0; i < HOLD_AFTER; i++)
        expect((await post(null, 'notice', notice)).status).toBe(201);
      expect((await itemRow('post', postId))?.state).toBe('visible');
      const confirmation = await eventually(
        async () => emails.find((email) => email.to.toLowerCase() === 'dana@example.org'),
        { what: 'the confirmation' },
      );
      expect(confirmation).toMatchObject({
        language: 'he',
        data: { kind: 'noticeReceived', itemKind: 'post' },
      });
      const noFaith = await post<ErrorEnvelope>(null, 'notice', { ...notice, goodFaith: false });
      expect(noFaith.status).toBe(400);
      const tooShort = await post<ErrorEnvelope>(null, 'notice', { ...notice, explanation: 'bad' });
      expect(tooShort.status).toBe(400);
      const hidden = await post<ErrorEnvelope>(null, 'notice', {
        ...notice,
        itemId: await published(owner, 'members'),
      });
      expect(hidden.status).toBe(404);
    });
  });

  describe('decisions', () => {
    it('removes an item: announced, the case closed, the author told in their language, the reporters told the outcome', async () => {
      const [owner, reporter, moderator] = [
        await known('he'),
        await known(),
        await known('en', ['moderator']),
      ];
      const postId = await published(owner);
      await report(reporter, postId);
      const open = await caseOf(moderator, 'post', postId);
      expect(open).toMatchObject({
        reports: 1,
        notices: 0,
        reasons: [{ reason: 'spam', count: 1 }],
      });

      const detail = await post<CaseDetail>(moderator, 'getCase', { caseId: open.caseId });
      expect(detail.body.reportList[0]).toMatchObject({
        reporterId: reporter.userId,
        words: 'Selling pills <b>here</b>',
        excerptThen: 'It began in a small town by the sea.',
      });

      const decision = {
        caseId: open.caseId,
        version: open.version,
        action: 'remove',
        rule: 'spam',
        statement: 'The post advertises pills and links to a shop.',
      };
      // Another member, and a stale version: refused, nothing decided.
      expect((await post(reporter, 'decide', decision)).status).toBe(403);
      await report(await known(), postId, 'hate');
      const stale = await post<ErrorEnvelope>(moderator, 'decide', decision);
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe('CASE_CHANGED');
      expect((await itemRow('post', postId))?.state).toBe('visible');

      const fresh = await caseOf(moderator, 'post', postId);
      const removed = await post<Decision>(moderator, 'decide', {
        ...decision,
        version: fresh.version,
      });
      expect(removed.status).toBe(200);
      expect(removed.body).toMatchObject({
        action: 'remove',
        rule: 'spam',
        moderatorId: moderator.userId,
      });
      expect((await itemRow('post', postId))?.state).toBe('removed');
      await eventually(
        async () =>
          changesOf(
            'moderation.item.changed',
            (p) => p['itemId'] === postId && p['state'] === 'removed',
          ).length === 1 || undefined,
        { what: 'the removal announced' },
      );
      const statement = await eventually(
        async () => emailsTo(addressOf(owner)).find((email) => kindOf(email) === 'statement'),
        { what: 'the statement' },
      );
      expect(statement).toMatchObject({
        language: 'he',
        data: { action: 'remove', rule: 'spam', statement: decision.statement, automatic: false },
      });
      const outcome = await eventually(
        async () =>
          emailsTo(addressOf(reporter)).find((email) => kindOf(email) === 'reportOutcome'),
        { what: 'the outcome' },
      );
      expect(outcome).toMatchObject({ language: 'en', data: { outcome: 'actioned' } });
      const mine = await post<MyReportsPage>(reporter, 'getMyReports', {});
      expect(mine.body.reports.find((r) => r.itemId === postId)).toMatchObject({
        outcome: 'actioned',
      });

      // The case is closed: restoring is the only way back, and acting again is refused.
      const again = await post<ErrorEnvelope>(moderator, 'decide', {
        ...decision,
        version: fresh.version + 1,
      });
      expect(again.status).toBe(409);
      expect(again.body.code).toBe('ACTION_NOT_POSSIBLE');
    });

    it('dismisses: an automatic hold lifted, the reporters told nothing was wrong', async () => {
      const owner = await known();
      const postId = await published(owner);
      const reporters = [await known(), await known(), await known()];
      for (const reporter of reporters) await report(reporter, postId);
      expect((await itemRow('post', postId))?.state).toBe('held');
      const moderator = await known('en', ['moderator']);
      const open = await caseOf(moderator, 'post', postId);
      expect(open.autoHeld).toBe(true);
      const dismissed = await post<Decision>(moderator, 'decide', {
        caseId: open.caseId,
        version: open.version,
        action: 'dismiss',
        statement: 'A recipe is not spam.',
      });
      expect(dismissed.status).toBe(200);
      expect((await itemRow('post', postId))?.state).toBe('visible');
      const mine = await post<MyReportsPage>(reporters[0]!, 'getMyReports', {});
      expect(mine.body.reports.find((r) => r.itemId === postId)).toMatchObject({
        outcome: 'noViolation',
      });
      const restore = await post<ErrorEnvelope>(moderator, 'decide', {
        caseId: open.caseId,
        version: open.version + 1,
        action: 'restore',
        statement: 'Nothing to restore here.',
      });
      expect(restore.status).toBe(409);
      expect(restore.body.code).toBe('ACTION_NOT_POSSIBLE');
    });

    it('suspends and bans the author, each announced for the users service', async () => {
      const [owner, reporter, moderator] = [
        await known(),
        await known(),
        await known('en', ['moderator']),
      ];
      const first = await published(owner);
      await report(reporter, first, 'harassment');
      const open = await caseOf(moderator, 'post', first);
      const missingDays = await post<ErrorEnvelope>(moderator, 'decide', {
        caseId: open.caseId,
        version: open.version,
        action: 'suspend',
        rule: 'harassment',
        statement: 'Insults in every comment.',
      });
      expect(missingDays.status).toBe(400);
      const suspended = await post<Decision>(moderator, 'decide', {
        caseId: open.caseId,
        version: open.version,
        action: 'suspend',
        rule: 'harassment',
        statement: 'Insults in every comment.',
        days: 7,
      });
      expect(suspended.status).toBe(200);
      const until = Date.parse(suspended.body.suspendedUntil ?? '');
      expect(until - Date.now()).toBeGreaterThan(6.9 * 24 * 3600_000);
      await eventually(
        async () =>
          changesOf(
            'member.restriction.changed',
            (p) => p['userId'] === owner.userId && p['suspendedUntil'] !== null,
          ).length === 1 || undefined,
        { what: 'the suspension announced' },
      );

      const second = await published(owner);
      await report(reporter, second, 'harassment');
      const next = await caseOf(moderator, 'post', second);
      const ban = {
        caseId: next.caseId,
        version: next.version,
        action: 'ban',
        rule: 'harassment',
        statement: 'Back at it the day the suspension ended.',
      };
      expect((await post(moderator, 'decide', ban)).status).toBe(200);
      await eventually(
        async () =>
          changesOf(
            'member.restriction.changed',
            (p) => p['userId'] === owner.userId && p['banned'] === true,
          ).length === 1 || undefined,
        { what: 'the ban announced' },
      );
    });
  });

  describe('an answer and its magazine post', () => {
    /** A live answer its service announced, with its question's place. */
    async function answered(owner: Member, questionId: string) {
      const meAnswerId = randomUUID();
      await hear(
        'meAnswer.privacy.changed',
        {
          meAnswerId,
          userId: owner.userId,
          privacy: 'public',
          questionId,
          title: { en: 'Where I come from', he: 'מאיפה אני' },
        },
        async () => (await itemRow('answer', meAnswerId)) !== undefined,
      );
      return meAnswerId;
    }
    async function magazinePost(owner: Member, questionId: string) {
      const postId = randomUUID();
      await hear(
        'post.published',
        {
          postId,
          publisherId: owner.userId,
          title: 'Where I come from',
          excerpt: 'By the sea.',
          privacy: 'public',
          questionId,
          createdAt: new Date().toISOString(),
        },
        async () => (await itemRow('post', postId)) !== undefined,
      );
      return postId;
    }

    it('takes the magazine post along with a decision on the answer, and a post made later follows it', async () => {
      const [owner, reporter, moderator] = [
        await known(),
        await known(),
        await known('en', ['moderator']),
      ];
      const questionId = randomUUID();
      const answerId = await answered(owner, questionId);
      const postId = await magazinePost(owner, questionId);
      await report(reporter, answerId, 'privateInformation', 'answer');
      const open = await caseOf(moderator, 'answer', answerId);
      const removed = await post<Decision>(moderator, 'decide', {
        caseId: open.caseId,
        version: open.version,
        action: 'remove',
        rule: 'privateInformation',
        statement: 'It gives a neighbour’s full address.',
      });
      expect(removed.status).toBe(200);
      expect((await itemRow('post', postId))?.state).toBe('removed');
      await eventually(
        async () =>
          changesOf(
            'moderation.item.changed',
            (p) => p['itemId'] === postId && p['state'] === 'removed',
          ).length === 1 || undefined,
        { what: 'the post’s word' },
      );
      // Another question's post of the same member is untouched.
      const other = await magazinePost(owner, randomUUID());
      expect((await itemRow('post', other))?.state).toBe('visible');
      // The answer put back in the magazine later: its new post follows the decision at once.
      const again = await magazinePost(owner, questionId);
      expect((await itemRow('post', again))?.state).toBe('removed');
      await eventually(
        async () =>
          changesOf(
            'moderation.item.changed',
            (p) => p['itemId'] === again && p['caseId'] === open.caseId,
          ).length === 1 || undefined,
        { what: 'the later post’s word' },
      );
    });
  });

  describe('appeals', () => {
    it('lets the author appeal once, another moderator reverse it, and the item comes back', async () => {
      const [owner, stranger, reporter] = [await known(), await known(), await known()];
      const [decider, reviewer] = [await known('en', ['moderator']), await known('en', ['admin'])];
      const postId = await published(owner);
      await report(reporter, postId);
      const open = await caseOf(decider, 'post', postId);
      const removed = await post<Decision>(decider, 'decide', {
        caseId: open.caseId,
        version: open.version,
        action: 'remove',
        rule: 'spam',
        statement: 'Looks like an advertisement.',
      });
      const appeal = {
        decisionId: removed.body.decisionId,
        words: 'It is my grandmother’s recipe, not an ad.',
      };

      const notTheirs = await post<ErrorEnvelope>(stranger, 'appeal', appeal);
      expect(notTheirs.status).toBe(404);
      expect(notTheirs.body.code).toBe('DECISION_NOT_FOUND');
      expect((await post(owner, 'appeal', appeal)).status).toBe(201);
      const twice = await post<ErrorEnvelope>(owner, 'appeal', appeal);
      expect(twice.status).toBe(409);
      expect(twice.body.code).toBe('APPEAL_EXISTS');

      const waiting = await post<{ appeals: Array<{ appealId: string; decision: Decision }> }>(
        reviewer,
        'getAppeals',
        {},
      );
      const mine = waiting.body.appeals.find(
        (a) => a.decision.decisionId === removed.body.decisionId,
      );
      expect(mine).toBeDefined();
      const verdict = {
        appealId: mine!.appealId,
        outcome: 'reversed',
        statement: 'A recipe with a link to its source.',
      };
      const own = await post<ErrorEnvelope>(decider, 'decideAppeal', verdict);
      expect(own.status).toBe(403);
      expect(own.body.code).toBe('APPEAL_OWN_DECISION');
      expect((await post(reviewer, 'decideAppeal', verdict)).status).toBe(200);
      expect((await itemRow('post', postId))?.state).toBe('visible');
      const decided = await post<ErrorEnvelope>(reviewer, 'decideAppeal', verdict);
      expect(decided.status).toBe(409);
      expect(decided.body.code).toBe('APPEAL_DECIDED');
      const told = await eventually(
        async () => emailsTo(addressOf(owner)).find((email) => kindOf(email) === 'appealOutcome'),
        { what: 'the appeal outcome' },
      );
      expect(told).toMatchObject({ data: { outcome: 'reversed' } });
      const history = await post<DecisionsPage>(owner, 'getMyDecisions', {});
      expect(history.body.decisions.map((d) => d.action)).toEqual(['restore', 'remove']);
      expect(history.body.decisions[1]?.appeal).toMatchObject({ status: 'reversed' });
      // A restoration is nothing to appeal.
      const restoreAppeal = await post<ErrorEnvelope>(owner, 'appeal', {
        decisionId: history.body.decisions[0]!.decisionId,
        words: 'More!',
      });
      expect(restoreAppeal.body.code).toBe('NOT_APPEALABLE');
    });
  });

  describe('review holds (a new member’s first posts and comments with a link)', () => {
    const review = () => ({ caseId: randomUUID(), reason: 'firstLinks' as const });

    /** A post its service held for review as it was written (or edited), under `hold`. */
    async function publishedHeld(owner: Member, hold: { caseId: string }, postId = randomUUID()) {
      await hear(
        'post.published',
        {
          postId,
          publisherId: owner.userId,
          title: 'Cheap flights at trips.example.com',
          excerpt: 'Book now',
          privacy: 'public',
          createdAt: new Date().toISOString(),
          withheld: true,
          review: hold,
        },
        async () => (await itemRow('post', postId))?.state === 'held',
      );
      return postId;
    }

    const caseRows = (itemId: string) =>
      sql<{ id: string; held_for: string | null; auto_held: boolean; status: string }>(
        'select id, held_for, auto_held, status from moderation.cases where item_id = $1 order by opened_at',
        [itemId],
      );

    it('opens the case the post’s service named, tells the author why in their language, once, and a moderator lets it out', async () => {
      const owner = await known('he');
      const hold = review();
      const postId = await publishedHeld(owner, hold);

      expect(await caseRows(postId)).toEqual([
        { id: hold.caseId, held_for: 'firstLinks', auto_held: true, status: 'open' },
      ]);
      await eventually(
        async () =>
          changesOf(
            'moderation.item.changed',
            (p) => p['itemId'] === postId && p['state'] === 'held' && p['caseId'] === hold.caseId,
          ).length === 1 || undefined,
        { what: 'the hold announced under the named case' },
      );
      const statement = await eventually(
        async () => emailsTo(addressOf(owner)).find((email) => email.template === 'moderation'),
        { what: 'the statement of reasons' },
      );
      expect(statement).toMatchObject({
        language: 'he',
        data: { kind: 'statement', action: 'hide', automatic: true, heldFor: 'firstLinks' },
      });
      const mine = await post<DecisionsPage>(owner, 'getMyDecisions', {});
      expect(mine.body.decisions[0]).toMatchObject({
        caseId: hold.caseId,
        action: 'hide',
        automatic: true,
        heldFor: 'firstLinks',
      });

      // Heard again (a replay): no second case, decision, announcement or email.
      const again = new Date(Date.now() + 1000);
      await hear(
        'post.published',
        {
          postId,
          publisherId: owner.userId,
          title: 'Cheap flights at trips.example.com',
          excerpt: 'Book now',
          privacy: 'public',
          createdAt: new Date().toISOString(),
          withheld: true,
          review: hold,
        },
        async () => {
          const [row] = await sql<{ heard: boolean }>(
            `select heard_at >= $2::timestamptz as heard from moderation.items where kind = 'post' and item_id = $1`,
            [postId, again.toISOString()],
          );
          return row?.heard === true;
        },
        again,
      );
      const [audited] = await sql<{ count: number }>(
        `select count(*)::int as count from moderation.audit_log where case_id = $1 and action = 'reviewHold'`,
        [hold.caseId],
      );
      expect(audited?.count).toBe(1);

      const moderator = await known('en', ['moderator']);
      const open = await caseOf(moderator, 'post', postId);
      expect(open).toMatchObject({ caseId: hold.caseId, autoHeld: true, heldFor: 'firstLinks' });
      expect(open.reports).toBe(0);
      const letOut = await post<Decision>(moderator, 'decide', {
        caseId: open.caseId,
        version: open.version,
        action: 'dismiss',
        statement: 'A travel agent’s own page, not spam.',
      });
      expect(letOut.status).toBe(200);
      expect((await itemRow('post', postId))?.state).toBe('visible');
      expect(
        changesOf(
          'moderation.item.changed',
          (p) => p['itemId'] === postId && p['state'] === 'visible',
        ),
      ).toHaveLength(1);
      expect(emailsTo(addressOf(owner)).filter((e) => e.template === 'moderation')).toHaveLength(1);

      const counts = await tested.call<Transparency>('GET', '/api/moderation/getTransparency');
      const month = counts.body.months.find(
        (m) => m.month === new Date().toISOString().slice(0, 7),
      );
      expect(month?.reviewHolds).toBeGreaterThanOrEqual(1);
    });

    it('holds a comment written or edited with a link under its own case', async () => {
      const [owner, author] = [await known(), await known()];
      const postId = await published(owner);
      const written = review();
      const held = commentOn(author, postId, 'Visit www.pills.example', { review: written });
      const commentId = held.messageId;
      await hear(
        'feedMessage.changed',
        held,
        async () => (await itemRow('comment', commentId))?.state === 'held',
      );
      expect(await caseRows(commentId)).toEqual([
        { id: written.caseId, held_for: 'firstLinks', auto_held: true, status: 'open' },
      ]);

      const plain = commentOn(author, postId, 'Nice story');
      const editedId = plain.messageId;
      await hear(
        'feedMessage.changed',
        plain,
        async () => (await itemRow('comment', editedId)) !== undefined,
      );
      const edit = review();
      await hear(
        'feedMessage.changed',
        {
          messageId: editedId,
          subjectId: postId,
          deleted: false,
          edited: { excerpt: 'Nice story, see pills.example.com', review: edit },
        },
        async () => (await itemRow('comment', editedId))?.state === 'held',
      );
      expect((await caseRows(editedId)).map((row) => row.id)).toEqual([edit.caseId]);
    });

    it('holds under the open case of an item reported before, and says again what moderators decided of one they removed', async () => {
      const [owner, reporter, moderator] = [
        await known(),
        await known(),
        await known('en', ['moderator']),
      ];
      // Reported, then edited to carry a link: the case that is open holds it.
      const reported = await published(owner);
      expect((await report(reporter, reported)).status).toBe(201);
      const [open] = await caseRows(reported);
      await publishedHeld(owner, review(), reported);
      expect(await caseRows(reported)).toEqual([
        { id: open!.id, held_for: 'firstLinks', auto_held: true, status: 'open' },
      ]);
      expect(
        changesOf(
          'moderation.item.changed',
          (p) => p['itemId'] === reported && p['state'] === 'held' && p['caseId'] === open!.id,
        ),
      ).toHaveLength(1);

      // Removed by a moderator; a late word of its service's own hold changes nothing here,
      // and the removal is said again so that service's provisional hold gives way to it.
      const removedId = await published(owner);
      expect((await report(reporter, removedId)).status).toBe(201);
      const removing = await caseOf(moderator, 'post', removedId);
      expect(
        (
          await post<Decision>(moderator, 'decide', {
            caseId: removing.caseId,
            version: removing.version,
            action: 'remove',
            rule: 'spam',
            statement: 'Advertising in a story, again and again.',
          })
        ).status,
      ).toBe(200);
      const late = review();
      await queue.add(
        'events-moderation',
        'post.published',
        envelope(
          'post.published',
          {
            postId: removedId,
            publisherId: owner.userId,
            title: 'Cheap flights',
            excerpt: 'Book now at trips.example.com',
            privacy: 'public',
            createdAt: new Date().toISOString(),
            withheld: true,
            review: late,
          },
          new Date(),
          'test',
        ),
      );
      await eventually(
        async () =>
          changesOf(
            'moderation.item.changed',
            (p) =>
              p['itemId'] === removedId &&
              p['state'] === 'removed' &&
              p['caseId'] === removing.caseId,
          ).length === 2 || undefined,
        { what: 'the removal said again' },
      );
      expect((await itemRow('post', removedId))?.state).toBe('removed');
      expect((await caseRows(removedId)).map((row) => row.id)).toEqual([removing.caseId]);
    });
  });

  describe('blocks and mutes', () => {
    const blocks = <T>(who: Member | null, path: string, body?: unknown) =>
      tested.call<T>('POST', `/api/blocks/${path}`, {
        headers: as(who),
        ...(body === undefined ? {} : { body }),
      });

    it('blocks and mutes a known member once each, announces each change once, and lists them', async () => {
      const [me, pest, bore] = [await known(), await known('he'), await known()];
      const blocked = await blocks<BlockState>(me, 'block', { userId: pest.userId });
      expect(blocked.status).toBe(200);
      expect(blocked.body).toEqual({ userId: pest.userId, blocked: true, muted: false });
      expect((await blocks(me, 'block', { userId: pest.userId })).status).toBe(200);
      expect((await blocks<BlockState>(me, 'mute', { userId: bore.userId })).body.muted).toBe(true);
      const announcedFor = (blockedId: string) =>
        changesOf(
          'member.block.changed',
          (p) => p['blockerId'] === me.userId && p['blockedId'] === blockedId,
        );
      await eventually(async () => announcedFor(bore.userId).length === 1 || undefined, {
        what: 'the mute announced',
      });
      // Blocking twice changed nothing the second time, and was announced once.
      expect(announcedFor(pest.userId)).toHaveLength(1);
      const mine = await blocks<MyBlocks>(me, 'getMyBlocks');
      expect(mine.body.blocked.map((m) => m.userId)).toEqual([pest.userId]);
      expect(mine.body.muted.map((m) => m.userId)).toEqual([bore.userId]);
      expect(mine.body.blocked[0]?.fullname).toMatch(/^Test /);
      // The blocked member's own list shows nothing: they are not told.
      expect((await blocks<MyBlocks>(pest, 'getMyBlocks')).body).toEqual({
        blocked: [],
        muted: [],
      });

      const unblocked = await blocks<BlockState>(me, 'unblock', { userId: pest.userId });
      expect(unblocked.body).toEqual({ userId: pest.userId, blocked: false, muted: false });
      await eventually(async () => announcedFor(pest.userId).length === 2 || undefined, {
        what: 'the unblock announced',
      });
      expect(announcedFor(pest.userId).at(-1)?.payload).toMatchObject({
        kind: 'block',
        active: false,
      });
    });

    it('refuses oneself, an unknown id, a guest', async () => {
      const me = await known();
      const self = await blocks<ErrorEnvelope>(me, 'block', { userId: me.userId });
      expect(self.status).toBe(400);
      expect(self.body.code).toBe('CANNOT_BLOCK_SELF');
      for (const userId of [randomUUID(), 'not-an-id', '../../users']) {
        const unknown = await blocks<ErrorEnvelope>(me, 'mute', { userId });
        expect(unknown.status).toBe(404);
        expect(unknown.body.code).toBe('USER_NOT_FOUND');
      }
      expect((await blocks(null, 'block', { userId: me.userId })).status).toBe(401);
    });
  });

  describe('audit, counts and departures', () => {
    it('keeps every action in the audit log, for admins only', async () => {
      const [moderator, admin] = [await known('en', ['moderator']), await known('en', ['admin'])];
      expect((await post(moderator, 'getAuditLog', {})).status).toBe(403);
      const log = await post<AuditPage>(admin, 'getAuditLog', { limit: 50 });
      expect(log.status).toBe(200);
      const actions = new Set(log.body.entries.map((entry) => entry.action));
      for (const action of [
        'automaticHold',
        'remove',
        'dismiss',
        'suspend',
        'ban',
        'appealSent',
        'appealReversed',
      ])
        expect(actions).toContain(action);
      const bad = await post<ErrorEnvelope>(admin, 'getAuditLog', { cursor: 'not-a-cursor' });
      expect(bad.body.code).toBe('INVALID_CURSOR');
    });

    it('publishes monthly counts to anyone, with nothing about any item or member', async () => {
      const counts = await tested.call<Transparency>('GET', '/api/moderation/getTransparency');
      expect(counts.status).toBe(200);
      const month = new Date().toISOString().slice(0, 7);
      const now = counts.body.months.find((m) => m.month === month);
      expect(now).toBeDefined();
      expect(now!.reports).toBeGreaterThan(5);
      expect(now!.notices).toBe(HOLD_AFTER);
      expect(now!.automaticHolds).toBeGreaterThanOrEqual(2);
      expect(now!.actions.remove).toBeGreaterThanOrEqual(2);
      expect(now!.reversed).toBe(1);
      expect(now!.medianHoursToDecision).not.toBeNull();
      expect(JSON.stringify(counts.body)).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/);
    });

    it('forgets a member who left: their items and reports’ words go, the counts stay', async () => {
      const [owner, reporter] = [await known(), await known()];
      const postId = await published(owner);
      await report(reporter, postId);
      // Someone else's comment under her story goes with it.
      const lovely = commentOn(reporter, postId, 'Lovely', {
        subjectOwnerId: owner.userId,
        subjectPrivacy: 'public',
      });
      const commentId = lovely.messageId;
      await hear(
        'feedMessage.changed',
        lovely,
        async () => (await itemRow('comment', commentId)) !== undefined,
      );
      const before = await tested.call<Transparency>('GET', '/api/moderation/getTransparency');
      await hear(
        'user.deleted',
        { userId: owner.userId },
        async () => (await itemRow('post', postId)) === undefined,
      );
      expect(await itemRow('comment', commentId)).toBeUndefined();
      await hear(
        'user.deleted',
        { userId: reporter.userId },
        async () =>
          (await sql('select 1 from moderation.reports where reporter_id = $1', [reporter.userId]))
            .length === 0,
      );
      expect(
        await sql('select 1 from moderation.members where user_id = any($1)', [
          [owner.userId, reporter.userId],
        ]),
      ).toEqual([]);
      // A late word about them writes nothing back.
      await queue.add(
        'events-moderation',
        'post.published',
        envelope(
          'post.published',
          {
            postId,
            publisherId: owner.userId,
            title: 't',
            excerpt: 'e',
            privacy: 'public',
            createdAt: new Date().toISOString(),
          },
          new Date(),
          'test',
        ),
      );
      // Nor a late comment by someone still here in her story's discussion.
      const late = commentOn(await known(), postId, 'Late', {
        subjectOwnerId: owner.userId,
        subjectPrivacy: 'public',
      });
      const lateComment = late.messageId;
      await queue.add(
        'events-moderation',
        'feedMessage.changed',
        envelope('feedMessage.changed', late, new Date(), 'test'),
      );
      // Events are applied in order: once a later one is, the late word was handled.
      await known();
      expect(await itemRow('comment', lateComment)).toBeUndefined();
      const after = await tested.call<Transparency>('GET', '/api/moderation/getTransparency');
      expect(after.body.months[0]?.reports).toBe(before.body.months[0]?.reports);
      expect(await itemRow('post', postId)).toBeUndefined();
    });
  });
});
