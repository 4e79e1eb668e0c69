import { jsonb, smallint, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';

// Notifications by email (issue 32): each member's choices, put in the service's schema by
// notifications.schema.ts.

/**
 * A member's email choices, once they changed any: `kinds` holds only the kinds they set (a kind
 * left out, or one added to the contracts later, has its default), with the digest's hour and
 * weekday on the clock of `time_zone`. A member without a row has every default.
 */
export function emailPreferencesTable<S extends string>(schema: PgSchema<S>) {
  return schema.table('email_preferences', {
    userId: uuid('user_id').primaryKey(),
    kinds: jsonb('kinds').$type<Record<string, string>>().notNull().default({}),
    digestHour: smallint('digest_hour').notNull(),
    /** 0 Sunday … 6 Saturday, on the member's calendar. */
    digestWeekday: smallint('digest_weekday').notNull(),
    timeZone: text('time_zone').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  });
}
