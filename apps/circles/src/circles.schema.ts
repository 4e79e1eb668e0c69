import { removedMembersTable } from '@mepedia/server-database';
import { outboxTable } from '@mepedia/server-queue';
import { sql } from 'drizzle-orm';
import { index, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// The circles service's tables (issue 34), all in one PostgreSQL schema (the file drizzle-kit reads).
export const circlesSchema = pgSchema('circles');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Members as this service knows them, from the users service's `user.updated` (sent when a
 * member finishes verification, and on every change of name, picture, language or address):
 * only a member with a row here can invite or accept. `email` matches an invitation sent to an
 * address with the account that accepts it. `version` is the event's `occurredAt`.
 */
export const members = circlesSchema.table(
  'members',
  {
    userId: uuid('user_id').primaryKey(),
    fullname: text('fullname').notNull(),
    profileImage: text('profile_image'),
    language: text('language').notNull(),
    email: text('email'),
    version: at('version').notNull(),
  },
  (table) => [index('members_email_idx').on(table.email)],
);

/** Members who left, by a digest of their id: a late `user.updated` brings nobody back. */
export const removedMembers = removedMembersTable(circlesSchema);

/** Who is in whose circle (one circle per member for now). */
export const circleMembers = circlesSchema.table(
  'circle_members',
  {
    ownerId: uuid('owner_id').notNull(),
    memberId: uuid('member_id').notNull(),
    addedAt: at('added_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.ownerId, table.memberId] }),
    // The circles a member is in.
    index('circle_members_member_idx').on(table.memberId, table.addedAt),
  ],
);

/**
 * Invitations, each for one person: sent to an address (`email`) or handed over as a link. The
 * token is never stored, only its SHA-256 digest. Waiting while not accepted, not withdrawn and
 * not expired.
 */
export const circleInvitations = circlesSchema.table(
  'circle_invitations',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    kind: text('kind', { enum: ['email', 'link'] }).notNull(),
    email: text('email'),
    tokenDigest: text('token_digest').notNull().unique(),
    message: text('message'),
    createdAt: at('created_at').notNull(),
    expiresAt: at('expires_at').notNull(),
    revokedAt: at('revoked_at'),
    acceptedBy: uuid('accepted_by'),
    acceptedAt: at('accepted_at'),
  },
  (table) => [
    // An owner's invitations waiting, newest first (the settings page, the limits).
    index('circle_invitations_waiting_idx')
      .on(table.ownerId, table.createdAt)
      .where(sql`${table.acceptedBy} is null and ${table.revokedAt} is null`),
  ],
);

/**
 * Events the service announces, written in the same transaction as the change:
 * circle.member.added and circle.member.removed.
 */
export const outbox = outboxTable(circlesSchema);
