import { z } from 'zod';
import { Language } from './language';

// ---------------------------------------------------------------------------
// The weekly question (issue 32, our addition): a member may ask for one question a week by email
// (the questionnaire's, then their own private ones), on the weekday and hour they choose, in their time zone. The notifications
// service keeps the settings and what was sent (docs/api/notifications.md, "The weekly question").
// ---------------------------------------------------------------------------

/** Whether `name` is an IANA time zone this runtime knows (`Europe/London`, `Asia/Jerusalem`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/**
 * off: never asked for (or stopped); on: a question goes at the next `nextSendAt`; paused: kept
 * but nothing goes until resumed; finished: every question is answered, so it ended by itself.
 */
export const WeeklyQuestionState = z.enum(['off', 'on', 'paused', 'finished']);
export type WeeklyQuestionState = z.infer<typeof WeeklyQuestionState>;

const required = (issue: { input: unknown }) =>
  issue.input === undefined ? 'FIELD_REQUIRED' : 'INVALID_VALUE';

/** 0 Sunday … 6 Saturday, as `Date.prototype.getDay` counts. */
export const Weekday = z
  .number({ error: required })
  .int('INVALID_VALUE')
  .min(0, 'INVALID_VALUE')
  .max(6, 'INVALID_VALUE');

/** The hour of the day, 0–23, on the member's clock. */
export const HourOfDay = z
  .number({ error: required })
  .int('INVALID_VALUE')
  .min(0, 'INVALID_VALUE')
  .max(23, 'INVALID_VALUE');

export const TimeZone = z
  .string({ error: required })
  .trim()
  .min(1, 'FIELD_REQUIRED')
  .refine(isTimeZone, 'INVALID_VALUE');

/** Start the weekly question, or change when it comes. */
export const WeeklyQuestionScheduleRequest = z.object({
  weekday: Weekday.describe('0 Sunday … 6 Saturday, on the member’s own calendar.'),
  hour: HourOfDay.describe('The hour (0–23) on the member’s clock.'),
  timeZone: TimeZone.describe(
    'An IANA time zone (`Asia/Jerusalem`, `Europe/London`, `UTC`): the weekday and hour are read there, summer time included. Anything else is INVALID_VALUE.',
  ),
  language: Language.optional().describe(
    'The email’s language. Default: the language the caller uses now (the gateway’s word).',
  ),
});
export type WeeklyQuestionScheduleRequest = z.input<typeof WeeklyQuestionScheduleRequest>;

/**
 * The next question as the email will carry it: the member’s next unanswered questionnaire
 * question, and once all are answered, their own private questions with no answer yet.
 */
export const WeeklyQuestionNext = z.object({
  kind: z
    .enum(['questionnaire', 'private'])
    .describe('A questionnaire question, or one of the member’s own private questions.'),
  questionId: z.string(),
  /**
   * The questionnaire's 1..10 (the page `/profile/edit-me/{index}`), or the private question's
   * place in the member's list (`/profile/edit-me-private/{index}`).
   */
  index: z.number().int(),
  /** A private question's title is the member's own words, the same in both. */
  title: z.object({ en: z.string(), he: z.string() }),
});

export const WeeklyQuestionSettings = z.object({
  state: WeeklyQuestionState,
  weekday: Weekday.nullable().describe('Null while it was never started.'),
  hour: HourOfDay.nullable(),
  timeZone: z.string().nullable(),
  language: Language.nullable(),
  nextSendAt: z
    .string()
    .nullable()
    .describe('When the next question goes (ISO 8601, UTC); null unless the state is `on`.'),
  skipping: z
    .boolean()
    .describe('The coming week’s question is skipped (`skip`): `nextSendAt` is the week after.'),
  nextQuestion: WeeklyQuestionNext.nullable().describe(
    'The question the next email carries; null once every question is answered.',
  ),
  lastSentAt: z.string().nullable(),
});
export type WeeklyQuestionSettings = z.infer<typeof WeeklyQuestionSettings>;

/** What a link in the email may do without a session. */
export const WeeklyQuestionLinkAction = z.enum(['skip', 'pause', 'stop']);
export type WeeklyQuestionLinkAction = z.infer<typeof WeeklyQuestionLinkAction>;

export const WeeklyQuestionLinkRequest = z.object({
  token: z
    .string({ error: required })
    .min(1, 'FIELD_REQUIRED')
    .max(400, 'INVALID_VALUE')
    .describe('The `token` of the email’s link, as it came.'),
});
export type WeeklyQuestionLinkRequest = z.input<typeof WeeklyQuestionLinkRequest>;

export const WeeklyQuestionLinkResult = z.object({
  action: WeeklyQuestionLinkAction,
  state: WeeklyQuestionState,
  nextSendAt: z.string().nullable(),
});
export type WeeklyQuestionLinkResult = z.infer<typeof WeeklyQuestionLinkResult>;
