import type { Db } from '@mepedia/server-database';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { images, type ImageRow } from './files.schema';

export type NewImage = Omit<ImageRow, 'createdAt'>;

/** Data access for the files schema. */
export class FilesRepository {
  constructor(private readonly db: Db) {}

  /** Every row or none (an image and its crop go in together). */
  async insert(rows: readonly NewImage[]): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const row of rows) await tx.insert(images).values(row);
    });
  }

  async find(id: string): Promise<ImageRow | undefined> {
    const [row] = await this.db.select().from(images).where(eq(images.id, id));
    return row;
  }

  /** Up to `limit` of a member's image ids, oldest first. */
  async idsOf(ownerId: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.ownerId, ownerId))
      .orderBy(asc(images.createdAt), asc(images.id))
      .limit(limit);
    return rows.map((row) => row.id);
  }

  /** Removes these of the member's rows; answers how many went. */
  async remove(ownerId: string, ids: readonly string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const removed = await this.db
      .delete(images)
      .where(and(eq(images.ownerId, ownerId), inArray(images.id, [...ids])))
      .returning({ id: images.id });
    return removed.length;
  }
}
