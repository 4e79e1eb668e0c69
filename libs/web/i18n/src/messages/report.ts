// Interface strings of reporting (issue 35), keys starting `report.`: the Report dialog, and the
// notice of illegal content a guest sends (/moderation/notice). They load with the dialog and the
// moderation pages (`registerMessages(reportMessages)`); the control's own three words are the
// interface's (en.ts, he.ts), as it is on every reading page. Hebrew must have every key. The API's refusals are worded
// by the error catalogue (libs/messages/src/errors.ts), not here.

export const reportEn = {
  'report.title':
    '{kind, select, post {Report a story} answer {Report an answer} comment {Report a comment} profile {Report a profile} other {Report}}',
  'report.intro':
    'Tell the moderators what is wrong. The author is not told who reported it. If enough members report it, it is hidden until a moderator looks at it.',
  'report.reason.legend': 'What is wrong with it?',
  'report.reason.spam': 'Spam or advertising',
  'report.reason.harassment': 'Harassment or bullying',
  'report.reason.hate': 'Hate against a group of people',
  'report.reason.privateInformation': 'Private information about someone',
  'report.reason.impersonation': 'Pretending to be someone else',
  'report.reason.illegal': 'Illegal content',
  'report.reason.other': 'Something else',
  'report.reason.required': 'Choose what is wrong with it',
  'report.words.label': 'In your own words (optional)',
  'report.words.hint': 'Anything that helps the moderators understand.',
  'report.count': '{count} of {max} characters',
  'report.over':
    '{count, plural, one {One character too many} other {# characters too many}}: at most {max}',
  'report.tooLong': 'At most {max} characters',
  'report.send': 'Send the report',
  'report.sending': 'Sending…',
  'report.cancel': 'Cancel',
  'report.close': 'Close',
  'report.received': 'Thank you: we received your report, and a moderator will look at it.',
  'report.outcome': 'You will find what was decided in {link}.',
  'report.myReports': 'My reports',
  'report.notice.title': 'Report illegal content',
  'report.notice.intro':
    'Anyone may tell us about content they believe is illegal (the EU Digital Services Act, article 16). Give your name and email address: we confirm that we received your notice, and write to you when we have decided.',
  'report.notice.about':
    '{kind, select, post {About a story} answer {About an answer to the questionnaire} comment {About a comment} profile {About a member’s profile} other {About something on Mepedia}}',
  'report.notice.open': 'Open it',
  'report.notice.member':
    'You are signed in: you can also report it with the Report button beside it, and follow the outcome in My reports.',
  'report.notice.legend': 'Your notice',
  'report.notice.reason': 'What kind of content is it?',
  'report.notice.name': 'Your name',
  'report.notice.email': 'Your email address',
  'report.notice.explanation': 'Why is it illegal?',
  'report.notice.explanation.hint':
    'Please be as precise as you can: which words or picture, and which law they break.',
  'report.tooShort': 'At least {min} characters',
  'report.notice.goodFaith':
    'I believe in good faith that the information in this notice is accurate and complete.',
  'report.notice.goodFaith.required': 'Please confirm this to send the notice',
  'report.notice.send': 'Send the notice',
  'report.notice.sent.title': 'We received your notice',
  'report.notice.sent':
    'A confirmation is on its way to {email}. We will write to you there when we have decided.',
  'report.notice.back': 'Back to the home page',
} as const satisfies Record<`report.${string}`, string>;

export const reportHe: Record<keyof typeof reportEn, string> = {
  'report.title':
    '{kind, select, post {דיווח על סיפור} answer {דיווח על תשובה} comment {דיווח על תגובה} profile {דיווח על פרופיל} other {דיווח}}',
  'report.intro':
    'ספרו לצוות הניהול מה לא בסדר. הכותב לא יֵדע מי דיווח. אם מספיק חברים מדווחים, התוכן מוסתר עד שמנהל תוכן יבדוק אותו.',
  'report.reason.legend': 'מה לא בסדר?',
  'report.reason.spam': 'ספאם או פרסומת',
  'report.reason.harassment': 'הטרדה או בריונות',
  'report.reason.hate': 'שנאה כלפי קבוצת אנשים',
  'report.reason.privateInformation': 'מידע פרטי על מישהו',
  'report.reason.impersonation': 'התחזות למישהו אחר',
  'report.reason.illegal': 'תוכן בלתי חוקי',
  'report.reason.other': 'משהו אחר',
  'report.reason.required': 'יש לבחור מה לא בסדר',
  'report.words.label': 'במילים שלך (לא חובה)',
  'report.words.hint': 'כל מה שיעזור לצוות הניהול להבין.',
  'report.count': '{count} מתוך {max} תווים',
  'report.over':
    '{count, plural, one {תו אחד יותר מדי} two {שני תווים יותר מדי} other {# תווים יותר מדי}}: לכל היותר {max}',
  'report.tooLong': 'לכל היותר {max} תווים',
  'report.send': 'שליחת הדיווח',
  'report.sending': 'שולחים…',
  'report.cancel': 'ביטול',
  'report.close': 'סגירה',
  'report.received': 'תודה: הדיווח שלך התקבל, ומנהל תוכן יבדוק אותו.',
  'report.outcome': 'את ההחלטה אפשר יהיה למצוא ב{link}.',
  'report.myReports': 'הדיווחים שלי',
  'report.notice.title': 'דיווח על תוכן בלתי חוקי',
  'report.notice.intro':
    'כל אחד יכול לספר לנו על תוכן שלדעתו אינו חוקי (חוק השירותים הדיגיטליים של האיחוד האירופי, סעיף 16). יש למסור שם וכתובת דוא״ל: נאשר שההודעה התקבלה, ונכתוב כשתתקבל החלטה.',
  'report.notice.about':
    '{kind, select, post {על סיפור} answer {על תשובה לשאלון} comment {על תגובה} profile {על פרופיל של חבר} other {על משהו במפדיה}}',
  'report.notice.open': 'לפתוח אותו',
  'report.notice.member':
    'התחברת: אפשר גם לדווח בכפתור הדיווח שלצד התוכן, ולעקוב אחרי ההחלטה ב״הדיווחים שלי״.',
  'report.notice.legend': 'ההודעה שלך',
  'report.notice.reason': 'איזה סוג של תוכן זה?',
  'report.notice.name': 'השם שלך',
  'report.notice.email': 'כתובת הדוא״ל שלך',
  'report.notice.explanation': 'למה זה לא חוקי?',
  'report.notice.explanation.hint':
    'כמה שיותר במדויק: אילו מילים או איזו תמונה, ואיזה חוק הן מפרות.',
  'report.tooShort': 'לפחות {min} תווים',
  'report.notice.goodFaith': 'אני מצהיר/ה בתום לב שהמידע בהודעה הזאת מדויק ומלא.',
  'report.notice.goodFaith.required': 'יש לאשר את ההצהרה כדי לשלוח את ההודעה',
  'report.notice.send': 'שליחת ההודעה',
  'report.notice.sent.title': 'ההודעה שלך התקבלה',
  'report.notice.sent': 'אישור נשלח אל {email}. נכתוב לשם כשתתקבל החלטה.',
  'report.notice.back': 'חזרה לדף הבית',
};

export const reportMessages = { en: reportEn, he: reportHe };
