// Interface strings of the notifications page (issue 32), keys starting `notifications.`. The
// bell's few words are the interface's own (en.ts, `header.notifications*`): it is on every
// member's page. These load with the page (`registerMessages(notificationsMessages)`).
// Hebrew must have every key. In a group's sentence {actors} is the names ("Noa and 3 others")
// and {title} the post's or question's title, both drawn as their own elements.

export const notificationsEn = {
  'notifications.title': 'Notifications',
  'notifications.unreadCount':
    '{count, plural, =0 {Everything is read} one {# unread} other {# unread}}',
  'notifications.markAll': 'Mark all as read',
  'notifications.markOne': 'Mark as read',
  'notifications.unread': 'Unread:',
  'notifications.markFailed': 'The notifications could not be marked read just now.',
  'notifications.more': 'Show more',
  'notifications.loadFailed': 'Your notifications could not be loaded just now.',
  'notifications.retry': 'Try again',
  'notifications.empty': 'No notifications yet',
  'notifications.emptyText':
    'When someone comments on your stories, reacts to them or follows you, you will read it here.',
  'notifications.write': 'Write your story',
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

export const notificationsHe: Record<keyof typeof notificationsEn, string> = {
  'notifications.title': 'התראות',
  'notifications.unreadCount':
    '{count, plural, =0 {הכול נקרא} one {אחת שלא נקראה} two {שתיים שלא נקראו} other {# שלא נקראו}}',
  'notifications.markAll': 'לסמן הכול כנקרא',
  'notifications.markOne': 'לסמן כנקרא',
  'notifications.unread': 'לא נקראה:',
  'notifications.markFailed': 'לא הצלחנו לסמן את ההתראות כנקראו כרגע.',
  'notifications.more': 'להציג עוד',
  'notifications.loadFailed': 'לא הצלחנו לטעון את ההתראות שלך כרגע.',
  'notifications.retry': 'לנסות שוב',
  'notifications.empty': 'עדיין אין התראות',
  'notifications.emptyText':
    'כשמישהו יגיב על הסיפורים שלך, יביע עליהם רגש או יתחיל לעקוב אחריך, זה יופיע כאן.',
  'notifications.write': 'לכתוב את הסיפור שלך',
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

/** For `registerMessages`, in the route module. */
export const notificationsMessages = { en: notificationsEn, he: notificationsHe };
