import { outboxTable } from '@mepedia/server-queue';
import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  pgSchema,
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
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_key').on(table.email),
    uniqueIndex('users_phone_key').on(table.phoneNumberPrefix, table.phoneNumber),
    check('users_language_check', sql`${table.language} in ('en', 'he')`),
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
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (table) => [
    uniqueIndex('sessions_token_hash_key').on(table.tokenHash),
    index('sessions_user_id_idx').on(table.userId),
  ],
);

export const outbox = outboxTable(usersSchema);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
