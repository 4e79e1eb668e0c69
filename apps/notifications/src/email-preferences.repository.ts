import type { Db } from '@mepedia/server-database';
import { eq, sql } from 'drizzle-orm';
import { MembersRepository } from './members.repository';
import { emailPreferences, members } from './notifications.schema';

/** A member's stored choices (only the kinds they set), as the table keeps them. */
export type EmailPreferencesRow = {
  kinds: Record<string, string>;
  digestHour: number;
  digestWeekday: number;
  timeZone: string;
};

/** Members' email choices (email-preferences.schema.ts). */
export class EmailPreferencesRepository {
  constructor(private readonly db: Db) {}

  async find(userId: string): Promise<EmailPreferencesRow | undefined> {
    const [row] = await this.db
      .select({
        kinds: emailPreferences.kinds,
        digestHour: emailPreferences.digestHour,
        digestWeekday: emailPreferences.digestWeekday,
        timeZone: emailPreferences.timeZone,
      })
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, userId));
    return row;
  }

  /**
   * Set some choices in one statement: the kinds given are merged into those kept (jsonb `||`),
   * so two changes at once each keep the other's kinds; a first change starts from `initial`.
   * Nothing for a member who left (`undefined`): in the member's turn, so a departure handled at
   * the same time either sees the row and takes it, or is seen here.
   */
  async change(
    userId: string,
    kinds: Record<string, string>,
    schedule: { digestHour?: number; digestWeekday?: number; timeZone?: string },
    initial: { digestHour: number; digestWeekday: number; timeZone: string },
    at: Date,
  ): Promise<EmailPreferencesRow | undefined> {
    return this.db.transaction(async (tx) => {
      const members = new MembersRepository(tx);
      await members.lockTurn(userId);
      if (await members.left(userId)) return undefined;
      return new EmailPreferencesRepository(tx).upsert(userId, kinds, schedule, initial, at);
    });
  }

  private async upsert(
    userId: string,
    kinds: Record<string, string>,
    schedule: { digestHour?: number; digestWeekday?: number; timeZone?: string },
    initial: { digestHour: number; digestWeekday: number; timeZone: string },
    at: Date,
  ): Promise<EmailPreferencesRow> {
    const patch = JSON.stringify(kinds);
    const [row] = await this.db
      .insert(emailPreferences)
      .values({
        userId,
        kinds,
        digestHour: schedule.digestHour ?? initial.digestHour,
        digestWeekday: schedule.digestWeekday ?? initial.digestWeekday,
        timeZone: schedule.timeZone ?? initial.timeZone,
        updatedAt: at,
      })
      .onConflictDoUpdate({
        target: emailPreferences.userId,
        set: {
          kinds: sql`${emailPreferences.kinds} || ${patch}::jsonb`,
          ...(schedule.digestHour !== undefined ? { digestHour: schedule.digestHour } : {}),
          ...(schedule.digestWeekday !== undefined
            ? { digestWeekday: schedule.digestWeekday }
            : {}),
          ...(schedule.timeZone !== undefined ? { timeZone: schedule.timeZone } : {}),
          updatedAt: at,
        },
      })
      .returning({
        kinds: emailPreferences.kinds,
        digestHour: emailPreferences.digestHour,
        digestWeekday: emailPreferences.digestWeekday,
        timeZone: emailPreferences.timeZone,
      });
    if (!row) throw new Error('the email preferences upsert returned no row');
    return row;
  }

  /** Whether the member is one the service knows (verified, not departed). */
  async isMember(userId: string): Promise<boolean> {
    const found = await this.db
      .select({ userId: members.userId })
      .from(members)
      .where(eq(members.userId, userId));
    return found.length > 0;
  }

  /** Forget a member who left. */
  async remove(userId: string): Promise<void> {
    await this.db.delete(emailPreferences).where(eq(emailPreferences.userId, userId));
  }
}
