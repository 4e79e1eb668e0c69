import { sql } from 'drizzle-orm';
import { check, integer, pgSchema, primaryKey, text } from 'drizzle-orm/pg-core';

// Every table here is data written by migrations only (src/migrations): no route writes.
export const siteSchema = pgSchema('site');

/** One override of one interface message in one language (applicationText). */
export const texts = siteSchema.table(
  'texts',
  {
    language: text('language').notNull(),
    /** A key of the web app's messages (libs/web/i18n/src/messages/en.ts). */
    messageKey: text('message_key').notNull(),
    /** ICU MessageFormat, as the built-in message it replaces. */
    message: text('message').notNull(),
  },
  (table) => [
    primaryKey({ name: 'texts_pkey', columns: [table.language, table.messageKey] }),
    check('texts_language_check', sql`${table.language} in ('en', 'he')`),
    check('texts_message_check', sql`btrim(${table.message}) <> ''`),
  ],
);

/** What the site offers (applicationServices), in both languages. */
export const services = siteSchema.table(
  'services',
  {
    serviceId: text('service_id').primaryKey(),
    /** The order the site presents them in; ties go by id. */
    position: integer('position').notNull(),
    titleEn: text('title_en').notNull(),
    titleHe: text('title_he').notNull(),
    descriptionEn: text('description_en').notNull(),
    descriptionHe: text('description_he').notNull(),
    /** A path on the site without a locale prefix; null when the service has no page. */
    linkPath: text('link_path'),
  },
  (table) => [
    check(
      'services_texts_check',
      sql`btrim(${table.titleEn}) <> '' and btrim(${table.titleHe}) <> '' and btrim(${table.descriptionEn}) <> '' and btrim(${table.descriptionHe}) <> ''`,
    ),
    check(
      'services_link_path_check',
      sql`${table.linkPath} is null or (${table.linkPath} like '/%' and ${table.linkPath} not like '//%')`,
    ),
  ],
);

/** The site's images by the product's names (applicationImages): paths of the web app's files. */
export const images = siteSchema.table(
  'images',
  {
    name: text('name').primaryKey(),
    path: text('path').notNull(),
  },
  (table) => [
    check('images_name_check', sql`${table.name} in ('logo', 'subLogo', 'memorialImageFotter')`),
    check('images_path_check', sql`${table.path} like '/%' and ${table.path} not like '//%'`),
  ],
);

export type TextRow = typeof texts.$inferSelect;
export type ServiceRow = typeof services.$inferSelect;
export type ImageRow = typeof images.$inferSelect;
