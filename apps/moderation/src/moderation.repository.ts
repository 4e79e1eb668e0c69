import type {
  DomainEventPayload,
  HeldFor,
  ModeratedItemKind,
  ModerationAction,
  ModerationState,
} from '@mepedia/contracts';
import {
  BlockStore,
  CircleMembershipStore,
  removedMemberKey,
  type Db,
} from '@mepedia/server-database';
import { appendEvent } from '@mepedia/server-queue';
import { and, asc, desc, eq, gt, inArray, isNotNull, lt, or, sql, type SQL } from 'drizzle-orm';
import {
  appeals,
  auditLog,
  cases,
  decisions,
  items,
  members,
  outbox,
  removedMembers,
  reports,
  restrictions,
} from './moderation.schema';

export type ItemRow = typeof items.$inferSelect;
export type CaseRow = typeof cases.$inferSelect;
export type ReportRow = typeof reports.$inferSelect;
export type DecisionRow = typeof decisions.$inferSelect;
export type AppealRow = typeof appeals.$inferSelect;
export type MemberRow = typeof members.$inferSelect;
export type RestrictionRow = typeof restrictions.$inferSelect;
export type AuditRow = typeof auditLog.$inferSelect;

/** A keyset position: a time and an id, newest or oldest first. */
export type Position = { at: Date; id: string };

/** An item as the events describe it, before this service's own word (`state`). */
export type HeardItem = Omit<ItemRow, 'state' | 'heardAt' | 'deleted' | 'questionId'> & {
  deleted?: boolean;
  questionId?: string | null;
};

/** A raw statement's rows: both drivers (node-postgres, PGlite) answer with `rows`. */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

/** The id that stands for a member who left, in the records kept for the monthly counts. */
export const DEPARTED = '00000000-0000-0000-0000-000000000000';

/** Reports, cases, decisions, appeals, the items and members read model: their one SQL place. */
export class ModerationRepository {
  readonly circles: CircleMembershipStore;
  readonly blocks: BlockStore;

  constructor(private readonly db: Db) {
    this.circles = new CircleMembershipStore(db, 'moderation');
    this.blocks = new BlockStore(db, 'moderation');
  }

  /** This repository inside one transaction: all of `work` commits or none. */
  transaction<T>(work: (repository: ModerationRepository) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) => work(new ModerationRepository(tx)));
  }

  /** Take a key's turn until the transaction ends (an item's reports and decisions, in order). */
  async lockTurn(key: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`moderation:${key}`}, 0))`,
    );
  }

  // --- members and items as their services announce them -------------------------------

  /** Whether a member with this id left (their digest is kept). */
  async left(userId: string): Promise<boolean> {
    const [row] = await this.db
      .select({ key: removedMembers.memberKey })
      .from(removedMembers)
      .where(eq(removedMembers.memberKey, removedMemberKey(userId)));
    return row !== undefined;
  }

  /** A member's name, language and address as of `at`, unless a newer word came or they left. */
  async upsertMember(user: DomainEventPayload<'user.updated'>, at: Date): Promise<void> {
    const email = user.email === undefined ? {} : { email: user.email.toLowerCase() };
    await this.db.execute(sql`
      insert into moderation.members (user_id, fullname, language, email, version)
      select ${user.userId}::uuid, ${user.fullname}, ${user.language},
        ${user.email === undefined ? null : user.email.toLowerCase()}, ${at.toISOString()}::timestamptz
      where not exists (
        select 1 from moderation.removed_members where member_key = ${removedMemberKey(user.userId)})
      on conflict (user_id) do update
        set fullname = excluded.fullname, language = excluded.language,
          ${'email' in email ? sql`email = excluded.email,` : sql``} version = excluded.version
        where moderation.members.version < excluded.version`);
  }

  async member(userId: string): Promise<MemberRow | undefined> {
    const [row] = await this.db.select().from(members).where(eq(members.userId, userId));
    return row;
  }

  async membersByIds(ids: readonly string[]): Promise<Map<string, MemberRow>> {
    const unique = [...new Set(ids)];
    if (unique.length === 0) return new Map();
    const rows = await this.db.select().from(members).where(inArray(members.userId, unique));
    return new Map(rows.map((row) => [row.userId, row]));
  }

  /**
   * An item as its service announced it at `at`: written unless a newer word was applied, or
   * its owner left. A deletion is final. This service's own `state` is kept.
   */
  async upsertItem(item: HeardItem, at: Date): Promise<void> {
    await this.db.execute(sql`
      insert into moderation.items (kind, item_id, owner_id, audience, audience_owner_id, title,
        excerpt, subject_id, question_id, deleted, heard_at)
      select ${item.kind}, ${item.itemId}, ${item.ownerId}::uuid, ${item.audience},
        ${item.audienceOwnerId}::uuid, ${item.title}, ${item.excerpt}, ${item.subjectId},
        ${item.questionId ?? null}, ${item.deleted ?? false}, ${at.toISOString()}::timestamptz
      where not exists (
        select 1 from moderation.removed_members where member_key = ${removedMemberKey(item.ownerId)})
      on conflict (kind, item_id) do update
        set owner_id = excluded.owner_id, audience = excluded.audience,
          audience_owner_id = excluded.audience_owner_id, title = excluded.title,
          excerpt = excluded.excerpt, subject_id = excluded.subject_id,
          question_id = coalesce(excluded.question_id, moderation.items.question_id),
          deleted = moderation.items.deleted or excluded.deleted, heard_at = excluded.heard_at
        where moderation.items.heard_at < excluded.heard_at and not moderation.items.deleted`);
  }

  /** A post's or answer's audience as of `at`, and its comments' with it. */
  async setAudience(
    kind: 'post' | 'answer',
    itemId: string,
    ownerId: string,
    audience: string,
    at: Date,
  ): Promise<void> {
    await this.db.execute(sql`
      update moderation.items set audience = ${audience}, heard_at = ${at.toISOString()}::timestamptz
      where kind = ${kind} and item_id = ${itemId} and heard_at < ${at.toISOString()}::timestamptz`);
    await this.db.execute(sql`
      update moderation.items set audience = ${audience}, audience_owner_id = ${ownerId}::uuid
      where kind = 'comment' and subject_id = ${itemId}`);
  }

  /** A comment's new words, unless newer ones were applied. */
  async setExcerpt(kind: ModeratedItemKind, itemId: string, excerpt: string, at: Date) {
    await this.db.execute(sql`
      update moderation.items set excerpt = ${excerpt}, heard_at = ${at.toISOString()}::timestamptz
      where kind = ${kind} and item_id = ${itemId} and heard_at < ${at.toISOString()}::timestamptz`);
  }

  /** An item is gone for good (its comments stay theirs: their service says when they go). */
  async markDeleted(kind: ModeratedItemKind, itemId: string): Promise<void> {
    await this.db
      .update(items)
      .set({ deleted: true })
      .where(and(eq(items.kind, kind), eq(items.itemId, itemId)));
  }

  async item(kind: ModeratedItemKind, itemId: string): Promise<ItemRow | undefined> {
    const [row] = await this.db
      .select()
      .from(items)
      .where(and(eq(items.kind, kind), eq(items.itemId, itemId)));
    return row;
  }

  /** The post or answer a comment is on, as last heard (a withheld one wins, as elsewhere). */
  async subjectOf(subjectId: string): Promise<ItemRow | undefined> {
    const rows = await this.db
      .select()
      .from(items)
      .where(and(inArray(items.kind, ['post', 'answer']), eq(items.itemId, subjectId)));
    return rows.find((row) => row.state !== 'visible') ?? rows[0];
  }

  async itemsOf(
    keys: ReadonlyArray<{ kind: string; itemId: string }>,
  ): Promise<Map<string, ItemRow>> {
    if (keys.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(items)
      .where(
        or(
          ...keys.map((key) =>
            and(eq(items.kind, key.kind as ModeratedItemKind), eq(items.itemId, key.itemId)),
          ),
        ),
      );
    return new Map(rows.map((row) => [`${row.kind}:${row.itemId}`, row]));
  }

  async setState(kind: ModeratedItemKind, itemId: string, state: ModerationState): Promise<void> {
    await this.db
      .update(items)
      .set({ state })
      .where(and(eq(items.kind, kind), eq(items.itemId, itemId)));
  }

  /**
   * A member left: remembered by a digest (a late event writes nothing back), their name,
   * address, items and circle places go, their open cases close, their reports keep only their
   * reason (for the monthly counts), and decisions about them keep only their action and time.
   */
  async removeMember(userId: string, now: Date): Promise<void> {
    await this.db
      .insert(removedMembers)
      .values({ memberKey: removedMemberKey(userId) })
      .onConflictDoNothing();
    await this.db.delete(members).where(eq(members.userId, userId));
    // Their items, and others' comments in their discussions (those go with their stories).
    await this.db
      .delete(items)
      .where(or(eq(items.ownerId, userId), eq(items.audienceOwnerId, userId)));
    await this.db.delete(restrictions).where(eq(restrictions.userId, userId));
    await this.db
      .update(cases)
      .set({ status: 'closed', closedAt: now, version: sql`${cases.version} + 1` })
      .where(and(eq(cases.ownerId, userId), eq(cases.status, 'open')));
    await this.db
      .update(reports)
      .set({ reporterId: null, words: null, contactName: null, contactEmail: null })
      .where(eq(reports.reporterId, userId));
    await this.db
      .update(reports)
      .set({ excerptThen: null, words: null })
      .where(
        inArray(
          reports.caseId,
          this.db.select({ id: cases.id }).from(cases).where(eq(cases.ownerId, userId)),
        ),
      );
    await this.db.update(cases).set({ ownerId: DEPARTED }).where(eq(cases.ownerId, userId));
    await this.db.delete(appeals).where(eq(appeals.authorId, userId));
    await this.db
      .update(decisions)
      .set({ ownerId: DEPARTED, statement: '', itemId: null })
      .where(eq(decisions.ownerId, userId));
    // As a moderator: their decisions and the log keep what was done, not by whom.
    await this.db
      .update(decisions)
      .set({ moderatorId: null })
      .where(eq(decisions.moderatorId, userId));
    await this.db.update(appeals).set({ decidedBy: null }).where(eq(appeals.decidedBy, userId));
    await this.db.update(auditLog).set({ actorId: null }).where(eq(auditLog.actorId, userId));
    await this.circles.removeMember(userId);
    // Their blocks go without a word each: every service that keeps them hears user.deleted.
    await this.blocks.removeMember(userId);
  }

  // --- cases and reports ---------------------------------------------------------------

  async openCaseOf(kind: ModeratedItemKind, itemId: string): Promise<CaseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(cases)
      .where(and(eq(cases.kind, kind), eq(cases.itemId, itemId), eq(cases.status, 'open')));
    return row;
  }

  async caseById(caseId: string): Promise<CaseRow | undefined> {
    const [row] = await this.db.select().from(cases).where(eq(cases.id, caseId));
    return row;
  }

  async insertCase(row: typeof cases.$inferInsert): Promise<CaseRow> {
    const [inserted] = await this.db.insert(cases).values(row).returning();
    if (!inserted) throw new Error('moderation: the case was not written');
    return inserted;
  }

  async updateCase(caseId: string, change: Partial<typeof cases.$inferInsert>): Promise<void> {
    await this.db
      .update(cases)
      .set({ ...change, version: sql`${cases.version} + 1` })
      .where(eq(cases.id, caseId));
  }

  /** A report, unless this member already reported in this case (then false). */
  async insertReport(row: typeof reports.$inferInsert): Promise<boolean> {
    const written = await this.db
      .insert(reports)
      .values(row)
      .onConflictDoNothing()
      .returning({ id: reports.id });
    return written.length > 0;
  }

  /** How many different members reported in a case. */
  async memberReporters(caseId: string): Promise<number> {
    const [row] = await this.db
      .select({ count: sql<number>`count(distinct ${reports.reporterId})::int` })
      .from(reports)
      .where(
        and(eq(reports.caseId, caseId), eq(reports.kind, 'report'), isNotNull(reports.reporterId)),
      );
    return row?.count ?? 0;
  }

  async reportsOfCase(caseId: string): Promise<ReportRow[]> {
    return this.db
      .select()
      .from(reports)
      .where(eq(reports.caseId, caseId))
      .orderBy(asc(reports.receivedAt), asc(reports.id));
  }

  /** Each case's reports counted by kind and reason: one statement for a page of cases. */
  async reportCounts(
    caseIds: readonly string[],
  ): Promise<Array<{ caseId: string; kind: string; reason: string; count: number }>> {
    if (caseIds.length === 0) return [];
    return this.db
      .select({
        caseId: reports.caseId,
        kind: reports.kind,
        reason: reports.reason,
        count: sql<number>`count(*)::int`,
      })
      .from(reports)
      .where(inArray(reports.caseId, [...caseIds]))
      .groupBy(reports.caseId, reports.kind, reports.reason);
  }

  /** The queue: open cases (automatic holds first, then oldest) or closed ones (newest first). */
  async queue(
    status: 'open' | 'closed',
    after: Position | undefined,
    autoHeldAfter: boolean | undefined,
    limit: number,
  ): Promise<CaseRow[]> {
    if (status === 'open') {
      const conditions: SQL[] = [eq(cases.status, 'open')];
      if (after && autoHeldAfter !== undefined) {
        // Order: auto_held desc, opened_at asc, id asc.
        const sameHold = and(
          eq(cases.autoHeld, autoHeldAfter),
          or(
            gt(cases.openedAt, after.at),
            and(eq(cases.openedAt, after.at), gt(cases.id, after.id)),
          ),
        );
        conditions.push(
          (autoHeldAfter ? or(eq(cases.autoHeld, false), sameHold) : sameHold) as SQL,
        );
      }
      return this.db
        .select()
        .from(cases)
        .where(and(...conditions))
        .orderBy(desc(cases.autoHeld), asc(cases.openedAt), asc(cases.id))
        .limit(limit);
    }
    const conditions: SQL[] = [eq(cases.status, 'closed')];
    if (after)
      conditions.push(
        or(
          lt(cases.closedAt, after.at),
          and(eq(cases.closedAt, after.at), lt(cases.id, after.id)),
        ) as SQL,
      );
    return this.db
      .select()
      .from(cases)
      .where(and(...conditions))
      .orderBy(desc(cases.closedAt), desc(cases.id))
      .limit(limit);
  }

  /** A member's reports, newest first, each with its case's status. */
  async reportsBy(
    reporterId: string,
    after: Position | undefined,
    limit: number,
  ): Promise<
    Array<
      ReportRow & {
        caseStatus: string;
        closedAt: Date | null;
        caseKind: string;
        caseItemId: string;
      }
    >
  > {
    const conditions: SQL[] = [eq(reports.reporterId, reporterId)];
    if (after)
      conditions.push(
        or(
          lt(reports.receivedAt, after.at),
          and(eq(reports.receivedAt, after.at), lt(reports.id, after.id)),
        ) as SQL,
      );
    const rows = await this.db
      .select({
        report: reports,
        caseStatus: cases.status,
        closedAt: cases.closedAt,
        caseKind: cases.kind,
        caseItemId: cases.itemId,
      })
      .from(reports)
      .innerJoin(cases, eq(cases.id, reports.caseId))
      .where(and(...conditions))
      .orderBy(desc(reports.receivedAt), desc(reports.id))
      .limit(limit);
    return rows.map((row) => ({
      ...row.report,
      caseStatus: row.caseStatus,
      closedAt: row.closedAt,
      caseKind: row.caseKind,
      caseItemId: row.caseItemId,
    }));
  }

  /**
   * Of these cases, those in which a moderator restricted the author (the reporters' "actioned"):
   * an automatic hold is no verdict, and a decision reversed on appeal does not count.
   */
  async actionedCases(caseIds: readonly string[]): Promise<Set<string>> {
    if (caseIds.length === 0) return new Set();
    const rows = await this.db
      .selectDistinct({ caseId: decisions.caseId })
      .from(decisions)
      .where(
        and(
          inArray(decisions.caseId, [...caseIds]),
          inArray(decisions.action, ['hide', 'remove', 'warn', 'suspend', 'ban']),
          eq(decisions.automatic, false),
          sql`not exists (select 1 from moderation.decisions later where later.reverses = ${decisions.id})`,
        ),
      );
    return new Set(rows.flatMap((row) => (row.caseId ? [row.caseId] : [])));
  }

  // --- decisions, appeals, restrictions, audit -----------------------------------------

  async insertDecision(row: typeof decisions.$inferInsert): Promise<DecisionRow> {
    const [inserted] = await this.db.insert(decisions).values(row).returning();
    if (!inserted) throw new Error('moderation: the decision was not written');
    return inserted;
  }

  async decision(decisionId: string): Promise<DecisionRow | undefined> {
    const [row] = await this.db.select().from(decisions).where(eq(decisions.id, decisionId));
    return row;
  }

  async decisionsOfCase(caseId: string): Promise<DecisionRow[]> {
    return this.db
      .select()
      .from(decisions)
      .where(eq(decisions.caseId, caseId))
      .orderBy(asc(decisions.decidedAt), asc(decisions.id));
  }

  async decisionsAbout(
    ownerId: string,
    after: Position | undefined,
    limit: number,
  ): Promise<DecisionRow[]> {
    const conditions: SQL[] = [eq(decisions.ownerId, ownerId)];
    if (after)
      conditions.push(
        or(
          lt(decisions.decidedAt, after.at),
          and(eq(decisions.decidedAt, after.at), lt(decisions.id, after.id)),
        ) as SQL,
      );
    return this.db
      .select()
      .from(decisions)
      .where(and(...conditions))
      .orderBy(desc(decisions.decidedAt), desc(decisions.id))
      .limit(limit);
  }

  async decisionsByIds(ids: readonly string[]): Promise<Map<string, DecisionRow>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(decisions)
      .where(inArray(decisions.id, [...ids]));
    return new Map(rows.map((row) => [row.id, row]));
  }

  async appealsOf(decisionIds: readonly string[]): Promise<Map<string, AppealRow>> {
    if (decisionIds.length === 0) return new Map();
    const rows = await this.db
      .select()
      .from(appeals)
      .where(inArray(appeals.decisionId, [...decisionIds]));
    return new Map(rows.map((row) => [row.decisionId, row]));
  }

  /** An appeal, unless the decision was appealed already (then undefined). */
  async insertAppeal(row: typeof appeals.$inferInsert): Promise<AppealRow | undefined> {
    const [inserted] = await this.db.insert(appeals).values(row).onConflictDoNothing().returning();
    return inserted;
  }

  async appeal(appealId: string): Promise<AppealRow | undefined> {
    const [row] = await this.db.select().from(appeals).where(eq(appeals.id, appealId));
    return row;
  }

  async decideAppeal(
    appealId: string,
    change: Partial<typeof appeals.$inferInsert>,
  ): Promise<void> {
    await this.db.update(appeals).set(change).where(eq(appeals.id, appealId));
  }

  async openAppeals(after: Position | undefined, limit: number): Promise<AppealRow[]> {
    const conditions: SQL[] = [eq(appeals.status, 'open')];
    if (after)
      conditions.push(
        or(
          gt(appeals.sentAt, after.at),
          and(eq(appeals.sentAt, after.at), gt(appeals.id, after.id)),
        ) as SQL,
      );
    return this.db
      .select()
      .from(appeals)
      .where(and(...conditions))
      .orderBy(asc(appeals.sentAt), asc(appeals.id))
      .limit(limit);
  }

  async restriction(userId: string): Promise<RestrictionRow | undefined> {
    const [row] = await this.db.select().from(restrictions).where(eq(restrictions.userId, userId));
    return row;
  }

  /** A member's account restriction as it now is, announced in the same transaction. */
  async restrict(
    userId: string,
    suspendedUntil: Date | null,
    banned: boolean,
    now: Date,
  ): Promise<void> {
    await this.db
      .insert(restrictions)
      .values({ userId, suspendedUntil, banned, changedAt: now })
      .onConflictDoUpdate({
        target: restrictions.userId,
        set: { suspendedUntil, banned, changedAt: now },
      });
    await appendEvent(this.db, outbox, 'member.restriction.changed', {
      userId,
      suspendedUntil: suspendedUntil?.toISOString() ?? null,
      banned,
    });
  }

  /**
   * An item's moderation state, announced in the same transaction. A questionnaire answer's
   * magazine post goes with it: the services that keep a post's comments, likes and
   * notifications know it by the post's id alone.
   */
  async announceState(
    item: Pick<ItemRow, 'kind' | 'itemId' | 'ownerId'>,
    state: ModerationState,
    caseId: string,
  ): Promise<void> {
    await this.announceOne(item, state, caseId);
    if (item.kind !== 'answer') return;
    const post = await this.magazinePostOf(item.itemId);
    if (post && post.state !== state) await this.announceOne(post, state, caseId);
  }

  /** The magazine post made from an answer, if this service heard of it. */
  async magazinePostOf(answerId: string): Promise<ItemRow | undefined> {
    const answer = await this.item('answer', answerId);
    if (!answer?.questionId) return undefined;
    const [post] = await this.db
      .select()
      .from(items)
      .where(
        and(
          eq(items.kind, 'post'),
          eq(items.ownerId, answer.ownerId),
          eq(items.questionId, answer.questionId),
        ),
      );
    return post;
  }

  /**
   * The answer a magazine post was made from, when that answer is held or removed and the post
   * is not the same: a post heard of after the decision must follow it.
   */
  async withheldAnswerOf(post: ItemRow): Promise<ItemRow | undefined> {
    if (post.kind !== 'post' || !post.questionId) return undefined;
    const [answer] = await this.db
      .select()
      .from(items)
      .where(
        and(
          eq(items.kind, 'answer'),
          eq(items.ownerId, post.ownerId),
          eq(items.questionId, post.questionId),
        ),
      );
    return answer && answer.state !== 'visible' && answer.state !== post.state ? answer : undefined;
  }

  /** The latest case about an item. */
  async latestCaseOf(kind: ModeratedItemKind, itemId: string): Promise<CaseRow | undefined> {
    const [row] = await this.db
      .select()
      .from(cases)
      .where(and(eq(cases.kind, kind), eq(cases.itemId, itemId)))
      .orderBy(desc(cases.openedAt))
      .limit(1);
    return row;
  }

  private async announceOne(
    item: Pick<ItemRow, 'kind' | 'itemId' | 'ownerId'>,
    state: ModerationState,
    caseId: string,
  ): Promise<void> {
    await this.setState(item.kind, item.itemId, state);
    await appendEvent(this.db, outbox, 'moderation.item.changed', {
      kind: item.kind,
      itemId: item.itemId,
      ownerId: item.ownerId,
      state,
      caseId,
    });
  }

  /** A block or mute as it now is, announced in the same transaction. */
  async announceBlock(
    blockerId: string,
    blockedId: string,
    kind: 'block' | 'mute',
    active: boolean,
  ) {
    await appendEvent(this.db, outbox, 'member.block.changed', {
      blockerId,
      blockedId,
      kind,
      active,
    });
  }

  async audit(row: Omit<typeof auditLog.$inferInsert, 'id'> & { id: string }): Promise<void> {
    await this.db.insert(auditLog).values(row);
  }

  async auditPage(after: Position | undefined, limit: number): Promise<AuditRow[]> {
    const conditions: SQL[] = [];
    if (after)
      conditions.push(
        or(
          lt(auditLog.at, after.at),
          and(eq(auditLog.at, after.at), lt(auditLog.id, after.id)),
        ) as SQL,
      );
    return this.db
      .select()
      .from(auditLog)
      .where(conditions.length ? and(...conditions) : undefined)
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(limit);
  }

  // --- the public counts ---------------------------------------------------------------

  /** Per month since `since` (UTC): reports and notices received. */
  async reportsByMonth(
    since: Date,
  ): Promise<Array<{ month: string; kind: string; count: number }>> {
    const result: unknown = await this.db.execute(sql`
      select to_char(received_at at time zone 'UTC', 'YYYY-MM') as month, kind, count(*)::int as count
      from moderation.reports where received_at >= ${since.toISOString()}::timestamptz
      group by 1, 2`);
    return rowsOf(result);
  }

  /** Per month: decisions by action, automatic ones apart. */
  async decisionsByMonth(since: Date): Promise<
    Array<{
      month: string;
      action: ModerationAction;
      automatic: boolean;
      heldFor: HeldFor | null;
      count: number;
    }>
  > {
    const result: unknown = await this.db.execute(sql`
      select to_char(decided_at at time zone 'UTC', 'YYYY-MM') as month, action, automatic,
        held_for as "heldFor", count(*)::int as count
      from moderation.decisions where decided_at >= ${since.toISOString()}::timestamptz
      group by 1, 2, 3, 4`);
    return rowsOf(result);
  }

  /** Per month: appeals sent, and those reversed. */
  async appealsByMonth(
    since: Date,
  ): Promise<Array<{ month: string; appeals: number; reversed: number }>> {
    const result: unknown = await this.db.execute(sql`
      select to_char(sent_at at time zone 'UTC', 'YYYY-MM') as month, count(*)::int as appeals,
        (count(*) filter (where status = 'reversed'))::int as reversed
      from moderation.appeals where sent_at >= ${since.toISOString()}::timestamptz
      group by 1`);
    return rowsOf(result);
  }

  /** Per month of the first decision: the median hours from a case's opening to it. */
  async medianHoursByMonth(since: Date): Promise<Array<{ month: string; hours: number }>> {
    const result: unknown = await this.db.execute(sql`
      select to_char(first_decided_at at time zone 'UTC', 'YYYY-MM') as month,
        percentile_cont(0.5) within group (
          order by extract(epoch from first_decided_at - opened_at) / 3600) as hours
      from moderation.cases
      where first_decided_at is not null and first_decided_at >= ${since.toISOString()}::timestamptz
      group by 1`);
    return rowsOf<{ month: string; hours: number | string }>(result).map((row) => ({
      month: row.month,
      hours: Number(row.hours),
    }));
  }
}
