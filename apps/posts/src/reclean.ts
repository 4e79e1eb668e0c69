import type { Db } from '@mepedia/server-database';
import { and, asc, eq, gt, lt } from 'drizzle-orm';
import { posts } from './posts.schema';
import { SANITIZER_VERSION, cleanStoredContent, textOf } from './sanitize';

/**
 * Stored content cleaned again under the current sanitizer policy: every post stored under an
 * older one (content_sanitizer below SANITIZER_VERSION) gets the content that policy writes, its
 * text and the version. Run after the SQL migrations (posts.app.ts POSTS_MIGRATIONS), so a stricter
 * policy reaches every stored post, not only those read (posts.mapper.ts still cleans an older row
 * on the way out in between). Idempotent: once done, a start costs one read that finds nothing.
 * The post's `updatedAt` stays: the author changed nothing. Answers how many posts it cleaned.
 */
export async function recleanStoredContent(db: Db, batchSize = 200): Promise<number> {
  let cleaned = 0;
  let after = '';
  for (;;) {
    const rows = await db
      .select({ id: posts.id, content: posts.content, storedUnder: posts.contentSanitizer })
      .from(posts)
      .where(
        and(lt(posts.contentSanitizer, SANITIZER_VERSION), after ? gt(posts.id, after) : undefined),
      )
      .orderBy(asc(posts.id))
      .limit(batchSize);
    if (rows.length === 0) return cleaned;
    for (const row of rows) {
      const content = cleanStoredContent(row.content, row.storedUnder);
      await db
        .update(posts)
        .set({ content, contentText: textOf(content), contentSanitizer: SANITIZER_VERSION })
        .where(and(eq(posts.id, row.id), lt(posts.contentSanitizer, SANITIZER_VERSION)));
    }
    cleaned += rows.length;
    after = rows[rows.length - 1]!.id;
  }
}
