import { finds } from '../test/tsquery-match';
import { MIN_HEBREW_STEM, hebrewVariants } from './hebrew';
import { HEBREW_PREFIXES, MAX_HEBREW_PREFIX, isHebrewPrefix } from './hebrew-prefixes';

const SINGLE_PREFIXES = ['ו', 'ה', 'ב', 'כ', 'ל', 'מ', 'ש'];
const SEQUENCES = [
  'וב',
  'וה',
  'ול',
  'ומ',
  'וש',
  'של',
  'שב',
  'שה',
  'מה',
  'כש',
  'לכש',
  'ושה',
  'ומה',
  'וכשה',
  'ושמה',
];

describe('HEBREW_PREFIXES', () => {
  it('holds the seven letters and the sequences Hebrew writes', () => {
    for (const prefix of [...SINGLE_PREFIXES, ...SEQUENCES])
      expect(HEBREW_PREFIXES).toContain(prefix);
  });

  it('holds no sequence out of order: ו first, ה last and never after ב כ ל, מ never before ב כ ל', () => {
    for (const prefix of [
      'הב',
      'בה',
      'לה',
      'כה',
      'הו',
      'בו',
      'מב',
      'מל',
      'מכ',
      'בש',
      'לש',
      'וו',
      'בב',
      'הה',
      'שו',
    ])
      expect(HEBREW_PREFIXES).not.toContain(prefix);
  });

  it(`holds nothing longer than ${MAX_HEBREW_PREFIX} letters`, () => {
    expect(Math.max(...HEBREW_PREFIXES.map((prefix) => prefix.length))).toBe(MAX_HEBREW_PREFIX);
    expect(isHebrewPrefix('ולכשה')).toBe(false);
  });

  it('is what isHebrewPrefix knows', () => {
    expect(isHebrewPrefix('וב')).toBe(true);
    expect(isHebrewPrefix('בית')).toBe(false);
  });
});

describe('hebrewVariants', () => {
  it('gives the word and each stem its prefixes leave, longest first', () => {
    expect(hebrewVariants('ובמאפייה')).toEqual(['ובמאפיה', 'במאפיה', 'מאפיה']);
    expect(hebrewVariants('מאפייה')).toEqual(['מאפיה', 'אפיה']);
    // ו, וכ (and as), וכש (and when), וכשה (and when the)
    expect(hebrewVariants('וכשהילדים')).toEqual([
      'וכשהילדימ',
      'כשהילדימ',
      'שהילדימ',
      'הילדימ',
      'ילדימ',
    ]);
  });

  it('folds the word first: niqqud, final letters, doubled letters, gershayim', () => {
    expect(hebrewVariants('וּבַמַּאֲפִיָּה')).toEqual(['ובמאפיה', 'במאפיה', 'מאפיה']);
    expect(hebrewVariants('בצה"ל')).toEqual(['בצהל', 'צהל']);
    expect(hebrewVariants('בארץ')).toEqual(['בארצ', 'ארצ']);
  });

  it.each(SINGLE_PREFIXES)('takes off the prefix %s', (prefix) => {
    expect(hebrewVariants(`${prefix}ספר`)).toEqual([`${prefix}ספר`, 'ספר']);
  });

  it.each(SEQUENCES)('takes off the sequence %s and each prefix it starts with', (sequence) => {
    const variants = hebrewVariants(`${sequence}ספר`);
    expect(variants[0]).toBe(`${sequence}ספר`);
    expect(variants).toContain('ספר');
    for (let length = 1; length < sequence.length; length += 1) {
      const start = sequence.slice(0, length);
      if (isHebrewPrefix(start)) expect(variants).toContain(`${sequence.slice(length)}ספר`);
    }
  });

  it(`never leaves a stem shorter than ${MIN_HEBREW_STEM} letters`, () => {
    expect(MIN_HEBREW_STEM).toBe(3);
    expect(hebrewVariants('כלב')).toEqual(['כלב']); // not לב
    expect(hebrewVariants('מים')).toEqual(['מימ']); // not ים
    expect(hebrewVariants('לבן')).toEqual(['לבנ']); // not בן
    expect(hebrewVariants('בגן')).toEqual(['בגנ']);
    expect(hebrewVariants('ושבגן')).toEqual(['ושבגנ', 'שבגנ', 'בגנ']);
    expect(hebrewVariants('הספר')).toEqual(['הספר', 'ספר']);
  });

  it('reads prefixes only in their order', () => {
    expect(hebrewVariants('הוספר')).toEqual(['הוספר', 'וספר']); // ו is never after ה
    expect(hebrewVariants('להורים')).toEqual(['להורימ', 'הורימ']); // ה is never after ל
    expect(hebrewVariants('מבקשים')).toEqual(['מבקשימ', 'בקשימ']); // ב is never after מ
  });

  it('reads no sequence longer than four letters', () => {
    expect(hebrewVariants('ולכשהספר')).toContain('הספר');
    expect(hebrewVariants('ולכשהספר')).not.toContain('ספר');
  });

  it('leaves a word that is not Hebrew alone, normalised', () => {
    expect(hebrewVariants('Bread')).toEqual(['bread']);
    expect(hebrewVariants('2020')).toEqual(['2020']);
    expect(hebrewVariants('')).toEqual(['']);
  });
});

describe('Hebrew words in the index and in queries', () => {
  it('finds a word with prefixes by the bare word, and the bare word by a query with prefixes', () => {
    expect(finds('ובמאפייה', 'קניתי לחם מאפייה')).toBe(true);
    expect(finds('מאפייה', 'ישבנו ובמאפייה שתינו קפה')).toBe(true);
    expect(finds('מאפייה', 'ישבנו במאפייה')).toBe(true);
  });

  it('finds the same word under two different prefixes', () => {
    expect(finds('ובמאפייה', 'הלכנו למאפייה')).toBe(true);
    expect(finds('כשהילדים', 'והילדים שיחקו')).toBe(true);
  });

  it.each(SINGLE_PREFIXES)('matches the prefix %s both ways', (prefix) => {
    expect(finds('ספר', `קראתי ${prefix}ספר`)).toBe(true);
    expect(finds(`${prefix}ספר`, 'קראתי ספר')).toBe(true);
  });

  it.each(SEQUENCES)('matches the sequence %s both ways', (sequence) => {
    expect(finds('ספר', `קראתי ${sequence}ספר`)).toBe(true);
    expect(finds(`${sequence}ספר`, 'קראתי ספר')).toBe(true);
  });

  it('takes off no suffix: בית does not find ביתה, nor ילד ילדים', () => {
    expect(finds('בית', 'הלכתי ביתה')).toBe(false);
    expect(finds('ביתה', 'הבית שלי')).toBe(false);
    expect(finds('ילד', 'הילדים')).toBe(false);
  });

  it('finds no two-letter word inside a three-letter one', () => {
    expect(finds('לב', 'הכלב נבח')).toBe(false);
    expect(finds('ים', 'שתיתי מים')).toBe(false);
    expect(finds('בן', 'חולצה לבן')).toBe(false);
    expect(finds('גן', 'שיחקנו בגן')).toBe(false); // the cost of the rule
    expect(finds('בגן', 'שיחקנו בגן')).toBe(true);
  });

  it('has the false friends it documents: a word-initial letter read as a prefix', () => {
    expect(finds('אפייה', 'מאפייה שכונתית')).toBe(true);
    expect(finds('מאפייה', 'ספר על אפייה')).toBe(true);
    expect(finds('שירה', 'החייל ירה')).toBe(true);
  });

  it('ignores niqqud and cantillation on either side', () => {
    expect(finds('מאפייה', 'וּבַמַּאֲפִיָּה')).toBe(true);
    expect(finds('וּבַמַּאֲפִיָּה', 'מאפייה')).toBe(true);
    expect(finds('הארץ', 'בְּרֵאשִׁ֖ית בָּרָ֣א אֱלֹהִ֑ים אֵ֥ת הַשָּׁמַ֖יִם וְאֵ֥ת הָאָֽרֶץ׃')).toBe(true);
    expect(finds('שמים', 'בְּרֵאשִׁ֖ית בָּרָ֣א אֱלֹהִ֑ים אֵ֥ת הַשָּׁמַ֖יִם וְאֵ֥ת הָאָֽרֶץ׃')).toBe(true);
  });

  it('matches final and plain letters both ways', () => {
    expect(finds('ארצ', 'בכל הארץ')).toBe(true);
    expect(finds('בארץ', 'ארצ')).toBe(true);
    expect(finds('מלך', 'המלכ')).toBe(true);
  });

  it('matches a geresh or gershayim however it was typed, and under prefixes', () => {
    expect(finds('צ׳יפס', "אכלנו והצ'יפס")).toBe(true);
    expect(finds("צ'יפס", 'ציפס')).toBe(true);
    expect(finds('בצה"ל', 'שירתתי בצה״ל')).toBe(true);
    expect(finds('צה״ל', 'מצה"ל')).toBe(true);
  });

  it('matches a word split by the maqaf as its words', () => {
    expect(finds('ספר', 'בית־ספר')).toBe(true);
    expect(finds('"בית ספר"', 'בית־ספר')).toBe(true);
    expect(finds('"בית ספר"', 'בית־הספר')).toBe(true); // a phrase's words take prefixes too
    expect(finds('"בית ספר"', 'ספר בית')).toBe(false);
  });

  it('matches a Latin word or number under a Hebrew prefix', () => {
    expect(finds('Google', 'עבדתי בGoogle')).toBe(true);
    expect(finds('בGoogle', 'Google')).toBe(true);
    expect(finds('2020', 'עליתי ב-2020')).toBe(true);
    expect(finds('"עליתי 2020"', 'עליתי ב-2020')).toBe(true);
  });
});
