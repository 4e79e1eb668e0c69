// What the API says for each of its error codes (libs/contracts/src/errors.ts holds the codes and
// their HTTP statuses), in English and Hebrew: the error envelope's `message` in the caller's
// language (libs/server/http), the web app's words for a refused call and the error page
// (apps/web), and the API reference's examples. Checked as every other catalogue
// (catalogue.spec.ts, libs/web/i18n/src/catalogues.test.ts); the contracts' types refuse a code
// without a message here or a message without a code there.
//
// Each is plain text: an error message takes no values, and the browser formats messages without
// a parser (so no braces and no ASCII apostrophe, which ICU reads as a quote: use ’).
// This file imports nothing: the services and the contracts take it alone (the alias
// @mepedia/messages/errors), so intl-messageformat stays out of their images.

export const errorMessagesEn = {
  // platform
  'error.VALIDATION_FAILED': 'Some fields are not valid',
  'error.INVALID_JSON': 'The request body is not valid JSON',
  'error.AUTH_REQUIRED': 'You must be logged in to do this',
  'error.INVALID_IDENTITY': 'The request identity is missing, forged or expired',
  'error.FORBIDDEN': 'You are not allowed to do this',
  'error.ORIGIN_NOT_ALLOWED': 'Requests from this site are not allowed',
  'error.NOT_FOUND': 'Not found',
  'error.ROUTE_NOT_FOUND': 'This address does not exist',
  'error.BAD_REQUEST_PATH': 'This address is not valid',
  'error.PAYLOAD_TOO_LARGE': 'The request is too large',
  'error.UNSUPPORTED_MEDIA_TYPE': 'This content type is not supported',
  'error.RATE_LIMITED': 'Too many attempts. Please wait a little and try again',
  'error.INTERNAL': 'An error has occurred',
  'error.SERVICE_UNAVAILABLE':
    'This part of the site is temporarily unavailable. Please try again soon',
  'error.UPSTREAM_TIMEOUT': 'The server took too long to answer. Please try again',
  // users
  'error.EMAIL_EXISTS': 'Email already exists',
  'error.PHONE_EXISTS': 'Phone number already exists',
  'error.INVALID_CREDENTIALS': 'Login information is incorrect',
  'error.USER_NOT_VERIFIED': 'User is not verified',
  'error.USER_NOT_FOUND': 'User does not exist',
  'error.SESSION_NOT_FOUND': 'This session does not exist or has already ended',
  'error.PASSWORD_INCORRECT': 'The password is not correct',
  'error.NOT_ACCOUNT_OWNER': 'You can only change your own account',
  'error.CONTACT_CHANGE_NOT_ALLOWED':
    'Email and phone number are changed with a confirmation: use the change buttons',
  'error.CONTACT_UNCHANGED': 'This is already your contact detail',
  'error.PASSWORD_CHANGE_NOT_ALLOWED': 'The password cannot be changed here',
  'error.PHONE_NOT_FOUND': 'This phone number does not exist in the system. Try another',
  'error.INVALID_VERIFY_CODE': 'The verification code is not correct. Try again',
  'error.VERIFY_CODE_EXPIRED':
    'This code has expired or was used too many times. Ask for a new one',
  'error.VERIFY_LINK_EXPIRED': 'This verification link has expired or was already used',
  'error.VERIFICATION_SESSION_REQUIRED':
    'To continue verifying your account, please sign in with your email and password',
  'error.ALREADY_VERIFIED': 'This step is already verified',
  'error.RESEND_TOO_SOON': 'A message was sent a moment ago. Please wait before asking again',
  'error.PASSWORD_RESET_EXPIRED': 'Password reset is expired',
  'error.INVALID_UNSUBSCRIBE_LINK': 'This unsubscribe link is not valid',
  // posts
  'error.POST_NOT_FOUND': 'This post does not exist',
  'error.NOT_POST_OWNER': 'Only the author can change this post',
  'error.TRANSLATION_UNAVAILABLE': 'Translation is not available right now',
  'error.TRANSLATION_FAILED': 'The translation could not be made. Please try again',
  /** A daily character budget (the member's or the whole site's) is spent: details say which. */
  'error.TRANSLATION_BUDGET_SPENT':
    'Today’s translation allowance is used up. Please try again tomorrow',
  /** The provider answered that our account's quota or rate is spent. */
  'error.TRANSLATION_PROVIDER_QUOTA':
    'The translation service has reached its limit for now. Please try again later',
  /** The provider refused our key or account (401, 403): the operators must fix the setup. */
  'error.TRANSLATION_PROVIDER_REFUSED':
    'Translation is not available right now: the translation service refused this site',
  'error.INVALID_CURSOR': 'This list position is not valid. Please start again from the first page',
  'error.DRAFT_NOT_FOUND': 'This draft does not exist',
  'error.DRAFT_STALE':
    'This draft was changed in another window. Reload it to see the latest version',
  'error.DRAFTS_LIMIT':
    'You have reached the number of drafts you can keep. Publish or delete one to start another',
  // answers (me-answers and private questions)
  'error.ANSWER_STALE':
    'This answer was changed in another window. Reload it to see the latest version',
  'error.QUESTION_NOT_FOUND': 'This question does not exist',
  'error.QUESTION_LOCKED': 'Answer the earlier questions first',
  'error.ANSWER_NOT_FOUND': 'There is no answer here yet',
  'error.ANSWER_TOO_SHORT_TO_PUBLISH':
    'To publish in the magazine, write at least 100 characters in one of the answers',
  'error.PRIVATE_QUESTIONS_LIMIT': 'You have reached the number of private questions you can add',
  // feed-messages, reactions
  'error.MUST_BE_LOGGED_IN': 'You must be logged in to comment or like',
  'error.MESSAGE_NOT_FOUND': 'This comment does not exist',
  'error.NOT_MESSAGE_AUTHOR': 'Only the writer of this comment can change it',
  'error.DISCUSSION_NOT_FOUND': 'This discussion does not exist',
  // notifications: following members (our addition)
  'error.CANNOT_FOLLOW_SELF': 'You cannot follow yourself',
  'error.NOTIFICATION_NOT_FOUND': 'This notification does not exist',
  // files
  'error.IMAGE_TOO_BIG': 'Image too big',
  'error.IMAGE_NOT_SUPPORTED': 'This file is not an image we accept (JPEG, PNG, WebP or GIF)',
  'error.FILE_NOT_FOUND': 'This image does not exist',
  /** The member already has the uploads they may have in flight (UPLOADS_IN_FLIGHT_PER_MEMBER). */
  'error.UPLOADS_IN_PROGRESS':
    'Your other images are still uploading. Please wait for them and try again',
  /** The gateway passes on as many uploads as it may at once (UPLOADS_IN_FLIGHT). */
  'error.UPLOADS_BUSY': 'Many images are being uploaded right now. Please try again in a moment',
  // notifications: the weekly question (our addition)
  'error.WEEKLY_QUESTION_LINK_INVALID':
    'This link is not valid or has expired. Change the weekly question in your settings instead',
  // circles (our addition, issue 34)
  'error.INVITATION_NOT_FOUND':
    'This invitation does not exist. Check that the whole link was copied',
  'error.INVITATION_EXPIRED': 'This invitation has expired. Ask for a new one',
  'error.INVITATION_REVOKED': 'This invitation was withdrawn',
  'error.INVITATION_USED':
    'Someone has already joined with this invitation. Each invitation is for one person',
  'error.INVITATION_FOR_ANOTHER_EMAIL':
    'This invitation was sent to another email address. Sign in with that address to accept it',
  'error.CIRCLE_INVITE_SELF': 'You cannot invite yourself to your own circle',
  'error.CIRCLE_ALREADY_MEMBER': 'This person is already in the circle',
  'error.CIRCLE_FULL': 'This circle is full',
  'error.CIRCLE_TOO_MANY_INVITATIONS':
    'You have many invitations waiting for an answer. Withdraw one to send another',
  'error.CIRCLE_MEMBER_NOT_FOUND': 'This person is not in the circle',
  'error.CIRCLE_ACCOUNT_PENDING':
    'Your account is still being set up. Please try again in a moment',
  // roles and account restrictions (our addition, issue 35)
  'error.ROLE_REQUIRED': 'Only the site’s moderators and administrators can do this',
  'error.ACCOUNT_SUSPENDED':
    'Your account is suspended: until the suspension ends you cannot post, comment or change what others see',
  'error.ACCOUNT_BANNED': 'This account has been closed by the site’s moderators',
  // moderation (our addition, issue 35)
  'error.REPORT_ITEM_NOT_FOUND':
    'We could not find what you are reporting. It may have been deleted',
  'error.CANNOT_REPORT_OWN_ITEM': 'You cannot report your own writing. You can edit or delete it',
  'error.ALREADY_REPORTED':
    'You have already reported this. The moderators will look at it, and we will tell you what they decide',
  'error.CASE_NOT_FOUND': 'This case does not exist',
  'error.CASE_CHANGED':
    'Something new came in on this case since you opened it. Read it again before deciding',
  'error.ACTION_NOT_POSSIBLE': 'This action is not possible in the item’s current state',
  'error.DECISION_NOT_FOUND': 'We could not find this decision',
  'error.APPEAL_EXISTS':
    'You have already appealed this decision. Each decision can be appealed once',
  'error.NOT_APPEALABLE': 'Only a decision that restricted you can be appealed',
  'error.APPEAL_NOT_FOUND': 'This appeal does not exist',
  'error.APPEAL_DECIDED': 'This appeal has already been decided',
  'error.APPEAL_OWN_DECISION': 'Another moderator must decide an appeal of your own decision',
  'error.CANNOT_BLOCK_SELF': 'You cannot block or mute yourself',
  'error.TOO_MANY_BLOCKS':
    'You have blocked or muted as many people as you can. Remove someone first',
  'error.MEMBER_BLOCKED':
    'You cannot do this: there is a block between you and this member, so neither of you can comment on or react to what the other posts, or follow them',
} as const;

export type ErrorMessageKey = keyof typeof errorMessagesEn;

export const errorMessagesHe: Readonly<Record<ErrorMessageKey, string>> = {
  // platform
  'error.VALIDATION_FAILED': 'חלק מהשדות אינם תקינים',
  'error.INVALID_JSON': 'גוף הבקשה אינו JSON תקין',
  'error.AUTH_REQUIRED': 'יש להתחבר כדי לבצע פעולה זו',
  'error.INVALID_IDENTITY': 'זהות הבקשה חסרה, מזויפת או שפג תוקפה',
  'error.FORBIDDEN': 'אין לך הרשאה לבצע פעולה זו',
  'error.ORIGIN_NOT_ALLOWED': 'בקשות מאתר זה אינן מורשות',
  'error.NOT_FOUND': 'לא נמצא',
  'error.ROUTE_NOT_FOUND': 'הכתובת הזו אינה קיימת',
  'error.BAD_REQUEST_PATH': 'הכתובת הזו אינה תקינה',
  'error.PAYLOAD_TOO_LARGE': 'הבקשה גדולה מדי',
  'error.UNSUPPORTED_MEDIA_TYPE': 'סוג התוכן אינו נתמך',
  'error.RATE_LIMITED': 'יותר מדי ניסיונות. יש להמתין מעט ולנסות שוב',
  'error.INTERNAL': 'אירעה שגיאה',
  'error.SERVICE_UNAVAILABLE': 'חלק זה של האתר אינו זמין כרגע. יש לנסות שוב בקרוב',
  'error.UPSTREAM_TIMEOUT': 'השרת לא הגיב בזמן. יש לנסות שוב',
  // users
  'error.EMAIL_EXISTS': 'כתובת האימייל כבר קיימת במערכת',
  'error.PHONE_EXISTS': 'מספר הטלפון כבר קיים במערכת',
  'error.INVALID_CREDENTIALS': 'פרטי ההתחברות שגויים',
  'error.USER_NOT_VERIFIED': 'המשתמש אינו מאומת',
  'error.USER_NOT_FOUND': 'המשתמש אינו קיים',
  'error.SESSION_NOT_FOUND': 'החיבור הזה אינו קיים או שכבר הסתיים',
  'error.PASSWORD_INCORRECT': 'הסיסמה שגויה',
  'error.NOT_ACCOUNT_OWNER': 'ניתן לשנות רק את החשבון שלך',
  'error.CONTACT_CHANGE_NOT_ALLOWED':
    'שינוי אימייל ומספר טלפון נעשה עם אישור: יש להשתמש בכפתורי השינוי',
  'error.CONTACT_UNCHANGED': 'זה כבר פרט הקשר שלך',
  'error.PASSWORD_CHANGE_NOT_ALLOWED': 'לא ניתן לשנות כאן את הסיסמה',
  'error.PHONE_NOT_FOUND': 'מספר הטלפון אינו קיים במערכת. יש לנסות מספר אחר',
  'error.INVALID_VERIFY_CODE': 'קוד האימות שגוי. יש לנסות שוב',
  'error.VERIFY_CODE_EXPIRED': 'תוקף הקוד פג או שנעשו בו יותר מדי ניסיונות. יש לבקש קוד חדש',
  'error.VERIFY_LINK_EXPIRED': 'קישור האימות פג תוקף או שכבר נעשה בו שימוש',
  'error.VERIFICATION_SESSION_REQUIRED': 'כדי להמשיך באימות החשבון, יש להתחבר עם האימייל והסיסמה',
  'error.ALREADY_VERIFIED': 'שלב זה כבר אומת',
  'error.RESEND_TOO_SOON': 'הודעה נשלחה לפני רגע. יש להמתין לפני בקשה נוספת',
  'error.PASSWORD_RESET_EXPIRED': 'תוקף איפוס הסיסמה פג',
  'error.INVALID_UNSUBSCRIBE_LINK': 'קישור ההסרה מרשימת התפוצה אינו תקין',
  // posts
  'error.POST_NOT_FOUND': 'הפוסט אינו קיים',
  'error.NOT_POST_OWNER': 'רק מי שכתב את הפוסט יכול לשנות אותו',
  'error.TRANSLATION_UNAVAILABLE': 'התרגום אינו זמין כרגע',
  'error.TRANSLATION_FAILED': 'לא ניתן היה לתרגם. יש לנסות שוב',
  'error.TRANSLATION_BUDGET_SPENT': 'מכסת התרגום להיום נוצלה. יש לנסות שוב מחר',
  'error.TRANSLATION_PROVIDER_QUOTA': 'שירות התרגום הגיע למגבלה שלו כרגע. יש לנסות שוב מאוחר יותר',
  'error.TRANSLATION_PROVIDER_REFUSED': 'התרגום אינו זמין כרגע: שירות התרגום סירב לבקשת האתר',
  'error.INVALID_CURSOR': 'מיקום זה ברשימה אינו תקין. יש להתחיל שוב מהדף הראשון',
  'error.DRAFT_NOT_FOUND': 'הטיוטה אינה קיימת',
  'error.DRAFT_STALE': 'הטיוטה שונתה בחלון אחר. יש לטעון אותה מחדש כדי לראות את הגרסה האחרונה',
  'error.DRAFTS_LIMIT': 'הגעת למספר הטיוטות שאפשר לשמור. יש לפרסם או למחוק טיוטה כדי להתחיל חדשה',
  // answers (me-answers and private questions)
  'error.ANSWER_STALE': 'התשובה שונתה בחלון אחר. יש לטעון אותה מחדש כדי לראות את הגרסה האחרונה',
  'error.QUESTION_NOT_FOUND': 'השאלה אינה קיימת',
  'error.QUESTION_LOCKED': 'יש לענות קודם על השאלות הקודמות',
  'error.ANSWER_NOT_FOUND': 'אין כאן עדיין תשובה',
  'error.ANSWER_TOO_SHORT_TO_PUBLISH': 'כדי לפרסם במגזין יש לכתוב לפחות 100 תווים באחת התשובות',
  'error.PRIVATE_QUESTIONS_LIMIT': 'הגעת למספר השאלות האישיות שאפשר להוסיף',
  // feed-messages, reactions
  'error.MUST_BE_LOGGED_IN': 'יש להתחבר כדי להגיב או לעשות לייק',
  'error.MESSAGE_NOT_FOUND': 'התגובה אינה קיימת',
  'error.NOT_MESSAGE_AUTHOR': 'רק מי שכתב את התגובה יכול לשנות אותה',
  'error.DISCUSSION_NOT_FOUND': 'הדיון אינו קיים',
  // notifications: following members (our addition)
  'error.CANNOT_FOLLOW_SELF': 'אי אפשר לעקוב אחרי עצמך',
  'error.NOTIFICATION_NOT_FOUND': 'ההתראה אינה קיימת',
  // files
  'error.IMAGE_TOO_BIG': 'התמונה גדולה מדי',
  'error.IMAGE_NOT_SUPPORTED': 'הקובץ אינו תמונה שאנחנו מקבלים (JPEG‏, PNG‏, WebP או GIF)',
  'error.FILE_NOT_FOUND': 'התמונה אינה קיימת',
  'error.UPLOADS_IN_PROGRESS': 'התמונות האחרות שלך עדיין בהעלאה. יש להמתין להן ולנסות שוב',
  'error.UPLOADS_BUSY': 'תמונות רבות מועלות כרגע. יש לנסות שוב בעוד רגע',
  // notifications: the weekly question (our addition)
  'error.WEEKLY_QUESTION_LINK_INVALID':
    'הקישור אינו תקין או שפג תוקפו. אפשר לשנות את השאלה השבועית בהגדרות',
  // circles (our addition, issue 34)
  'error.INVITATION_NOT_FOUND': 'ההזמנה הזאת לא קיימת. כדאי לבדוק שהקישור הועתק במלואו',
  'error.INVITATION_EXPIRED': 'תוקף ההזמנה פג. אפשר לבקש הזמנה חדשה',
  'error.INVITATION_REVOKED': 'ההזמנה הזאת בוטלה',
  'error.INVITATION_USED': 'מישהו כבר הצטרף בהזמנה הזאת. כל הזמנה מיועדת לאדם אחד',
  'error.INVITATION_FOR_ANOTHER_EMAIL':
    'ההזמנה נשלחה לכתובת דוא"ל אחרת. כדי לקבל אותה יש להתחבר עם הכתובת ההיא',
  'error.CIRCLE_INVITE_SELF': 'אי אפשר להזמין את עצמך למעגל שלך',
  'error.CIRCLE_ALREADY_MEMBER': 'האדם הזה כבר נמצא במעגל',
  'error.CIRCLE_FULL': 'המעגל מלא',
  'error.CIRCLE_TOO_MANY_INVITATIONS':
    'יש לך הרבה הזמנות שממתינות לתשובה. כדי לשלוח עוד אחת יש לבטל אחת מהן',
  'error.CIRCLE_MEMBER_NOT_FOUND': 'האדם הזה לא נמצא במעגל',
  'error.CIRCLE_ACCOUNT_PENDING': 'החשבון שלך עדיין בהקמה. אפשר לנסות שוב בעוד רגע',
  // roles and account restrictions (our addition, issue 35)
  'error.ROLE_REQUIRED': 'פעולה זו שמורה למודרטורים ולמנהלי האתר',
  'error.ACCOUNT_SUSPENDED':
    'החשבון שלך מושעה: עד שההשעיה תסתיים אי אפשר לפרסם, להגיב או לשנות את מה שאחרים רואים',
  'error.ACCOUNT_BANNED': 'החשבון הזה נסגר על ידי צוות הפיקוח של האתר',
  // moderation (our addition, issue 35)
  'error.REPORT_ITEM_NOT_FOUND': 'לא מצאנו את מה שביקשת לדווח עליו. ייתכן שהוא נמחק',
  'error.CANNOT_REPORT_OWN_ITEM': 'אי אפשר לדווח על מה שכתבת בעצמך. אפשר לערוך או למחוק אותו',
  'error.ALREADY_REPORTED': 'כבר דיווחת על זה. צוות הניהול יבדוק, ונעדכן אותך בהחלטה',
  'error.CASE_NOT_FOUND': 'המקרה הזה לא קיים',
  'error.CASE_CHANGED': 'משהו חדש הגיע למקרה הזה מאז שנפתח. יש לקרוא אותו שוב לפני שמחליטים',
  'error.ACTION_NOT_POSSIBLE': 'אי אפשר לבצע את הפעולה הזאת במצב הנוכחי של הפריט',
  'error.DECISION_NOT_FOUND': 'לא מצאנו את ההחלטה הזאת',
  'error.APPEAL_EXISTS': 'כבר ערערת על ההחלטה הזאת. אפשר לערער על כל החלטה פעם אחת',
  'error.NOT_APPEALABLE': 'אפשר לערער רק על החלטה שהגבילה אותך',
  'error.APPEAL_NOT_FOUND': 'הערעור הזה לא קיים',
  'error.APPEAL_DECIDED': 'כבר התקבלה החלטה בערעור הזה',
  'error.APPEAL_OWN_DECISION': 'ערעור על החלטה שלך צריך להיות מוכרע בידי מנהל תוכן אחר',
  'error.CANNOT_BLOCK_SELF': 'אי אפשר לחסום או להשתיק את עצמך',
  'error.TOO_MANY_BLOCKS':
    'הגעת למספר המרבי של אנשים חסומים או מושתקים. כדי להוסיף, יש להסיר מישהו',
  'error.MEMBER_BLOCKED':
    'אי אפשר לעשות זאת: יש חסימה בינך לבין המשתמש הזה, ולכן אי אפשר להגיב, לעשות לייק או לעקוב זה אחרי זה',
};

/** The error messages, by `error.<CODE>`, in both languages. */
export const errorMessages = { en: errorMessagesEn, he: errorMessagesHe };

/** `code`'s message in `language` (English for a language it has not), or undefined for a code
 * that has none. */
export function errorMessage(code: string, language: string): string | undefined {
  const key = `error.${code}`;
  if (!Object.prototype.hasOwnProperty.call(errorMessagesEn, key)) return undefined;
  const messages: Readonly<Record<string, string>> =
    language === 'he' ? errorMessagesHe : errorMessagesEn;
  return messages[key];
}
