import { newId, type Db } from '@mepedia/server-database';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { auditEvents, verificationCodes, type VerificationPurpose } from './users.schema';

export type CodeRow = typeof verificationCodes.$inferSelect;

/** Data access for one-time codes and the audit log. */
export class VerificationRepository {
  constructor(private readonly db: Db) {}

  /** Codes of this purpose issued to the member since `since`, newest first. */
  async recent(userId: string, purpose: VerificationPurpose, since: Date): Promise<CodeRow[]> {
    return this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          gt(verificationCodes.createdAt, since),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt));
  }

  /** Void every live code of this purpose and store a new one, atomically. */
  async replace(row: typeof verificationCodes.$inferInsert): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx
        .update(verificationCodes)
        .set({ consumedAt: row.createdAt ?? new Date() })
        .where(
          and(
            eq(verificationCodes.userId, row.userId),
            eq(verificationCodes.purpose, row.purpose),
            isNull(verificationCodes.consumedAt),
          ),
        );
      await tx.insert(verificationCodes).values(row);
    });
  }

  /** The member's live (unconsumed, unexpired) code of this purpose. */
  async live(
    userId: string,
    purpose: VerificationPurpose,
    now: Date,
  ): Promise<CodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.userId, userId),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .orderBy(desc(verificationCodes.createdAt))
      .limit(1);
    return row;
  }

  /** A live link token of this purpose, by its hash. */
  async liveBySecret(
    purpose: VerificationPurpose,
    secretHash: string,
    now: Date,
  ): Promise<CodeRow | undefined> {
    const [row] = await this.db
      .select()
      .from(verificationCodes)
      .where(
        and(
          eq(verificationCodes.secretHash, secretHash),
          eq(verificationCodes.purpose, purpose),
          isNull(verificationCodes.consumedAt),
          gt(verificationCodes.expiresAt, now),
        ),
      )
      .limit(1);
    return row;
  }

  /** Count a wrong try; at `maxAttempts` the code is void. Returns the tries so far. */
  async recordWrongAttempt(id: string, maxAttempts: number, now: Date): Promise<number> {
    const [row] = await this.db
      .update(verificationCodes)
      .set({
        attempts: sql`${verificationCodes.attempts} + 1`,
        consumedAt: sql`case when ${verificationCodes.attempts} + 1 >= ${maxAttempts} then ${now.toISOString()}::timestamptz else null end`,
      })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ attempts: verificationCodes.attempts });
    return row?.attempts ?? maxAttempts;
  }

  /** Use a code once: true only for the one caller that consumed it. */
  /** Void every live code and link of the member (the account changed hands). */
  async voidAll(userId: string, now: Date): Promise<void> {
    await this.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.userId, userId), isNull(verificationCodes.consumedAt)));
  }

  async consume(id: string, now: Date): Promise<boolean> {
    const rows = await this.db
      .update(verificationCodes)
      .set({ consumedAt: now })
      .where(and(eq(verificationCodes.id, id), isNull(verificationCodes.consumedAt)))
      .returning({ id: verificationCodes.id });
    return rows.length === 1;
  }

  async audit(event: {
    type: string;
    userId?: string | null;
    ip?: string | null;
    requestId?: string | null;
    details?: Record<string, unknown>;
  }): Promise<void> {
    await this.db.insert(auditEvents).values({
      id: newId(),
      type: event.type,
      userId: event.userId ?? null,
      ip: event.ip ?? null,
      requestId: event.requestId ?? null,
      details: event.details ?? {},
    });
  }
}
