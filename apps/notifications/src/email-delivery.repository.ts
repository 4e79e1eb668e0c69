import type { Db } from '@mepedia/server-database';
import { sql, type SQL } from 'drizzle-orm';
import type { DigestPeriod } from './email-digest.schedule';
import type { EmailPreferencesRow } from './email-preferences.repository';
import { emailFrequencySql, NotificationStore, READABLE } from './notification-store.repository';

// Notifications by email (issue 32): the sweeps' SQL (email-delivery.schema.ts, and the groups'
// `email_due_at` and `emailed_version`). Raw statements, as the store's: both drivers
// (node-postgres, PGlite) answer them with `rows`.

const GROUPS = sql.raw('notifications.notification_groups');
const DIGESTS = sql.raw('notifications.email_digests');
const SENDS = sql.raw('notifications.email_sends');
const NEXT_COLUMN = { daily: sql.raw('next_daily_at'), weekly: sql.raw('next_weekly_at') };

/** A member as an email needs them: where it goes, in which language. */
export type Recipient = { userId: string; email: string | null; language: string };

/** A group a digest may tell of: its version, and its place among the member's (1: newest). */
export type DigestCandidate = { id: string; recipientId: string; version: string; rank: number };

const list = (values: readonly string[], cast: string) =>
  sql.join(
    values.map((value) => sql`${value}${sql.raw(`::${cast}`)}`),
    sql`, `,
  );

export class EmailDeliveryRepository {
  constructor(private readonly db: Db) {}

  /**
   * This repository inside one transaction, with the notifications store in the same one (the
   * groups an email tells of are read there): all of `work` commits or none.
   */
  transaction<T>(
    work: (repository: EmailDeliveryRepository, store: NotificationStore) => Promise<T>,
  ): Promise<T> {
    return this.db.transaction((tx) =>
      work(new EmailDeliveryRepository(tx), new NotificationStore(tx)),
    );
  }

  private async rows<T>(statement: SQL): Promise<T[]> {
    const result: unknown = await this.db.execute(statement);
    return (result as { rows: T[] }).rows;
  }

  // --- at once ----------------------------------------------------------------------------

  /**
   * The groups whose email is due at `now`, oldest first, locked for this transaction (another
   * sweep skips them) and no longer due: what happens next is decided on them now, once.
   */
  async takeDueGroups(now: Date, limit: number): Promise<string[]> {
    const rows = await this.rows<{ id: string }>(sql`
      with due as (
        select id from ${GROUPS}
        where email_due_at <= ${now.toISOString()}::timestamptz
        order by email_due_at
        limit ${limit}
        for update skip locked)
      update ${GROUPS} g set email_due_at = null from due where g.id = due.id
      returning g.id`);
    return rows.map((row) => row.id);
  }

  // --- digests ----------------------------------------------------------------------------

  /**
   * The members whose `period` digest is due at `now`, with the slot it was due at, locked for
   * this transaction (another sweep skips them).
   */
  async lockDueDigests(
    period: DigestPeriod,
    now: Date,
    limit: number,
  ): Promise<Array<{ userId: string; slot: Date }>> {
    const column = NEXT_COLUMN[period];
    const rows = await this.rows<{ user_id: string; slot: Date | string }>(sql`
      select user_id, ${column} as slot from ${DIGESTS}
      where ${column} <= ${now.toISOString()}::timestamptz
      order by ${column}
      limit ${limit}
      for update skip locked`);
    return rows.map((row) => ({ userId: row.user_id, slot: new Date(row.slot) }));
  }

  /**
   * The groups a `period` digest to these members may tell of: unread, readable, with news no
   * email told yet, of a kind the member takes in that digest; newest first for each member.
   */
  async digestCandidates(userIds: readonly string[], period: DigestPeriod) {
    if (userIds.length === 0) return [];
    const rows = await this.rows<{
      id: string;
      recipient_id: string;
      version: string;
      rank: number;
    }>(sql`
      select g.id, g.recipient_id, g.version::text as version,
        row_number() over (partition by g.recipient_id order by g.stamp desc)::int as rank
      from ${GROUPS} g left join notifications.notification_subjects s on s.subject_id = g.subject_id
      where g.recipient_id in (${list(userIds, 'uuid')})
        and not g.read and g.stamp > g.emailed_version and ${READABLE}
        and ${emailFrequencySql(sql`g.kind`, sql`g.recipient_id`)} = ${period}`);
    return rows.map((row): DigestCandidate => ({
      id: row.id,
      recipientId: row.recipient_id,
      version: row.version,
      rank: row.rank,
    }));
  }

  /** These members' next `period` digests, in one statement. */
  async setNextDigests(
    period: DigestPeriod,
    next: ReadonlyArray<{ userId: string; at: Date }>,
    now: Date,
  ): Promise<void> {
    if (next.length === 0) return;
    const values = sql.join(
      next.map((row) => sql`(${row.userId}::uuid, ${row.at.toISOString()}::timestamptz)`),
      sql`, `,
    );
    await this.db.execute(sql`
      update ${DIGESTS} d set ${NEXT_COLUMN[period]} = v.at,
        updated_at = ${now.toISOString()}::timestamptz
      from (values ${values}) as v(user_id, at)
      where d.user_id = v.user_id`);
  }

  /**
   * The member's digest times: set (`replace`, their choice changed) or made if they have none
   * (a member newly known).
   */
  async saveDigestTimes(
    userId: string,
    next: { daily: Date; weekly: Date },
    now: Date,
    replace: boolean,
  ) {
    await this.db.execute(sql`
      insert into ${DIGESTS} (user_id, next_daily_at, next_weekly_at, updated_at)
      values (${userId}::uuid, ${next.daily.toISOString()}::timestamptz,
        ${next.weekly.toISOString()}::timestamptz, ${now.toISOString()}::timestamptz)
      on conflict (user_id) do ${
        replace
          ? sql`update set next_daily_at = excluded.next_daily_at,
              next_weekly_at = excluded.next_weekly_at, updated_at = excluded.updated_at`
          : sql`nothing`
      }`);
  }

  // --- both ---------------------------------------------------------------------------------

  /** These members as an email needs them (those still known). */
  async recipients(userIds: readonly string[]): Promise<Map<string, Recipient>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.rows<{ user_id: string; email: string | null; language: string }>(sql`
      select user_id, email, language from notifications.members
      where user_id in (${list(userIds, 'uuid')})`);
    return new Map(
      rows.map((row) => [
        row.user_id,
        { userId: row.user_id, email: row.email, language: row.language },
      ]),
    );
  }

  /** These members' stored email choices (none: every default). */
  async preferences(userIds: readonly string[]): Promise<Map<string, EmailPreferencesRow>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.rows<{
      user_id: string;
      kinds: Record<string, string> | string;
      digest_hour: number;
      digest_weekday: number;
      time_zone: string;
    }>(sql`
      select user_id, kinds, digest_hour, digest_weekday, time_zone
      from notifications.email_preferences where user_id in (${list(userIds, 'uuid')})`);
    return new Map(
      rows.map((row) => [
        row.user_id,
        {
          kinds:
            typeof row.kinds === 'string'
              ? (JSON.parse(row.kinds) as Record<string, string>)
              : row.kinds,
          digestHour: row.digest_hour,
          digestWeekday: row.digest_weekday,
          timeZone: row.time_zone,
        },
      ]),
    );
  }

  /**
   * These groups' news, up to the version each email saw, is told: a newer version (news that
   * came meanwhile) stays to tell.
   */
  async markEmailed(told: ReadonlyArray<{ id: string; version: string }>): Promise<void> {
    if (told.length === 0) return;
    const values = sql.join(
      told.map((group) => sql`(${group.id}::uuid, ${group.version}::bigint)`),
      sql`, `,
    );
    await this.db.execute(sql`
      update ${GROUPS} g set emailed_version = greatest(g.emailed_version, v.version)
      from (values ${values}) as v(id, version)
      where g.id = v.id`);
  }

  /**
   * Record emails once each by their keys, in one statement: the keys written (one already
   * recorded, by another sweep or before a restart, is not written again, nor answered).
   */
  async recordSends(
    sends: ReadonlyArray<{ key: string; userId: string; job: string }>,
    now: Date,
  ): Promise<Set<string>> {
    if (sends.length === 0) return new Set();
    const at = now.toISOString();
    const values = sql.join(
      sends.map(
        (send) => sql`(${send.key}, ${send.userId}::uuid, ${send.job}, ${at}::timestamptz)`,
      ),
      sql`, `,
    );
    const rows = await this.rows<{ key: string }>(sql`
      insert into ${SENDS} (key, user_id, job, created_at) values ${values}
      on conflict (key) do nothing returning key`);
    return new Set(rows.map((row) => row.key));
  }

  /** The queue took them: their copies here (which name members' addresses) are no longer needed. */
  async markQueued(keys: readonly string[], now: Date): Promise<void> {
    if (keys.length === 0) return;
    await this.db.execute(sql`
      update ${SENDS} set queued_at = ${now.toISOString()}::timestamptz, job = null
      where key in (${list(keys, 'text')})`);
  }

  /** Emails recorded but not known to be queued (a process died in between), oldest first. */
  async unqueued(before: Date, limit: number): Promise<Array<{ key: string; job: string }>> {
    return this.rows(sql`
      select key, job from ${SENDS}
      where queued_at is null and job is not null
        and created_at < ${before.toISOString()}::timestamptz
      order by created_at limit ${limit}`);
  }

  /** A member left: their digest times and their emails' records go. */
  async forget(userId: string): Promise<void> {
    await this.db.execute(sql`delete from ${DIGESTS} where user_id = ${userId}::uuid`);
    await this.db.execute(sql`delete from ${SENDS} where user_id = ${userId}::uuid`);
  }
}
