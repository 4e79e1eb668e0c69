import type { Db } from '@mepedia/server-database';
import { and, desc, eq, lt } from 'drizzle-orm';
import { deliveries, devOutbox, emailSuppressions } from './worker.schema';

/**
 * What a claim found: `new`, this caller may send; `resend`, an earlier attempt was cut off
 * mid-send (its process died) and this caller takes over; `busy`, another attempt may be sending
 * right now; `sent`, it went.
 */
export type DeliveryState = 'new' | 'resend' | 'busy' | 'sent';

/**
 * A claim still `sending` this long after it was made belongs to an attempt that died: every
 * send gives up well before (the senders' timeouts, senders.ts).
 */
export const IN_DOUBT_AFTER_MS = 40_000;

/** Delivery records, the suppression list and the dev outbox. */
export class WorkerRepository {
  constructor(
    private readonly db: Db,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Claim a delivery (see DeliveryState). */
  async claim(key: string, channel: 'email' | 'sms'): Promise<DeliveryState> {
    const inserted = await this.db
      .insert(deliveries)
      .values({ key, channel, status: 'sending', claimedAt: this.now() })
      .onConflictDoNothing()
      .returning({ key: deliveries.key });
    if (inserted.length === 1) return 'new';
    // Taken over only if still in doubt, and by one caller only (the claim time moves on).
    const cutOff = new Date(this.now().getTime() - IN_DOUBT_AFTER_MS);
    const taken = await this.db
      .update(deliveries)
      .set({ claimedAt: this.now() })
      .where(
        and(
          eq(deliveries.key, key),
          eq(deliveries.status, 'sending'),
          lt(deliveries.claimedAt, cutOff),
        ),
      )
      .returning({ key: deliveries.key });
    if (taken.length === 1) return 'resend';
    const [row] = await this.db
      .select({ status: deliveries.status })
      .from(deliveries)
      .where(eq(deliveries.key, key));
    if (!row) return this.claim(key, channel);
    return row.status === 'sent' ? 'sent' : 'busy';
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
