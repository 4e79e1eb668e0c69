// Trust and safety's names and limits (issue 35) without zod: what the web app's reading pages
// (a post's Report control, the transparency page) and its shell (the suspension banner) need.
// The schemas are in moderation.ts, which re-exports these.

/** Why something is reported, and the rule a decision names. */
export const MODERATION_REASONS = [
  'spam',
  'harassment',
  'hate',
  'privateInformation',
  'impersonation',
  'illegal',
  'other',
] as const;

/** What a moderator can do about a case. */
export const MODERATION_ACTIONS = [
  'dismiss',
  'hide',
  'remove',
  'restore',
  'warn',
  'suspend',
  'ban',
] as const;

/** Actions that restrict the author, each sent to them with a statement of reasons, appealable once. */
export const RESTRICTING_ACTIONS = ['hide', 'remove', 'warn', 'suspend', 'ban'] as const;

/** What can be reported: a post, a questionnaire answer, a comment, a member's profile. */
export const MODERATED_ITEM_KINDS = ['post', 'answer', 'comment', 'profile'] as const;

/** The reporter's own words, at most (code points). */
export const REPORT_WORDS_MAX = 1000;
/** A notice's explanation of why the content is illegal: at least and at most (code points). */
export const NOTICE_EXPLANATION_MIN = 20;
export const NOTICE_EXPLANATION_MAX = 4000;
/** A moderator's statement of the facts, at least and at most (code points). */
export const STATEMENT_MIN = 10;
export const STATEMENT_MAX = 2000;
/** An appeal's words, at most. */
export const APPEAL_WORDS_MAX = 2000;
/** The longest suspension, in days. */
export const SUSPENSION_DAYS_MAX = 365;
