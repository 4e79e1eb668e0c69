import { text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * Members as this service knows them, from the users service's `user.updated` (sent when a
 * member finishes verification, and whenever a verified member changes their name, picture or
 * language): only a member with a row here can be followed or listed. `version` is the event's
 * `occurredAt`: an older word never overwrites a newer one. Put in the service's schema by
 * notifications.schema.ts.
 */
export function membersTable<S extends string>(schema: PgSchema<S>) {
  return schema.table('members', {
    userId: uuid('user_id').primaryKey(),
    fullname: text('fullname').notNull(),
    profileImage: text('profile_image'),
    language: text('language').notNull(),
    /** The member's address (user.updated since issue 32; null until heard): the weekly question's. */
    email: text('email'),
    version: timestamp('version', { withTimezone: true, mode: 'date' }).notNull(),
  });
}
