import type { Db } from '@mepedia/server-database';
import { and, eq, lt } from 'drizzle-orm';
import { translations } from './posts.schema';

export type TranslationRow = typeof translations.$inferSelect;

/** Data access for stored translations, by (text hash, target language). */
export class TranslationsRepository {
  constructor(private readonly db: Db) {}

  async find(textHash: string, target: string): Promise<TranslationRow | undefined> {
    const [row] = await this.db
      .select()
      .from(translations)
      .where(and(eq(translations.textHash, textHash), eq(translations.target, target)))
      .limit(1);
    return row;
  }

  /**
   * Claim a re-check of a translation stored before `staleBefore` by moving its time to `now`:
   * true for one caller only, however many ask at once (the row lock serializes the update).
   */
  async claimRecheck(
    textHash: string,
    target: string,
    staleBefore: Date,
    now: Date,
  ): Promise<boolean> {
    const claimed = await this.db
      .update(translations)
      .set({ createdAt: now })
      .where(
        and(
          eq(translations.textHash, textHash),
          eq(translations.target, target),
          lt(translations.createdAt, staleBefore),
        ),
      )
      .returning({ textHash: translations.textHash });
    return claimed.length === 1;
  }

  /** Undo a claim whose provider call failed, so a later forceCheck may try again. */
  async releaseRecheck(
    textHash: string,
    target: string,
    claimedAt: Date,
    previous: Date,
  ): Promise<void> {
    await this.db
      .update(translations)
      .set({ createdAt: previous })
      .where(
        and(
          eq(translations.textHash, textHash),
          eq(translations.target, target),
          eq(translations.createdAt, claimedAt),
        ),
      );
  }

  async save(row: { textHash: string; target: string; source: string | null; output: string }) {
    await this.db
      .insert(translations)
      .values(row)
      .onConflictDoUpdate({
        target: [translations.textHash, translations.target],
        set: { output: row.output, source: row.source, createdAt: new Date() },
      });
  }
}
