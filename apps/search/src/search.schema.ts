import {
  circleMembershipsTable,
  memberBlocksTable,
  moderatedItemsTable,
  removedMembersTable,
} from '@mepedia/server-database';
import type { Audience, ModerationState, SearchableKind } from '@mepedia/contracts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  customType,
  index,
  pgSchema,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';

// The search service's tables (issue 36, ADR 11), in one PostgreSQL schema (the file drizzle-kit
// reads). Everything here is a copy of what other services announced: documents from
// `searchable.changed` (a member's own gives their stories' bylines), and, to decide who may find what, the same
// read models every service that shows members' items keeps (circles, blocks, moderation).
export const searchSchema = pgSchema('search');

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** PostgreSQL's tsvector, written as a literal made by @mepedia/search-text (documentVector). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One document per searchable item, by (kind, id), as its service last announced it
 * (`changed_at`, the event's `occurredAt`: an older word arriving later never overwrites a newer
 * one). A deletion stays as a row without text (`deleted`), so a late word cannot bring it back.
 * `moderation_state` is the moderation service's latest word on the item (`moderated_items`),
 * copied here so the one audience rule reads it from the row it filters.
 */
export const documents = searchSchema.table(
  'documents',
  {
    kind: text('kind').$type<SearchableKind>().notNull(),
    id: text('id').notNull(),
    ownerId: uuid('owner_id').notNull(),
    audience: text('audience').$type<Audience>().notNull(),
    moderationState: text('moderation_state').$type<ModerationState>().notNull().default('visible'),
    deleted: boolean('deleted').notNull().default(false),
    title: text('title').notNull(),
    questionTitleEn: text('question_title_en'),
    questionTitleHe: text('question_title_he'),
    body: text('body').notNull(),
    questionId: text('question_id'),
    image: text('image'),
    /** The language most of the words are in (`en` or `he`). */
    language: text('language').$type<'en' | 'he'>().notNull(),
    createdAt: at('created_at').notNull(),
    /**
     * A person's name folded (normalise): near misses by trigram (Yosi finds Yossi), where the
     * words find nothing. Null for stories and once deleted.
     */
    foldedName: text('folded_name'),
    /** The title (weight A) and the text (D), folded with their variants; null once deleted. */
    terms: tsvector('terms'),
    changedAt: at('changed_at').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.kind, table.id] }),
    index('documents_terms_idx').using('gin', table.terms),
    // Newest first, and a member's own (their departure, their filter).
    index('documents_created_idx').on(table.createdAt.desc(), table.kind, table.id),
    index('documents_owner_idx').on(table.ownerId),
    index('documents_folded_name_trgm_idx')
      .using('gin', sql`${table.foldedName} gin_trgm_ops`)
      .where(sql`${table.foldedName} is not null`),
    check(
      'documents_kind_check',
      sql`${table.kind} in ('post', 'answer', 'privateAnswer', 'person')`,
    ),
    check(
      'documents_audience_check',
      sql`${table.audience} in ('private', 'circle', 'members', 'public')`,
    ),
    check(
      'documents_moderation_state_check',
      sql`${table.moderationState} in ('visible', 'held', 'removed')`,
    ),
    check('documents_language_check', sql`${table.language} in ('en', 'he')`),
  ],
);

/** Members who left, by a digest of their id: a late event brings nobody back. */
export const removedMembers = removedMembersTable(searchSchema);

/** Who is in whose circle: who finds a member's circle stories. */
export const circleMemberships = circleMembershipsTable(searchSchema);

/** Blocks and mutes: members who block each other do not find each other or their stories. */
export const memberBlocks = memberBlocksTable(searchSchema);

/** The moderation service's word on each item, whether or not a document is here yet. */
export const moderatedItems = moderatedItemsTable(searchSchema);
