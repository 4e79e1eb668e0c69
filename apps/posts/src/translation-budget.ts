import { createHash } from 'node:crypto';
import type { TranslationBudgetSpentDetails } from '@mepedia/contracts';
import { AppError } from '@mepedia/server-http';
import type { Db } from '@mepedia/server-database';
import { and, eq, lt, sql } from 'drizzle-orm';
import type { TranslationBudget } from './posts.options';
import { translationUsage } from './posts.schema';

const SITE_SCOPE = 'site';

/** A member's row key: a SHA-256 of their id, so the counters say nothing of who they are. */
const memberScope = (userId: string) =>
  `member:${createHash('sha256').update(userId).digest('hex')}`;

/** The day (UTC) a reservation counts for, and when the next one begins. */
export function budgetDay(now: Date): { day: string; resetsAt: string } {
  const day = now.toISOString().slice(0, 10);
  const next = new Date(`${day}T00:00:00.000Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return { day, resetsAt: next.toISOString() };
}

class Spent extends Error {
  constructor(readonly scope: TranslationBudgetSpentDetails['scope']) {
    super(scope);
  }
}

/**
 * Daily character budgets for the translation provider, kept in the posts database so they hold
 * across replicas. `reserve` adds a call's characters to the member's and the site's counters in
 * one transaction, each by one upsert whose update applies only while the sum stays within the
 * budget (the row lock orders concurrent calls), so no number of concurrent calls can pass a
 * budget: the counters never exceed it. A call the provider then fails is given back (`refund`).
 */
export class TranslationBudgetKeeper {
  constructor(
    private readonly db: Db,
    private readonly budget: TranslationBudget,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Count `characters` for the member and the site, or throw TRANSLATION_BUDGET_SPENT. */
  async reserve(userId: string, characters: number): Promise<{ day: string }> {
    const { day, resetsAt } = budgetDay(this.clock());
    const spent = (scope: TranslationBudgetSpentDetails['scope']) =>
      new AppError('TRANSLATION_BUDGET_SPENT', {
        scope,
        limit:
          scope === 'member' ? this.budget.memberDailyCharacters : this.budget.siteDailyCharacters,
        resetsAt,
      } satisfies TranslationBudgetSpentDetails);
    if (characters > this.budget.memberDailyCharacters) throw spent('member');
    if (characters > this.budget.siteDailyCharacters) throw spent('site');
    try {
      await this.db.transaction(async (tx) => {
        const add = async (scope: string, limit: number) => {
          const rows = await tx
            .insert(translationUsage)
            .values({ day, scope, used: characters })
            .onConflictDoUpdate({
              target: [translationUsage.day, translationUsage.scope],
              set: { used: sql`${translationUsage.used} + ${characters}` },
              setWhere: sql`${translationUsage.used} + ${characters} <= ${limit}`,
            })
            .returning({ used: translationUsage.used });
          return rows.length === 1;
        };
        // Always the member's row first, then the site's: concurrent calls lock in one order.
        if (!(await add(memberScope(userId), this.budget.memberDailyCharacters)))
          throw new Spent('member');
        if (!(await add(SITE_SCOPE, this.budget.siteDailyCharacters))) throw new Spent('site');
      });
    } catch (error) {
      if (error instanceof Spent) throw spent(error.scope);
      throw error;
    }
    return { day };
  }

  /** Give back a reservation whose provider call failed (nothing was translated). */
  async refund(userId: string, characters: number, day: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      for (const scope of [memberScope(userId), SITE_SCOPE])
        await tx
          .update(translationUsage)
          .set({ used: sql`greatest(${translationUsage.used} - ${characters}, 0)` })
          .where(and(eq(translationUsage.day, day), eq(translationUsage.scope, scope)));
    });
  }

  /** Forget days before yesterday: the counters are needed for today only. */
  async prune(): Promise<void> {
    const { day } = budgetDay(new Date(this.clock().getTime() - 24 * 60 * 60 * 1000));
    await this.db.delete(translationUsage).where(lt(translationUsage.day, day));
  }
}
