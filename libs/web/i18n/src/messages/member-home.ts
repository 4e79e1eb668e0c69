// Interface strings of a signed-in member's home page (issue 33), keys starting `memberHome.`:
// where their story stands (the next question, their drafts, private questions waiting), what
// happened on their stories, then the community. They load with the home page
// (`registerMessages(memberHomeMessages)`). Hebrew must have every key, and speaks to the member
// without assuming a gender.

export const memberHomeEn = {
  'memberHome.title': 'Welcome back, {name}',
  'memberHome.lead': 'Here is where your story stands, and what happened on it.',
  'memberHome.continue.title': 'Continue where you left off',
  'memberHome.progress': '{answered} of {total} questions answered',
  'memberHome.next.label': 'Question {index} of {total}',
  'memberHome.next.answer': 'Answer question {index}',
  'memberHome.next.resume': 'Go on with question {index}',
  'memberHome.next.started': 'You have started this one: your draft is waiting.',
  'memberHome.next.done': 'All ten questions are answered',
  'memberHome.next.doneText':
    'Your story is whole. Read it as others see it, or add a story of your own.',
  'memberHome.next.read': 'Read your story',
  'memberHome.next.write': 'Write a story',
  'memberHome.drafts.title': 'Your drafts',
  'memberHome.drafts.untitled': 'Untitled draft',
  'memberHome.drafts.edited': 'Edited {when}',
  'memberHome.drafts.all': 'All your drafts',
  'memberHome.private.title': 'Your private questions waiting for an answer',
  'memberHome.private.text': 'Only you can see these questions and their answers.',
  'memberHome.private.answer': 'Answer',
  'memberHome.private.more':
    '{count, plural, one {and # more question} other {and # more questions}}',
  'memberHome.activity.title': 'On your stories',
  'memberHome.activity.empty': 'Nothing new on your stories yet',
  'memberHome.activity.emptyText':
    'When people comment on your stories, react to them or follow you, you will see it here.',
  'memberHome.activity.all': 'All notifications',
  'memberHome.activity.loadFailed': 'What happened on your stories could not be loaded just now.',
  'memberHome.activity.retry': 'Try again',
  'memberHome.community.title': 'From the community',
} as const;

export const memberHomeHe: Record<keyof typeof memberHomeEn, string> = {
  'memberHome.title': 'טוב לראות אותך, {name}',
  'memberHome.lead': 'כאן רואים איפה הסיפור שלך עומד, ומה קרה בו.',
  'memberHome.continue.title': 'להמשיך מאיפה שעצרת',
  'memberHome.progress': 'נענו {answered} מתוך {total} שאלות',
  'memberHome.next.label': 'שאלה {index} מתוך {total}',
  'memberHome.next.answer': 'לענות על שאלה {index}',
  'memberHome.next.resume': 'להמשיך בשאלה {index}',
  'memberHome.next.started': 'כבר התחלת לענות על השאלה הזאת: הטיוטה מחכה לך.',
  'memberHome.next.done': 'כל עשר השאלות נענו',
  'memberHome.next.doneText':
    'הסיפור שלך שלם. אפשר לקרוא אותו כפי שאחרים רואים אותו, או להוסיף סיפור משלך.',
  'memberHome.next.read': 'לקרוא את הסיפור שלך',
  'memberHome.next.write': 'לכתוב סיפור',
  'memberHome.drafts.title': 'הטיוטות שלך',
  'memberHome.drafts.untitled': 'טיוטה ללא כותרת',
  'memberHome.drafts.edited': 'נערכה {when}',
  'memberHome.drafts.all': 'כל הטיוטות שלך',
  'memberHome.private.title': 'השאלות הפרטיות שלך שמחכות לתשובה',
  'memberHome.private.text': 'רק לך יש גישה לשאלות האלה ולתשובות עליהן.',
  'memberHome.private.answer': 'לענות',
  'memberHome.private.more': '{count, plural, one {ועוד שאלה אחת} other {ועוד # שאלות}}',
  'memberHome.activity.title': 'מה קורה בסיפורים שלך',
  'memberHome.activity.empty': 'עוד אין חדש בסיפורים שלך',
  'memberHome.activity.emptyText':
    'כשאנשים יגיבו לסיפורים שלך, יגיבו עליהם ברגש או יתחילו לעקוב אחריך, זה יופיע כאן.',
  'memberHome.activity.all': 'כל ההתראות',
  'memberHome.activity.loadFailed': 'לא הצלחנו לטעון כרגע את מה שקרה בסיפורים שלך.',
  'memberHome.activity.retry': 'לנסות שוב',
  'memberHome.community.title': 'מהקהילה',
};

/** For `registerMessages`, in the route module. */
export const memberHomeMessages = { en: memberHomeEn, he: memberHomeHe };
