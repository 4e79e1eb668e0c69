import { z } from 'zod';
import { ModeratedItemKind, ModerationState } from './events';
import { Language } from './language';
import { Email } from './validation';
import {
  APPEAL_WORDS_MAX,
  MODERATION_ACTIONS,
  MODERATION_REASONS,
  NOTICE_EXPLANATION_MAX,
  NOTICE_EXPLANATION_MIN,
  REPORT_WORDS_MAX,
  RESTRICTING_ACTIONS,
  STATEMENT_MAX,
  STATEMENT_MIN,
  SUSPENSION_DAYS_MAX,
} from './moderation-names';

// ---------------------------------------------------------------------------
// Trust and safety (issue 35, our addition): reports and notices about a post, an answer, a
// comment or a profile; moderators' decisions, each with a statement of reasons to its author;
// appeals; and the public monthly counts. The moderation service owns them
// (docs/api/moderation.md, docs/moderation.md for operators).
// ---------------------------------------------------------------------------

export { ModeratedItemKind, ModerationState };

// The names and limits live without zod (moderation-names.ts), for the web app's reading pages.
export * from './moderation-names';

export const ModerationReason = z.enum(MODERATION_REASONS, { error: 'INVALID_VALUE' });
export type ModerationReason = z.infer<typeof ModerationReason>;

export const ModerationAction = z.enum(MODERATION_ACTIONS, { error: 'INVALID_VALUE' });
export type ModerationAction = z.infer<typeof ModerationAction>;

export const isRestricting = (action: ModerationAction): boolean =>
  (RESTRICTING_ACTIONS as readonly string[]).includes(action);

const codePoints = (max: number) => (text: string) => [...text].length <= max;

const ItemRef = {
  itemKind: ModeratedItemKind.describe(
    '`post` (a post’s id), `answer` (a questionnaire answer’s id), `comment` (a comment’s id) or `profile` (the member’s id).',
  ),
  itemId: z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(64, 'INVALID_VALUE')
    .describe('The id of the post, answer, comment or member.'),
};

export const ReportRequest = z.object({
  ...ItemRef,
  reason: ModerationReason.describe(
    '`spam`, `harassment`, `hate`, `privateInformation` (about someone), `impersonation`, `illegal` or `other`.',
  ),
  words: z
    .string()
    .trim()
    .refine(codePoints(REPORT_WORDS_MAX), 'TOO_LONG')
    .optional()
    .describe(
      `The reporter’s own words for the moderators, at most ${REPORT_WORDS_MAX} characters.`,
    ),
});
export type ReportRequest = z.input<typeof ReportRequest>;

/** A notice of illegal content (Digital Services Act, article 16): anyone may send one. */
export const NoticeRequest = z.object({
  ...ItemRef,
  reason: ModerationReason.default('illegal').describe('Why; `illegal` when left out.'),
  explanation: z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .refine((text) => [...text].length >= NOTICE_EXPLANATION_MIN, 'CONTENT_TOO_SHORT')
    .refine(codePoints(NOTICE_EXPLANATION_MAX), 'TOO_LONG')
    .describe(
      `Why the content is illegal, as precisely as the sender can: ${NOTICE_EXPLANATION_MIN} to ${NOTICE_EXPLANATION_MAX} characters.`,
    ),
  name: z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(200, 'TOO_LONG')
    .describe('The sender’s name.'),
  email: Email.describe('Where the confirmation and the decision are sent.'),
  goodFaith: z
    .literal(true, { error: 'FIELD_REQUIRED' })
    .describe('The sender confirms that the notice is accurate and complete, in good faith.'),
  language: Language.optional().describe(
    'The language to write to the sender in (the page’s); a signed-in member’s own when left out, else English.',
  ),
});
export type NoticeRequest = z.input<typeof NoticeRequest>;

export const ReportReceived = z.object({
  reportId: z.string(),
  receivedAt: z.string().describe('ISO 8601.'),
});
export type ReportReceived = z.infer<typeof ReportReceived>;

const Cursor = z.string().max(200, 'INVALID_VALUE').optional();
const Limit = z.number().int().min(1).max(50).optional();
const NextCursor = z
  .string()
  .nullable()
  .describe('Pass it back as `cursor`; null on the last page.');

export const PageRequest = z.object({
  cursor: Cursor.describe('From the previous page’s `nextCursor`.'),
  limit: Limit.describe('1 to 50; 20 when left out.'),
});
export type PageRequest = z.input<typeof PageRequest>;

/** What became of a report, as its reporter is told. */
export const ReportOutcome = z.enum(['pending', 'actioned', 'noViolation']);
export type ReportOutcome = z.infer<typeof ReportOutcome>;

export const MyReport = z.object({
  reportId: z.string(),
  itemKind: ModeratedItemKind,
  itemId: z.string(),
  reason: ModerationReason,
  receivedAt: z.string(),
  outcome: ReportOutcome,
  decidedAt: z.string().nullable(),
});
export const MyReportsPage = z.object({ reports: z.array(MyReport), nextCursor: NextCursor });
export type MyReportsPage = z.infer<typeof MyReportsPage>;

/** An item as the moderators see it: what the service last heard of it. */
export const ModeratedItem = z.object({
  kind: ModeratedItemKind,
  itemId: z.string(),
  ownerId: z.string(),
  ownerName: z.string().nullable(),
  /** A post's title, an answer's question, a profile's name; null for a comment. */
  title: z.string().nullable(),
  /** The beginning of its text as last heard (plain text); null when none is kept. */
  excerpt: z.string().nullable(),
  /** For a comment: the post or answer it is on. */
  subjectId: z.string().nullable(),
  audience: z.string(),
  state: ModerationState,
  deleted: z.boolean(),
});
export type ModeratedItem = z.infer<typeof ModeratedItem>;

/**
 * Why an item was held automatically (our addition, issue 35, point 4): `reports` by several
 * members (`MODERATION_HOLD_AFTER_REPORTS`), or `firstLinks`, a new member's first post or
 * comment that carries a link, held as it was written (`MODERATION_REVIEW_FIRST_LINKS`).
 */
export const HeldFor = z.enum(['reports', 'firstLinks']);
export type HeldFor = z.infer<typeof HeldFor>;

export const CaseStatus = z.enum(['open', 'closed']);
export type CaseStatus = z.infer<typeof CaseStatus>;

export const CaseSummary = z.object({
  caseId: z.string(),
  status: CaseStatus,
  /** Changes with every report and decision: `decide` is refused when it differs (CASE_CHANGED). */
  version: z.number().int(),
  openedAt: z.string(),
  item: ModeratedItem,
  reports: z.number().int(),
  notices: z.number().int(),
  reasons: z.array(z.object({ reason: ModerationReason, count: z.number().int() })),
  /** Held automatically (`heldFor` says why) and waiting for a moderator. */
  autoHeld: z.boolean(),
  /** Why it was held automatically; null when it was not. */
  heldFor: HeldFor.nullable(),
});
export type CaseSummary = z.infer<typeof CaseSummary>;

export const QueueRequest = PageRequest.extend({
  status: CaseStatus.default('open').describe('`open` (the default) or `closed`.'),
});
export type QueueRequest = z.input<typeof QueueRequest>;
export const QueuePage = z.object({ cases: z.array(CaseSummary), nextCursor: NextCursor });
export type QueuePage = z.infer<typeof QueuePage>;

export const CaseRequest = z.object({
  caseId: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'INVALID_VALUE'),
});
export type CaseRequest = z.input<typeof CaseRequest>;

export const CaseReport = z.object({
  reportId: z.string(),
  kind: z.enum(['report', 'notice']),
  reason: ModerationReason,
  words: z.string().nullable(),
  reporterId: z.string().nullable(),
  reporterName: z.string().nullable(),
  /** A notice's sender: name and address (DSA article 16). */
  contact: z.object({ name: z.string(), email: z.string() }).nullable(),
  /** The item's words when it was reported, as the service then knew them. */
  excerptThen: z.string().nullable(),
  receivedAt: z.string(),
});

export const Decision = z.object({
  decisionId: z.string(),
  caseId: z.string().nullable(),
  action: ModerationAction,
  rule: ModerationReason.nullable(),
  statement: z.string(),
  /** Who decided: a moderator's id; null for an automatic hold. */
  moderatorId: z.string().nullable(),
  automatic: z.boolean(),
  /** An automatic hold's why; null for a moderator's decision. */
  heldFor: HeldFor.nullable(),
  suspendedUntil: z.string().nullable(),
  decidedAt: z.string(),
  item: ModeratedItem.nullable(),
  appeal: z
    .object({
      appealId: z.string(),
      status: z.enum(['open', 'upheld', 'reversed']),
      sentAt: z.string(),
      decidedAt: z.string().nullable(),
      statement: z.string().nullable(),
    })
    .nullable(),
});
export type Decision = z.infer<typeof Decision>;

export const CaseDetail = CaseSummary.extend({
  reportList: z.array(CaseReport),
  decisions: z.array(Decision),
});
export type CaseDetail = z.infer<typeof CaseDetail>;

const Statement = z
  .string({ error: 'FIELD_REQUIRED' })
  .trim()
  .refine((text) => [...text].length >= STATEMENT_MIN, 'CONTENT_TOO_SHORT')
  .refine(codePoints(STATEMENT_MAX), 'TOO_LONG')
  .describe(
    `The facts and reasons, in words the author will read (${STATEMENT_MIN} to ${STATEMENT_MAX} characters).`,
  );

export const DecideRequest = z
  .object({
    caseId: CaseRequest.shape.caseId,
    version: z.number().int().min(0).describe('The case’s `version` the moderator acted on.'),
    action: ModerationAction.describe(
      '`dismiss` (nothing wrong: closes the case, lifts an automatic hold), `hide` (hidden pending review), `remove`, `restore`, `warn` the author, `suspend` for `days`, `ban`.',
    ),
    rule: ModerationReason.optional().describe(
      'The rule broken: required for every action but `dismiss` and `restore`.',
    ),
    statement: Statement,
    days: z
      .number()
      .int()
      .min(1)
      .max(SUSPENSION_DAYS_MAX)
      .optional()
      .describe(`For \`suspend\`: 1 to ${SUSPENSION_DAYS_MAX} days.`),
  })
  .superRefine((decision, context) => {
    if (
      decision.rule === undefined &&
      decision.action !== 'dismiss' &&
      decision.action !== 'restore'
    )
      context.addIssue({ code: 'custom', path: ['rule'], message: 'FIELD_REQUIRED' });
    if (decision.action === 'suspend' && decision.days === undefined)
      context.addIssue({ code: 'custom', path: ['days'], message: 'FIELD_REQUIRED' });
  });
export type DecideRequest = z.input<typeof DecideRequest>;

export const DecisionsPage = z.object({ decisions: z.array(Decision), nextCursor: NextCursor });
export type DecisionsPage = z.infer<typeof DecisionsPage>;

export const AppealRequest = z.object({
  decisionId: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'INVALID_VALUE'),
  words: z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .refine(codePoints(APPEAL_WORDS_MAX), 'TOO_LONG')
    .describe(`Why the decision is wrong, at most ${APPEAL_WORDS_MAX} characters.`),
});
export type AppealRequest = z.input<typeof AppealRequest>;

export const AppealSent = z.object({ appealId: z.string(), sentAt: z.string() });

export const OpenAppeal = z.object({
  appealId: z.string(),
  words: z.string(),
  sentAt: z.string(),
  authorId: z.string(),
  decision: Decision,
});
export const AppealsPage = z.object({ appeals: z.array(OpenAppeal), nextCursor: NextCursor });
export type AppealsPage = z.infer<typeof AppealsPage>;

export const DecideAppealRequest = z.object({
  appealId: z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'INVALID_VALUE'),
  outcome: z
    .enum(['upheld', 'reversed'], { error: 'INVALID_VALUE' })
    .describe(
      '`upheld` keeps the decision; `reversed` undoes it (the item restored, a restriction lifted).',
    ),
  statement: Statement,
});
export type DecideAppealRequest = z.input<typeof DecideAppealRequest>;

export const AuditEntry = z.object({
  entryId: z.string(),
  actorId: z.string().nullable(),
  action: z.string(),
  caseId: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  at: z.string(),
});
export const AuditPage = z.object({ entries: z.array(AuditEntry), nextCursor: NextCursor });
export type AuditPage = z.infer<typeof AuditPage>;

/** One month's public counts (transparency, DSA article 24). */
export const TransparencyMonth = z.object({
  month: z.string().describe('`YYYY-MM`, in UTC.'),
  notices: z.number().int().describe('Notices received (article 16).'),
  reports: z.number().int().describe('Members’ reports received.'),
  actions: z.record(ModerationAction, z.number().int()).describe('Decisions, by action.'),
  automaticHolds: z
    .number()
    .int()
    .describe('Items held automatically after several members’ reports.'),
  reviewHolds: z
    .number()
    .int()
    .describe('Our addition: new members’ first posts and comments with a link, held for review.'),
  appeals: z.number().int(),
  reversed: z.number().int(),
  medianHoursToDecision: z
    .number()
    .nullable()
    .describe('From a case’s first report to its first decision; null when none was decided.'),
});
export const Transparency = z.object({ months: z.array(TransparencyMonth) });
export type Transparency = z.infer<typeof Transparency>;
