import { z } from 'zod';
import { NOTIFICATION_KINDS, type NotificationKind } from './notifications';
import { HourOfDay, TimeZone, Weekday } from './weekly-question';

// ---------------------------------------------------------------------------
// Notifications by email (issue 32, our addition): per kind of notification, a member chooses
// an email at once, a daily or a weekly digest, or none; digests go at the member's hour in their
// time zone. Kept by the notifications service (docs/api/notifications.md, "Notifications by
// email").
// ---------------------------------------------------------------------------

/** `immediate`: an email as it happens; `daily` / `weekly`: in that digest; `never`: no email. */
export const EMAIL_FREQUENCIES = ['immediate', 'daily', 'weekly', 'never'] as const;
export const EmailFrequency = z.enum(EMAIL_FREQUENCIES, { error: () => 'INVALID_VALUE' });
export type EmailFrequency = z.infer<typeof EmailFrequency>;

/**
 * A member's choices before they change any: what is addressed to them personally (a comment, a
 * reply, the magazine taking or dropping their answer by someone else's hand) at once; reactions and new stories of the
 * people they follow, which come in bursts, once a day; new followers once a week.
 */
export const EMAIL_FREQUENCY_DEFAULTS: Readonly<Record<NotificationKind, EmailFrequency>> = {
  comment: 'immediate',
  reply: 'immediate',
  reaction: 'daily',
  commentReaction: 'daily',
  follower: 'weekly',
  story: 'daily',
  magazineAdded: 'immediate',
  magazineRemoved: 'immediate',
};

/**
 * The kinds a member is offered a choice for in the settings: those something can happen of
 * today. The magazine's kinds are told only when someone other than the member puts their
 * answer in or takes it out, which no one can until moderation (issue 35); a choice for them
 * would be a control that does nothing. The API still takes and answers every kind.
 */
export const EMAIL_CHOOSABLE_KINDS = NOTIFICATION_KINDS.filter(
  (kind): kind is Exclude<NotificationKind, 'magazineAdded' | 'magazineRemoved'> =>
    kind !== 'magazineAdded' && kind !== 'magazineRemoved',
);

/** The digest hour and weekday before a member chooses: 08:00, Sunday (the Israeli week's first day). */
export const DIGEST_HOUR_DEFAULT = 8;
export const DIGEST_WEEKDAY_DEFAULT = 0;
/** The time zone before a member chooses (the web's settings offer the browser's own). */
export const DIGEST_TIME_ZONE_DEFAULT = 'UTC';

const kindsShape = Object.fromEntries(
  NOTIFICATION_KINDS.map((kind) => [kind, EmailFrequency]),
) as Record<NotificationKind, typeof EmailFrequency>;

export const EmailPreferences = z.object({
  kinds: z
    .object(kindsShape)
    .describe('Every kind of notification with its choice (defaults for those never changed).'),
  digestHour: HourOfDay.describe('The hour (0–23) digests go, on the member’s clock.'),
  digestWeekday: Weekday.describe('The weekly digest’s day: 0 Sunday … 6 Saturday.'),
  timeZone: z.string().describe('An IANA time zone: the digest hour and weekday are read there.'),
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

/**
 * Change some choices: every field may be left out (unchanged). A kind the contracts do not list
 * is refused (VALIDATION_FAILED, the field `kinds` with UNKNOWN_NOTIFICATION_KIND).
 */
export const SetEmailPreferencesRequest = z.object({
  kinds: z
    .strictObject(
      Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, EmailFrequency.optional()])) as {
        [K in NotificationKind]: z.ZodOptional<typeof EmailFrequency>;
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys' ? 'UNKNOWN_NOTIFICATION_KIND' : 'INVALID_VALUE',
      },
    )
    .optional()
    .describe('Kinds to change, each to `immediate`, `daily`, `weekly` or `never`.'),
  digestHour: HourOfDay.optional(),
  digestWeekday: Weekday.optional(),
  timeZone: TimeZone.optional().describe(
    'An IANA time zone (`Asia/Jerusalem`, `America/New_York`, `UTC`); anything else is INVALID_VALUE.',
  ),
});
export type SetEmailPreferencesRequest = z.input<typeof SetEmailPreferencesRequest>;

export const EmailUnsubscribeQuery = {
  token: z
    .string({ error: () => 'FIELD_REQUIRED' })
    .min(1, 'FIELD_REQUIRED')
    .max(400, 'INVALID_VALUE')
    .describe('The email’s signed link: a member and a kind (or a digest).'),
};

export const EmailUnsubscribeRequest = z.object({ token: EmailUnsubscribeQuery.token });
export type EmailUnsubscribeRequest = z.infer<typeof EmailUnsubscribeRequest>;

/**
 * What an email's unsubscribe link stops: one kind of notification (an email at once), or a
 * digest (`dailyDigest`, `weeklyDigest`: every kind the member takes in it).
 */
export const EMAIL_UNSUBSCRIBE_TARGETS = [
  ...NOTIFICATION_KINDS,
  'dailyDigest',
  'weeklyDigest',
] as const;
export const EmailUnsubscribeTarget = z.enum(EMAIL_UNSUBSCRIBE_TARGETS);
export type EmailUnsubscribeTarget = z.infer<typeof EmailUnsubscribeTarget>;

export const EmailUnsubscribeResult = z.object({
  kind: EmailUnsubscribeTarget.describe(
    'What is no longer emailed: a kind of notification, or a digest (every kind it held is now `never`).',
  ),
  frequency: z.literal('never'),
});
export type EmailUnsubscribeResult = z.infer<typeof EmailUnsubscribeResult>;
