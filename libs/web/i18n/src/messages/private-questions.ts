// Interface strings of private questions: create, update, answer (/profile/custom-question…, /profile/edit-me-private/{n}), keys starting `privateQuestions.`.
// They load with the page's route (`registerMessages(...Messages)`), not with every page; the
// types of en.ts know the keys. Hebrew must have every key.
// A number shown inside a sentence comes in twice: `count` chooses the plural form, `n` is the
// number itself, set in a <bdi> by the page (lib/rich-message.tsx).

export const privateQuestionsEn = {
  // Create and update (/profile/custom-question, /profile/custom-question/update/{n})
  'privateQuestions.create.title': 'A private question of your own',
  'privateQuestions.create.intro':
    'Ask yourself what the questionnaire does not: a topic, and {count, plural, one {one sub-question} other {up to {n} sub-questions}} to answer. Only you can see the question and your answer.',
  'privateQuestions.create.submit': 'Create and answer it',
  'privateQuestions.create.done': 'Your question is ready. Now answer it.',
  'privateQuestions.update.title': 'Edit your private question',
  'privateQuestions.update.answersNote':
    'Your answers stay with the places of the sub-questions: reword a sub-question and it keeps its answer. Remove one and those below it move up, taking over the answers of the places they move into; the answers at the places past the new end are deleted.',
  'privateQuestions.update.submit': 'Save changes',
  'privateQuestions.update.done': 'Your question is saved.',
  'privateQuestions.update.answer': 'Go to your answer',
  'privateQuestions.form.fixErrors': 'Please correct the highlighted fields',
  'privateQuestions.form.sending': 'Saving…',
  'privateQuestions.topic.label': 'Topic (your question)',
  'privateQuestions.topic.hint':
    'For example: “The year I lived abroad”. At least {count, plural, one {one character} other {# characters}}.',
  'privateQuestions.subQuestions.legend': 'Sub-questions',
  'privateQuestions.subQuestions.hint':
    'Each at least {count, plural, one {one character} other {# characters}}.',
  'privateQuestions.subQuestions.count':
    '{count, plural, one {{n} sub-question} other {{n} sub-questions}} of {max} at most',
  'privateQuestions.subQuestion.label': 'Sub-question {n}',
  'privateQuestions.subQuestion.remove': 'Remove sub-question {n}',
  'privateQuestions.subQuestion.add': 'Add a sub-question',
  'privateQuestions.subQuestion.limit':
    'That is the most a question can hold: {count, plural, one {{n} sub-question} other {{n} sub-questions}}. Remove one to add another.',
  'privateQuestions.subQuestion.added': 'Sub-question {n} added.',
  'privateQuestions.subQuestion.removed':
    'Sub-question {n} removed. The ones below it moved up by one.',
  'privateQuestions.subQuestion.removedLast': 'Sub-question {n} removed.',
  'privateQuestions.error.tooShort':
    'Write at least {count, plural, one {one character} other {# characters}}',
  'privateQuestions.error.tooLong':
    'Keep it to {count, plural, one {one character} other {# characters}} at most',
  'privateQuestions.error.tooMany':
    'A question holds {count, plural, one {one sub-question} other {# sub-questions}} at most',
  'privateQuestions.removal.title': 'Delete answers too?',
  'privateQuestions.removal.text':
    '{count, plural, one {The answer at place {from}, draft and published, will be deleted for good.} other {The answers at places {from} to {to}, drafts and published, will be deleted for good.}}',
  'privateQuestions.removal.moved':
    'The sub-questions that moved up take over the answers written at their new places.',
  'privateQuestions.removal.confirm': 'Save and delete those answers',
  'privateQuestions.removal.cancel': 'Keep editing',
  'privateQuestions.delete.open': 'Delete this question',
  'privateQuestions.delete.title': 'Delete this question?',
  'privateQuestions.delete.text':
    '“{title}” will be deleted, and your answer to it with it, draft and published. This cannot be undone.',
  'privateQuestions.delete.confirm': 'Delete the question and its answer',
  'privateQuestions.delete.cancel': 'Cancel',
  'privateQuestions.delete.deleting': 'Deleting…',
  'privateQuestions.delete.done': 'The question and its answer were deleted.',
} as const satisfies Record<`privateQuestions.${string}`, string>;

export const privateQuestionsHe: Record<keyof typeof privateQuestionsEn, string> = {
  'privateQuestions.create.title': 'שאלה אישית משלך',
  'privateQuestions.create.intro':
    'שאלו את עצמכם את מה שהשאלון לא שואל: נושא, ו{count, plural, one {שאלת משנה אחת} two {עד {n} שאלות משנה} many {עד {n} שאלות משנה} other {עד {n} שאלות משנה}} לענות עליהן. רק אתם רואים את השאלה ואת התשובה.',
  'privateQuestions.create.submit': 'יצירה ומעבר לתשובה',
  'privateQuestions.create.done': 'השאלה מוכנה. עכשיו אפשר לענות עליה.',
  'privateQuestions.update.title': 'עריכת השאלה האישית',
  'privateQuestions.update.answersNote':
    'התשובות נשארות במקומן של שאלות המשנה: ניסוח מחדש של שאלת משנה שומר על התשובה שלה. הסרה של שאלת משנה מעלה את אלה שמתחתיה מקום אחד, והן מקבלות את התשובות של המקומות שאליהם עלו; התשובות במקומות שאחרי הסוף החדש נמחקות.',
  'privateQuestions.update.submit': 'שמירת השינויים',
  'privateQuestions.update.done': 'השאלה נשמרה.',
  'privateQuestions.update.answer': 'מעבר לתשובה שלך',
  'privateQuestions.form.fixErrors': 'נא לתקן את השדות המסומנים',
  'privateQuestions.form.sending': 'שומרים…',
  'privateQuestions.topic.label': 'נושא (השאלה שלך)',
  'privateQuestions.topic.hint':
    'לדוגמה: „השנה שבה גרתי בחו״ל”. לפחות {count, plural, one {תו אחד} two {שני תווים} many {# תווים} other {# תווים}}.',
  'privateQuestions.subQuestions.legend': 'שאלות משנה',
  'privateQuestions.subQuestions.hint':
    'כל אחת באורך של {count, plural, one {תו אחד} two {שני תווים} many {# תווים} other {# תווים}} לפחות.',
  'privateQuestions.subQuestions.count':
    '{count, plural, one {שאלת משנה אחת} two {{n} שאלות משנה} many {{n} שאלות משנה} other {{n} שאלות משנה}} מתוך {max} לכל היותר',
  'privateQuestions.subQuestion.label': 'שאלת משנה {n}',
  'privateQuestions.subQuestion.remove': 'הסרת שאלת משנה {n}',
  'privateQuestions.subQuestion.add': 'הוספת שאלת משנה',
  'privateQuestions.subQuestion.limit':
    'זה המקסימום לשאלה אחת: {count, plural, one {שאלת משנה אחת} two {{n} שאלות משנה} many {{n} שאלות משנה} other {{n} שאלות משנה}}. כדי להוסיף עוד, יש להסיר אחת.',
  'privateQuestions.subQuestion.added': 'נוספה שאלת משנה {n}.',
  'privateQuestions.subQuestion.removed': 'שאלת משנה {n} הוסרה. אלה שמתחתיה עלו מקום אחד.',
  'privateQuestions.subQuestion.removedLast': 'שאלת משנה {n} הוסרה.',
  'privateQuestions.error.tooShort':
    'יש לכתוב לפחות {count, plural, one {תו אחד} two {שני תווים} many {# תווים} other {# תווים}}',
  'privateQuestions.error.tooLong':
    'עד {count, plural, one {תו אחד} two {שני תווים} many {# תווים} other {# תווים}} לכל היותר',
  'privateQuestions.error.tooMany':
    'בשאלה אחת יש לכל היותר {count, plural, one {שאלת משנה אחת} two {שתי שאלות משנה} many {# שאלות משנה} other {# שאלות משנה}}',
  'privateQuestions.removal.title': 'למחוק גם תשובות?',
  'privateQuestions.removal.text':
    '{count, plural, one {התשובה במקום {from}, הטיוטה והגרסה שפורסמה, תימחק לצמיתות.} two {התשובות במקומות {from} עד {to}, הטיוטות והגרסאות שפורסמו, יימחקו לצמיתות.} many {התשובות במקומות {from} עד {to}, הטיוטות והגרסאות שפורסמו, יימחקו לצמיתות.} other {התשובות במקומות {from} עד {to}, הטיוטות והגרסאות שפורסמו, יימחקו לצמיתות.}}',
  'privateQuestions.removal.moved': 'שאלות המשנה שעלו מקום מקבלות את התשובות שנכתבו במקומן החדש.',
  'privateQuestions.removal.confirm': 'שמירה ומחיקת התשובות האלה',
  'privateQuestions.removal.cancel': 'המשך עריכה',
  'privateQuestions.delete.open': 'מחיקת השאלה',
  'privateQuestions.delete.title': 'למחוק את השאלה?',
  'privateQuestions.delete.text':
    '„{title}” תימחק, ואיתה גם התשובה שלך, הטיוטה והגרסה שפורסמה. אי אפשר לבטל את זה.',
  'privateQuestions.delete.confirm': 'מחיקת השאלה והתשובה',
  'privateQuestions.delete.cancel': 'ביטול',
  'privateQuestions.delete.deleting': 'מוחקים…',
  'privateQuestions.delete.done': 'השאלה והתשובה שלה נמחקו.',
};

/** For `registerMessages`, in the route module. */
export const privateQuestionsMessages = { en: privateQuestionsEn, he: privateQuestionsHe };
