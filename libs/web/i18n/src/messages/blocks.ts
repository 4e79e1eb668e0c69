// Interface strings of blocking and muting (issue 35), keys starting `blocks.`: a profile's Block
// and Mute (components/follow/block-controls.tsx), the Block confirmation
// (components/blocks/block-dialog.tsx) and the settings' "Blocked and muted" tab
// (components/settings/blocks.tsx). They go with the `follow` chunk (apps/web/vite.config.ts),
// which a profile loads already, so its controls cost no script more. Hebrew must have every key;
// what was done is said to the member in the second person's past, which Hebrew writes alike for
// everyone ("חסמת"), and nothing agrees with the other member's gender. The API's refusals are
// worded by the error catalogue (libs/messages/src/errors.ts), not here.

export const blocksEn = {
  'blocks.block': 'Block',
  'blocks.unblock': 'Unblock',
  'blocks.mute': 'Mute',
  'blocks.unmute': 'Unmute',
  // The buttons' accessible names: the visible word first (a speech user says what they see).
  'blocks.blockNamed': 'Block {name}',
  'blocks.unblockNamed': 'Unblock {name}',
  'blocks.muteNamed': 'Mute {name}',
  'blocks.unmuteNamed': 'Unmute {name}',
  'blocks.working': 'Just a moment…',
  'blocks.confirm.title': 'Block {name}?',
  'blocks.confirm.reach':
    'They will no longer be able to comment on or react to your stories, or follow you.',
  'blocks.confirm.see':
    'You will not see each other in people, feeds, comments or notifications, and any follow between you ends.',
  'blocks.confirm.told': 'They are not told.',
  'blocks.confirm.undo': 'You can unblock them at any time, here or in your settings.',
  'blocks.confirm.block': 'Block',
  'blocks.confirm.blocking': 'Blocking…',
  'blocks.cancel': 'Cancel',
  'blocks.said.blocked': 'You blocked {name}. They are not told.',
  'blocks.said.unblocked':
    'You unblocked {name}. A follow the block ended does not come back by itself.',
  'blocks.said.muted':
    'You muted {name}: their stories no longer show in your feeds. They are not told.',
  'blocks.said.unmuted': 'You unmuted {name}: their stories show in your feeds again.',
  'blocks.failed': 'That could not be done just now. Try again in a moment.',
  // The settings' tab.
  'blocks.tab': 'Blocked and muted',
  'blocks.intro':
    'Blocking someone keeps them from commenting on, reacting to or following your stories, and keeps each of you out of the other’s people, feeds, comments and notifications. Muting someone only hides their stories from your own feeds. No one is told.',
  'blocks.blocked.title': 'People you blocked',
  'blocks.muted.title': 'People you muted',
  'blocks.blocked.empty': 'You have not blocked anyone. You can block someone from their profile.',
  'blocks.muted.empty': 'You have not muted anyone. You can mute someone from their profile.',
  'blocks.blocked.since': 'Blocked since {date}',
  'blocks.muted.since': 'Muted since {date}',
  'blocks.loading': 'Loading the people you blocked and muted…',
  'blocks.loadFailed': 'These lists could not be loaded just now.',
  'blocks.retry': 'Try again',
} as const satisfies Record<`blocks.${string}`, string>;

export const blocksHe: Record<keyof typeof blocksEn, string> = {
  'blocks.block': 'חסימה',
  'blocks.unblock': 'ביטול חסימה',
  'blocks.mute': 'השתקה',
  'blocks.unmute': 'ביטול השתקה',
  'blocks.blockNamed': 'חסימה של {name}',
  'blocks.unblockNamed': 'ביטול חסימה של {name}',
  'blocks.muteNamed': 'השתקה של {name}',
  'blocks.unmuteNamed': 'ביטול השתקה של {name}',
  'blocks.working': 'רק רגע…',
  'blocks.confirm.title': 'לחסום את {name}?',
  'blocks.confirm.reach':
    'לא תהיה עוד אפשרות להגיב על הסיפורים שלך, להשאיר עליהם רגשות או לעקוב אחריך.',
  'blocks.confirm.see':
    'לא תראו זה את זה ברשימת האנשים, בפידים, בתגובות או בהתראות, וכל מעקב ביניכם יסתיים.',
  'blocks.confirm.told': 'לא תישלח על כך שום הודעה.',
  'blocks.confirm.undo': 'אפשר לבטל את החסימה בכל עת, כאן או בהגדרות.',
  'blocks.confirm.block': 'חסימה',
  'blocks.confirm.blocking': 'חוסמים…',
  'blocks.cancel': 'ביטול',
  'blocks.said.blocked': 'חסמת את {name}. לא תישלח על כך שום הודעה.',
  'blocks.said.unblocked': 'ביטלת את החסימה של {name}. מעקב שהחסימה הפסיקה לא יחזור מעצמו.',
  'blocks.said.muted':
    'השתקת את {name}: הסיפורים שלו או שלה לא יופיעו עוד בפידים שלך. לא תישלח על כך שום הודעה.',
  'blocks.said.unmuted': 'ביטלת את ההשתקה של {name}: הסיפורים יופיעו שוב בפידים שלך.',
  'blocks.failed': 'לא הצלחנו לעשות זאת כרגע. אפשר לנסות שוב בעוד רגע.',
  'blocks.tab': 'חסימות והשתקות',
  'blocks.intro':
    'חסימה מונעת ממי שנחסם להגיב על הסיפורים שלך, להשאיר עליהם רגשות או לעקוב אחריך, ומרחיקה כל אחד מכם מרשימת האנשים, מהפידים, מהתגובות ומההתראות של השני. השתקה רק מסתירה את הסיפורים מהפידים שלך. אף אחד לא מקבל על כך הודעה.',
  'blocks.blocked.title': 'אנשים שחסמת',
  'blocks.muted.title': 'אנשים שהשתקת',
  'blocks.blocked.empty': 'לא חסמת אף אחד. אפשר לחסום מהפרופיל של כל אחד.',
  'blocks.muted.empty': 'לא השתקת אף אחד. אפשר להשתיק מהפרופיל של כל אחד.',
  'blocks.blocked.since': 'בחסימה מאז {date}',
  'blocks.muted.since': 'בהשתקה מאז {date}',
  'blocks.loading': 'טוענים את החסימות וההשתקות שלך…',
  'blocks.loadFailed': 'לא הצלחנו לטעון את הרשימות כרגע.',
  'blocks.retry': 'לנסות שוב',
};

/** For `registerMessages`, in the modules that show them. */
export const blocksMessages = { en: blocksEn, he: blocksHe };
