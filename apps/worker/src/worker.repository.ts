import type { Db } from '@mepedia/server-database';
import { and, desc, eq } from 'drizzle-orm';
import { deliveries, devOutbox, emailSuppressions } from './worker.schema';

export type DeliveryState = 'new' | 'sending' | 'sent';

/** Delivery records, the suppression list and the dev outbox. */
export class WorkerRepository {
  constructor(private readonly db: Db) {}

  /** Claim a delivery; `new` means this caller may send. */
  async claim(key: string, channel: 'email' | 'sms'): Promise<DeliveryState> {
    const inserted = await this.db
      .insert(deliveries)
      .values({ key, channel, status: 'sending' })
      .onConflictDoNothing()
      .returning({ key: deliveries.key });
    if (inserted.length === 1) return 'new';
    const [row] = await this.db
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.key, key));
    return row?.status ?? 'new';
  }

  async markSent(key: string): Promise<void> {
    await this.db
      .update(deliveries)
      .set({ status: 'sent', sentAt: new Date() })
      .where(eq(deliveries.key, key));
  }

  /** The provider refused: free the claim so a retry may send. */
  async release(key: string): Promise<void> {
    await this.db
      .delete(deliveries)
      .where(and(eq(deliveries.key, key), eq(deliveries.status, 'sending')));
  }

  async isSuppressed(email: string): Promise<boolean> {
    const rows = await this.db
      .select({ email: emailSuppressions.email })
      .from(emailSuppressions)
      .where(eq(emailSuppressions.email, email.toLowerCase()));
    return rows.length > 0;
  }

  async suppress(email: string): Promise<void> {
    await this.db
      .insert(emailSuppressions)
      .values({ email: email.toLowerCase() })
      .onConflictDoNothing();
  }

  async outbox(limit = 100) {
    return this.db
      .select()
      .from(devOutbox)
      .orderBy(desc(devOutbox.createdAt), desc(devOutbox.id))
      .limit(limit);
  }
}
