import { z } from 'zod';
import type { ErrorMessageKey } from '@mepedia/messages/errors';

// ---------------------------------------------------------------------------
// STABLE ERROR CODES. Clients (our web app and third-party ones) branch on
// these strings: never rename one. Add new codes; retire old ones by leaving
// them in place.
// Each code's HTTP status is here; its words, in English and Hebrew, are a
// catalogue of the one message system (libs/messages/src/errors.ts, the key
// `error.<CODE>`), checked as every other catalogue.
// ---------------------------------------------------------------------------
export const errorCatalog = {
  // platform
  VALIDATION_FAILED: { status: 400 },
  INVALID_JSON: { status: 400 },
  AUTH_REQUIRED: { status: 401 },
  INVALID_IDENTITY: { status: 401 },
  FORBIDDEN: { status: 403 },
  ORIGIN_NOT_ALLOWED: { status: 403 },
  NOT_FOUND: { status: 404 },
  ROUTE_NOT_FOUND: { status: 404 },
  BAD_REQUEST_PATH: { status: 400 },
  PAYLOAD_TOO_LARGE: { status: 413 },
  UNSUPPORTED_MEDIA_TYPE: { status: 415 },
  RATE_LIMITED: { status: 429 },
  INTERNAL: { status: 500 },
  SERVICE_UNAVAILABLE: { status: 503 },
  UPSTREAM_TIMEOUT: { status: 504 },
  // users
  EMAIL_EXISTS: { status: 409 },
  PHONE_EXISTS: { status: 409 },
  INVALID_CREDENTIALS: { status: 401 },
  USER_NOT_VERIFIED: { status: 403 },
  USER_NOT_FOUND: { status: 404 },
  SESSION_NOT_FOUND: { status: 404 },
  PASSWORD_INCORRECT: { status: 403 },
  NOT_ACCOUNT_OWNER: { status: 403 },
  CONTACT_CHANGE_NOT_ALLOWED: { status: 422 },
  CONTACT_UNCHANGED: { status: 400 },
  PASSWORD_CHANGE_NOT_ALLOWED: { status: 422 },
  PHONE_NOT_FOUND: { status: 404 },
  INVALID_VERIFY_CODE: { status: 400 },
  VERIFY_CODE_EXPIRED: { status: 410 },
  VERIFY_LINK_EXPIRED: { status: 410 },
  VERIFICATION_SESSION_REQUIRED: { status: 401 },
  ALREADY_VERIFIED: { status: 409 },
  RESEND_TOO_SOON: { status: 429 },
  PASSWORD_RESET_EXPIRED: { status: 410 },
  INVALID_UNSUBSCRIBE_LINK: { status: 400 },
  // posts
  POST_NOT_FOUND: { status: 404 },
  NOT_POST_OWNER: { status: 403 },
  TRANSLATION_UNAVAILABLE: { status: 503 },
  TRANSLATION_FAILED: { status: 502 },
  /** A daily character budget (the member's or the whole site's) is spent: details say which. */
  TRANSLATION_BUDGET_SPENT: { status: 429 },
  /** The provider answered that our account's quota or rate is spent. */
  TRANSLATION_PROVIDER_QUOTA: { status: 503 },
  /** The provider refused our key or account (401, 403): the operators must fix the setup. */
  TRANSLATION_PROVIDER_REFUSED: { status: 503 },
  INVALID_CURSOR: { status: 400 },
  /** Another member's draft, an unknown one and an id that is not one alike (issue 33). */
  DRAFT_NOT_FOUND: { status: 404 },
  /** The draft changed since the version the client sent (another tab saved first). */
  DRAFT_STALE: { status: 409 },
  /** The member keeps POST_DRAFTS_MAX drafts already. */
  DRAFTS_LIMIT: { status: 409 },
  // answers (me-answers and private questions)
  ANSWER_STALE: { status: 409 },
  QUESTION_NOT_FOUND: { status: 404 },
  QUESTION_LOCKED: { status: 409 },
  ANSWER_NOT_FOUND: { status: 404 },
  ANSWER_TOO_SHORT_TO_PUBLISH: { status: 400 },
  PRIVATE_QUESTIONS_LIMIT: { status: 409 },
  // feed-messages, reactions
  MUST_BE_LOGGED_IN: { status: 401 },
  MESSAGE_NOT_FOUND: { status: 404 },
  NOT_MESSAGE_AUTHOR: { status: 403 },
  DISCUSSION_NOT_FOUND: { status: 404 },
  // notifications: following members (our addition)
  CANNOT_FOLLOW_SELF: { status: 400 },
  /** No notification of the caller's has this id (another member's answers the same). */
  NOTIFICATION_NOT_FOUND: { status: 404 },
  // files
  IMAGE_TOO_BIG: { status: 413 },
  IMAGE_NOT_SUPPORTED: { status: 415 },
  FILE_NOT_FOUND: { status: 404 },
  /** The member already has the uploads they may have in flight (UPLOADS_IN_FLIGHT_PER_MEMBER). */
  UPLOADS_IN_PROGRESS: { status: 429 },
  /** The gateway passes on as many uploads as it may at once (UPLOADS_IN_FLIGHT). */
  UPLOADS_BUSY: { status: 503 },
  // notifications: the weekly question (our addition)
  /** The email's skip, pause or stop link was altered, forged or has expired. */
  WEEKLY_QUESTION_LINK_INVALID: { status: 400 },
  // circles (our addition, issue 34)
  /** No invitation has this token (mistyped, cut short or made up), or the caller's has no such id. */
  INVITATION_NOT_FOUND: { status: 404 },
  INVITATION_EXPIRED: { status: 410 },
  INVITATION_REVOKED: { status: 410 },
  /** Someone else already joined with this invitation: each one admits one person. */
  INVITATION_USED: { status: 410 },
  /** An invitation sent to an address is for the account with that address. */
  INVITATION_FOR_ANOTHER_EMAIL: { status: 403 },
  /** Inviting one's own address, or opening one's own invitation link. */
  CIRCLE_INVITE_SELF: { status: 400 },
  CIRCLE_ALREADY_MEMBER: { status: 409 },
  /** The circle has CIRCLE_MEMBERS_MAX members (with its pending invitations, for a new one). */
  CIRCLE_FULL: { status: 409 },
  /** CIRCLE_PENDING_MAX invitations are waiting: revoke one, or wait for answers. */
  CIRCLE_TOO_MANY_INVITATIONS: { status: 409 },
  /** The member is not in that circle (a removal or leaving that has nothing to undo). */
  CIRCLE_MEMBER_NOT_FOUND: { status: 404 },
  /** The circles service has not yet heard of the newly verified account: a moment later works. */
  CIRCLE_ACCOUNT_PENDING: { status: 409 },
  // roles and account restrictions (our addition, issue 35)
  /** A signed-in member without the role the route asks for (moderator, admin). */
  ROLE_REQUIRED: { status: 403 },
  /** A suspended member on a route that writes: details give `until`. */
  ACCOUNT_SUSPENDED: { status: 403 },
  /** Signing in to a banned account (the password was right). */
  ACCOUNT_BANNED: { status: 403 },
  // moderation (our addition, issue 35)
  /** No such item, or not one the caller may read (the same answer: nothing is confirmed). */
  REPORT_ITEM_NOT_FOUND: { status: 404 },
  CANNOT_REPORT_OWN_ITEM: { status: 400 },
  /** The caller already reported this item and its case is still open. */
  ALREADY_REPORTED: { status: 409 },
  CASE_NOT_FOUND: { status: 404 },
  /** A report or decision came since the moderator read the case: read it again. */
  CASE_CHANGED: { status: 409 },
  /** The item's or member's state does not allow this action (restoring what is visible...). */
  ACTION_NOT_POSSIBLE: { status: 409 },
  /** No such decision about the caller. */
  DECISION_NOT_FOUND: { status: 404 },
  /** A decision is appealed once. */
  APPEAL_EXISTS: { status: 409 },
  /** Only a decision that restricted the caller can be appealed. */
  NOT_APPEALABLE: { status: 409 },
  APPEAL_NOT_FOUND: { status: 404 },
  APPEAL_DECIDED: { status: 409 },
  /** Another moderator decides an appeal than the one who made the decision. */
  APPEAL_OWN_DECISION: { status: 403 },
  CANNOT_BLOCK_SELF: { status: 400 },
  /** BLOCKS_MAX members blocked (or muted) already. */
  TOO_MANY_BLOCKS: { status: 409 },
  /**
   * A block stands between the caller and the member whose story, profile or follow it is, either
   * way: no comment, reaction or follow. Says neither who blocked nor anything to anyone else.
   */
  MEMBER_BLOCKED: { status: 403 },
} as const satisfies Record<string, { status: number }>;

export type ErrorCode = keyof typeof errorCatalog;
// Every code has its message and every message its code, or the contracts do not compile.
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const everyCodeWorded: SameKeys<`error.${ErrorCode}`, ErrorMessageKey> = true;
void everyCodeWorded;

export const ERROR_CODES = Object.keys(errorCatalog) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorCatalog, value);
}

export const FieldIssue = /* @__PURE__ */ z.object({
  field: z.string(),
  code: z.string(),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof FieldIssue>;

/** The one error envelope every service answers with. */
export const ErrorEnvelope = /* @__PURE__ */ z.object({
  code: z.string(),
  message: z.string(),
  details: z.unknown().optional(),
  requestId: z.string(),
});
export type ErrorEnvelope = z.infer<typeof ErrorEnvelope>;
