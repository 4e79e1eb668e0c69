import type { Db } from '@mepedia/server-database';
import { and, eq, gt } from 'drizzle-orm';
import { verificationTickets } from './users.schema';

/** Data access for verification tickets. No rules here. */
export class VerificationTicketsRepository {
  constructor(private readonly db: Db) {}

  async insert(row: typeof verificationTickets.$inferInsert): Promise<void> {
    await this.db.insert(verificationTickets).values(row);
  }

  /** The member a live ticket belongs to. */
  async userOf(tokenHash: string, now: Date): Promise<string | undefined> {
    const [row] = await this.db
      .select({ userId: verificationTickets.userId })
      .from(verificationTickets)
      .where(
        and(eq(verificationTickets.tokenHash, tokenHash), gt(verificationTickets.expiresAt, now)),
      )
      .limit(1);
    return row?.userId;
  }

  async deleteOf(userId: string): Promise<void> {
    await this.db.delete(verificationTickets).where(eq(verificationTickets.userId, userId));
  }
}
