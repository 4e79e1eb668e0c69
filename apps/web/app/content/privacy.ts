import type { LocalizedContent } from './types';

export const privacy: LocalizedContent = {
  en: {
    title: 'Privacy policy',
    description: 'What Mepedia collects, why, and what you control.',
    lead: 'Mepedia holds some of the most personal things people write. This page says plainly what we keep and why.',
    sections: [
      {
        heading: 'What we collect',
        paragraphs: [
          'When you register: your name, email, phone number, birth date, country and gender, and your password, which we store only as a one-way hash. When you use the site: what you write, the images you upload, your likes and comments, and technical records (the address your requests come from, the time) that protect accounts from abuse.',
        ],
      },
      {
        heading: 'What we use it for',
        list: [
          'to run your account: verification by SMS and email, signing in, password resets;',
          'to show your content to the people you chose, and nothing more;',
          'to keep the service secure, for example by limiting repeated login attempts;',
          'to send you the messages you asked for; you can unsubscribe from updates with the link in any email.',
        ],
        paragraphs: [],
      },
      {
        heading: 'What others see',
        paragraphs: [
          'Only what you publish: your name, picture and the answers and posts you made public. Your email, phone number, birth date and gender are never shown to other members.',
        ],
      },
      {
        heading: 'Who else handles it',
        paragraphs: [
          'We use providers to send SMS and email, to store images, and to translate text when you ask for a translation. They handle data only on our behalf. We do not sell data and show no advertising.',
        ],
      },
      {
        heading: 'Your choices',
        paragraphs: [
          'You can edit or hide anything you wrote, change your details in the settings, and delete your profile, which removes your content. For a copy of your data or any question, write to us through the support page.',
        ],
      },
      {
        heading: 'Cookies',
        paragraphs: [
          'We use a sign-in cookie while you are logged in and a cookie that remembers your language for a year. Your accessibility choices and an anonymous identifier are kept in your own browser. There are no tracking or advertising cookies.',
        ],
      },
    ],
  },
  he: {
    title: 'מדיניות פרטיות',
    description: 'מה מפדיה אוספת, למה, ובמה אתם שולטים.',
    lead: 'במפדיה נשמרים מהדברים האישיים ביותר שאנשים כותבים. הדף הזה אומר בפשטות מה אנחנו שומרים ולמה.',
    sections: [
      {
        heading: 'מה אנחנו אוספים',
        paragraphs: [
          'בהרשמה: שם, אימייל, מספר טלפון, תאריך לידה, מדינה ומגדר, וסיסמה, שנשמרת רק כגיבוב חד־כיווני. בזמן השימוש: מה שאתם כותבים, התמונות שאתם מעלים, לייקים ותגובות, ורישומים טכניים (הכתובת שממנה מגיעות הבקשות, השעה) שמגינים על חשבונות מפני ניצול לרעה.',
        ],
      },
      {
        heading: 'למה אנחנו משתמשים בזה',
        list: [
          'כדי להפעיל את החשבון: אימות ב-SMS ובאימייל, התחברות, איפוס סיסמה;',
          'כדי להציג את התוכן שלכם למי שבחרתם, ולא מעבר לכך;',
          'כדי לשמור על אבטחת השירות, למשל בהגבלת ניסיונות התחברות חוזרים;',
          'כדי לשלוח לכם את ההודעות שביקשתם; אפשר להסיר את עצמכם מעדכונים בקישור שבכל אימייל.',
        ],
        paragraphs: [],
      },
      {
        heading: 'מה אחרים רואים',
        paragraphs: [
          'רק את מה שאתם מפרסמים: שם, תמונה, והתשובות והפוסטים שהפכתם לציבוריים. האימייל, מספר הטלפון, תאריך הלידה והמגדר אינם מוצגים לחברים אחרים לעולם.',
        ],
      },
      {
        heading: 'מי עוד מטפל במידע',
        paragraphs: [
          'אנחנו נעזרים בספקים לשליחת SMS ואימייל, לאחסון תמונות, ולתרגום טקסט כשאתם מבקשים תרגום. הם מטפלים במידע רק בשמנו. איננו מוכרים מידע ואיננו מציגים פרסומות.',
        ],
      },
      {
        heading: 'הבחירות שלכם',
        paragraphs: [
          'אפשר לערוך או להסתיר כל דבר שכתבתם, לשנות את הפרטים בהגדרות, ולמחוק את הפרופיל, מה שמוחק את התוכן שלכם. לקבלת עותק של המידע או לכל שאלה, כתבו לנו דרך דף התמיכה.',
        ],
      },
      {
        heading: 'עוגיות',
        paragraphs: [
          'אנחנו משתמשים בעוגיית התחברות בזמן שאתם מחוברים, ובעוגייה שזוכרת את השפה שבחרתם למשך שנה. בחירות הנגישות ומזהה אנונימי נשמרים בדפדפן שלכם. אין עוגיות מעקב או פרסום.',
        ],
      },
    ],
  },
};
