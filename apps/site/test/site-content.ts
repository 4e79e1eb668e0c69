import type {
  ApplicationImages,
  ApplicationServices,
  ApplicationText,
  ClientLanguages,
} from '@mepedia/contracts';

// What the migrations (src/migrations/0001-0003) write, copied by hand: a migration that changes
// the content changes these too, on purpose.

export const MIGRATED_TEXT: ApplicationText = {
  en: {
    'app.tagline': 'Life stories, told by the people who lived them',
    'footer.credit': 'Made with care by the Mepedia team',
  },
  he: {
    'app.tagline': 'סיפורי חיים, מפי מי שחיו אותם',
    'footer.credit': 'נבנה באהבה בידי צוות מפדיה',
  },
};

export const MIGRATED_SERVICES: ApplicationServices = [
  {
    id: 'profile',
    title: { en: 'Your life story in ten questions', he: 'סיפור החיים בעשר שאלות' },
    description: {
      en: 'A guided questionnaire about your roots, your loves, your work and what you hope to leave behind. Drafts save as you write, and you choose what everyone may read and what stays private.',
      he: 'שאלון מודרך על השורשים, על האהבות, על העבודה ועל מה שנרצה להשאיר אחרינו. הטיוטות נשמרות תוך כדי כתיבה, ואפשר לבחור מה יהיה גלוי לכולם ומה יישאר פרטי.',
    },
    link: '/profile/edit-me/1',
  },
  {
    id: 'private-questions',
    title: { en: 'Questions of your own', he: 'שאלות משלך' },
    description: {
      en: 'Add questions the questionnaire does not ask, each with sub-questions you write yourself. Only you can see them and your answers.',
      he: 'אפשר להוסיף שאלות שאינן בשאלון, עם שאלות משנה משלך. השאלות והתשובות להן גלויות לך בלבד.',
    },
    link: '/profile/custom-question',
  },
  {
    id: 'magazine',
    title: { en: 'The magazine', he: 'המגזין' },
    description: {
      en: 'Answers and stories their writers chose to share with everyone. Anyone can read them; after signing up you can also comment and like.',
      he: 'תשובות וסיפורים שפורסמו לעיני כולם, בבחירת מי שכתבו אותם. הקריאה פתוחה לכל, ואחרי הרשמה אפשר גם להגיב ולסמן לייק.',
    },
    link: '/mepedia-magazine',
  },
  {
    id: 'widget',
    title: { en: 'Your profile on your own website', he: 'הפרופיל שלך באתר שלך' },
    description: {
      en: 'Download an embeddable widget of your published profile, in the style you like, and place it on a personal website or blog.',
      he: 'אפשר להוריד וידג׳ט של הפרופיל שפורסם, בסגנון לבחירה, ולהטמיע אותו באתר אישי או בבלוג.',
    },
  },
  {
    id: 'translation',
    title: { en: 'Read across languages', he: 'קריאה בין השפות' },
    description: {
      en: 'Profiles and posts are written in English or Hebrew. Signed-in members can translate any of them into the other language with one click, so both communities can read each other.',
      he: 'פרופילים ופוסטים נכתבים בעברית או באנגלית. אחרי התחברות אפשר לתרגם כל אחד מהם לשפה השנייה בלחיצה אחת, כך ששתי הקהילות יכולות לקרוא זו את זו.',
    },
  },
];

export const MIGRATED_IMAGES: ApplicationImages = {
  logo: '/logo.svg',
  subLogo: '/sub-logo.svg',
  memorialImageFotter: '/memorial-footer.jpg',
};

/** The product spec's list (section 3), as the product gives it. */
export const SPEC_LANGUAGES: ClientLanguages = [
  {
    name: 'he',
    label: 'עברית',
    enLabel: 'Hebrew',
    direction: 'rtl',
    isDefault: false,
    temporary: false,
  },
  {
    name: 'en',
    label: 'English',
    enLabel: 'English',
    direction: 'ltr',
    isDefault: true,
    temporary: false,
  },
];

export const SITE_CACHE_CONTROL = 'public, max-age=300, stale-while-revalidate=3600';

/** Every route, as a client calls it. */
export const SITE_ROUTES = [
  { method: 'GET', path: '/api/applicationText/getFormattedText' },
  { method: 'GET', path: '/api/applicationServices/getAllServices' },
  { method: 'POST', path: '/api/applicationImages/getImages' },
  { method: 'GET', path: '/api/configuration/organizationClientLanguages' },
] as const;

const HEBREW_LETTER = /[\u05D0-\u05EA]/;
const LATIN_LETTER = /[A-Za-z]/;
const NIQQUD = /[\u0591-\u05C7]/;

/**
 * What is wrong with a text in its language, or undefined: empty, Hebrew without Hebrew letters
 * or with Latin letters or niqqud, English with Hebrew letters.
 */
export function textProblem(language: 'en' | 'he', text: string): string | undefined {
  if (text.trim() === '') return 'empty';
  if (language === 'en') return HEBREW_LETTER.test(text) ? 'Hebrew letters in English' : undefined;
  if (!HEBREW_LETTER.test(text)) return 'no Hebrew letters';
  if (LATIN_LETTER.test(text)) return 'Latin letters in Hebrew';
  if (NIQQUD.test(text)) return 'niqqud';
  return undefined;
}
