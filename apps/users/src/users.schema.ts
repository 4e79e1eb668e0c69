import { MEMBER_ROLES, type ModerationState } from '@mepedia/contracts';
import { memberBlocksTable, removedMembersTable } from '@mepedia/server-database';
import { outboxTable } from '@mepedia/server-queue';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  integer,
  jsonb,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const usersSchema = pgSchema('users');

export const users = usersSchema.table(
  'users',
  {
    id: uuid('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull(),
    phoneNumberPrefix: text('phone_number_prefix').notNull(),
    phoneNumber: text('phone_number').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    language: text('language', { enum: ['en', 'he'] }).notNull(),
    birthdate: date('birthdate', { mode: 'string' }).notNull(),
    country: text('country').notNull(),
    gender: text('gender', { enum: ['male', 'female', 'other', 'non-binary'] }).notNull(),
    websiteLink: text('website_link'),
    facebookLink: text('facebook_link'),
    instagramLink: text('instagram_link'),
    linkedinLink: text('linkedin_link'),
    profileImage: text('profile_image'),
    croppedProfileImage: text('cropped_profile_image'),
    moto: text('moto'),
    aboutMe: text('about_me'),
    videoUrl: text('video_url'),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }).notNull(),
    phoneVerifiedAt: timestamp('phone_verified_at', { withTimezone: true, mode: 'date' }),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    /**
     * Until the email is verified: when this pending account expires (and its email and phone are
     * free again). Null once verified. See PENDING_* in verification-tickets.ts.
     */
    verificationDeadline: timestamp('verification_deadline', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // The people directory's projection of the member's public answers (fed by
    // profile.publication.changed events from me-answers).
    publishedAnswers: integer('published_answers').notNull().default(0),
    publishedTopics: text('published_topics').notNull().default(''),
    /** When the profile first went public (null while it has no public answer). */
    publishedAt: timestamp('published_at', { withTimezone: true, mode: 'date' }),
    /** occurredAt of the last publication event applied; older ones are ignored. */
    publicationVersion: timestamp('publication_version', { withTimezone: true, mode: 'date' }),
    /**
     * Where moderation leaves the member's profile (moderation.item.changed, kind `profile`,
     * issue 35): anything but `visible` is the member's alone (their profile, card, widget and
     * byline are as no one's to everyone else). Their own changes never touch it.
     */
    moderationState: text('moderation_state', { enum: ['visible', 'held', 'removed'] })
      .$type<ModerationState>()
      .notNull()
      .default('visible'),
    /** The moderation case of the last word (null while visible). */
    moderationCaseId: text('moderation_case_id'),
    /** When the moderation service said it (the event's occurredAt): an older word is stale. */
    moderationChangedAt: timestamp('moderation_changed_at', { withTimezone: true, mode: 'date' }),
    // The moderation service's word on the account (member.restriction.changed, issue 35).
    /** Until when the member may not write; null (or past) when not suspended. */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    /** Since when the account is banned (no sign-in, no session); null when it is not. */
    bannedAt: timestamp('banned_at', { withTimezone: true, mode: 'date' }),
    /** occurredAt of the last restriction event applied; older ones are ignored. */
    restrictionVersion: timestamp('restriction_version', { withTimezone: true, mode: 'date' }),
    /** Names and topics, lower-cased and without niqqud or cantillation, for trigram search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(regexp_replace(firstname || ' ' || lastname || ' ' || published_topics, '[\\u0591-\\u05BD\\u05BF\\u05C1\\u05C2\\u05C4\\u05C5\\u05C7]', '', 'g'))`,
      ),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    index('users_search_text_trgm_idx').using('gin', sql`${table.searchText} gin_trgm_ops`),
    // The directory: published profiles moderation does not hide (issue 35).
    index('users_published_idx')
      .on(table.publishedAt, table.id)
      .where(sql`published_answers > 0 and moderation_state = 'visible'`),
    uniqueIndex('users_phone_key').on(table.phoneNumberPrefix, table.phoneNumber),
    index('users_pending_deadline_idx')
      .on(table.verificationDeadline)
      .where(sql`email_verified_at is null`),
    check('users_language_check', sql`${table.language} in ('en', 'he')`),
    check(
      'users_moderation_state_check',
      sql`${table.moderationState} in ('visible', 'held', 'removed')`,
    ),
    check('users_gender_check', sql`${table.gender} in ('male', 'female', 'other', 'non-binary')`),
    check('users_email_lower_check', sql`${table.email} = lower(${table.email})`),
    // Email verification comes after phone verification, never before.
    check(
      'users_verification_order_check',
      sql`${table.emailVerifiedAt} is null or ${table.phoneVerifiedAt} is not null`,
    ),
  ],
);

export const sessions = usersSchema.table(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the cookie token, hex. The token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Absolute end (30 days after sign-in). */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Last use, kept to within a few minutes: idle sessions end (SESSION_IDLE_SECONDS). */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true, mode: 'date' })
      .notNull()
      .defaultNow(),
    /** The browser that signed in (shortened), so a member can tell their sessions apart. */
    userAgent: text('user_agent'),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

/**
 * Verification tickets: what binds the pending-verification calls (codes, phone change, state)
 * to the person who registered, or who proved the password of a pending account. Held in an
 * HttpOnly cookie; only the hash is stored.
 */
export const verificationTickets = usersSchema.table(
  'verification_tickets',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('verification_tickets_token_hash_key').on(table.tokenHash),
    index('verification_tickets_user_id_idx').on(table.userId),
  ],
);

export const VERIFICATION_PURPOSES = [
  'phone',
  'email',
  'password_reset',
  // A verified member moving to a new number or address: the code or link goes to the new one.
  'phone_change',
  'email_change',
] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];

/** Where a change's code or link went: the number or address that replaces the member's. */
export type ContactDestination =
  { phoneNumberPrefix: string; phoneNumber: string } | { email: string };

/**
 * One-time secrets: SMS codes, email verification links, password reset links.
 * Only hashes are stored. At most one is live per member and purpose: issuing
 * a new one voids the others (consumed_at set).
 */
export const verificationCodes = usersSchema.table(
  'verification_codes',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: VERIFICATION_PURPOSES }).notNull(),
    secretHash: text('secret_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
    /** For a change (phone_change, email_change) only: the new number or address. */
    destination: jsonb('destination').$type<ContactDestination>(),
  },
  (table) => [
    index('verification_codes_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
    index('verification_codes_secret_idx').on(table.secretHash),
    check(
      'verification_codes_purpose_check',
      sql`${table.purpose} in ('phone', 'email', 'password_reset', 'phone_change', 'email_change')`,
    ),
  ],
);

/** Authentication events, for investigating abuse. Never holds a secret. */
export const auditEvents = usersSchema.table(
  'audit_events',
  {
    id: uuid('id').primaryKey(),
    type: text('type').notNull(),
    userId: uuid('user_id'),
    ip: text('ip'),
    requestId: text('request_id'),
    details: jsonb('details').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_user_idx').on(table.userId, table.createdAt),
    index('audit_events_type_idx').on(table.type, table.createdAt),
  ],
);

/**
 * The roles members hold (moderator, admin: issue 35), granted and revoked by an operator
 * (the admin command) or an admin. A member's go with their account.
 */
export const memberRoles = usersSchema.table(
  'member_roles',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    grantedAt: timestamp('granted_at', { withTimezone: true, mode: 'date' }).notNull(),
    /** Who granted it (an operator label `cli:<user>@<host>` or `member:<id>`). */
    grantedBy: text('granted_by').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.role] }),
    check('member_roles_role_check', sql`${table.role} in ('moderator', 'admin')`),
  ],
);

export const ROLE_ACTIONS = ['grant', 'revoke'] as const;
export type RoleAction = (typeof ROLE_ACTIONS)[number];

/**
 * Every grant and revoke of a role, appended and never changed (a trigger refuses updates and
 * deletes): who did it (`actor`), when, to whom and what. It outlives the member's account (no
 * foreign key) as a record of what power was held, but not whose: when the account goes, its
 * rows forget the member (user_id null, an actor `member:<id>` becomes `member:deleted`), the
 * one change the trigger lets through.
 */
export const roleChanges = usersSchema.table(
  'role_changes',
  {
    id: uuid('id').primaryKey(),
    /** The member; null once their account is deleted. */
    userId: uuid('user_id'),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    action: text('action', { enum: ROLE_ACTIONS }).notNull(),
    /** `cli:<user>@<host>` (an operator), `member:<id>` (an admin), `account-deleted`. */
    actor: text('actor').notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    index('role_changes_at_idx').on(table.at, table.id),
    index('role_changes_user_idx').on(table.userId, table.at),
    check('role_changes_role_check', sql`${table.role} in ('moderator', 'admin')`),
    check('role_changes_action_check', sql`${table.action} in ('grant', 'revoke')`),
  ],
);

export const outbox = outboxTable(usersSchema);

/**
 * Who blocks or mutes whom, as the moderation service announces it (member.block.changed, issue
 * 35; libs/server/database blocks.ts): a member's people directory leaves out the members who
 * block them and those they block. Mutes are kept as they come but change nothing here (a mute
 * is the muter's feeds, not the people).
 */
export const memberBlocks = memberBlocksTable(usersSchema);

/**
 * Members who deleted their account, by a digest of their id (never the id): a block word about
 * one of them still on its way writes nothing (BlockStore). Written as the account goes.
 */
export const removedMembers = removedMembersTable(usersSchema);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
