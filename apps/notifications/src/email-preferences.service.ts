import {
  DIGEST_HOUR_DEFAULT,
  DIGEST_TIME_ZONE_DEFAULT,
  DIGEST_WEEKDAY_DEFAULT,
  EMAIL_FREQUENCY_DEFAULTS,
  EmailFrequency,
  NOTIFICATION_KINDS,
  type EmailPreferences,
  type EmailUnsubscribeResult,
  type NotificationKind,
  type SetEmailPreferencesRequest,
} from '@mepedia/contracts';
import { isUuid } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import type {
  EmailPreferencesRepository,
  EmailPreferencesRow,
} from './email-preferences.repository';
import { readUnsubscribeToken } from './email-preferences.links';

/**
 * Notifications by email (issue 32): each member's choice per kind of notification (at once, a
 * daily or weekly digest, never) and their digest's hour, weekday and time zone. A member who
 * never chose has the defaults (EMAIL_FREQUENCY_DEFAULTS); a kind stored but no longer listed by
 * the contracts is ignored, a kind listed but never stored has its default.
 */
export class EmailPreferencesService {
  constructor(
    private readonly repository: EmailPreferencesRepository,
    private readonly linkSecret: string,
    private readonly now: () => Date = () => new Date(),
    /** The digest's hour, weekday or time zone changed: its next times follow. */
    private readonly digestTimesChanged: (
      userId: string,
      preferences: EmailPreferences,
    ) => Promise<void> = () => Promise.resolve(),
  ) {}

  async preferences(userId: string): Promise<EmailPreferences> {
    return preferencesView(await this.repository.find(userId));
  }

  async change(userId: string, request: SetEmailPreferencesRequest): Promise<EmailPreferences> {
    const kinds: Record<string, EmailFrequency> = {};
    for (const kind of NOTIFICATION_KINDS) {
      const chosen = request.kinds?.[kind];
      if (chosen !== undefined) kinds[kind] = chosen;
    }
    const row = await this.repository.change(
      userId,
      kinds,
      {
        ...(request.digestHour !== undefined ? { digestHour: request.digestHour } : {}),
        ...(request.digestWeekday !== undefined ? { digestWeekday: request.digestWeekday } : {}),
        ...(request.timeZone !== undefined ? { timeZone: request.timeZone } : {}),
      },
      {
        digestHour: DIGEST_HOUR_DEFAULT,
        digestWeekday: DIGEST_WEEKDAY_DEFAULT,
        timeZone: DIGEST_TIME_ZONE_DEFAULT,
      },
      this.now(),
    );
    // Their session outlived their departure by a moment: nothing is kept for them.
    if (!row) throw new AppError('AUTH_REQUIRED');
    const preferences = preferencesView(row);
    if (
      request.digestHour !== undefined ||
      request.digestWeekday !== undefined ||
      request.timeZone !== undefined
    )
      await this.digestTimesChanged(userId, preferences);
    return preferences;
  }

  /**
   * Stop one kind's emails from an email's signed link (the one-click POST or the /unsubscribe
   * page). A forged or altered token is INVALID_UNSUBSCRIBE_LINK and changes nothing; a member who
   * left is answered alike but nothing is written for them.
   */
  async unsubscribe(token: string): Promise<EmailUnsubscribeResult> {
    const claim = readUnsubscribeToken(token, this.linkSecret);
    if (!claim || !isUuid(claim.userId)) throw new AppError('INVALID_UNSUBSCRIBE_LINK');
    if (await this.repository.isMember(claim.userId)) {
      const period = DIGEST_PERIODS[claim.kind as keyof typeof DIGEST_PERIODS];
      // A digest's link stops the digest: every kind the member takes in it.
      const current = period ? (await this.preferences(claim.userId)).kinds : undefined;
      const kinds = current
        ? NOTIFICATION_KINDS.filter((kind) => current[kind] === period)
        : [claim.kind as NotificationKind];
      await this.change(claim.userId, {
        kinds: Object.fromEntries(kinds.map((kind) => [kind, 'never' as const])),
      });
    }
    return { kind: claim.kind, frequency: 'never' };
  }
}

/** The digests an unsubscribe link may name, and the frequency each is. */
const DIGEST_PERIODS = { dailyDigest: 'daily', weeklyDigest: 'weekly' } as const;

/** The choices a member has, defaults filled in. */
export function preferencesView(row: EmailPreferencesRow | undefined): EmailPreferences {
  const kinds = {} as Record<NotificationKind, EmailFrequency>;
  for (const kind of NOTIFICATION_KINDS) {
    const stored = EmailFrequency.safeParse(row?.kinds[kind]);
    kinds[kind] = stored.success ? stored.data : EMAIL_FREQUENCY_DEFAULTS[kind];
  }
  return {
    kinds,
    digestHour: row?.digestHour ?? DIGEST_HOUR_DEFAULT,
    digestWeekday: row?.digestWeekday ?? DIGEST_WEEKDAY_DEFAULT,
    timeZone: row?.timeZone ?? DIGEST_TIME_ZONE_DEFAULT,
  };
}
