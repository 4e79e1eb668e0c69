// Interface strings of search (issue 36), keys starting `search.`: the results page
// (`/search`) and the people page's results when it searches. They load with those pages
// (`registerMessages(searchMessages)`), not with every page; the header's field is the core
// catalogue's. Hebrew must have every key.

export const searchEn = {
  'search.title': 'Search',
  'search.titleFor': 'Search: {query}',
  'search.description': 'Find people and stories on Mepedia, in English and Hebrew.',
  'search.field': 'Search for',
  'search.submit': 'Search',
  'search.form': 'Search people and stories',
  'search.filters': 'Filters and order of the stories',
  'search.apply': 'Show the results',
  'search.kinds': 'Kind of story',
  'search.kind.post': 'Posts',
  'search.kind.answer': 'Questionnaire answers',
  'search.kind.privateAnswer': 'My private answers',
  'search.language': 'Language',
  'search.language.any': 'Any language',
  'search.language.en': 'English',
  'search.language.he': 'Hebrew',
  'search.sort': 'Order',
  'search.sort.relevance': 'Best match',
  'search.sort.newest': 'Newest',
  'search.prompt.title': 'What are you looking for?',
  'search.prompt.text':
    'Type a name, a word or a few words: search finds people and stories in English and Hebrew. Words in double quotes are found together, as a phrase.',
  'search.people': 'People',
  'search.stories': 'Stories',
  'search.none.title': 'Nothing found',
  'search.none.text':
    'Nothing matches {query}. Try fewer words, another spelling, or fewer filters.',
  'search.people.none': 'No one matches this search.',
  'search.stories.none': 'No stories match this search.',
  'search.stories.noneFiltered': 'No stories match this search with these filters.',
  'search.people.more': 'More people',
  'search.stories.more': 'More stories',
  // Said politely when "More" adds results to the list.
  'search.people.shown': '{count, plural, one {# person shown} other {# people shown}}',
  'search.stories.shown': '{count, plural, one {# story shown} other {# stories shown}}',
  'search.firstResults': 'Back to the first results',
  // What a story found is, beside its date.
  'search.kindOf.post': 'Post',
  'search.kindOf.answer': 'Questionnaire answer',
  'search.kindOf.privateAnswer': 'Private answer',
  'search.foundInAnswers': 'Found in their answers',
  'search.failed': 'The search could not be done just now',
  'search.retry': 'Try again',
} as const;

export const searchHe: Record<keyof typeof searchEn, string> = {
  'search.title': 'חיפוש',
  'search.titleFor': 'חיפוש: {query}',
  'search.description': 'חיפוש אנשים וסיפורים במפדיה, בעברית ובאנגלית.',
  'search.field': 'מה לחפש',
  'search.submit': 'חיפוש',
  'search.form': 'חיפוש אנשים וסיפורים',
  'search.filters': 'סינון הסיפורים וסדרם',
  'search.apply': 'הצגת התוצאות',
  'search.kinds': 'סוג הסיפור',
  'search.kind.post': 'פוסטים',
  'search.kind.answer': 'תשובות לשאלון',
  'search.kind.privateAnswer': 'התשובות הפרטיות שלי',
  'search.language': 'שפה',
  'search.language.any': 'כל שפה',
  'search.language.en': 'אנגלית',
  'search.language.he': 'עברית',
  'search.sort': 'סדר',
  'search.sort.relevance': 'הכי מתאים',
  'search.sort.newest': 'החדשים ביותר',
  'search.prompt.title': 'מה מחפשים?',
  'search.prompt.text':
    'אפשר להקליד שם, מילה או כמה מילים: החיפוש מוצא אנשים וסיפורים בעברית ובאנגלית. מילים בתוך מירכאות כפולות נמצאות יחד, כצירוף.',
  'search.people': 'אנשים',
  'search.stories': 'סיפורים',
  'search.none.title': 'לא נמצא דבר',
  'search.none.text':
    'שום דבר לא תואם את {query}. כדאי לנסות פחות מילים, כתיב אחר או פחות סינונים.',
  'search.people.none': 'אף אחד לא תואם את החיפוש הזה.',
  'search.stories.none': 'אין סיפורים שתואמים את החיפוש הזה.',
  'search.stories.noneFiltered': 'אין סיפורים שתואמים את החיפוש הזה עם הסינונים האלה.',
  'search.people.more': 'עוד אנשים',
  'search.stories.more': 'עוד סיפורים',
  'search.people.shown':
    '{count, plural, one {מוצג אדם אחד} two {מוצגים שני אנשים} other {מוצגים # אנשים}}',
  'search.stories.shown':
    '{count, plural, one {מוצג סיפור אחד} two {מוצגים שני סיפורים} other {מוצגים # סיפורים}}',
  'search.firstResults': 'חזרה לתוצאות הראשונות',
  'search.kindOf.post': 'פוסט',
  'search.kindOf.answer': 'תשובה לשאלון',
  'search.kindOf.privateAnswer': 'תשובה פרטית',
  'search.foundInAnswers': 'נמצא בתשובות',
  'search.failed': 'לא הצלחנו לחפש כרגע',
  'search.retry': 'לנסות שוב',
};

/** For `registerMessages`, in the route module. */
export const searchMessages = { en: searchEn, he: searchHe };
