import { newId, type Db } from '@mepedia/server-database';
import { asc, inArray } from 'drizzle-orm';
import { outbox, posts, searchBacklog } from './posts.schema';
import { searchableOf } from './searchable';

/**
 * The posts written before the search service, announced to it once (issue 36): each post that
 * migration 0019 listed in `search_backlog` goes into the outbox as searchable.changed, made by
 * the same searchableOf (and so the same plain text) as a live change, and leaves the list in
 * the same transaction. Dated the epoch, not now: any live word about the post outranks this one
 * whichever reaches the search service first. A post deleted since is left out (its deletion
 * was announced). Run after the SQL migrations and the content's re-cleaning (posts.app.ts), so
 * each is described as the current sanitizer policy stores it. Idempotent: once the list is
 * empty, a start costs one read that finds nothing. Answers how many posts it announced.
 */
export async function announceBacklogToSearch(db: Db, batchSize = 200): Promise<number> {
  let announced = 0;
  for (;;) {
    const { listed, sent } = await db.transaction(async (tx) => {
      const batch = await tx
        .select({ postId: searchBacklog.postId })
        .from(searchBacklog)
        .orderBy(asc(searchBacklog.postId))
        .limit(batchSize);
      const ids = batch.map((entry) => entry.postId);
      if (ids.length === 0) return { listed: 0, sent: 0 };
      const rows = await tx.select().from(posts).where(inArray(posts.id, ids));
      const events = rows.flatMap((row) => {
        const payload = searchableOf(row);
        // Where moderation left it, as this service heard it: the search service, younger than
        // the moderation service, never heard that word, and must not show a held post meanwhile.
        // (Not on live changes: a word older than the moderation service's newest could undo it.)
        if (payload && row.moderationState !== 'visible')
          payload.withheld = { state: row.moderationState, caseId: row.moderationCaseId ?? '' };
        return payload
          ? [{ id: newId(), type: 'searchable.changed', payload, occurredAt: new Date(0) }]
          : [];
      });
      if (events.length > 0) await tx.insert(outbox).values(events);
      await tx.delete(searchBacklog).where(inArray(searchBacklog.postId, ids));
      return { listed: ids.length, sent: events.length };
    });
    announced += sent;
    if (listed < batchSize) return announced;
  }
}
