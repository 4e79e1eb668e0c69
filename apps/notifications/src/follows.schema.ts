import { sql } from 'drizzle-orm';
import { check, index, primaryKey, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * Who follows whom: one row per member following another (never themselves). Put in the
 * service's schema by notifications.schema.ts.
 */
export function followsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'follows',
    {
      followerId: uuid('follower_id').notNull(),
      followeeId: uuid('followee_id').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' })
        .notNull()
        .defaultNow(),
    },
    (table) => [
      primaryKey({ columns: [table.followerId, table.followeeId] }),
      // A member's following, newest first (keyset on created_at, then the other id).
      index('follows_follower_created_idx').on(table.followerId, table.createdAt, table.followeeId),
      // A member's followers, newest first; and a departed member's rows, both ways.
      index('follows_followee_created_idx').on(table.followeeId, table.createdAt, table.followerId),
      check('follows_not_self_check', sql`${table.followerId} <> ${table.followeeId}`),
    ],
  );
}
