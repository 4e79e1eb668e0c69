import { isUuid, type Db } from '@mepedia/server-database';
import { sql, type SQL } from 'drizzle-orm';

// What the live streams ask the database besides the groups themselves (notification-streams.ts):
// light statements on ids and versions only, none of the wording the store's reads do.

const GROUPS = sql.raw('notifications.notification_groups');

/** A group's id and the version of its latest change. */
export type GroupVersion = { id: string; version: bigint };

export class NotificationStreamsRepository {
  constructor(private readonly db: Db) {}

  private async rows<T>(statement: SQL): Promise<T[]> {
    const result: unknown = await this.db.execute(statement);
    return (result as { rows: T[] }).rows;
  }

  /**
   * The last version handed out by the sequence (notification_stamp), by any transaction,
   * committed or not: every version at or below it was taken by the time this answers.
   */
  async versionNow(): Promise<bigint> {
    const [row] = await this.rows<{ version: string }>(
      sql`select last_value::text as version from notifications.notification_stamp`,
    );
    return BigInt(row?.version ?? '0');
  }

  /** The member's groups changed after `after` (ids and versions), oldest change first. */
  async versionsAfter(memberId: string, after: bigint, limit: number): Promise<GroupVersion[]> {
    const rows = await this.rows<{ id: string; version: string }>(sql`
      select g.id, g.version::text as version from ${GROUPS} g
      where g.recipient_id = ${memberId}::uuid and g.version > ${after.toString()}::bigint
      order by g.version asc limit ${limit}`);
    return rows.map((row) => ({ id: row.id, version: BigInt(row.version) }));
  }

  /** The member's latest changed groups (ids and versions), the latest first. */
  async latestVersions(memberId: string, limit: number): Promise<GroupVersion[]> {
    const rows = await this.rows<{ id: string; version: string }>(sql`
      select g.id, g.version::text as version from ${GROUPS} g
      where g.recipient_id = ${memberId}::uuid
      order by g.version desc limit ${limit}`);
    return rows.map((row) => ({ id: row.id, version: BigInt(row.version) }));
  }

  /**
   * Which of `memberIds` follow `publisherId`: one statement however many they are (the ids go
   * as one array parameter), through the follows' primary key (follower, followee).
   */
  async followersAmong(publisherId: string, memberIds: readonly string[]): Promise<string[]> {
    const ids = memberIds.filter(isUuid);
    if (ids.length === 0 || !isUuid(publisherId)) return [];
    const rows = await this.rows<{ follower_id: string }>(sql`
      select f.follower_id from notifications.follows f
      where f.followee_id = ${publisherId}::uuid
        and f.follower_id = any(${`{${ids.join(',')}}`}::uuid[])`);
    return rows.map((row) => row.follower_id);
  }
}
