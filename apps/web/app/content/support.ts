import type { LocalizedContent } from './types';

export const support: LocalizedContent = {
  en: {
    title: 'Support',
    description: 'How to get help with Mepedia.',
    lead: 'Stuck, curious, or found something that does not work? We are glad to help.',
    sections: [
      {
        heading: 'Chat with us',
        paragraphs: [
          'The fastest way to reach us is our support chat group. Members of the team read it every day and answer in English or Hebrew.',
        ],
      },
      {
        heading: 'Before you write',
        paragraphs: ['Many questions have quick answers:'],
        list: [
          'Did not get the verification code? Wait a minute and ask for a new one, or check that the phone number is right: you can correct it on the verification page.',
          'Forgot your password? Use "Forgot your password?" on the login page; the link in the email works once, for an hour.',
          'Want to hide an answer? Open it and change its privacy to private; it disappears from your profile and the magazine at once.',
          'Want to leave? Settings, then "Delete profile", removes your profile and everything you wrote.',
        ],
      },
    ],
  },
  he: {
    title: 'תמיכה',
    description: 'איך מקבלים עזרה במפדיה.',
    lead: 'נתקעתם, יש לכם שאלה, או שמשהו לא עובד? נשמח לעזור.',
    sections: [
      {
        heading: 'דברו איתנו',
        paragraphs: [
          'הדרך המהירה ביותר להגיע אלינו היא קבוצת צ׳אט התמיכה. חברי הצוות קוראים אותה בכל יום ועונים בעברית או באנגלית.',
        ],
      },
      {
        heading: 'לפני שכותבים',
        paragraphs: ['לשאלות רבות יש תשובה מהירה:'],
        list: [
          'לא הגיע קוד האימות? המתינו דקה ובקשו קוד חדש, או בדקו שמספר הטלפון נכון: אפשר לתקן אותו בדף האימות.',
          'שכחתם את הסיסמה? בחרו "שכחתם את הסיסמה?" בדף ההתחברות; הקישור שבאימייל עובד פעם אחת, למשך שעה.',
          'רוצים להסתיר תשובה? פתחו אותה ושנו את הפרטיות לפרטית; היא תיעלם מיד מהפרופיל ומהמגזין.',
          'רוצים לעזוב? בהגדרות, "מחיקת פרופיל" מוחקת את הפרופיל ואת כל מה שכתבתם.',
        ],
      },
    ],
  },
};
