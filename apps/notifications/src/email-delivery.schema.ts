import { sql } from 'drizzle-orm';
import { index, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';

// Notifications by email (issue 32): when each member's digests go next, and every email the
// service handed to the worker. Put in the service's schema by notifications.schema.ts; the
// groups' own `email_due_at` and `emailed_version` are in notification-store.schema.ts.

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Each member's next daily and weekly digest, as instants (UTC) computed from their digest hour,
 * weekday and time zone: set when the member becomes known, again when they change them, and after
 * each digest. The sweep reads only these, through the partial indexes, so a minute costs the
 * members due in it and not every member.
 */
export function emailDigestsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'email_digests',
    {
      userId: uuid('user_id').primaryKey(),
      nextDailyAt: at('next_daily_at'),
      nextWeeklyAt: at('next_weekly_at'),
      updatedAt: at('updated_at').notNull().defaultNow(),
    },
    (table) => [
      index('email_digests_daily_idx')
        .on(table.nextDailyAt)
        .where(sql`${table.nextDailyAt} is not null`),
      index('email_digests_weekly_idx')
        .on(table.nextWeeklyAt)
        .where(sql`${table.nextWeeklyAt} is not null`),
    ],
  );
}

/**
 * Every notification email, recorded in the transaction that decided it: `key` names it once and
 * for all (`notice-{group}-{version}`, `digest-{member}-daily-{local date}`), so it is decided once
 * whatever the replicas or retries, and is the worker's job id, so it is queued once too. `job` is
 * the worker's EmailJob as JSON until the queue took it; `queued_at` is set once the queue took it (a row without one, a
 * process having died in between, is queued again by the next sweep).
 */
export function emailSendsTable<S extends string>(schema: PgSchema<S>) {
  return schema.table(
    'email_sends',
    {
      key: text('key').primaryKey(),
      userId: uuid('user_id').notNull(),
      /** Null once queued: the copy (which names the address) is no longer needed. */
      job: text('job'),
      createdAt: at('created_at').notNull().defaultNow(),
      queuedAt: at('queued_at'),
    },
    (table) => [
      index('email_sends_user_idx').on(table.userId),
      index('email_sends_unqueued_idx')
        .on(table.createdAt)
        .where(sql`${table.queuedAt} is null`),
    ],
  );
}
