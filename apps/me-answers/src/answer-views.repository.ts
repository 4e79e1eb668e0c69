import type { Db } from '@mepedia/server-database';
import { eq, inArray, sql } from 'drizzle-orm';
import { answerViews, answers } from './me-answers.schema';

/**
 * Views of answers, each counted once per viewer key: a row per viewer and the answer's counter
 * moved with it, inside the service's transaction (me-answers.store.ts).
 */
export class AnswerViewsRepository {
  constructor(private readonly db: Db) {}

  /** Count a view once per viewer; answers the views either way. */
  async add(answerId: string, viewer: string): Promise<{ views: number; counted: boolean }> {
    const inserted = await this.db
      .insert(answerViews)
      .values({ answerId, viewer })
      .onConflictDoNothing()
      .returning({ answerId: answerViews.answerId });
    if (inserted.length === 1) {
      const [row] = await this.db
        .update(answers)
        .set({ views: sql`${answers.views} + 1` })
        .where(eq(answers.id, answerId))
        .returning({ views: answers.views });
      return { views: row?.views ?? 0, counted: true };
    }
    const [row] = await this.db
      .select({ views: answers.views })
      .from(answers)
      .where(eq(answers.id, answerId));
    return { views: row?.views ?? 0, counted: false };
  }

  /** A viewer's views of every answer go, and each answer they viewed loses one. */
  async removeViewer(viewer: string): Promise<void> {
    const viewed = await this.db
      .delete(answerViews)
      .where(eq(answerViews.viewer, viewer))
      .returning({ answerId: answerViews.answerId });
    // One view per viewer and answer: each answer named loses exactly one.
    if (viewed.length > 0)
      await this.db
        .update(answers)
        .set({ views: sql`greatest(${answers.views} - 1, 0)` })
        .where(inArray(answers.id, [...new Set(viewed.map((row) => row.answerId))]));
  }
}
