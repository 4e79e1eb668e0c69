import type { LocalizedContent } from './types';

export const about: LocalizedContent = {
  en: {
    title: 'About Mepedia',
    description: 'Why Mepedia exists, how it works, and who it belongs to.',
    lead: 'Mepedia is an encyclopedia of people, written by the people themselves, in English and in Hebrew.',
    sections: [
      {
        heading: 'Why an encyclopedia of people',
        paragraphs: [
          'Encyclopedias remember presidents, inventors and stars. Most lives, however rich, leave no entry anywhere. Stories live in a few memories, in a box of photographs, in a conversation at a family table, and then they fade.',
          'Mepedia gives every person a place to write their own entry: where they came from, what shaped them, what they learned, whom they loved, what they hope for.',
        ],
      },
      {
        heading: 'How it works',
        paragraphs: [
          'A fixed questionnaire of ten questions guides you, each broken into a few short prompts, so you never face an empty page. Drafts save as you write. You can add private questions of your own.',
          'Every answer stays private until you choose otherwise. You can publish an answer on your profile, share it in the public magazine, or keep it for yourself and the people you trust.',
        ],
      },
      {
        heading: 'Two languages, one community',
        paragraphs: [
          'Mepedia works fully in English and in Hebrew, from right to left. Any text can be translated to the other language with one click, so members can read each other across languages.',
        ],
      },
      {
        heading: 'Your story belongs to you',
        paragraphs: [
          'You own what you write. You can change it, hide it or delete it, together with your whole profile, at any time. We do not sell your data, and we do not show advertising.',
        ],
      },
    ],
  },
  he: {
    title: 'על מפדיה',
    description: 'למה מפדיה קיימת, איך היא עובדת, ולמי היא שייכת.',
    lead: 'מפדיה היא אנציקלופדיה של אנשים, שנכתבת בידי האנשים עצמם, בעברית ובאנגלית.',
    sections: [
      {
        heading: 'למה אנציקלופדיה של אנשים',
        paragraphs: [
          'אנציקלופדיות זוכרות נשיאים, ממציאים וכוכבים. רוב החיים, עשירים ככל שיהיו, לא משאירים ערך בשום מקום. הסיפורים חיים בכמה זיכרונות, בקופסת תמונות, בשיחה סביב שולחן משפחתי, ואז הם מתפוגגים.',
          'מפדיה נותנת לכל אדם מקום לכתוב את הערך שלו: מאין בא, מה עיצב אותו, מה למד, את מי אהב ולמה הוא מקווה.',
        ],
      },
      {
        heading: 'איך זה עובד',
        paragraphs: [
          'שאלון קבוע של עשר שאלות מלווה אתכם, וכל שאלה מתפרקת לכמה שאלות משנה קצרות, כך שלעולם לא תעמדו מול דף ריק. הטיוטות נשמרות תוך כדי כתיבה, ואפשר להוסיף גם שאלות פרטיות משלכם.',
          'כל תשובה נשארת פרטית עד שתחליטו אחרת. אפשר לפרסם תשובה בפרופיל, לשתף אותה במגזין הציבורי, או לשמור אותה לעצמכם ולמי שאתם סומכים עליו.',
        ],
      },
      {
        heading: 'שתי שפות, קהילה אחת',
        paragraphs: [
          'מפדיה פועלת במלואה בעברית, מימין לשמאל, ובאנגלית. כל טקסט אפשר לתרגם לשפה האחרת בלחיצה, כדי שחברי הקהילה יוכלו לקרוא זה את זה גם מעבר לשפה.',
        ],
      },
      {
        heading: 'הסיפור שלכם שייך לכם',
        paragraphs: [
          'מה שכתבתם שייך לכם. אפשר לשנות, להסתיר או למחוק אותו, יחד עם הפרופיל כולו, בכל עת. אנחנו לא מוכרים את המידע שלכם ולא מציגים פרסומות.',
        ],
      },
    ],
  },
};
