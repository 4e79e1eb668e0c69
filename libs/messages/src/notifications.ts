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

  'sms.verificationCode':
    '{product}: קוד האימות שלך הוא {code}. הקוד בתוקף {minutes, plural, one {דקה אחת} two {שתי דקות} other {# דקות}}.',
};

/** For the catalogue checks and the worker: every language's notifications. */
export const notificationMessages = { en: notificationsEn, he: notificationsHe };
