// Interface strings of following members (issue 32), keys starting `follow.`: the Follow button
// (a profile, people cards, the follow lists), the counts, the follow lists' pages and the home
// page's "From people you follow". They load with the pages that show them
// (`registerMessages(followMessages)`), not with every page. Hebrew must have every key.

export const followEn = {
  'follow.button': 'Follow',
  'follow.buttonOn': 'Following',
  // The button's accessible name: the visible word first (a speech user says what they see).
  'follow.name': 'Follow {name}',
  'follow.nameOn': 'Following {name}',
  'follow.failed': 'Following could not be changed just now. Try again in a moment.',
  'follow.counts': 'Followers and following',
  'follow.followers': '{count, plural, one {# follower} other {# followers}}',
  'follow.following': '{count, plural, other {# following}}',
  'follow.followers.title': 'Followers of {name}',
  'follow.following.title': 'People {name} follows',
  'follow.followers.none': 'No followers yet',
  'follow.followers.noneOther': 'No one follows {name} yet.',
  'follow.followers.noneOwn': 'No one follows you yet. Stories bring readers: write yours.',
  'follow.following.none': 'Not following anyone yet',
  'follow.following.noneOther': '{name} does not follow anyone yet.',
  'follow.following.noneOwn':
    'Follow people whose stories you want to read: their new stories will show on your home page.',
  'follow.meet': 'Meet people',
  'follow.write': 'Write your story',
  'follow.more': 'Show more',
  'follow.loadFailed': 'This list could not be loaded just now.',
  'follow.retry': 'Try again',
  'follow.toProfile': 'To the profile of {name}',
  'follow.feed.title': 'From people you follow',
  'follow.feed.empty': 'Nothing from people you follow yet',
  'follow.feed.emptyText':
    'Follow people whose stories you want to read, and their new stories will wait for you here.',
  'follow.feed.more': 'More stories',
  'follow.feed.loadFailed': 'The stories of people you follow could not be loaded just now.',
} as const;

export const followHe: Record<keyof typeof followEn, string> = {
  'follow.button': 'מעקב',
  'follow.buttonOn': 'במעקב',
  'follow.name': 'מעקב אחרי {name}',
  'follow.nameOn': 'במעקב אחרי {name}',
  'follow.failed': 'לא הצלחנו לשנות את המעקב כרגע. אפשר לנסות שוב בעוד רגע.',
  'follow.counts': 'עוקבים ומעקב',
  'follow.followers': '{count, plural, one {עוקב אחד} two {שני עוקבים} other {# עוקבים}}',
  'follow.following':
    '{count, plural, one {במעקב אחרי אחד} two {במעקב אחרי שניים} other {במעקב אחרי #}}',
  'follow.followers.title': 'העוקבים של {name}',
  'follow.following.title': 'במעקב של {name}',
  'follow.followers.none': 'עדיין אין עוקבים',
  'follow.followers.noneOther': 'עדיין אין עוקבים אחרי {name}.',
  'follow.followers.noneOwn': 'עדיין אין עוקבים אחריך. סיפורים מביאים קוראים: כדאי לכתוב את שלך.',
  'follow.following.none': 'עדיין אין מעקב אחרי אף אחד',
  'follow.following.noneOther': '{name} עדיין לא עוקב/ת אחרי אף אחד.',
  'follow.following.noneOwn':
    'כדאי לעקוב אחרי אנשים שהסיפורים שלהם מעניינים אותך: הסיפורים החדשים שלהם יופיעו בדף הבית שלך.',
  'follow.meet': 'להכיר אנשים',
  'follow.write': 'לכתוב את הסיפור שלך',
  'follow.more': 'להציג עוד',
  'follow.loadFailed': 'לא הצלחנו לטעון את הרשימה כרגע.',
  'follow.retry': 'לנסות שוב',
  'follow.toProfile': 'לפרופיל של {name}',
  'follow.feed.title': 'מאנשים שבמעקב שלך',
  'follow.feed.empty': 'עדיין אין כאן סיפורים מאנשים שבמעקב שלך',
  'follow.feed.emptyText':
    'כדאי לעקוב אחרי אנשים שהסיפורים שלהם מעניינים אותך, והסיפורים החדשים שלהם יחכו לך כאן.',
  'follow.feed.more': 'עוד סיפורים',
  'follow.feed.loadFailed': 'לא הצלחנו לטעון כרגע את הסיפורים של האנשים שבמעקב שלך.',
};

/** For `registerMessages`, in the route module. */
export const followMessages = { en: followEn, he: followHe };
