import {
  QUEUES,
  isRestricting,
  type CaseDetail,
  type CaseSummary,
  type DecideAppealRequest,
  type DecideRequest,
  type Audience,
  type Decision,
  type DecisionsPage,
  type EmailJob,
  type Language,
  type ModeratedItem,
  type ModeratedItemKind,
  type ModerationAction,
  type ModerationReason,
  type ModerationState,
  type MyReportsPage,
  type QueuePage,
  type ReportOutcome,
  type ReportReceived,
  type ReportRequest,
  type NoticeRequest as NoticeRequestSchema,
  type Transparency,
  type AppealsPage,
  type AuditPage,
  type ReviewHold,
  type HeldFor,
} from '@mepedia/contracts';
import { isUuid, mayReadAudience, newId } from '@mepedia/server-database';
import { AppError, localePath, type AppLogger } from '@mepedia/server-http';
import type { QueueDriver } from '@mepedia/server-queue';
import { z } from 'zod';
import type {
  AppealRow,
  CaseRow,
  DecisionRow,
  ItemRow,
  ModerationRepository,
  Position,
} from './moderation.repository';

export type ModerationOptions = {
  /** The site's address: the decisions page a statement links to. */
  publicUrl: string;
  /** How many different members' reports hide an item until a moderator looks (issue 35, 4). */
  holdAfterReports: number;
};

/** Who reports: a member (with their language), or a guest sending a notice. */
export type Reporter = { userId: string | null; language: Language };

const DAY_MS = 24 * 60 * 60_000;
const PAGE = 20;

/** What a decision does to its item's state; undefined: the action leaves the item as it is. */
const STATE_AFTER: Partial<Record<ModerationAction, ModerationState>> = {
  dismiss: 'visible',
  hide: 'held',
  remove: 'removed',
  restore: 'visible',
};
/** The states each item action may start from. */
const ALLOWED_FROM: Partial<Record<ModerationAction, readonly ModerationState[]>> = {
  hide: ['visible'],
  remove: ['visible', 'held'],
  restore: ['held', 'removed'],
};
/** Actions after which the case is closed (a hide waits for the review). */
const CLOSES: ReadonlySet<ModerationAction> = new Set([
  'dismiss',
  'remove',
  'restore',
  'warn',
  'suspend',
  'ban',
]);

const CursorShape = z.object({ at: z.string(), id: z.string(), held: z.boolean().optional() });

/** A keyset cursor: the last row's time and id, base64url JSON. */
export function encodeCursor(position: Position & { held?: boolean }): string {
  return Buffer.from(
    JSON.stringify({ at: position.at.toISOString(), id: position.id, held: position.held }),
  ).toString('base64url');
}

export function decodeCursor(
  cursor: string | undefined,
): (Position & { held?: boolean }) | undefined {
  if (cursor === undefined) return undefined;
  try {
    const parsed = CursorShape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
    const at = new Date(parsed.at);
    if (Number.isNaN(at.getTime()) || !isUuid(parsed.id)) throw new Error('bad cursor');
    return parsed.held === undefined
      ? { at, id: parsed.id }
      : { at, id: parsed.id, held: parsed.held };
  } catch {
    throw new AppError('INVALID_CURSOR');
  }
}

const languageOf = (value: string | undefined): Language => (value === 'he' ? 'he' : 'en');

/**
 * Hold an item automatically in its case (in the caller's transaction): announced, the case
 * marked with why, recorded as an automatic decision (the author's statement of reasons is told
 * from it after the commit) and audited. Answers the decision.
 */
async function holdAutomatically(
  repository: ModerationRepository,
  item: ItemRow,
  caseId: string,
  now: Date,
  why: { heldFor: HeldFor; audited: string; details: Record<string, unknown> },
): Promise<DecisionRow> {
  await repository.announceState(item, 'held', caseId);
  await repository.updateCase(caseId, { autoHeld: true, heldFor: why.heldFor });
  const decision = await repository.insertDecision({
    id: newId(now.getTime()),
    caseId,
    kind: item.kind,
    itemId: item.itemId,
    ownerId: item.ownerId,
    action: 'hide',
    rule: null,
    statement: '',
    moderatorId: null,
    automatic: true,
    heldFor: why.heldFor,
    decidedAt: now,
  });
  await repository.audit({
    id: newId(now.getTime()),
    actorId: null,
    action: why.audited,
    caseId,
    targetId: `${item.kind}:${item.itemId}`,
    details: why.details,
    at: now,
  });
  return decision;
}

/**
 * Trust and safety (issue 35): reports and notices about what members wrote, the moderators'
 * cases and decisions, the statements of reasons to authors, appeals, the audit log and the
 * monthly counts. What is decided about an item or an account is announced in the decision's
 * transaction (moderation.item.changed, member.restriction.changed); every service that shows the
 * item or serves the member applies it. Emails are queued after the commit: a refused queue is
 * logged, the decision stands (the author reads it in getMyDecisions too).
 */
export class ModerationService {
  constructor(
    private readonly repository: ModerationRepository,
    private readonly queue: Pick<QueueDriver, 'add'>,
    private readonly options: ModerationOptions,
    private readonly logger: AppLogger,
    /** Relay the outbox now: something was announced. */
    private readonly onOutboxWrite: () => void = () => undefined,
    private readonly now: () => Date = () => new Date(),
  ) {}

  // --- reports and notices -------------------------------------------------------------

  /**
   * The item, if `readerId` may read it now (its audience, its owner's circle, its moderation
   * state): else REPORT_ITEM_NOT_FOUND, the same as for an id of nothing.
   */
  private async readableItem(
    kind: ModeratedItemKind,
    itemId: string,
    readerId: string | null,
  ): Promise<ItemRow> {
    const item = await this.repository.item(kind, itemId);
    if (!item || item.deleted) throw new AppError('REPORT_ITEM_NOT_FOUND');
    if (item.state !== 'visible' && item.ownerId !== readerId)
      throw new AppError('REPORT_ITEM_NOT_FOUND');
    const inCircle =
      readerId !== null &&
      item.audience === 'circle' &&
      (await this.repository.circles.inCircleOf(item.audienceOwnerId, readerId));
    const readable = mayReadAudience(
      { ownerId: item.audienceOwnerId, audience: item.audience as Audience },
      { id: readerId, inCircle },
    );
    // The author of a comment reads it even where its subject's audience would not let them.
    if (!readable && item.ownerId !== readerId) throw new AppError('REPORT_ITEM_NOT_FOUND');
    // A comment under a post or answer moderation holds or removed is read by that item's
    // owner and the comment's author alone, as the discussion is (feed-messages).
    if (item.kind === 'comment' && item.subjectId && readerId !== item.ownerId) {
      const subject = await this.repository.subjectOf(item.subjectId);
      if (subject && subject.state !== 'visible' && subject.ownerId !== readerId)
        throw new AppError('REPORT_ITEM_NOT_FOUND');
    }
    return item;
  }

  async report(
    reporter: { userId: string; language: Language },
    body: z.output<typeof ReportRequest>,
  ): Promise<ReportReceived> {
    const item = await this.readableItem(body.itemKind, body.itemId, reporter.userId);
    if (item.ownerId === reporter.userId) throw new AppError('CANNOT_REPORT_OWN_ITEM');
    return this.receive(item, {
      kind: 'report',
      reporterId: reporter.userId,
      language: reporter.language,
      reason: body.reason,
      words: body.words ?? null,
      contact: null,
    });
  }

  async notice(
    reporter: Reporter,
    body: z.output<typeof NoticeRequestSchema>,
  ): Promise<ReportReceived> {
    const item = await this.readableItem(body.itemKind, body.itemId, reporter.userId);
    const received = await this.receive(item, {
      kind: 'notice',
      reporterId: reporter.userId,
      language: reporter.language,
      reason: body.reason,
      words: body.explanation,
      contact: { name: body.name, email: body.email.toLowerCase() },
    });
    await this.send(
      {
        template: 'moderation',
        to: body.email,
        language: reporter.language,
        data: {
          kind: 'noticeReceived',
          itemKind: item.kind,
          itemTitle: item.title,
          receivedAt: received.receivedAt,
        },
      },
      `moderation-notice-${received.reportId}`,
    );
    return received;
  }

  /**
   * A report or notice into the item's open case (a new case when none is open), in one
   * transaction; enough different members' reports hold the item until a moderator looks.
   */
  private async receive(
    item: ItemRow,
    report: {
      kind: 'report' | 'notice';
      reporterId: string | null;
      language: Language;
      reason: ModerationReason;
      words: string | null;
      contact: { name: string; email: string } | null;
    },
  ): Promise<ReportReceived> {
    const now = this.now();
    const reportId = newId(now.getTime());
    const held = await this.repository.transaction(async (repository) => {
      await repository.lockTurn(`${item.kind}:${item.itemId}`);
      const open =
        (await repository.openCaseOf(item.kind, item.itemId)) ??
        (await repository.insertCase({
          id: newId(now.getTime()),
          kind: item.kind,
          itemId: item.itemId,
          ownerId: item.ownerId,
          status: 'open',
          openedAt: now,
        }));
      const written = await repository.insertReport({
        id: reportId,
        caseId: open.id,
        kind: report.kind,
        // A notice is told by email; a member's notice also counts as theirs for "my reports",
        // but only a report counts toward a hold (one per member and case).
        reporterId: report.kind === 'report' ? report.reporterId : null,
        contactName: report.contact?.name ?? null,
        contactEmail: report.contact?.email ?? null,
        language: report.language,
        reason: report.reason,
        words: report.words,
        excerptThen: item.excerpt ?? item.title,
        receivedAt: now,
      });
      if (!written) throw new AppError('ALREADY_REPORTED');
      await repository.updateCase(open.id, {});
      if (report.kind !== 'report' || open.autoHeld || item.state !== 'visible') return undefined;
      if ((await repository.memberReporters(open.id)) < this.options.holdAfterReports)
        return undefined;
      return holdAutomatically(repository, item, open.id, now, {
        heldFor: 'reports',
        audited: 'automaticHold',
        details: { reporters: this.options.holdAfterReports },
      });
    });
    if (held) {
      this.onOutboxWrite();
      await this.tellAuthor(held, item);
    }
    return { reportId, receivedAt: now.toISOString() };
  }

  /**
   * An item its own service held for review as it was written (issue 35, point 4: a new
   * member's first post or comment with a link; `review` from its announcement): the case it
   * named is opened, held automatically, recorded as an automatic decision and audited, and
   * its author is told why. Heard again (a replay), nothing more happens. When the item has an
   * open case already (reported before an edit put the link in), that case holds it; when
   * moderators removed or held it already, their word is said again, so the service's own
   * provisional hold does not stand in its place. Called after the item itself was heard.
   */
  async holdForReview(kind: ModeratedItemKind, itemId: string, review: ReviewHold): Promise<void> {
    if (!isUuid(review.caseId)) return;
    const now = this.now();
    const held = await this.repository.transaction(async (repository) => {
      await repository.lockTurn(`${kind}:${itemId}`);
      const item = await repository.item(kind, itemId);
      if (!item || item.deleted) return undefined;
      if (await repository.caseById(review.caseId)) return undefined;
      if (item.state !== 'visible') {
        const decided = await repository.latestCaseOf(kind, itemId);
        if (decided) await repository.announceState(item, item.state, decided.id);
        return undefined;
      }
      const open = await repository.openCaseOf(kind, itemId);
      const caseId = open
        ? open.id
        : (
            await repository.insertCase({
              id: review.caseId,
              kind,
              itemId,
              ownerId: item.ownerId,
              status: 'open',
              openedAt: now,
            })
          ).id;
      const decision = await holdAutomatically(repository, item, caseId, now, {
        heldFor: review.reason,
        audited: 'reviewHold',
        details: { reason: review.reason },
      });
      return { decision, item };
    });
    this.onOutboxWrite();
    if (held) await this.tellAuthor(held.decision, held.item);
  }

  async myReports(
    reporterId: string,
    cursor: string | undefined,
    limit = PAGE,
  ): Promise<MyReportsPage> {
    const after = decodeCursor(cursor);
    const rows = await this.repository.reportsBy(reporterId, after, limit + 1);
    const page = rows.slice(0, limit);
    const actioned = await this.repository.actionedCases(
      page.filter((row) => row.caseStatus === 'closed').map((row) => row.caseId),
    );
    const last = page.at(-1);
    return {
      reports: page.map((row) => {
        const outcome: ReportOutcome =
          row.caseStatus === 'open'
            ? 'pending'
            : actioned.has(row.caseId)
              ? 'actioned'
              : 'noViolation';
        return {
          reportId: row.id,
          itemKind: row.caseKind as ModeratedItemKind,
          itemId: row.caseItemId,
          reason: row.reason as ModerationReason,
          receivedAt: row.receivedAt.toISOString(),
          outcome,
          decidedAt: outcome === 'pending' ? null : (row.closedAt?.toISOString() ?? null),
        };
      }),
      nextCursor:
        rows.length > limit && last ? encodeCursor({ at: last.receivedAt, id: last.id }) : null,
    };
  }

  // --- the moderators' queue and decisions ---------------------------------------------

  async queuePage(
    status: 'open' | 'closed',
    cursor: string | undefined,
    limit = PAGE,
  ): Promise<QueuePage> {
    const after = decodeCursor(cursor);
    const rows = await this.repository.queue(status, after, after?.held, limit + 1);
    const page = rows.slice(0, limit);
    const cases = await this.summaries(page);
    const last = page.at(-1);
    const nextCursor =
      rows.length > limit && last
        ? status === 'open'
          ? encodeCursor({ at: last.openedAt, id: last.id, held: last.autoHeld })
          : encodeCursor({ at: last.closedAt ?? last.openedAt, id: last.id })
        : null;
    return { cases, nextCursor };
  }

  /** Cases with their items and report counts: three statements for a page, none per case. */
  private async summaries(rows: CaseRow[]): Promise<CaseSummary[]> {
    const itemsByKey = await this.repository.itemsOf(
      rows.map((row) => ({ kind: row.kind, itemId: row.itemId })),
    );
    const counts = await this.repository.reportCounts(rows.map((row) => row.id));
    const owners = await this.repository.membersByIds(rows.map((row) => row.ownerId));
    return rows.map((row) => {
      const mine = counts.filter((count) => count.caseId === row.id);
      const reasons = new Map<string, number>();
      for (const count of mine)
        reasons.set(count.reason, (reasons.get(count.reason) ?? 0) + count.count);
      return {
        caseId: row.id,
        status: row.status,
        version: row.version,
        openedAt: row.openedAt.toISOString(),
        item: this.itemView(
          row,
          itemsByKey.get(`${row.kind}:${row.itemId}`),
          owners.get(row.ownerId)?.fullname ?? null,
        ),
        reports: mine
          .filter((count) => count.kind === 'report')
          .reduce((sum, count) => sum + count.count, 0),
        notices: mine
          .filter((count) => count.kind === 'notice')
          .reduce((sum, count) => sum + count.count, 0),
        reasons: [...reasons]
          .map(([reason, count]) => ({ reason: reason as ModerationReason, count }))
          .sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
        autoHeld: row.autoHeld,
        heldFor: row.autoHeld ? row.heldFor : null,
      };
    });
  }

  /** An item as moderators see it; one gone from the read model shows as deleted. */
  private itemView(
    where: Pick<CaseRow, 'kind' | 'itemId' | 'ownerId'>,
    item: ItemRow | undefined,
    ownerName: string | null,
  ): ModeratedItem {
    return {
      kind: where.kind,
      itemId: where.itemId,
      ownerId: where.ownerId,
      ownerName,
      title: item?.title ?? null,
      excerpt: item?.excerpt ?? null,
      subjectId: item?.subjectId ?? null,
      audience: item?.audience ?? 'private',
      state: item?.state ?? 'visible',
      deleted: item ? item.deleted : true,
    };
  }

  async caseDetail(caseId: string): Promise<CaseDetail> {
    if (!isUuid(caseId)) throw new AppError('CASE_NOT_FOUND');
    const row = await this.repository.caseById(caseId);
    if (!row) throw new AppError('CASE_NOT_FOUND');
    const [summary] = await this.summaries([row]);
    if (!summary) throw new AppError('CASE_NOT_FOUND');
    const reportRows = await this.repository.reportsOfCase(caseId);
    const reporters = await this.repository.membersByIds(
      reportRows.flatMap((report) => (report.reporterId ? [report.reporterId] : [])),
    );
    const decisionRows = await this.repository.decisionsOfCase(caseId);
    return {
      ...summary,
      reportList: reportRows.map((report) => ({
        reportId: report.id,
        kind: report.kind,
        reason: report.reason as ModerationReason,
        words: report.words,
        reporterId: report.reporterId,
        reporterName: report.reporterId
          ? (reporters.get(report.reporterId)?.fullname ?? null)
          : null,
        contact:
          report.contactName !== null && report.contactEmail !== null
            ? { name: report.contactName, email: report.contactEmail }
            : null,
        excerptThen: report.excerptThen,
        receivedAt: report.receivedAt.toISOString(),
      })),
      decisions: await this.decisionViews(decisionRows),
    };
  }

  async decide(moderatorId: string, body: z.output<typeof DecideRequest>): Promise<Decision> {
    if (!isUuid(body.caseId)) throw new AppError('CASE_NOT_FOUND');
    const now = this.now();
    const done = await this.repository.transaction(async (repository) => {
      const before = await repository.caseById(body.caseId);
      if (!before) throw new AppError('CASE_NOT_FOUND');
      await repository.lockTurn(`${before.kind}:${before.itemId}`);
      // Read again under the item's turn: a report or decision may have come meanwhile.
      const open = await repository.caseById(body.caseId);
      if (!open) throw new AppError('CASE_NOT_FOUND');
      if (open.version !== body.version) throw new AppError('CASE_CHANGED');
      const item = await repository.item(open.kind, open.itemId);
      const possible = await this.possible(repository, body.action, open, item);
      if (!possible) throw new AppError('ACTION_NOT_POSSIBLE');
      const suspendedUntil =
        body.action === 'suspend' ? new Date(now.getTime() + (body.days ?? 1) * DAY_MS) : null;
      const decision = await repository.insertDecision({
        id: newId(now.getTime()),
        caseId: open.id,
        kind: open.kind,
        itemId: open.itemId,
        ownerId: open.ownerId,
        action: body.action,
        rule: body.rule ?? null,
        statement: body.statement,
        moderatorId,
        automatic: false,
        suspendedUntil,
        decidedAt: now,
      });
      const state = STATE_AFTER[body.action];
      if (item && state && item.state !== state)
        await repository.announceState(item, state, open.id);
      if (body.action === 'suspend') {
        const current = await repository.restriction(open.ownerId);
        await repository.restrict(open.ownerId, suspendedUntil, current?.banned ?? false, now);
      }
      if (body.action === 'ban') await repository.restrict(open.ownerId, null, true, now);
      const closes = CLOSES.has(body.action);
      await repository.updateCase(open.id, {
        ...(closes ? { status: 'closed' as const, closedAt: now } : {}),
        ...(open.firstDecidedAt ? {} : { firstDecidedAt: now }),
        ...(body.action === 'hide' ? { autoHeld: false } : {}),
      });
      await repository.audit({
        id: newId(now.getTime()),
        actorId: moderatorId,
        action: body.action,
        caseId: open.id,
        targetId: `${open.kind}:${open.itemId}`,
        details: {
          rule: body.rule ?? null,
          ...(body.days ? { days: body.days } : {}),
          version: body.version,
        },
        at: now,
      });
      return { decision, item, closes, caseId: open.id };
    });
    this.onOutboxWrite();
    if (done.decision.action !== 'dismiss') await this.tellAuthor(done.decision, done.item);
    if (done.closes) await this.tellReporters(done.caseId, done.item);
    const [view] = await this.decisionViews([done.decision]);
    if (!view) throw new Error('moderation: the decision was not read back');
    return view;
  }

  /** Whether `action` can be taken now on the case's item or its owner's account. */
  private async possible(
    repository: ModerationRepository,
    action: ModerationAction,
    open: CaseRow,
    item: ItemRow | undefined,
  ): Promise<boolean> {
    const allowedFrom = ALLOWED_FROM[action];
    if (allowedFrom) {
      if (!item || item.deleted) return false;
      if (action === 'restore') return allowedFrom.includes(item.state);
      if (open.status !== 'open') return false;
      return allowedFrom.includes(item.state);
    }
    if (open.status !== 'open') return false;
    if (action === 'dismiss') return true;
    // warn, suspend, ban: about a member who is still here.
    if (await repository.left(open.ownerId)) return false;
    if (action === 'ban') return !(await repository.restriction(open.ownerId))?.banned;
    return true;
  }

  // --- the author's side: decisions and appeals ----------------------------------------

  async myDecisions(
    ownerId: string,
    cursor: string | undefined,
    limit = PAGE,
  ): Promise<DecisionsPage> {
    const after = decodeCursor(cursor);
    const rows = await this.repository.decisionsAbout(ownerId, after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      decisions: await this.decisionViews(page),
      nextCursor:
        rows.length > limit && last ? encodeCursor({ at: last.decidedAt, id: last.id }) : null,
    };
  }

  async appeal(
    authorId: string,
    decisionId: string,
    words: string,
  ): Promise<{ appealId: string; sentAt: string }> {
    if (!isUuid(decisionId)) throw new AppError('DECISION_NOT_FOUND');
    const decision = await this.repository.decision(decisionId);
    if (!decision || decision.ownerId !== authorId) throw new AppError('DECISION_NOT_FOUND');
    if (!isRestricting(decision.action as ModerationAction) || decision.reverses !== null)
      throw new AppError('NOT_APPEALABLE');
    const now = this.now();
    const appeal = await this.repository.transaction(async (repository) => {
      const written = await repository.insertAppeal({
        id: newId(now.getTime()),
        decisionId,
        authorId,
        words,
        sentAt: now,
        status: 'open',
      });
      if (!written) throw new AppError('APPEAL_EXISTS');
      await repository.audit({
        id: newId(now.getTime()),
        actorId: authorId,
        action: 'appealSent',
        caseId: decision.caseId,
        targetId: decision.id,
        details: {},
        at: now,
      });
      return written;
    });
    return { appealId: appeal.id, sentAt: appeal.sentAt.toISOString() };
  }

  async openAppeals(cursor: string | undefined, limit = PAGE): Promise<AppealsPage> {
    const after = decodeCursor(cursor);
    const rows = await this.repository.openAppeals(after, limit + 1);
    const page = rows.slice(0, limit);
    const decisionsById = await this.repository.decisionsByIds(page.map((row) => row.decisionId));
    const views = new Map(
      (await this.decisionViews([...decisionsById.values()])).map((view) => [
        view.decisionId,
        view,
      ]),
    );
    const last = page.at(-1);
    return {
      appeals: page.flatMap((row) => {
        const decision = views.get(row.decisionId);
        return decision
          ? [
              {
                appealId: row.id,
                words: row.words,
                sentAt: row.sentAt.toISOString(),
                authorId: row.authorId,
                decision,
              },
            ]
          : [];
      }),
      nextCursor:
        rows.length > limit && last ? encodeCursor({ at: last.sentAt, id: last.id }) : null,
    };
  }

  async decideAppeal(
    moderatorId: string,
    body: z.output<typeof DecideAppealRequest>,
  ): Promise<Decision> {
    if (!isUuid(body.appealId)) throw new AppError('APPEAL_NOT_FOUND');
    const now = this.now();
    const done = await this.repository.transaction(async (repository) => {
      const found = await repository.appeal(body.appealId);
      if (!found) throw new AppError('APPEAL_NOT_FOUND');
      const decision = await repository.decision(found.decisionId);
      if (!decision) throw new AppError('APPEAL_NOT_FOUND');
      await repository.lockTurn(
        decision.kind ? `${decision.kind}:${decision.itemId}` : `member:${decision.ownerId}`,
      );
      const appeal = await repository.appeal(body.appealId);
      if (!appeal || appeal.status !== 'open') throw new AppError('APPEAL_DECIDED');
      if (decision.moderatorId === moderatorId) throw new AppError('APPEAL_OWN_DECISION');
      await repository.decideAppeal(appeal.id, {
        status: body.outcome,
        decidedBy: moderatorId,
        decidedAt: now,
        statement: body.statement,
      });
      const item =
        decision.kind && decision.itemId
          ? await repository.item(decision.kind, decision.itemId)
          : undefined;
      if (body.outcome === 'reversed')
        await this.reverse(repository, decision, item, moderatorId, body.statement, now);
      await repository.audit({
        id: newId(now.getTime()),
        actorId: moderatorId,
        action: body.outcome === 'reversed' ? 'appealReversed' : 'appealUpheld',
        caseId: decision.caseId,
        targetId: decision.id,
        details: {},
        at: now,
      });
      return { decision, appeal };
    });
    this.onOutboxWrite();
    await this.tellAppealOutcome(done.decision, body.outcome, body.statement);
    const [view] = await this.decisionViews([done.decision]);
    if (!view) throw new Error('moderation: the decision was not read back');
    return view;
  }

  /** Undo a decision an appeal reversed: the item shown again, the restriction lifted. */
  private async reverse(
    repository: ModerationRepository,
    decision: DecisionRow,
    item: ItemRow | undefined,
    moderatorId: string,
    statement: string,
    now: Date,
  ): Promise<void> {
    const action = decision.action as ModerationAction;
    if (
      (action === 'hide' || action === 'remove') &&
      item &&
      !item.deleted &&
      item.state !== 'visible'
    )
      await repository.announceState(item, 'visible', decision.caseId ?? newId(now.getTime()));
    if (action === 'suspend' || action === 'ban') {
      const current = await repository.restriction(decision.ownerId);
      if (current && !(await repository.left(decision.ownerId)))
        await repository.restrict(
          decision.ownerId,
          action === 'suspend' ? null : current.suspendedUntil,
          action === 'ban' ? false : current.banned,
          now,
        );
    }
    await repository.insertDecision({
      id: newId(now.getTime()),
      caseId: decision.caseId,
      kind: decision.kind,
      itemId: decision.itemId,
      ownerId: decision.ownerId,
      action: 'restore',
      rule: null,
      statement,
      moderatorId,
      automatic: false,
      decidedAt: now,
      reverses: decision.id,
    });
  }

  /** Decisions with their items and appeals, for their author or a moderator. */
  private async decisionViews(rows: DecisionRow[]): Promise<Decision[]> {
    const itemKeys = rows.flatMap((row) =>
      row.kind && row.itemId ? [{ kind: row.kind, itemId: row.itemId }] : [],
    );
    const itemsByKey = await this.repository.itemsOf(itemKeys);
    const appealsByDecision = await this.repository.appealsOf(rows.map((row) => row.id));
    const owners = await this.repository.membersByIds(rows.map((row) => row.ownerId));
    return rows.map((row) => {
      const appeal: AppealRow | undefined = appealsByDecision.get(row.id);
      return {
        decisionId: row.id,
        caseId: row.caseId,
        action: row.action as ModerationAction,
        rule: row.rule as ModerationReason | null,
        statement: row.statement,
        moderatorId: row.moderatorId,
        automatic: row.automatic,
        heldFor: row.automatic ? (row.heldFor ?? 'reports') : null,
        suspendedUntil: row.suspendedUntil?.toISOString() ?? null,
        decidedAt: row.decidedAt.toISOString(),
        item:
          row.kind && row.itemId
            ? this.itemView(
                { kind: row.kind, itemId: row.itemId, ownerId: row.ownerId },
                itemsByKey.get(`${row.kind}:${row.itemId}`),
                owners.get(row.ownerId)?.fullname ?? null,
              )
            : null,
        appeal: appeal
          ? {
              appealId: appeal.id,
              status: appeal.status,
              sentAt: appeal.sentAt.toISOString(),
              decidedAt: appeal.decidedAt?.toISOString() ?? null,
              statement: appeal.statement,
            }
          : null,
      };
    });
  }

  // --- audit and transparency ----------------------------------------------------------

  async auditLog(cursor: string | undefined, limit = PAGE): Promise<AuditPage> {
    const after = decodeCursor(cursor);
    const rows = await this.repository.auditPage(after, limit + 1);
    const page = rows.slice(0, limit);
    const last = page.at(-1);
    return {
      entries: page.map((row) => ({
        entryId: row.id,
        actorId: row.actorId,
        action: row.action,
        caseId: row.caseId,
        targetId: row.targetId,
        details: row.details,
        at: row.at.toISOString(),
      })),
      nextCursor: rows.length > limit && last ? encodeCursor({ at: last.at, id: last.id }) : null,
    };
  }

  /** The last twelve months' counts (UTC months), newest first; months without any are left out. */
  async transparency(): Promise<Transparency> {
    const now = this.now();
    const since = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 11, 1));
    const [received, decided, appealed, medians] = [
      await this.repository.reportsByMonth(since),
      await this.repository.decisionsByMonth(since),
      await this.repository.appealsByMonth(since),
      await this.repository.medianHoursByMonth(since),
    ];
    const months = new Set(
      [...received, ...decided, ...appealed, ...medians].map((row) => row.month),
    );
    return {
      months: [...months]
        .sort()
        .reverse()
        .map((month) => {
          const actions = {
            dismiss: 0,
            hide: 0,
            remove: 0,
            restore: 0,
            warn: 0,
            suspend: 0,
            ban: 0,
          } satisfies Record<ModerationAction, number>;
          let automaticHolds = 0;
          let reviewHolds = 0;
          for (const row of decided.filter((row) => row.month === month)) {
            if (row.heldFor === 'firstLinks') reviewHolds += row.count;
            else if (row.automatic) automaticHolds += row.count;
            else actions[row.action] += row.count;
          }
          const appeals = appealed.find((row) => row.month === month);
          const median = medians.find((row) => row.month === month);
          return {
            month,
            notices: received
              .filter((row) => row.month === month && row.kind === 'notice')
              .reduce((sum, row) => sum + row.count, 0),
            reports: received
              .filter((row) => row.month === month && row.kind === 'report')
              .reduce((sum, row) => sum + row.count, 0),
            actions,
            automaticHolds,
            reviewHolds,
            appeals: appeals?.appeals ?? 0,
            reversed: appeals?.reversed ?? 0,
            medianHoursToDecision: median ? Math.round(median.hours * 10) / 10 : null,
          };
        }),
    };
  }

  // --- what members tell us by events --------------------------------------------------

  /** The decisions page of a member, in their language (where a statement links). */
  private decisionsLink(language: Language): string {
    return `${this.options.publicUrl}${localePath(language, '/moderation/decisions')}`;
  }

  /** The statement of reasons to the author, in their language (issue 35, 3). */
  private async tellAuthor(decision: DecisionRow, item: ItemRow | undefined): Promise<void> {
    const author = await this.repository.member(decision.ownerId);
    if (!author?.email) {
      this.logger.warn(
        { decisionId: decision.id },
        'moderation: no address for the author; the decision is on their decisions page',
      );
      return;
    }
    const language = languageOf(author.language);
    const action = decision.action as ModerationAction;
    await this.send(
      {
        template: 'moderation',
        to: author.email,
        language,
        data: {
          kind: 'statement',
          action,
          rule: decision.rule as ModerationReason | null,
          itemKind: decision.kind,
          itemTitle: item ? (item.title ?? item.excerpt) : null,
          statement: decision.statement,
          automatic: decision.automatic,
          heldFor: decision.automatic ? (decision.heldFor ?? 'reports') : null,
          suspendedUntil: decision.suspendedUntil?.toISOString() ?? null,
          decidedAt: decision.decidedAt.toISOString(),
          appealLink: isRestricting(action) ? this.decisionsLink(language) : null,
        },
      },
      `moderation-statement-${decision.id}`,
    );
  }

  /** Each reporter and notice sender of a closed case: what became of it. */
  private async tellReporters(caseId: string, item: ItemRow | undefined): Promise<void> {
    const reportRows = await this.repository.reportsOfCase(caseId);
    const actioned = (await this.repository.actionedCases([caseId])).has(caseId);
    const reporters = await this.repository.membersByIds(
      reportRows.flatMap((report) => (report.reporterId ? [report.reporterId] : [])),
    );
    for (const report of reportRows) {
      const to =
        report.contactEmail ??
        (report.reporterId ? reporters.get(report.reporterId)?.email : undefined);
      if (!to || !item) continue;
      await this.send(
        {
          template: 'moderation',
          to,
          language: languageOf(report.language),
          data: {
            kind: 'reportOutcome',
            itemKind: item.kind,
            itemTitle: item.title,
            outcome: actioned ? 'actioned' : 'noViolation',
          },
        },
        `moderation-outcome-${report.id}`,
      );
    }
  }

  private async tellAppealOutcome(
    decision: DecisionRow,
    outcome: 'upheld' | 'reversed',
    statement: string,
  ) {
    const author = await this.repository.member(decision.ownerId);
    if (!author?.email) return;
    const language = languageOf(author.language);
    await this.send(
      {
        template: 'moderation',
        to: author.email,
        language,
        data: {
          kind: 'appealOutcome',
          outcome,
          action: decision.action as ModerationAction,
          statement,
          link: this.decisionsLink(language),
        },
      },
      `moderation-appeal-${decision.id}`,
    );
  }

  /** Queue an email once (its job id), after the decision committed; a refusal is logged. */
  private async send(job: EmailJob, jobId: string): Promise<void> {
    try {
      await this.queue.add(QUEUES.email, job.template, job, { jobId });
    } catch (error) {
      this.logger.error({ err: error, jobId }, 'moderation: an email could not be queued');
    }
  }
}
