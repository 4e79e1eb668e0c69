// Interface strings of notifications by email (issue 32), keys starting `emailPreferences.`: its
// section in the settings. They load with that page (`registerMessages(emailPreferencesMessages)`).
// The kinds' names are the core catalogue's `emailKinds.*` (the /unsubscribe page says them too).
// Hebrew must have every key.

export const emailPreferencesEn = {
  'emailPreferences.tab': 'Email notifications',
  'emailPreferences.title': 'Notifications by email',
  'emailPreferences.intro':
    'For each kind of notification, choose an email at once, a daily or weekly summary, or no email. Every email also has a link that stops its kind.',
  'emailPreferences.loading': 'Loading your email choices…',
  'emailPreferences.loadFailed': 'Your email choices could not be loaded.',
  'emailPreferences.retry': 'Try again',
  'emailPreferences.kinds': 'What to email you about',
  'emailPreferences.frequency.immediate': 'At once',
  'emailPreferences.frequency.daily': 'In a daily summary',
  'emailPreferences.frequency.weekly': 'In a weekly summary',
  'emailPreferences.frequency.never': 'Never',
  'emailPreferences.digest': 'When summaries come',
  'emailPreferences.hour': 'Hour',
  'emailPreferences.weekday': 'Day of the weekly summary',
  'emailPreferences.timeZone': 'Time zone',
  'emailPreferences.save': 'Save email choices',
  'emailPreferences.saving': 'Saving…',
  'emailPreferences.saved': 'Your email choices are saved.',
};

export const emailPreferencesHe: Record<keyof typeof emailPreferencesEn, string> = {
  'emailPreferences.tab': 'התראות באימייל',
  'emailPreferences.title': 'התראות באימייל',
  'emailPreferences.intro':
    'לכל סוג התראה אפשר לבחור אימייל מיד, סיכום יומי או שבועי, או בלי אימייל. בכל אימייל יש גם קישור שמפסיק את הסוג שלו.',
  'emailPreferences.loading': 'טוענים את הבחירות שלך…',
  'emailPreferences.loadFailed': 'לא הצלחנו לטעון את הבחירות שלך.',
  'emailPreferences.retry': 'לנסות שוב',
  'emailPreferences.kinds': 'על מה לשלוח לך אימייל',
  'emailPreferences.frequency.immediate': 'מיד',
  'emailPreferences.frequency.daily': 'בסיכום יומי',
  'emailPreferences.frequency.weekly': 'בסיכום שבועי',
  'emailPreferences.frequency.never': 'אף פעם',
  'emailPreferences.digest': 'מתי מגיעים הסיכומים',
  'emailPreferences.hour': 'שעה',
  'emailPreferences.weekday': 'היום של הסיכום השבועי',
  'emailPreferences.timeZone': 'אזור זמן',
  'emailPreferences.save': 'שמירת הבחירות',
  'emailPreferences.saving': 'שומרים…',
  'emailPreferences.saved': 'הבחירות שלך נשמרו.',
};

export const emailPreferencesMessages = { en: emailPreferencesEn, he: emailPreferencesHe };
