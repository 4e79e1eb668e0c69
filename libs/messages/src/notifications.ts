import { notificationSentencesEn, notificationSentencesHe } from './notification-sentences';

// The wording of the emails and text messages the worker sends (apps/worker/src/templates.ts
// lays them out), in ICU MessageFormat like the web app's interface strings, and checked the same
// way (catalogue.spec.ts). Hebrew must have every key (the type says so).

export const notificationsEn = {
  'product.name': 'Mepedia',
  'email.greeting': 'Hi {firstname},',
  'email.footer': 'You received this because you signed up for {product}. Stop updates',
  'email.unsubscribe': 'unsubscribe',

  'verifyEmail.subject': 'Confirm your email for Mepedia',
  'verifyEmail.text':
    'Your phone number is verified. One step left: confirm your email address, and your story can begin.',
  'verifyEmail.valid': 'The link is valid for 24 hours.',
  'verifyEmail.action': 'Confirm my email',

  'passwordReset.subject': 'Reset your Mepedia password',
  'passwordReset.text': 'You asked to reset your password. Choose a new one through the link.',
  'passwordReset.valid':
    'The link works once, for {minutes, plural, one {# minute} other {# minutes}}. If you did not ask for this, you can ignore this email.',
  'passwordReset.action': 'Choose a new password',

  'confirmEmailChange.subject': 'Confirm your new email for Mepedia',
  'confirmEmailChange.text':
    'You asked to move your account to this address. It changes when you confirm it through the link; until then your previous address stays.',
  'confirmEmailChange.valid':
    'The link works once, for 24 hours. If you did not ask for this, you can ignore this email.',
  'confirmEmailChange.action': 'Confirm my new email',

  'contactChanged.subject':
    '{field, select, email {The email of your Mepedia account was changed} other {The phone number of your Mepedia account was changed}}',
  'contactChanged.text':
    '{field, select, email {The email address of your account was just changed, and messages now go to the new one. This is the last one to this address.} other {The phone number of your account was just changed.}}',
  'contactChanged.advice': 'If this was not you, reset your password and contact support at once.',

  'weeklyQuestion.subject': 'Your question this week: {title}',
  'weeklyQuestion.intro':
    'Here is this week’s question. Take your time; a few lines are a fine start.',
  'weeklyQuestion.heading': 'Question {index}: {title}',
  'weeklyQuestion.privateIntro':
    'You have answered every question of the questionnaire. This week, one you wrote for yourself, seen by you alone.',
  'weeklyQuestion.privateHeading': 'Your own question: {title}',
  'weeklyQuestion.action': 'Answer this question',
  'weeklyQuestion.skip': 'Skip next week’s question',
  'weeklyQuestion.pause': 'Pause the weekly question',
  'weeklyQuestion.stop': 'Stop the weekly question',
  'weeklyQuestion.settings': 'Change the day or hour',

  'circleInvitation.subject': '{inviter} invites you to their circle on Mepedia',
  'circleInvitation.intro':
    '{inviter} is writing their life story on Mepedia, and would like you among the people who read what they share with their circle.',
  'circleInvitation.words': '{inviter} wrote to you:',
  'circleInvitation.valid':
    'This invitation is for you alone, and can be accepted until {date}. If you do not know {inviter}, you can ignore this email.',
  'circleInvitation.action': 'See the invitation',
  'circleInvitation.otherLanguage': 'This invitation in English',
  'circleInvitation.footer':
    'You received this because {inviter} invited you to {product}. No more emails',

  // Notifications by email (issue 32): one group at once, or the day's or week's in a digest.
  ...notificationSentencesEn,
  'notification.subject.daily':
    'Your day on Mepedia: {count, plural, one {# new notification} other {# new notifications}}',
  'notification.subject.weekly':
    'Your week on Mepedia: {count, plural, one {# new notification} other {# new notifications}}',
  'notification.intro.daily': 'Here is what happened with your stories since yesterday.',
  'notification.intro.weekly': 'Here is what happened with your stories this week.',
  'notification.more':
    '{count, plural, one {And # more notification} other {And # more notifications}} on your notifications page.',
  'notification.all': 'See all your notifications',
  'notification.settings': 'Choose what comes by email',

  // Trust and safety (issue 35): statements of reasons, appeals, notices and reports.
  'moderation.kind':
    '{kind, select, post {post} answer {answer} comment {comment} profile {profile} other {item}}',
  'moderation.rule':
    '{rule, select, spam {spam} harassment {harassment} hate {hate} privateInformation {private information about someone} impersonation {impersonation} illegal {illegal content} other {another of our rules}}',
  'moderation.statement.subject':
    '{action, select, hide {Your {kind} is hidden pending review} remove {Your {kind} was removed} restore {Your {kind} is visible again} warn {A warning about your {kind}} suspend {Your account is suspended} ban {Your account is closed} other {A decision about your {kind}}}',
  'moderation.statement.what':
    '{action, select, hide {Your {kind} “{title}” is hidden from everyone but you until a moderator reviews it.} remove {Your {kind} “{title}” was removed: only you can see it now.} restore {Your {kind} “{title}” is visible again to those you share it with.} warn {This is a warning about your {kind} “{title}”. It stays as it is.} suspend {You cannot write on Mepedia until {until}. You can still read, and see and download what you wrote.} ban {Your account is closed: you can no longer sign in.} other {A decision was made about your {kind}.}}',
  'moderation.statement.whatNoTitle':
    '{action, select, hide {Your {kind} is hidden from everyone but you until a moderator reviews it.} remove {Your {kind} was removed: only you can see it now.} restore {Your {kind} is visible again to those you share it with.} warn {This is a warning about your {kind}. It stays as it is.} suspend {You cannot write on Mepedia until {until}. You can still read, and see and download what you wrote.} ban {Your account is closed: you can no longer sign in.} other {A decision was made about your {kind}.}}',
  'moderation.statement.rule': 'The rule concerned: {rule}.',
  'moderation.statement.automatic':
    '{heldFor, select, firstLinks {How it was decided: automatically. A new member’s first posts and comments that carry a link wait for a moderator before others can read them; this says nothing about what you wrote. You will hear the outcome.} other {How it was decided: automatically, because several members reported it. A moderator will review it and you will hear the outcome.}}',
  'moderation.statement.byModerator': 'How it was decided: by one of our moderators, who wrote:',
  'moderation.statement.appeal':
    'If you think this is wrong, you can appeal once: another moderator will decide. You may also turn to an out-of-court dispute settlement body or to a court.',
  'moderation.statement.action': 'See the decision and appeal',
  'moderation.appeal.subject':
    '{outcome, select, reversed {Your appeal was accepted} other {Your appeal was not accepted}}',
  'moderation.appeal.text':
    '{outcome, select, reversed {Another moderator reviewed your appeal and reversed the decision.} other {Another moderator reviewed your appeal and kept the decision.}}',
  'moderation.appeal.words': 'The moderator wrote:',
  'moderation.appeal.action': 'See your decisions',
  'moderation.notice.subject': 'We received your notice',
  'moderation.notice.text':
    'We received your notice about a {kind} on {date}. Our moderators will review it and write to you with their decision.',
  'moderation.outcome.subject': 'What became of your report',
  'moderation.outcome.text':
    '{outcome, select, actioned {Thank you for your report about a {kind}. Our moderators found that it broke our rules and acted on it.} other {Thank you for your report about a {kind}. Our moderators reviewed it and found that it did not break our rules.}}',
  'moderation.footer':
    'You received this because of a moderation decision on {product}. Stop updates',

  'sms.verificationCode':
    '{product}: your verification code is {code}. It expires in {minutes, plural, one {# minute} other {# minutes}}.',
} as const;

export type NotificationKey = keyof typeof notificationsEn;

export const notificationsHe: Record<NotificationKey, string> = {
  'product.name': 'מפדיה',
  'email.greeting': 'שלום {firstname},',
  'email.footer': 'קיבלת הודעה זו כי נרשמת ל{product}. להפסקת עדכונים',
  'email.unsubscribe': 'הסרה מרשימת התפוצה',

  'verifyEmail.subject': 'אישור כתובת האימייל שלך במפדיה',
  'verifyEmail.text':
    'מספר הטלפון שלך אומת. נשאר רק לאשר את כתובת האימייל, וסיפור החיים שלך יוכל להתחיל.',
  'verifyEmail.valid': 'הקישור בתוקף ל-24 שעות.',
  'verifyEmail.action': 'אישור כתובת האימייל',

  'passwordReset.subject': 'איפוס הסיסמה שלך במפדיה',
  'passwordReset.text': 'ביקשת לאפס את הסיסמה שלך. אפשר לבחור סיסמה חדשה דרך הקישור.',
  'passwordReset.valid':
    'הקישור בתוקף {minutes, plural, one {לדקה אחת} two {לשתי דקות} other {ל-# דקות}} ולשימוש אחד. אם לא ביקשת זאת, אפשר להתעלם מהודעה זו.',
  'passwordReset.action': 'בחירת סיסמה חדשה',

  'confirmEmailChange.subject': 'אישור כתובת האימייל החדשה שלך במפדיה',
  'confirmEmailChange.text':
    'ביקשת להחליף את כתובת האימייל בחשבון שלך לכתובת זו. ההחלפה תיעשה כשתאשר/י אותה דרך הקישור; עד אז הכתובת הקודמת נשארת.',
  'confirmEmailChange.valid':
    'הקישור בתוקף ל-24 שעות ולשימוש אחד. אם לא ביקשת זאת, אפשר להתעלם מהודעה זו.',
  'confirmEmailChange.action': 'אישור הכתובת החדשה',

  'contactChanged.subject':
    '{field, select, email {כתובת האימייל בחשבון המפדיה שלך הוחלפה} other {מספר הטלפון בחשבון המפדיה שלך הוחלף}}',
  'contactChanged.text':
    '{field, select, email {כתובת האימייל בחשבון שלך הוחלפה זה עתה, ומעכשיו ההודעות יישלחו לכתובת החדשה. זו ההודעה האחרונה לכתובת זו.} other {מספר הטלפון בחשבון שלך הוחלף זה עתה.}}',
  'contactChanged.advice': 'אם זה לא היה את/ה, יש לאפס את הסיסמה ולפנות לתמיכה מיד.',

  'weeklyQuestion.subject': 'השאלה שלך השבוע: {title}',
  'weeklyQuestion.intro': 'הנה השאלה של השבוע. אין צורך למהר; גם כמה שורות הן התחלה טובה.',
  'weeklyQuestion.heading': 'שאלה {index}: {title}',
  'weeklyQuestion.privateIntro': 'ענית על כל שאלות השאלון. השבוע, שאלה שכתבת לעצמך, שרק את/ה רואה.',
  'weeklyQuestion.privateHeading': 'השאלה הפרטית שלך: {title}',
  'weeklyQuestion.action': 'לענות על השאלה',
  'weeklyQuestion.skip': 'לדלג על השאלה של השבוע הבא',
  'weeklyQuestion.pause': 'להשהות את השאלה השבועית',
  'weeklyQuestion.stop': 'להפסיק את השאלה השבועית',
  'weeklyQuestion.settings': 'לשנות את היום או השעה',

  'circleInvitation.subject': '{inviter} מזמינים אותך למעגל שלהם במפדיה',
  'circleInvitation.intro':
    '{inviter} כותבים את סיפור חייהם במפדיה, ורוצים שתהיו בין האנשים שקוראים את מה שהם משתפים עם המעגל שלהם.',
  'circleInvitation.words': '{inviter} כתבו לך:',
  'circleInvitation.valid':
    'ההזמנה הזאת מיועדת לך בלבד, ואפשר לקבל אותה עד {date}. אם {inviter} לא מוכרים לך, אפשר להתעלם מהמייל הזה.',
  'circleInvitation.action': 'לצפייה בהזמנה',
  'circleInvitation.otherLanguage': 'ההזמנה הזאת בעברית',
  'circleInvitation.footer':
    'קיבלת את המייל הזה כי {inviter} הזמינו אותך ל{product}. בלי עוד מיילים',

  ...notificationSentencesHe,
  'notification.subject.daily':
    'היום שלך במפדיה: {count, plural, one {התראה חדשה אחת} two {שתי התראות חדשות} other {# התראות חדשות}}',
  'notification.subject.weekly':
    'השבוע שלך במפדיה: {count, plural, one {התראה חדשה אחת} two {שתי התראות חדשות} other {# התראות חדשות}}',
  'notification.intro.daily': 'זה מה שקרה עם הסיפורים שלך מאתמול.',
  'notification.intro.weekly': 'זה מה שקרה עם הסיפורים שלך השבוע.',
  'notification.more':
    '{count, plural, one {ועוד התראה אחת} two {ועוד שתי התראות} other {ועוד # התראות}} בדף ההתראות שלך.',
  'notification.all': 'לכל ההתראות שלך',
  'notification.settings': 'לבחור מה יגיע באימייל',

  // Trust and safety (issue 35): statements of reasons, appeals, notices and reports. The
  // sentences say what we did ("we hid"), so no verb has to agree with the kind's gender.
  'moderation.kind':
    '{kind, select, post {הפוסט} answer {התשובה} comment {התגובה} profile {הפרופיל} other {הפריט}}',
  'moderation.rule':
    '{rule, select, spam {ספאם} harassment {הטרדה} hate {שנאה} privateInformation {מידע פרטי על מישהו} impersonation {התחזות} illegal {תוכן לא חוקי} other {כלל אחר שלנו}}',
  'moderation.statement.subject':
    '{action, select, hide {הסתרנו את {kind} שלך עד לבדיקה} remove {הסרנו את {kind} שלך} restore {החזרנו את {kind} שלך} warn {אזהרה על {kind} שלך} suspend {השעינו את החשבון שלך} ban {סגרנו את החשבון שלך} other {החלטה על {kind} שלך}}',
  'moderation.statement.what':
    '{action, select, hide {הסתרנו את {kind} שלך „{title}” מכולם חוץ ממך, עד שמנהל תוכן יבדוק.} remove {הסרנו את {kind} שלך „{title}”: מעכשיו רק לך יש גישה.} restore {החזרנו את {kind} שלך „{title}” למי שאיתם שיתפת.} warn {זו אזהרה על {kind} שלך „{title}”. לא שינינו דבר.} suspend {אי אפשר לכתוב במפדיה עד {until}. עדיין אפשר לקרוא, ולראות ולהוריד את מה שכתבת.} ban {סגרנו את החשבון שלך: אי אפשר עוד להתחבר אליו.} other {קיבלנו החלטה על {kind} שלך.}}',
  'moderation.statement.whatNoTitle':
    '{action, select, hide {הסתרנו את {kind} שלך מכולם חוץ ממך, עד שמנהל תוכן יבדוק.} remove {הסרנו את {kind} שלך: מעכשיו רק לך יש גישה.} restore {החזרנו את {kind} שלך למי שאיתם שיתפת.} warn {זו אזהרה על {kind} שלך. לא שינינו דבר.} suspend {אי אפשר לכתוב במפדיה עד {until}. עדיין אפשר לקרוא, ולראות ולהוריד את מה שכתבת.} ban {סגרנו את החשבון שלך: אי אפשר עוד להתחבר אליו.} other {קיבלנו החלטה על {kind} שלך.}}',
  'moderation.statement.rule': 'הכלל הנוגע לעניין: {rule}.',
  'moderation.statement.automatic':
    '{heldFor, select, firstLinks {איך הוחלט: באופן אוטומטי. הפוסטים והתגובות הראשונים של חברים חדשים שיש בהם קישור ממתינים למנהל תוכן לפני שאחרים יוכלו לקרוא אותם; אין בזה שום קביעה לגבי מה שכתבת. נעדכן אותך בתוצאה.} other {איך הוחלט: באופן אוטומטי, כי כמה חברים דיווחו על כך. מנהל תוכן יבדוק, ונעדכן אותך בתוצאה.}}',
  'moderation.statement.byModerator': 'איך הוחלט: בידי אחד ממנהלי התוכן שלנו, שכתב:',
  'moderation.statement.appeal':
    'אם לדעתך זו טעות, אפשר לערער פעם אחת: מנהל תוכן אחר יחליט. אפשר גם לפנות לגוף ליישוב סכסוכים מחוץ לבית המשפט או לבית משפט.',
  'moderation.statement.action': 'להחלטה ולערעור',
  'moderation.appeal.subject':
    '{outcome, select, reversed {קיבלנו את הערעור שלך} other {לא קיבלנו את הערעור שלך}}',
  'moderation.appeal.text':
    '{outcome, select, reversed {מנהל תוכן אחר בדק את הערעור שלך וביטל את ההחלטה.} other {מנהל תוכן אחר בדק את הערעור שלך והשאיר את ההחלטה.}}',
  'moderation.appeal.words': 'מנהל התוכן כתב:',
  'moderation.appeal.action': 'להחלטות שלך',
  'moderation.notice.subject': 'קיבלנו את ההודעה שלך',
  'moderation.notice.text':
    'ב-{date} קיבלנו את ההודעה שלך על {kind}. מנהלי התוכן שלנו יבדקו ויכתבו לך מה הוחלט.',
  'moderation.outcome.subject': 'מה הוחלט על הדיווח שלך',
  'moderation.outcome.text':
    '{outcome, select, actioned {תודה על הדיווח על {kind}. מנהלי התוכן שלנו מצאו הפרה של הכללים שלנו ופעלו בעניין.} other {תודה על הדיווח על {kind}. מנהלי התוכן שלנו בדקו ולא מצאו הפרה של הכללים שלנו.}}',
  'moderation.footer':
    'קיבלת את ההודעה הזאת בעקבות החלטה של צוות הניהול ב{product}. להפסקת עדכונים',

  'sms.verificationCode':
    '{product}: קוד האימות שלך הוא {code}. הקוד בתוקף {minutes, plural, one {דקה אחת} two {שתי דקות} other {# דקות}}.',
};

/** For the catalogue checks and the worker: every language's notifications. */
export const notificationMessages = { en: notificationsEn, he: notificationsHe };
