import type { ModerationState } from '@mepedia/contracts';
import type { Db } from '@mepedia/server-database';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { moderationDecisions, posts } from './posts.schema';

/** One moderation decision on an item that makes posts, or on a profile whose name is their byline (moderation.item.changed, issue 35). */
export type ModerationDecision = {
  kind: 'post' | 'answer' | 'profile';
  itemId: string;
  ownerId: string;
  state: ModerationState;
  caseId: string;
  /** The event's occurredAt: the newest decision per item stands. */
  changedAt: Date;
};

/**
 * The moderation service's decisions as the posts service keeps them (posts.schema.ts
 * `moderation_decisions`), and each post's `moderation_state` worked out from them. Run in the
 * service's transaction (posts.store.ts): a decision and the posts it reaches change together.
 */
export class PostModerationRepository {
  constructor(private readonly db: Db) {}

  /**
   * Keep `decision` unless one as new or newer about the same item is kept already (the same
   * event heard twice, or a late older one): whether it was kept.
   */
  async record(decision: ModerationDecision): Promise<boolean> {
    const kept = await this.db
      .insert(moderationDecisions)
      .values(decision)
      .onConflictDoUpdate({
        target: [moderationDecisions.kind, moderationDecisions.itemId],
        set: {
          ownerId: decision.ownerId,
          state: decision.state,
          caseId: decision.caseId,
          changedAt: decision.changedAt,
        },
        setWhere: sql`${moderationDecisions.changedAt} < excluded.changed_at`,
      })
      .returning({ itemId: moderationDecisions.itemId });
    return kept.length > 0;
  }

  /**
   * Take turns, until the transaction ends, with every other transaction about the same answer:
   * a decision on it and the making of its post. Without it, each could miss the other's
   * uncommitted row (the decision finds no post yet, the post no decision yet) and a held
   * answer's post would be made visible.
   */
  async lockAnswer(meAnswerId: string): Promise<void> {
    await this.db.execute(
      sql`select pg_advisory_xact_lock(hashtextextended(${`posts.answer-moderation:${meAnswerId}`}, 0))`,
    );
  }

  /**
   * The posts a decision reaches, locked for the rest of the transaction: the post itself, or
   * the post made from the answer; either only if it is `ownerId`'s (a decision naming someone
   * else's item, or an id of another kind, reaches nothing).
   */
  async lockPostsOf(kind: 'post' | 'answer', itemId: string, ownerId: string): Promise<string[]> {
    const rows = await this.db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          kind === 'post' ? eq(posts.id, itemId) : eq(posts.meAnswerId, itemId),
          eq(posts.publisherId, ownerId),
        ),
      )
      .for('update');
    return rows.map(({ id }) => id);
  }

  /**
   * Work out each post's moderation from the decisions that reach it (its own, and its answer's
   * for a questionnaire post, when the answer is its publisher's): the strongest stands (removed,
   * then held, then visible), the newest of equals. Call it with the posts locked (a post made
   * or linked in this transaction, or `lockPostsOf`), so that two decisions reaching one post
   * take turns and the second sees the first. Answers the posts whose state changed.
   */
  async stateOf(postId: string): Promise<'visible' | 'held' | 'removed' | undefined> {
    const [row] = await this.db
      .select({ state: posts.moderationState })
      .from(posts)
      .where(eq(posts.id, postId));
    return row?.state;
  }

  async refresh(postIds: string[]): Promise<string[]> {
    if (postIds.length === 0) return [];
    const result: unknown = await this.db.execute(sql`
      update posts.posts p set
        moderation_state = coalesce(d.state, 'visible'),
        moderation_case_id = case when d.state in ('held', 'removed') then d.case_id end,
        moderation_changed_at = d.changed_at
      from posts.posts p0
      left join lateral (
        select state, case_id, changed_at from posts.moderation_decisions
        where (kind = 'post' and item_id = p0.id)
          or (kind = 'answer' and item_id = p0.me_answer_id and owner_id = p0.publisher_id)
        order by case state when 'removed' then 2 when 'held' then 1 else 0 end desc,
          changed_at desc
        limit 1
      ) d on true
      where p.id = p0.id and p0.id in (${sql.join(
        postIds.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})
        and (p.moderation_state, p.moderation_case_id, p.moderation_changed_at)
          is distinct from (coalesce(d.state, 'visible'),
            case when d.state in ('held', 'removed') then d.case_id end, d.changed_at)
      returning p.id`);
    // Both drivers (node-postgres, PGlite) answer raw statements with `rows`.
    return (result as { rows: Array<{ id: string }> }).rows.map(({ id }) => id);
  }

  /**
   * A questionnaire post learns the answer it was made from (meAnswer.published's
   * `meAnswerId`): an answer's id stays the same for its member and question as long as the
   * member is here, so this holds whatever the order of the words about it. Answers the post,
   * locked, if it is there.
   */
  async link(publisherId: string, questionId: string, meAnswerId: string): Promise<string[]> {
    const rows = await this.db
      .update(posts)
      .set({ meAnswerId })
      .where(and(eq(posts.publisherId, publisherId), eq(posts.questionId, questionId)))
      .returning({ id: posts.id });
    return rows.map(({ id }) => id);
  }

  /** A post is gone (deleted by its author): its own decisions go with it. */
  async forgetPosts(postIds: string[]): Promise<void> {
    if (postIds.length === 0) return;
    await this.db
      .delete(moderationDecisions)
      .where(
        and(eq(moderationDecisions.kind, 'post'), inArray(moderationDecisions.itemId, postIds)),
      );
  }

  /** A member left: every decision about their items goes. */
  async removeMember(userId: string): Promise<void> {
    await this.db.delete(moderationDecisions).where(eq(moderationDecisions.ownerId, userId));
  }
}
