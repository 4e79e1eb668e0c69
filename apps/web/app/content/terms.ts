import type { LocalizedContent } from './types';

export const terms: LocalizedContent = {
  en: {
    title: 'Terms of service',
    description: 'The terms for using Mepedia.',
    lead: 'These terms explain what you may expect from Mepedia and what Mepedia expects from you. By registering you accept them.',
    sections: [
      {
        heading: '1. Who may use Mepedia',
        paragraphs: [
          'Anyone may read what members publish. To write, comment or like, you need an account, verified by phone and email. You must be old enough to agree to these terms where you live, and at least 13.',
        ],
      },
      {
        heading: '2. Your content',
        paragraphs: [
          'You keep every right in what you write and upload. You allow Mepedia to store it, show it to the people you chose, translate it on request, and include what you publish in the magazine, for as long as you keep it on Mepedia.',
          'You are responsible for what you publish. Write about yourself truthfully, and write about others with respect: do not publish their private information without their consent.',
        ],
      },
      {
        heading: '3. What is not allowed',
        paragraphs: ['You may not use Mepedia to:'],
        list: [
          'harass, threaten or defame anyone, or publish hate speech;',
          'publish content you have no right to publish, such as another person\u2019s photographs or texts;',
          'impersonate someone, or open accounts in bulk or by automated means;',
          'send spam, or try to break, overload or get around the security of the service.',
        ],
      },
      {
        heading: '4. Moderation',
        paragraphs: [
          'We may remove content or close accounts that break these terms, and we will tell you why when we can. If you think we made a mistake, write to us through the support page.',
        ],
      },
      {
        heading: '5. The service',
        paragraphs: [
          'Mepedia is provided as it is. We work to keep it available and your data safe, but we cannot promise it will never be interrupted. Translations are made by a machine and may be imperfect.',
          'We may change these terms; when the change matters, we will tell members by email before it takes effect.',
        ],
      },
      {
        heading: '6. Leaving',
        paragraphs: [
          'You may delete your profile at any time from your settings. Deleting it removes your profile, your answers, your posts and your comments.',
        ],
      },
    ],
  },
  he: {
    title: 'תנאי שימוש',
    description: 'התנאים לשימוש במפדיה.',
    lead: 'התנאים האלה מסבירים למה אפשר לצפות ממפדיה ומה מפדיה מצפה מכם. בהרשמה אתם מסכימים להם.',
    sections: [
      {
        heading: '1. מי יכול להשתמש במפדיה',
        paragraphs: [
          'כל אחד יכול לקרוא את מה שחברי הקהילה מפרסמים. כדי לכתוב, להגיב או לסמן לייק צריך חשבון מאומת בטלפון ובאימייל. עליכם להיות בגיל שמאפשר לכם להסכים לתנאים האלה במקום מגוריכם, ולפחות בני 13.',
        ],
      },
      {
        heading: '2. התוכן שלכם',
        paragraphs: [
          'כל הזכויות במה שאתם כותבים ומעלים נשארות שלכם. אתם מרשים למפדיה לשמור אותו, להציג אותו למי שבחרתם, לתרגם אותו לבקשתכם, ולכלול את מה שאתם מפרסמים במגזין, כל עוד הוא נמצא במפדיה.',
          'אתם אחראים למה שאתם מפרסמים. כתבו על עצמכם באמת, ועל אחרים בכבוד: אל תפרסמו מידע פרטי עליהם בלי הסכמתם.',
        ],
      },
      {
        heading: '3. מה אסור',
        paragraphs: ['אסור להשתמש במפדיה כדי:'],
        list: [
          'להטריד, לאיים או להשמיץ, או לפרסם דברי שנאה;',
          'לפרסם תוכן שאין לכם זכות לפרסם, כמו תמונות או טקסטים של אדם אחר;',
          'להתחזות לאחר, או לפתוח חשבונות בכמויות או באמצעים אוטומטיים;',
          'לשלוח דואר זבל, או לנסות לשבור, להעמיס או לעקוף את אבטחת השירות.',
        ],
      },
      {
        heading: '4. פיקוח',
        paragraphs: [
          'אנחנו רשאים להסיר תוכן או לסגור חשבונות שמפרים את התנאים האלה, ונסביר למה כשנוכל. אם נראה לכם שטעינו, כתבו לנו דרך דף התמיכה.',
        ],
      },
      {
        heading: '5. השירות',
        paragraphs: [
          'מפדיה ניתנת כפי שהיא. אנחנו עובדים כדי שתהיה זמינה ושהמידע שלכם יהיה בטוח, אבל איננו יכולים להבטיח שלא תהיינה הפרעות. התרגומים נעשים בידי מכונה ועשויים להיות לא מושלמים.',
          'ייתכן שנשנה את התנאים; כשהשינוי משמעותי, נודיע עליו לחברי הקהילה באימייל לפני שייכנס לתוקף.',
        ],
      },
      {
        heading: '6. עזיבה',
        paragraphs: [
          'אפשר למחוק את הפרופיל בכל עת מההגדרות. המחיקה מסירה את הפרופיל, התשובות, הפוסטים והתגובות שלכם.',
        ],
      },
    ],
  },
};
