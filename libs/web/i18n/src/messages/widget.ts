// Strings of the widget: its download page (/me-widget/{id}) and the card itself
// (/me-widget-template/...), keys starting `widget.`. They load with those routes
// (`registerMessages(widgetMessages)`); the types of en.ts know the keys. Hebrew must have every key.

export const widgetEn = {
  'widget.title': 'Your Mepedia widget',
  'widget.titleOther': 'The Mepedia widget of {name}',
  'widget.intro':
    'Put your card on your own site or blog: choose a style, then copy the code into your page, or download the card as a file or a picture.',
  'widget.introOther':
    'This card links to the self-interview of {name}. Choose a style, then copy the code, or download the card.',
  'widget.styles': 'Style',
  'widget.style.classic': 'Classic',
  'widget.style.dark': 'Night',
  'widget.style.minimal': 'Minimal',
  'widget.preview': 'Preview of the card in the {style} style',
  'widget.code': 'Code to paste into your page',
  'widget.codeHint': 'An iframe: the card keeps itself up to date when you change your profile.',
  'widget.copy': 'Copy the code',
  'widget.copied': 'The code is copied.',
  'widget.copyFailed': 'The code could not be copied. Select it and copy it yourself.',
  'widget.downloads': 'Download the card',
  'widget.downloadHtml': 'Download as a web page (HTML)',
  'widget.downloadHtmlHint': 'One file with everything in it: it works without Mepedia.',
  'widget.downloadPng': 'Download as a picture (PNG)',
  'widget.pngFailed': 'The picture could not be made. Try again in a moment.',
  'widget.back': 'Back to the profile',
  'widget.card.answers':
    '{count, plural, =0 {A self-interview in the making} one {One question answered} other {# questions answered}}',
  'widget.card.read': 'Read my story on Mepedia',
  'widget.card.label': '{name} on Mepedia',
  'widget.card.exampleName': 'Your name here',
  'widget.card.exampleMotto': 'Your motto, in a sentence',
  'widget.frameTitle': '{name} on Mepedia',
} as const;

export const widgetHe: Record<keyof typeof widgetEn, string> = {
  'widget.title': 'הווידג׳ט שלך במפדיה',
  'widget.titleOther': 'הווידג׳ט של {name} במפדיה',
  'widget.intro':
    'אפשר לשים את הכרטיס שלך באתר או בבלוג שלך: בוחרים סגנון, מעתיקים את הקוד לדף, או מורידים את הכרטיס כקובץ או כתמונה.',
  'widget.introOther':
    'הכרטיס הזה מוביל לראיון העצמי של {name}. בוחרים סגנון, מעתיקים את הקוד, או מורידים את הכרטיס.',
  'widget.styles': 'סגנון',
  'widget.style.classic': 'קלאסי',
  'widget.style.dark': 'לילה',
  'widget.style.minimal': 'מינימלי',
  'widget.preview': 'תצוגה מקדימה של הכרטיס בסגנון {style}',
  'widget.code': 'הקוד להדבקה בדף שלך',
  'widget.codeHint': 'זה iframe: הכרטיס מתעדכן מעצמו כשהפרופיל שלך משתנה.',
  'widget.copy': 'העתקת הקוד',
  'widget.copied': 'הקוד הועתק.',
  'widget.copyFailed': 'לא הצלחנו להעתיק את הקוד. אפשר לסמן אותו ולהעתיק.',
  'widget.downloads': 'הורדת הכרטיס',
  'widget.downloadHtml': 'הורדה כדף אינטרנט (HTML)',
  'widget.downloadHtmlHint': 'קובץ אחד שיש בו הכול: הוא עובד גם בלי מפדיה.',
  'widget.downloadPng': 'הורדה כתמונה (PNG)',
  'widget.pngFailed': 'לא הצלחנו ליצור את התמונה. אפשר לנסות שוב בעוד רגע.',
  'widget.back': 'חזרה לפרופיל',
  'widget.card.answers':
    '{count, plural, =0 {ראיון עצמי בכתיבה} one {שאלה אחת בראיון העצמי} two {שתי שאלות בראיון העצמי} other {# שאלות בראיון העצמי}}',
  'widget.card.read': 'לקריאת הסיפור שלי במפדיה',
  'widget.card.label': '{name} במפדיה',
  'widget.card.exampleName': 'השם שלך כאן',
  'widget.card.exampleMotto': 'המוטו שלך, במשפט אחד',
  'widget.frameTitle': '{name} במפדיה',
};

/** For `registerMessages`, in the route modules. */
export const widgetMessages = { en: widgetEn, he: widgetHe };
