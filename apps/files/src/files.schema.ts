import {
  IMAGE_PURPOSES,
  IMAGE_UPLOAD_TYPES,
  type ImagePurpose,
  type ImageUploadType,
} from '@mepedia/contracts';
import { sql, type SQL } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  pgSchema,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

export const filesSchema = pgSchema('files');

/**
 * `column in ('a', 'b')` from a contract's allow-list (our own constants, never input). The
 * migration freezes the list: a new value needs a new migration (a unit test compares them).
 */
function oneOf(column: AnyPgColumn, values: readonly string[]): SQL {
  return sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
}

// ==========================================================================================
// A row is written only after every variant it lists is stored, and removed only after they
// are: a row always has its bytes. (Bytes without a row are possible after a crash; they are
// never served.)
// ==========================================================================================

/** One uploaded image (a profile crop is an image of its own). */
export const images = filesSchema.table(
  'images',
  {
    /** 22 characters of base64url: 128 random bits of the service's making. */
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    purpose: text('purpose').$type<ImagePurpose>().notNull(),
    /** What the upload was, by its bytes (every variant is WebP whatever it was). */
    sourceType: text('source_type').$type<ImageUploadType>().notNull(),
    /** The widest variant's size. */
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** The stored variants' widths, ascending. */
    widths: integer('widths').array().notNull(),
    /** The variants' bytes, all together. */
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (table) => [
    index('images_owner_idx').on(table.ownerId),
    check('images_purpose_check', oneOf(table.purpose, IMAGE_PURPOSES)),
    check('images_source_type_check', oneOf(table.sourceType, IMAGE_UPLOAD_TYPES)),
    check(
      'images_size_check',
      sql`${table.width} > 0 and ${table.height} > 0 and ${table.bytes} > 0 and cardinality(${table.widths}) > 0`,
    ),
  ],
);

export type ImageRow = typeof images.$inferSelect;
