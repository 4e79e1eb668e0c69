// Interface strings of the questionnaire editor (/profile/edit-me/{n}), keys starting `editMe.`.
// They load with the page's route (`registerMessages(...Messages)`), not with every page; the
// types of en.ts know the keys. Hebrew must have every key.

export const editMeEn = {
  'editMe.meta.title': 'Write your story',
  'editMe.meta.privateTitle': 'Answer a private question',
  'editMe.position': 'Question {n} of {total}',
  'editMe.welcome.title': 'Welcome! Your story starts here',
  'editMe.welcome.text':
    'Ten questions about your life, one at a time. Everything you write is kept as a draft as you go, and only you see it. Publish an answer when it is ready, and come back to the rest whenever you like.',
  'editMe.welcome.dismiss': 'Start with the first question',
  'editMe.prompt': 'About this question',
  'editMe.answersLabel': 'Your answer',
  // Status of the draft, announced politely.
  'editMe.status.pending': 'Changes not saved yet',
  'editMe.status.saving': 'Saving draft…',
  'editMe.status.saved': 'Draft saved',
  'editMe.status.offline':
    'No connection. Your text is kept on this device and will be saved when the connection returns.',
  'editMe.status.error': 'Not saved yet. Trying again shortly.',
  'editMe.status.restored':
    'Text you typed on this device that had not been saved yet is back, and is being saved.',
  // Errors (spec section 8), next to the form.
  'editMe.error.saveDraft': 'Error saving draft',
  'editMe.error.saveLive': 'Error saving your answer',
  'editMe.error.publish': 'Error publishing page',
  'editMe.error.load': 'Error loading answers',
  'editMe.error.loadText': 'Your answers could not be loaded just now.',
  'editMe.error.retry': 'Try again',
  // Another window saved a newer draft.
  'editMe.stale.title': 'This answer was changed in another window',
  'editMe.stale.text':
    'A newer draft was saved in another window or on another device. Your text here is kept and was not saved over it. Load the newer text, or keep yours and save it in its place.',
  'editMe.stale.loadTheirs': 'Load the newer text',
  'editMe.stale.keepMine': 'Keep my text',
  'editMe.stale.loaded': 'The newer text is loaded',
  // Save and revert.
  'editMe.save': 'Save',
  'editMe.revert': 'Revert to saved',
  'editMe.saved': 'Your answer is saved',
  'editMe.reverted': 'Your draft is back to the saved answer',
  'editMe.live.never': 'Nobody sees this answer until you press Save; until then it is a draft.',
  'editMe.live.changed': 'The draft has changes that are not in your saved answer yet.',
  'editMe.live.same': 'Your saved answer is up to date.',
  // Privacy of a questionnaire answer.
  'editMe.privacy.legend': 'Who can read this answer',
  'editMe.privacy.hint': 'Takes effect when you press Save.',
  // The magazine.
  'editMe.publish.title': 'The magazine',
  'editMe.publish.button': 'Publish in the magazine',
  'editMe.publish.remove': 'Remove from the magazine',
  'editMe.publish.isPublished': 'This answer is in the magazine.',
  'editMe.publish.hint':
    'Publishing saves your answer first and makes it public: anyone can read it in the magazine.',
  'editMe.publish.remaining':
    'Write {count, plural, one {one more character} other {{n} more characters}} in one of the answers to publish it in the magazine: the magazine takes answers with at least {min} characters in one part.',
  'editMe.publish.done': 'Your answer is in the magazine',
  // Publishing an answer that not everyone may read widens its audience first (issue 34).
  'editMe.publish.widen':
    '{audience, select, private {Only you can read this answer now.} circle {Only you and your circle can read this answer now.} members {Only signed-in members can read this answer now.} other {Not everyone can read this answer now.}} Publishing it in the magazine shares it with everyone, guests included.',
  'editMe.publish.widen.title': 'Share this answer with everyone?',
  'editMe.publish.widen.confirm': 'Publish for everyone',
  'editMe.publish.widen.cancel': 'Cancel',
  'editMe.publish.hidden':
    'Not everyone may read it now, so the magazine does not show it: it appears there again once its audience is Everyone.',
  'editMe.publish.removed': 'Your answer is no longer in the magazine',
  // Progress through the ten questions.
  'editMe.progress.label': 'Your questions',
  'editMe.progress.summary': 'Answered: {answered} of {total}',
  'editMe.progress.published': 'In the magazine',
  'editMe.progress.answered': 'Answered',
  'editMe.progress.draft': 'Draft',
  'editMe.progress.open': 'Not started',
  'editMe.progress.locked': 'Opens later',
  // The order rule.
  'editMe.locked.title': 'This question is not open yet',
  'editMe.locked.text':
    'The questions open one at a time: a question opens once every question before it has a saved answer. Answer question {next} and press Save, then come back here.',
  'editMe.locked.link': 'Go to question {next}: {title}',
  'editMe.nav.label': 'Between questions',
  'editMe.nav.previous': 'Previous question',
  'editMe.nav.next': 'Next question',
  'editMe.nav.nextLocked': 'Save an answer to this question to open the next one.',
  'editMe.nav.done': 'That was the last question.',
  // Private questions.
  'editMe.private.note':
    'Your drafts are yours alone. The saved answer, with its question, is read by the people you choose below.',
  'editMe.private.position': 'Private question {n} of {total}',
  'editMe.private.list': 'Your private questions',
  'editMe.private.edit': 'Edit this question',
  'editMe.private.add': 'Add a private question',
} as const satisfies Record<`editMe.${string}`, string>;

export const editMeHe: Record<keyof typeof editMeEn, string> = {
  'editMe.meta.title': 'כתיבת הסיפור שלי',
  'editMe.meta.privateTitle': 'מענה על שאלה אישית',
  'editMe.position': 'שאלה {n} מתוך {total}',
  'editMe.welcome.title': 'ברוכים הבאים! כאן מתחיל הסיפור שלך',
  'editMe.welcome.text':
    'עשר שאלות על החיים שלך, אחת בכל פעם. כל מה שנכתב נשמר כטיוטה תוך כדי כתיבה, ורק את/ה רואה אותו. אפשר לפרסם תשובה כשהיא מוכנה, ולחזור לשאר מתי שנוח.',
  'editMe.welcome.dismiss': 'להתחיל בשאלה הראשונה',
  'editMe.prompt': 'על השאלה',
  'editMe.answersLabel': 'התשובה שלך',
  'editMe.status.pending': 'יש שינויים שעוד לא נשמרו',
  'editMe.status.saving': 'הטיוטה נשמרת…',
  'editMe.status.saved': 'הטיוטה נשמרה',
  'editMe.status.offline': 'אין חיבור. הטקסט שמור במכשיר הזה ויישמר כשהחיבור יחזור.',
  'editMe.status.error': 'עוד לא נשמר. ננסה שוב בעוד רגע.',
  'editMe.status.restored': 'טקסט שהקלדת במכשיר הזה ועוד לא נשמר הוחזר, והוא נשמר עכשיו.',
  'editMe.error.saveDraft': 'שגיאה בשמירת הטיוטה',
  'editMe.error.saveLive': 'שגיאה בשמירת התשובה',
  'editMe.error.publish': 'שגיאה בפרסום הדף',
  'editMe.error.load': 'שגיאה בטעינת התשובות',
  'editMe.error.loadText': 'לא הצלחנו לטעון את התשובות כרגע.',
  'editMe.error.retry': 'לנסות שוב',
  'editMe.stale.title': 'התשובה שונתה בחלון אחר',
  'editMe.stale.text':
    'טיוטה חדשה יותר נשמרה בחלון אחר או במכשיר אחר. הטקסט שלך כאן נשאר ולא נשמר מעליה. אפשר לטעון את הטקסט החדש יותר, או להשאיר את שלך ולשמור אותו במקומו.',
  'editMe.stale.loadTheirs': 'טעינת הטקסט החדש יותר',
  'editMe.stale.keepMine': 'להשאיר את הטקסט שלי',
  'editMe.stale.loaded': 'הטקסט החדש יותר נטען',
  'editMe.save': 'שמירה',
  'editMe.revert': 'חזרה לגרסה השמורה',
  'editMe.saved': 'התשובה נשמרה',
  'editMe.reverted': 'הטיוטה חזרה לתשובה השמורה',
  'editMe.live.never': 'אף אחד לא רואה את התשובה עד שלוחצים על שמירה; עד אז היא טיוטה.',
  'editMe.live.changed': 'בטיוטה יש שינויים שעוד לא נכנסו לתשובה השמורה.',
  'editMe.live.same': 'התשובה השמורה מעודכנת.',
  'editMe.privacy.legend': 'מי יכול לקרוא את התשובה',
  'editMe.privacy.hint': 'נכנס לתוקף בלחיצה על שמירה.',
  'editMe.publish.title': 'המגזין',
  'editMe.publish.button': 'פרסום במגזין',
  'editMe.publish.remove': 'הסרה מהמגזין',
  'editMe.publish.isPublished': 'התשובה מופיעה במגזין.',
  'editMe.publish.hint':
    'הפרסום שומר קודם את התשובה והופך אותה לציבורית: כל אחד יוכל לקרוא אותה במגזין.',
  'editMe.publish.remaining':
    'כדי לפרסם במגזין יש לכתוב {count, plural, one {עוד תו אחד} two {עוד {n} תווים} many {עוד {n} תווים} other {עוד {n} תווים}} באחת התשובות: המגזין מקבל תשובות עם {min} תווים לפחות בחלק אחד.',
  'editMe.publish.done': 'התשובה פורסמה במגזין',
  'editMe.publish.widen':
    '{audience, select, private {כרגע רק את/ה יכול/ה לקרוא את התשובה.} circle {כרגע רק את/ה והמעגל שלך יכולים לקרוא את התשובה.} members {כרגע רק חברי הקהילה המחוברים יכולים לקרוא את התשובה.} other {כרגע לא כולם יכולים לקרוא את התשובה.}} פרסום במגזין ישתף אותה עם כולם, כולל אורחים.',
  'editMe.publish.widen.title': 'לשתף את התשובה עם כולם?',
  'editMe.publish.widen.confirm': 'פרסום לכולם',
  'editMe.publish.widen.cancel': 'ביטול',
  'editMe.publish.hidden':
    'כרגע לא כולם יכולים לקרוא אותה, ולכן המגזין לא מציג אותה: היא תופיע שם שוב כשקהל הקוראים יהיה כולם.',
  'editMe.publish.removed': 'התשובה הוסרה מהמגזין',
  'editMe.progress.label': 'השאלות שלך',
  'editMe.progress.summary': 'נענו: {answered} מתוך {total}',
  'editMe.progress.published': 'במגזין',
  'editMe.progress.answered': 'נענתה',
  'editMe.progress.draft': 'טיוטה',
  'editMe.progress.open': 'עוד לא התחלת',
  'editMe.progress.locked': 'תיפתח בהמשך',
  'editMe.locked.title': 'השאלה הזו עוד לא פתוחה',
  'editMe.locked.text':
    'השאלות נפתחות אחת אחרי השנייה: שאלה נפתחת כשלכל השאלות שלפניה יש תשובה שמורה. יש לענות על שאלה {next} וללחוץ על שמירה, ואז לחזור לכאן.',
  'editMe.locked.link': 'מעבר לשאלה {next}: {title}',
  'editMe.nav.label': 'מעבר בין השאלות',
  'editMe.nav.previous': 'השאלה הקודמת',
  'editMe.nav.next': 'השאלה הבאה',
  'editMe.nav.nextLocked': 'כדי לפתוח את השאלה הבאה יש לשמור תשובה לשאלה הזו.',
  'editMe.nav.done': 'זו הייתה השאלה האחרונה.',
  'editMe.private.note':
    'הטיוטות שלך נשארות רק אצלך. את התשובה השמורה, עם השאלה, יקראו מי שבחרת למטה.',
  'editMe.private.position': 'שאלה אישית {n} מתוך {total}',
  'editMe.private.list': 'השאלות האישיות שלך',
  'editMe.private.edit': 'עריכת השאלה',
  'editMe.private.add': 'הוספת שאלה אישית',
};

/** For `registerMessages`, in the route module. */
export const editMeMessages = { en: editMeEn, he: editMeHe };
