// The generated search corpus of issue 36 (tools/bench/search-queries.json, `corpus`):
// distractors beside the demo community for the quality numbers, and bulk for the speed ones.
// One seeded generator drawn in a fixed order, so the same seed and size give the same documents
// byte for byte on every machine (no clock, locale or Math.random); a vocabulary kept apart from
// every labelled query's words, checked with the search-text library itself before anything is
// generated (checkVocabulary), so the labelled judgments stay valid over the corpus.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
// The compiled library (npm run build), as the search service folds and stems with it.
// eslint-disable-next-line @nx/enforce-module-boundaries -- the compiled library
const searchText = require('../../dist/libs/search-text/src/index.js');

export const CORPUS_SEED = 'mepedia-search-36';

/** The kinds of the spec's documents and their shares. */
export const SPEC_KINDS = { post: 0.4, answer: 0.5, member: 0.1 };

// --- the generator ---------------------------------------------------------------------------

/** FNV-1a, 32 bits: the seed string as mulberry32's state. */
function hashOf(text) {
  let hash = 0x811c9dc5;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** mulberry32: a 32-bit generator, floats in [0, 1). */
export function seededRandom(seed) {
  let state = hashOf(seed);
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** An integer from `min` to `max`, both included. */
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
    chance: (p) => next() < p,
  };
}

// --- the vocabulary --------------------------------------------------------------------------
// Trains, mountains, workshops, clocks, the night sky, chess, pottery and the woods: themes the
// demo community never writes about, in words none of the labelled queries holds (checked).

/** Hebrew content words: the plain spelling, and a vocalised one where the generator has it. */
const HE_NOUNS = [
  ['רכבת', 'רַכֶּבֶת'],
  ['קטר', 'קַטָּר'],
  ['קרון', 'קָרוֹן'],
  ['מסילה', 'מְסִלָּה'],
  ['תחנה', 'תַּחֲנָה'],
  ['כרטיס', 'כַּרְטִיס'],
  ['פסגה', 'פִּסְגָּה'],
  ['סלע', 'סֶלַע'],
  ['מצוק', 'מָצוֹק'],
  ['שביל', 'שְׁבִיל'],
  ['עמק', 'עֵמֶק'],
  ['מערה', 'מְעָרָה'],
  ['פטיש', 'פַּטִּישׁ'],
  ['מסמר', 'מַסְמֵר'],
  ['קרש', 'קֶרֶשׁ'],
  ['נסורת', 'נְסֹרֶת'],
  ['מסור', 'מַסּוֹר'],
  ['מגדל', 'מִגְדָּל'],
  ['שעון', 'שָׁעוֹן'],
  ['מחוג', 'מָחוֹג'],
  ['גלגל', 'גַּלְגַּל'],
  ['קפיץ', 'קְפִיץ'],
  ['טלסקופ'],
  ['כוכב', 'כּוֹכָב'],
  ['שביט', 'שָׁבִיט'],
  ['ירח', 'יָרֵחַ'],
  ['ענן', 'עָנָן'],
  ['ערפל', 'עֲרָפֶל'],
  ['ברק', 'בָּרָק'],
  ['רעם', 'רַעַם'],
  ['אגרטל', 'אֲגַרְטָל'],
  ['חרס', 'חֶרֶס'],
  ['צריח', 'צְרִיחַ'],
  ['פרש', 'פָּרָשׁ'],
  ['שחמט', 'שַׁחְמָט'],
  ['משבצת', 'מִשְׁבֶּצֶת'],
  ['מצפן', 'מַצְפֵּן'],
  ['תרמיל', 'תַּרְמִיל'],
  ['אוהל', 'אֹהֶל'],
  ['מדורה', 'מְדוּרָה'],
  ['גשר', 'גֶּשֶׁר'],
  ['מנהרה', 'מִנְהָרָה'],
  ['מפרש', 'מִפְרָשׂ'],
  ['עוגן', 'עֹגֶן'],
  ['חבל', 'חֶבֶל'],
  ['פנס', 'פָּנָס'],
  ['מגדלור', 'מִגְדַּלּוֹר'],
  ['נוצה', 'נוֹצָה'],
  ['ינשוף', 'יַנְשׁוּף'],
  ['זאב', 'זְאֵב'],
  ['שועל', 'שׁוּעָל'],
  ['ארנב', 'אַרְנָב'],
  ['אצטרובל', 'אִצְטְרֻבָּל'],
  ['אורן', 'אֹרֶן'],
  ['אלון', 'אַלּוֹן'],
  ['ברוש', 'בְּרוֹשׁ'],
  ['צנצנת', 'צִנְצֶנֶת'],
  ['מגירה', 'מְגֵרָה'],
  ['סולם', 'סֻלָּם'],
  ['מריצה', 'מְרִיצָה'],
  ['חצץ', 'חָצָץ'],
  ['גרניט'],
  ['שיש', 'שַׁיִשׁ'],
  ['אבן', 'אֶבֶן'],
  ['רכס', 'רֶכֶס'],
  ['קרחון', 'קַרְחוֹן'],
  ['מטוטלת', 'מְטֻטֶּלֶת'],
  ['סדן', 'סַדָּן'],
  ['מפוח', 'מַפּוּחַ'],
  ['אזמל', 'אִזְמֵל'],
  ['ניצוץ', 'נִיצוֹץ'],
  ['גחלת', 'גַּחֶלֶת'],
  ['צפרדע', 'צְפַרְדֵּעַ'],
  ['חיפושית', 'חִפּוּשִׁית'],
  ['עטלף', 'עֲטַלֵּף'],
];

const HE_VERBS = [
  ['טיפסנו', 'טִפַּסְנוּ'],
  ['הלכנו', 'הָלַכְנוּ'],
  ['בנינו', 'בָּנִינוּ'],
  ['ציירתי', 'צִיַּרְתִּי'],
  ['מצאנו', 'מָצָאנוּ'],
  ['פתחתי', 'פָּתַחְתִּי'],
  ['סגרנו', 'סָגַרְנוּ'],
  ['נסענו', 'נָסַעְנוּ'],
  ['עצרנו', 'עָצַרְנוּ'],
  ['חיכינו', 'חִכִּינוּ'],
  ['ראינו', 'רָאִינוּ'],
  ['צילמתי', 'צִלַּמְתִּי'],
  ['שרטטתי', 'שִׂרְטַטְתִּי'],
  ['הדלקנו', 'הִדְלַקְנוּ'],
  ['כיבינו', 'כִּבִּינוּ'],
  ['סחבנו', 'סָחַבְנוּ'],
  ['קשרנו', 'קָשַׁרְנוּ'],
  ['חצבנו', 'חָצַבְנוּ'],
  ['ליטשתי', 'לִטַּשְׁתִּי'],
  ['מדדנו', 'מָדַדְנוּ'],
  ['שיחקנו', 'שִׂחַקְנוּ'],
  ['ניצחתי', 'נִצַּחְתִּי'],
  ['הפסדנו', 'הִפְסַדְנוּ'],
  ['נרדמנו', 'נִרְדַּמְנוּ'],
  ['התעוררנו', 'הִתְעוֹרַרְנוּ'],
  ['גילפתי', 'גִּלַּפְתִּי'],
  ['צעדנו', 'צָעַדְנוּ'],
  ['שמרנו', 'שָׁמַרְנוּ'],
];

const HE_ADJECTIVES = [
  ['גבוה', 'גָּבוֹהַּ'],
  ['צר', 'צַר'],
  ['רחב', 'רָחָב'],
  ['כבד', 'כָּבֵד'],
  ['קל', 'קַל'],
  ['שקט', 'שָׁקֵט'],
  ['רטוב', 'רָטֹב'],
  ['יבש', 'יָבֵשׁ'],
  ['כהה', 'כֵּהֶה'],
  ['בהיר', 'בָּהִיר'],
  ['עקום', 'עָקֹם'],
  ['ישר', 'יָשָׁר'],
  ['מחוספס', 'מְחֻסְפָּס'],
  ['עמוק', 'עָמֹק'],
  ['רחוק', 'רָחוֹק'],
  ['קרוב', 'קָרוֹב'],
  ['עתיק', 'עַתִּיק'],
  ['ירוק', 'יָרֹק'],
  ['סגול', 'סָגֹל'],
  ['כתום', 'כָּתֹם'],
  ['חלוד', 'חָלוּד'],
  ['שקוף', 'שָׁקוּף'],
];

/** Words between the slots, written as they are (no prefix is put on them). */
const HE_GLUE = {
  prepositions: ['ליד', 'מול', 'אחרי', 'לפני', 'בין', 'מתחת', 'מעל', 'אצל', 'עם'],
  times: ['אתמול', 'בערב', 'בצהריים', 'בחורף', 'בסתיו', 'פעם', 'שוב', 'תמיד'],
  joins: ['ואז', 'אבל', 'כי', 'וגם', 'ובכל', 'ועוד'],
  accusative: ['את'],
};

/** Latin names and English words a mixed (Hebrew) document carries. */
const LATIN_NAMES = ['Orwin', 'Talbot', 'Kestrel', 'Pemberly', 'Quillon', 'Brantwick', 'Ostrava'];

/** The generated members' names: letters only, in the script of their language. */
const NAMES = {
  he: {
    first: ['גלעד', 'תומר', 'נגה', 'עופרי', 'יהלי', 'אלמוג', 'רותם', 'צופית'],
    last: ['ברקן', 'צורף', 'גפני', 'אלקלעי', 'שחורי', 'פלדמן', 'קרמר', 'זקס'],
  },
  en: {
    first: ['Wilmer', 'Odette', 'Piers', 'Rosalind', 'Tobias', 'Imelda', 'Crispin', 'Verity'],
    last: ['Ashcombe', 'Fairweather', 'Gorringe', 'Hollis', 'Penhallow', 'Quarles', 'Tremain'],
  },
};

const EN_NOUNS = [
  'lantern',
  'glacier',
  'summit',
  'canyon',
  'railway',
  'locomotive',
  'carriage',
  'ticket',
  'compass',
  'telescope',
  'comet',
  'planet',
  'orbit',
  'meteor',
  'thunder',
  'fog',
  'chisel',
  'hammer',
  'anvil',
  'plank',
  'timber',
  'sawdust',
  'workshop',
  'pendulum',
  'gear',
  'spindle',
  'loom',
  'yarn',
  'kiln',
  'clay',
  'glaze',
  'bishop',
  'knight',
  'rook',
  'pawn',
  'ladder',
  'lighthouse',
  'beacon',
  'anchor',
  'rope',
  'sail',
  'valley',
  'meadow',
  'acorn',
  'pinecone',
  'owl',
  'fox',
  'hare',
  'beetle',
  'moth',
  'ember',
  'bonfire',
  'tent',
  'map',
  'tunnel',
  'bridge',
  'quarry',
  'granite',
  'marble',
  'pebble',
  'cliff',
  'ridge',
  'wheelbarrow',
  'drawer',
  'jar',
  'spark',
];

const EN_VERBS = [
  'climb',
  'carve',
  'polish',
  'measure',
  'wander',
  'gather',
  'whistle',
  'sketch',
  'paint',
  'sharpen',
  'kindle',
  'stack',
  'count',
  'drift',
  'glow',
  'rattle',
  'stumble',
  'borrow',
  'pack',
  'hike',
  'camp',
  'knot',
  'weave',
  'fold',
  'watch',
  'hammer',
  'sand',
  'varnish',
];

const EN_ADJECTIVES = [
  'narrow',
  'steep',
  'quiet',
  'rusty',
  'golden',
  'silver',
  'hollow',
  'crooked',
  'distant',
  'ancient',
  'brittle',
  'dusty',
  'frozen',
  'gentle',
  'heavy',
  'crimson',
  'amber',
  'tiny',
  'enormous',
  'patient',
  'clumsy',
  'careful',
];

const EN_GLUE = {
  prepositions: ['near', 'beside', 'under', 'above', 'behind', 'across', 'past'],
  times: ['Yesterday', 'Last autumn', 'Every evening', 'Once', 'Later', 'At dawn'],
  joins: ['and then', 'but', 'while', 'so'],
  subjects: ['we', 'I', 'they', 'she', 'he'],
};

/**
 * The prefixes a Hebrew word may take (ו ה ב כ ל מ ש and the pairs the language writes), each
 * drawn as often as the next, onto a word in PREFIX_SHARE of the slots.
 */
const HE_PREFIXES = [
  'ו',
  'ה',
  'ב',
  'כ',
  'ל',
  'מ',
  'ש',
  'וה',
  'וב',
  'ול',
  'ומ',
  'וש',
  'שה',
  'שב',
  'מה',
  'כש',
];
const PREFIX_SHARE = 0.3;
/** How often a plain Hebrew word is written with its ו or י doubled, or a doubled one single. */
const DOUBLING_SHARE = 0.25;
/** Numbers a mixed document may hold: four digits, from a range no labelled query is in. */
const NUMBERS = { min: 2101, max: 2899 };
// Cantillation: tipcha and etnahta, on a few vocalised documents.
const TIPCHA = '\u0596';
const ETNAHTA = '\u0591';

/** A Hebrew word written with one of its medial ו or י doubled, or a doubled one single. */
function otherSpelling(word) {
  const doubled = /(?<=.)(וו|יי)(?=.)/u;
  if (doubled.test(word)) return word.replace(doubled, (pair) => pair[0]);
  const single = /(?<=.)([וי])(?=.)/u;
  return single.test(word) ? word.replace(single, (letter) => letter + letter) : word;
}

/** An English word in its base form or one of its inflections. */
function inflections(word, part) {
  if (part === 'adjective') return [word];
  const plural = /(s|x|ch|sh)$/u.test(word)
    ? `${word}es`
    : /[^aeiou]y$/u.test(word)
      ? `${word.slice(0, -1)}ies`
      : `${word}s`;
  if (part === 'noun') return [word, plural];
  const stem = word.endsWith('e')
    ? word.slice(0, -1)
    : /^[^aeiou]*[aeiou][^aeiouwxy]$/u.test(word)
      ? word + word.slice(-1)
      : word;
  return [word, plural, `${stem}ing`, `${stem}ed`];
}

/** Every spelling of a Hebrew entry the generator may write, with every prefix it may add. */
function hebrewForms([plain, vocalised]) {
  const bodies = new Set([plain, otherSpelling(plain)]);
  if (vocalised) {
    bodies.add(vocalised);
    bodies.add(vocalised.replace(/^(.\p{M}*)/u, `$1${TIPCHA}`));
    bodies.add(vocalised.replace(/^(.\p{M}*)/u, `$1${ETNAHTA}`));
  }
  const forms = [];
  for (const body of bodies) for (const prefix of ['', ...HE_PREFIXES]) forms.push(prefix + body);
  return forms;
}

/** Every word form the generator can write, for the vocabulary check. */
function everyForm() {
  const forms = [];
  for (const entry of [...HE_NOUNS, ...HE_VERBS, ...HE_ADJECTIVES])
    forms.push(...hebrewForms(entry));
  for (const list of Object.values(HE_GLUE)) forms.push(...list);
  for (const names of Object.values(NAMES)) forms.push(...names.first, ...names.last);
  for (const word of EN_NOUNS) forms.push(...inflections(word, 'noun'));
  for (const word of EN_VERBS) forms.push(...inflections(word, 'verb'));
  for (const word of EN_ADJECTIVES) forms.push(...inflections(word, 'adjective'));
  for (const list of Object.values(EN_GLUE))
    forms.push(...list.flatMap((words) => words.split(' ')));
  forms.push('the', 'a', 'of', 'was', 'were', 'is');
  // A mixed document's Latin words, with a Hebrew prefix and a hyphen (ב-lantern).
  for (const word of [...LATIN_NAMES, ...EN_NOUNS])
    for (const prefix of ['ב', 'ל', 'מ', 'ה', 'וב', 'כש']) forms.push(`${prefix}-${word}`);
  forms.push(...LATIN_NAMES);
  for (let number = NUMBERS.min; number <= NUMBERS.max; number++) forms.push(String(number));
  return forms;
}

/**
 * Refuses a vocabulary that shares a lexeme with a labelled query (spec: `corpus.vocabulary`):
 * no word form the generator may write, read as the index reads it (its folded form, its Hebrew
 * prefix stems, its English stem), may be one of the lexemes a labelled query looks for (its
 * stop words aside, as the query leaves them out), nor begin with an unfinished word's
 * beginnings. Answers the conflicts (empty: the vocabulary is apart).
 */
export function vocabularyConflicts(labelledQueries) {
  const whole = new Map();
  const beginnings = new Map();
  for (const query of labelledQueries) {
    const parsed = searchText.queryTerms(query.query, { typing: query.typing === true });
    for (const clause of parsed.clauses)
      for (const term of clause.terms) {
        for (const lexeme of term.variants) whole.set(lexeme, query.id);
        for (const lexeme of term.prefixes) beginnings.set(lexeme, query.id);
      }
  }
  const conflicts = [];
  for (const form of everyForm())
    for (const term of searchText.documentTerms(form))
      for (const lexeme of term.variants) {
        if (whole.has(lexeme)) conflicts.push(`${form} (${lexeme}) is in ${whole.get(lexeme)}`);
        for (const [beginning, id] of beginnings)
          if (lexeme.startsWith(beginning))
            conflicts.push(`${form} (${lexeme}) begins with ${beginning} of ${id}`);
      }
  return conflicts;
}

/** Throws unless the vocabulary is apart from every labelled query's words. */
export function checkVocabulary(labelledQueries) {
  const conflicts = vocabularyConflicts(labelledQueries);
  if (conflicts.length > 0)
    throw new Error(
      `the corpus vocabulary shares words with the labelled queries:\n  ${conflicts.join('\n  ')}`,
    );
}

/** Sentences and titles in one language, drawn from `random`. */
function writer(random, language, vocalised) {
  const hebrew = (entry) => {
    let word = vocalised && entry[1] ? entry[1] : entry[0];
    if (!vocalised && random.chance(DOUBLING_SHARE)) word = otherSpelling(word);
    return random.chance(PREFIX_SHARE) ? random.pick(HE_PREFIXES) + word : word;
  };
  const english = (word, part) => random.pick(inflections(word, part));
  const he = {
    noun: () => hebrew(random.pick(HE_NOUNS)),
    verb: () => hebrew(random.pick(HE_VERBS)),
    adjective: () => hebrew(random.pick(HE_ADJECTIVES)),
    glue: (kind) => random.pick(HE_GLUE[kind]),
  };
  const en = {
    noun: () => english(random.pick(EN_NOUNS), 'noun'),
    verb: () => english(random.pick(EN_VERBS), 'verb'),
    adjective: () => random.pick(EN_ADJECTIVES),
    glue: (kind) => random.pick(EN_GLUE[kind]),
  };
  /** Something a mixed document puts into a Hebrew sentence. */
  const latin = () => {
    switch (random.int(0, 2)) {
      case 0:
        return random.pick(LATIN_NAMES);
      case 1:
        return String(random.int(NUMBERS.min, NUMBERS.max));
      default:
        return `${random.pick(['ב', 'ל', 'מ', 'ה', 'וב', 'כש'])}-${random.pick([...LATIN_NAMES, ...EN_NOUNS])}`;
    }
  };
  const HE_TEMPLATES = [
    (w) => [w.verb(), w.glue('times'), w.noun(), w.adjective(), w.glue('prepositions'), w.noun()],
    (w) => [w.noun(), w.adjective(), w.glue('joins'), w.noun(), w.adjective()],
    (w) => [
      w.glue('times'),
      w.verb(),
      w.glue('accusative'),
      w.noun(),
      w.glue('prepositions'),
      w.noun(),
      w.adjective(),
    ],
    (w) => [w.noun(), w.glue('prepositions'), w.noun(), w.glue('joins'), w.verb(), w.noun()],
  ];
  const EN_TEMPLATES = [
    (w) => ['The', w.adjective(), w.noun(), w.verb(), w.glue('prepositions'), 'the', w.noun()],
    (w) => [
      w.glue('times'),
      w.glue('subjects'),
      w.verb(),
      'a',
      w.adjective(),
      w.noun(),
      w.glue('joins'),
      w.verb(),
      'the',
      w.noun(),
    ],
    (w) => ['Every', w.noun(), w.verb(), w.glue('prepositions'), 'the', w.adjective(), w.noun()],
    (w) => [
      w.glue('subjects'),
      'was',
      w.verb(),
      'the',
      w.noun(),
      w.glue('prepositions'),
      'a',
      w.noun(),
    ],
  ];
  const words = language === 'en' ? en : he;
  const templates = language === 'en' ? EN_TEMPLATES : HE_TEMPLATES;
  const sentence = () => {
    const parts = random.pick(templates)(words);
    if (language === 'mixed' && random.chance(0.5))
      parts.splice(random.int(1, parts.length), 0, latin());
    if (vocalised && random.chance(0.25)) {
      // Cantillation on the last word, as a text read aloud marks where its verse pauses.
      const last = parts.length - 1;
      parts[last] = parts[last].replace(
        /^(.\p{M}*)/u,
        `$1${random.chance(0.5) ? TIPCHA : ETNAHTA}`,
      );
    }
    const text = parts.join(' ');
    return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`;
  };
  const title = (count) => {
    const parts = [];
    while (parts.length < count)
      parts.push(
        random.chance(0.6) ? words.noun() : random.chance(0.5) ? words.adjective() : words.verb(),
      );
    return parts.join(' ');
  };
  const sentences = (min, max) => Array.from({ length: random.int(min, max) }, sentence).join(' ');
  return { sentence, sentences, title };
}

const pad = (number, width) => String(number).padStart(width, '0');
const FIVE_YEARS_MS = 5 * 365 * 24 * 60 * 60 * 1000;
const FIRST_DAY = Date.UTC(2021, 0, 1);

/**
 * The corpus: `size` documents in generation order (`gen-0000001` upward), drawn from one
 * generator seeded with `seed`. `kinds`: the shares of posts, answers and members (the spec's
 * by default; a bench that can make only posts through the API asks for `{ post: 1 }`: the same
 * seed, shares and size give the same documents). `authors`: the pool of generated members the
 * posts and answers are spread over.
 *
 * - post   { title (4 to 10 words), paragraphs (3 to 12, of 2 to 5 sentences) }
 * - answer { texts (1 to 4, of 1 to 6 sentences) }
 * - member { firstname, lastname, motto, about (each at most 50 characters), answers (2 to 4) }
 *
 * Each has `id`, `kind`, `language` (he 50%, en 45%, mixed 5%: Hebrew with a Latin name, a
 * number or an English word after a prefix and a hyphen), `vocalised` (a tenth of the Hebrew
 * ones), `author` (`gen-member-0001` upward; a member is its own) and `createdAt` (spread over
 * five years from 2021).
 */
export function* generateCorpus({ size, seed = CORPUS_SEED, kinds = SPEC_KINDS, authors = 100 }) {
  const random = seededRandom(seed);
  const shares = Object.entries(kinds);
  const total = shares.reduce((sum, [, share]) => sum + share, 0);
  for (let index = 1; index <= size; index++) {
    let draw = random.next() * total;
    const [kind] = shares.find(([, share]) => (draw -= share) < 0) ?? shares[shares.length - 1];
    const languageDraw = random.next();
    const language = languageDraw < 0.5 ? 'he' : languageDraw < 0.95 ? 'en' : 'mixed';
    const vocalised = language === 'he' && random.chance(0.1);
    const write = writer(random, language, vocalised);
    const author = `gen-member-${pad(random.int(1, authors), 4)}`;
    const createdAt = new Date(FIRST_DAY + Math.floor(random.next() * FIVE_YEARS_MS)).toISOString();
    const base = { id: `gen-${pad(index, 7)}`, kind, language, vocalised, createdAt };
    if (kind === 'post')
      yield {
        ...base,
        author,
        title: write.title(random.int(4, 10)),
        paragraphs: Array.from({ length: random.int(3, 12) }, () => write.sentences(2, 5)),
      };
    else if (kind === 'answer')
      yield {
        ...base,
        author,
        texts: Array.from({ length: random.int(1, 4) }, () => write.sentences(1, 6)),
      };
    else {
      const names = NAMES[language === 'en' ? 'en' : 'he'];
      const line = () => {
        let text = write.sentence();
        while (text.length > 50) text = write.title(random.int(3, 5));
        return text;
      };
      yield {
        ...base,
        author: base.id,
        firstname: random.pick(names.first),
        lastname: random.pick(names.last),
        motto: line(),
        about: line(),
        answers: Array.from({ length: random.int(2, 4) }, () =>
          Array.from({ length: random.int(1, 4) }, () => write.sentences(1, 6)),
        ),
      };
    }
  }
}

/** A generated member's name (the pool `gen-member-0001` upward), in `language`'s letters. */
export function generatedMemberName(number, language) {
  const names = NAMES[language];
  return {
    firstname: names.first[(number - 1) % names.first.length],
    lastname: names.last[Math.floor((number - 1) / names.first.length) % names.last.length],
  };
}
