// A notification group's sentence (issue 32) in the notification emails (the worker's catalogue,
// notifications.ts, spreads these in). The notifications page has the same texts in the web's own
// catalogue (libs/web/i18n/src/messages/notifications.ts, self-contained as the web's build
// wants); libs/web/i18n/src/catalogues.test.ts holds the two equal: one wording wherever a
// member reads it. In a sentence {actors} is the names ("Noa and 3 others",
// from `notifications.actors`) and {title} the post's or question's title; the page draws both
// as their own isolated elements, an email as isolated text. Hebrew must have every key.

export const notificationSentencesEn = {
  // "Noa", "Noa and Dan", "Noa and 3 others": {others} is how many more than the first.
  'notifications.actors':
    '{others, plural, =0 {{first}} =1 {{first} and {second}} one {{first} and # other} other {{first} and # others}}',
  'notifications.someone': 'Someone',
  'notifications.kind.comment': '{actors} commented on {title}',
  'notifications.kind.reply': '{actors} replied to your comment on {title}',
  'notifications.kind.reaction': '{actors} reacted to {title}',
  'notifications.kind.commentReaction': '{actors} reacted to your comment on {title}',
  'notifications.kind.follower':
    '{count, plural, one {{actors} started following you} other {{actors} started following you}}',
  'notifications.kind.story': '{actors} published a new story: {title}',
  'notifications.kind.magazineAdded': 'Your answer {title} is now in the magazine',
  'notifications.kind.magazineRemoved': 'Your answer {title} was taken out of the magazine',
} as const;

export type NotificationSentenceKey = keyof typeof notificationSentencesEn;

export const notificationSentencesHe: Record<NotificationSentenceKey, string> = {
  'notifications.actors':
    '{others, plural, =0 {{first}} =1 {{first} ו{second}} two {{first} ועוד שניים} other {{first} ועוד #}}',
  'notifications.someone': 'מישהו',
  'notifications.kind.comment': 'תגובה חדשה מאת {actors} על {title}',
  'notifications.kind.reply': 'תשובה מאת {actors} לתגובה שלך על {title}',
  'notifications.kind.reaction': 'תגובת רגש מאת {actors} על {title}',
  'notifications.kind.commentReaction': 'תגובת רגש מאת {actors} לתגובה שלך על {title}',
  'notifications.kind.follower':
    '{count, plural, one {עוקב/ת חדש/ה: {actors}} two {עוקבים חדשים: {actors}} other {עוקבים חדשים: {actors}}}',
  'notifications.kind.story': 'סיפור חדש מאת {actors}: {title}',
  'notifications.kind.magazineAdded': 'התשובה שלך {title} נכנסה למגזין',
  'notifications.kind.magazineRemoved': 'התשובה שלך {title} הוצאה מהמגזין',
};
