// Interface strings of the audience picker (issue 34, components/audience/audience-picker.tsx),
// keys starting `audiencePicker.`: who may read a post or an answer. They load with the pages that
// offer the choice (the post editor and the questionnaire), registered by the picker's module.
// The badge that says an item's audience is on every page that lists posts: its words are the
// interface's (`audience.badge.*`, en.ts). Hebrew must have every key.

export const audienceEn = {
  'audiencePicker.private': 'Only me',
  'audiencePicker.private.about': 'Nobody else can read it.',
  'audiencePicker.circle': 'My circle',
  // {manage} is a link to the settings' Circle tab, worded by `audiencePicker.circle.manage`.
  'audiencePicker.circle.about': 'The people you invited ({manage}).',
  'audiencePicker.circle.manage': 'manage your circle in Settings',
  'audiencePicker.members': 'Members',
  'audiencePicker.members.about': 'Anyone signed in to Mepedia.',
  'audiencePicker.public': 'Everyone',
  'audiencePicker.public.about': 'Anyone at all, guests and search engines included.',
  'audiencePicker.magazine':
    'The magazine shows only stories everyone may read. This one will appear there once its audience is Everyone.',
};

export const audienceHe: Record<keyof typeof audienceEn, string> = {
  'audiencePicker.private': 'רק אני',
  'audiencePicker.private.about': 'אף אחד אחר לא יכול לקרוא.',
  'audiencePicker.circle': 'המעגל שלי',
  'audiencePicker.circle.about': 'האנשים שהזמנת ({manage}).',
  'audiencePicker.circle.manage': 'ניהול המעגל בהגדרות',
  'audiencePicker.members': 'חברי הקהילה',
  'audiencePicker.members.about': 'כל מי שמחובר למפדיה.',
  'audiencePicker.public': 'כולם',
  'audiencePicker.public.about': 'כל אחד, כולל אורחים ומנועי חיפוש.',
  'audiencePicker.magazine':
    'המגזין מציג רק סיפורים שכולם יכולים לקרוא. הסיפור הזה יופיע שם כשקהל הקוראים שלו יהיה כולם.',
};

/** For `registerMessages`, in the picker's module. */
export const audienceMessages = { en: audienceEn, he: audienceHe };
