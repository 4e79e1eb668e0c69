import type { LocalizedContent } from './types';

export const efi: LocalizedContent = {
  en: {
    title: 'In memory of Efi',
    memorial: {
      label: 'In memory of',
      name: 'Efi',
      candleAlt: 'A memorial candle',
      share: {
        text: 'Did you know Efi? We would be glad to hear your memories of him.',
        link: 'Share a memory through the support page',
      },
    },
    description: 'A tribute to Efi, who founded Mepedia.',
    lead: 'Mepedia was Efi\u2019s idea, and it carries his belief that every life is a story worth telling.',
    sections: [
      {
        paragraphs: [
          'Efi listened to people. He asked the question that others skipped, and waited for the answer. He believed that an ordinary life, told honestly, holds as much wisdom as any famous biography, and that the people we love should not have to be remembered only in fragments.',
          'Out of that belief came Mepedia: a place where anyone can write their own entry, in their own words and their own language, and decide who may read it.',
        ],
      },
      {
        heading: 'Carrying it forward',
        paragraphs: [
          'We continue to build Mepedia in his memory, as he imagined it: free, respectful of privacy, open to everyone, in Hebrew and in English.',
          'Every story written here is part of his legacy. If you knew Efi and would like to share a memory, you are welcome to write to us through the support page.',
        ],
      },
    ],
  },
  he: {
    title: 'לזכרו של אפי',
    memorial: {
      label: 'לזכרו של',
      name: 'אפי',
      candleAlt: 'נר זיכרון',
      share: {
        text: 'הכרתם את אפי? נשמח לשמוע את הזיכרונות שלכם ממנו.',
        link: 'לשיתוף זיכרון דרך דף התמיכה',
      },
    },
    description: 'דף הוקרה לאפי, מייסד מפדיה.',
    lead: 'מפדיה הייתה הרעיון של אפי, והיא נושאת את האמונה שלו שכל חיים הם סיפור שראוי לספר.',
    sections: [
      {
        paragraphs: [
          'אפי הקשיב לאנשים. הוא שאל את השאלה שאחרים דילגו עליה, וחיכה לתשובה. הוא האמין שחיים רגילים, כשמספרים אותם בכנות, מכילים חוכמה לא פחות מכל ביוגרפיה מפורסמת, ושאת האנשים שאנחנו אוהבים לא צריך לזכור רק בשברים.',
          'מתוך האמונה הזאת נולדה מפדיה: מקום שבו כל אחד יכול לכתוב את הערך שלו, במילים שלו ובשפה שלו, ולהחליט מי יקרא אותו.',
        ],
      },
      {
        heading: 'ממשיכים בדרכו',
        paragraphs: [
          'אנחנו ממשיכים לבנות את מפדיה לזכרו, כפי שדמיין אותה: חינמית, שומרת על פרטיות, פתוחה לכולם, בעברית ובאנגלית.',
          'כל סיפור שנכתב כאן הוא חלק מהמורשת שלו. מי שהכיר את אפי ורוצה לשתף זיכרון, מוזמן לכתוב לנו דרך דף התמיכה.',
        ],
      },
    ],
  },
};
