import { isUuid, type Db } from '@mepedia/server-database';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Lock } from './posts.repository';
import { postDrafts, type PostDraftRow } from './posts.schema';

/** What a save may change of a draft. */
export type DraftChanges = Partial<
  Pick<
    PostDraftRow,
    | 'title'
    | 'content'
    | 'contentText'
    | 'contentSanitizer'
    | 'image'
    | 'credit'
    | 'privacy'
    | 'destination'
  >
>;

/** A draft in its author's list: all but its content (an excerpt comes from its text). */
export type DraftSummaryRow = Omit<PostDraftRow, 'content' | 'contentSanitizer'>;

/** Where a page of drafts starts: the last draft of the previous page, by (updatedAt, id). */
export type DraftCursor = { updatedAt: Date; id: string };

/**
 * Data access for drafts (posts.schema.ts `postDrafts`), always by author and id together: a
 * draft is found only for its author, so no query here can hand one to anyone else.
 */
export class PostDraftsRepository {
  constructor(private readonly db: Db) {}

  /**
   * Hold the author's drafts for the rest of the transaction: their new drafts take turns, so
   * two at once cannot both pass the cap. A lock on the author's key, not on a row (a member
   * with no draft has none to lock).
   */
  async lockAuthor(authorId: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`posts.post_drafts:${authorId}`}, 0))`,
    );
  }

  async countOf(authorId: string): Promise<number> {
    const [row] = await this.db
      .select({ n: count() })
      .from(postDrafts)
      .where(eq(postDrafts.authorId, authorId));
    return row?.n ?? 0;
  }

  async insert(row: typeof postDrafts.$inferInsert): Promise<PostDraftRow> {
    const [created] = await this.db.insert(postDrafts).values(row).returning();
    return created as PostDraftRow;
  }

  /** The author's draft; undefined for anyone else's, an unknown id or one that is not an id. */
  async find(
    authorId: string,
    id: string,
    { lock = false }: Lock = {},
  ): Promise<PostDraftRow | undefined> {
    if (!isUuid(id)) return undefined;
    const query = this.db
      .select()
      .from(postDrafts)
      .where(and(eq(postDrafts.id, id), eq(postDrafts.authorId, authorId)));
    const [row] = await (lock ? query.for('update') : query);
    return row;
  }

  /**
   * Change the author's draft only if it is still at `version`, the version up by one;
   * undefined when it is not theirs, not there, or another save got there first.
   */
  async change(
    authorId: string,
    id: string,
    version: number,
    changes: DraftChanges,
    at: Date,
  ): Promise<PostDraftRow | undefined> {
    if (!isUuid(id)) return undefined;
    const [row] = await this.db
      .update(postDrafts)
      .set({ ...changes, version: sql`${postDrafts.version} + 1`, updatedAt: at })
      .where(
        and(
          eq(postDrafts.id, id),
          eq(postDrafts.authorId, authorId),
          eq(postDrafts.version, version),
        ),
      )
      .returning();
    return row;
  }

  /** A page of the author's drafts, most recently changed first, after `after` (keyset). */
  async page(
    authorId: string,
    after: DraftCursor | undefined,
    limit: number,
  ): Promise<DraftSummaryRow[]> {
    return this.db
      .select({
        id: postDrafts.id,
        authorId: postDrafts.authorId,
        title: postDrafts.title,
        contentText: postDrafts.contentText,
        image: postDrafts.image,
        credit: postDrafts.credit,
        privacy: postDrafts.privacy,
        destination: postDrafts.destination,
        version: postDrafts.version,
        createdAt: postDrafts.createdAt,
        updatedAt: postDrafts.updatedAt,
      })
      .from(postDrafts)
      .where(
        and(
          eq(postDrafts.authorId, authorId),
          after
            ? sql`(${postDrafts.updatedAt}, ${postDrafts.id}) < (${after.updatedAt.toISOString()}::timestamptz, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(postDrafts.updatedAt), desc(postDrafts.id))
      .limit(limit);
  }

  /** Delete the author's draft; whether there was one. */
  async delete(authorId: string, id: string): Promise<boolean> {
    if (!isUuid(id)) return false;
    const deleted = await this.db
      .delete(postDrafts)
      .where(and(eq(postDrafts.id, id), eq(postDrafts.authorId, authorId)))
      .returning({ id: postDrafts.id });
    return deleted.length > 0;
  }
}
