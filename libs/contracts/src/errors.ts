import { z } from 'zod';
import type { Localized } from './locale';

// ---------------------------------------------------------------------------
// STABLE ERROR CODES. Clients (our web app and third-party ones) branch on
// these strings: never rename one. Add new codes; retire old ones by leaving
// them in place.
// ---------------------------------------------------------------------------
export const errorCatalog = {
  // platform
  VALIDATION_FAILED: {
    status: 400,
    en: 'Some fields are not valid',
    he: 'חלק מהשדות אינם תקינים',
  },
  INVALID_JSON: {
    status: 400,
    en: 'The request body is not valid JSON',
    he: 'גוף הבקשה אינו JSON תקין',
  },
  AUTH_REQUIRED: {
    status: 401,
    en: 'You must be logged in to do this',
    he: 'יש להתחבר כדי לבצע פעולה זו',
  },
  INVALID_IDENTITY: {
    status: 401,
    en: 'The request identity is missing, forged or expired',
    he: 'זהות הבקשה חסרה, מזויפת או שפג תוקפה',
  },
  FORBIDDEN: {
    status: 403,
    en: 'You are not allowed to do this',
    he: 'אין לך הרשאה לבצע פעולה זו',
  },
  ORIGIN_NOT_ALLOWED: {
    status: 403,
    en: 'Requests from this site are not allowed',
    he: 'בקשות מאתר זה אינן מורשות',
  },
  NOT_FOUND: { status: 404, en: 'Not found', he: 'לא נמצא' },
  ROUTE_NOT_FOUND: {
    status: 404,
    en: 'This address does not exist',
    he: 'הכתובת הזו אינה קיימת',
  },
  BAD_REQUEST_PATH: {
    status: 400,
    en: 'This address is not valid',
    he: 'הכתובת הזו אינה תקינה',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    en: 'The request is too large',
    he: 'הבקשה גדולה מדי',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    en: 'This content type is not supported',
    he: 'סוג התוכן אינו נתמך',
  },
  RATE_LIMITED: {
    status: 429,
    en: 'Too many attempts. Please wait a little and try again',
    he: 'יותר מדי ניסיונות. יש להמתין מעט ולנסות שוב',
  },
  INTERNAL: { status: 500, en: 'An error has occurred', he: 'אירעה שגיאה' },
  SERVICE_UNAVAILABLE: {
    status: 503,
    en: 'This part of the site is temporarily unavailable. Please try again soon',
    he: 'חלק זה של האתר אינו זמין כרגע. יש לנסות שוב בקרוב',
  },
  UPSTREAM_TIMEOUT: {
    status: 504,
    en: 'The server took too long to answer. Please try again',
    he: 'השרת לא הגיב בזמן. יש לנסות שוב',
  },
  // users
  EMAIL_EXISTS: { status: 409, en: 'Email already exists', he: 'כתובת האימייל כבר קיימת במערכת' },
  PHONE_EXISTS: {
    status: 409,
    en: 'Phone number already exists',
    he: 'מספר הטלפון כבר קיים במערכת',
  },
  INVALID_CREDENTIALS: {
    status: 401,
    en: 'Login information is incorrect',
    he: 'פרטי ההתחברות שגויים',
  },
  USER_NOT_VERIFIED: { status: 403, en: 'User is not verified', he: 'המשתמש אינו מאומת' },
  USER_NOT_FOUND: { status: 404, en: 'User does not exist', he: 'המשתמש אינו קיים' },
  SESSION_NOT_FOUND: {
    status: 404,
    en: 'This session does not exist or has already ended',
    he: 'החיבור הזה אינו קיים או שכבר הסתיים',
  },
  PASSWORD_INCORRECT: {
    status: 403,
    en: 'The password is not correct',
    he: 'הסיסמה שגויה',
  },
  NOT_ACCOUNT_OWNER: {
    status: 403,
    en: 'You can only change your own account',
    he: 'ניתן לשנות רק את החשבון שלך',
  },
  CONTACT_CHANGE_NOT_ALLOWED: {
    status: 422,
    en: 'Email and phone number are changed with a confirmation: use the change buttons',
    he: 'שינוי אימייל ומספר טלפון נעשה עם אישור: יש להשתמש בכפתורי השינוי',
  },
  CONTACT_UNCHANGED: {
    status: 400,
    en: 'This is already your contact detail',
    he: 'זה כבר פרט הקשר שלך',
  },
  PASSWORD_CHANGE_NOT_ALLOWED: {
    status: 422,
    en: 'The password cannot be changed here',
    he: 'לא ניתן לשנות כאן את הסיסמה',
  },
  PHONE_NOT_FOUND: {
    status: 404,
    en: 'This phone number does not exist in the system. Try another',
    he: 'מספר הטלפון אינו קיים במערכת. יש לנסות מספר אחר',
  },
  INVALID_VERIFY_CODE: {
    status: 400,
    en: 'The verification code is not correct. Try again',
    he: 'קוד האימות שגוי. יש לנסות שוב',
  },
  VERIFY_CODE_EXPIRED: {
    status: 410,
    en: 'This code has expired or was used too many times. Ask for a new one',
    he: 'תוקף הקוד פג או שנעשו בו יותר מדי ניסיונות. יש לבקש קוד חדש',
  },
  VERIFY_LINK_EXPIRED: {
    status: 410,
    en: 'This verification link has expired or was already used',
    he: 'קישור האימות פג תוקף או שכבר נעשה בו שימוש',
  },
  VERIFICATION_SESSION_REQUIRED: {
    status: 401,
    en: 'To continue verifying your account, please sign in with your email and password',
    he: 'כדי להמשיך באימות החשבון, יש להתחבר עם האימייל והסיסמה',
  },
  ALREADY_VERIFIED: {
    status: 409,
    en: 'This step is already verified',
    he: 'שלב זה כבר אומת',
  },
  RESEND_TOO_SOON: {
    status: 429,
    en: 'A message was sent a moment ago. Please wait before asking again',
    he: 'הודעה נשלחה לפני רגע. יש להמתין לפני בקשה נוספת',
  },
  PASSWORD_RESET_EXPIRED: {
    status: 410,
    en: 'Password reset is expired',
    he: 'תוקף איפוס הסיסמה פג',
  },
  INVALID_UNSUBSCRIBE_LINK: {
    status: 400,
    en: 'This unsubscribe link is not valid',
    he: 'קישור ההסרה מרשימת התפוצה אינו תקין',
  },
  // posts
  POST_NOT_FOUND: { status: 404, en: 'This post does not exist', he: 'הפוסט אינו קיים' },
  NOT_POST_OWNER: {
    status: 403,
    en: 'Only the author can change this post',
    he: 'רק מי שכתב את הפוסט יכול לשנות אותו',
  },
  TRANSLATION_UNAVAILABLE: {
    status: 503,
    en: 'Translation is not available right now',
    he: 'התרגום אינו זמין כרגע',
  },
  TRANSLATION_FAILED: {
    status: 502,
    en: 'The translation could not be made. Please try again',
    he: 'לא ניתן היה לתרגם. יש לנסות שוב',
  },
  /** A daily character budget (the member's or the whole site's) is spent: details say which. */
  TRANSLATION_BUDGET_SPENT: {
    status: 429,
    en: 'Today’s translation allowance is used up. Please try again tomorrow',
    he: 'מכסת התרגום להיום נוצלה. יש לנסות שוב מחר',
  },
  /** The provider answered that our account's quota or rate is spent. */
  TRANSLATION_PROVIDER_QUOTA: {
    status: 503,
    en: 'The translation service has reached its limit for now. Please try again later',
    he: 'שירות התרגום הגיע למגבלה שלו כרגע. יש לנסות שוב מאוחר יותר',
  },
  /** The provider refused our key or account (401, 403): the operators must fix the setup. */
  TRANSLATION_PROVIDER_REFUSED: {
    status: 503,
    en: 'Translation is not available right now: the translation service refused this site',
    he: 'התרגום אינו זמין כרגע: שירות התרגום סירב לבקשת האתר',
  },
  INVALID_CURSOR: {
    status: 400,
    en: 'This list position is not valid. Please start again from the first page',
    he: 'מיקום זה ברשימה אינו תקין. יש להתחיל שוב מהדף הראשון',
  },
  // answers (me-answers and private questions)
  ANSWER_STALE: {
    status: 409,
    en: 'This answer was changed in another window. Reload it to see the latest version',
    he: 'התשובה שונתה בחלון אחר. יש לטעון אותה מחדש כדי לראות את הגרסה האחרונה',
  },
  QUESTION_NOT_FOUND: { status: 404, en: 'This question does not exist', he: 'השאלה אינה קיימת' },
  QUESTION_LOCKED: {
    status: 409,
    en: 'Answer the earlier questions first',
    he: 'יש לענות קודם על השאלות הקודמות',
  },
  ANSWER_NOT_FOUND: {
    status: 404,
    en: 'There is no answer here yet',
    he: 'אין כאן עדיין תשובה',
  },
  ANSWER_TOO_SHORT_TO_PUBLISH: {
    status: 400,
    en: 'To publish in the magazine, write at least 100 characters in one of the answers',
    he: 'כדי לפרסם במגזין יש לכתוב לפחות 100 תווים באחת התשובות',
  },
  PRIVATE_QUESTIONS_LIMIT: {
    status: 409,
    en: 'You have reached the number of private questions you can add',
    he: 'הגעת למספר השאלות האישיות שאפשר להוסיף',
  },
  // feed-messages, reactions
  MUST_BE_LOGGED_IN: {
    status: 401,
    en: 'You must be logged in to comment or like',
    he: 'יש להתחבר כדי להגיב או לעשות לייק',
  },
  MESSAGE_NOT_FOUND: {
    status: 404,
    en: 'This comment does not exist',
    he: 'התגובה אינה קיימת',
  },
  NOT_MESSAGE_AUTHOR: {
    status: 403,
    en: 'Only the writer of this comment can change it',
    he: 'רק מי שכתב את התגובה יכול לשנות אותה',
  },
  DISCUSSION_NOT_FOUND: {
    status: 404,
    en: 'This discussion does not exist',
    he: 'הדיון אינו קיים',
  },
  // notifications: following members (our addition)
  CANNOT_FOLLOW_SELF: {
    status: 400,
    en: 'You cannot follow yourself',
    he: 'אי אפשר לעקוב אחרי עצמך',
  },
  // files
  IMAGE_TOO_BIG: { status: 413, en: 'Image too big', he: 'התמונה גדולה מדי' },
  IMAGE_NOT_SUPPORTED: {
    status: 415,
    en: 'This file is not an image we accept (JPEG, PNG, WebP or GIF)',
    he: 'הקובץ אינו תמונה שאנחנו מקבלים (JPEG‏, PNG‏, WebP או GIF)',
  },
  FILE_NOT_FOUND: { status: 404, en: 'This image does not exist', he: 'התמונה אינה קיימת' },
  /** The member already has the uploads they may have in flight (UPLOADS_IN_FLIGHT_PER_MEMBER). */
  UPLOADS_IN_PROGRESS: {
    status: 429,
    en: 'Your other images are still uploading. Please wait for them and try again',
    he: 'התמונות האחרות שלך עדיין בהעלאה. יש להמתין להן ולנסות שוב',
  },
  /** The gateway passes on as many uploads as it may at once (UPLOADS_IN_FLIGHT). */
  UPLOADS_BUSY: {
    status: 503,
    en: 'Many images are being uploaded right now. Please try again in a moment',
    he: 'תמונות רבות מועלות כרגע. יש לנסות שוב בעוד רגע',
  },
} as const satisfies Record<string, Localized & { status: number }>;

export type ErrorCode = keyof typeof errorCatalog;
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
