import { normalise, tokens } from './normalise';

const chars = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, index) => String.fromCodePoint(from + index));

const words = (text: string) => tokens(text).map((token) => [token.text, token.script]);

describe('normalise', () => {
  describe('Hebrew', () => {
    it.each([
      ['each niqqud point (U+05B0–U+05BC)', chars(0x05b0, 0x05bc)],
      ['meteg and rafe (U+05BD, U+05BF)', ['\u05BD', '\u05BF']],
      ['the shin and sin dots (U+05C1, U+05C2)', ['\u05C1', '\u05C2']],
      ['the upper and lower dots (U+05C4, U+05C5)', ['\u05C4', '\u05C5']],
      ['qamats qatan (U+05C7)', ['\u05C7']],
      ['each cantillation mark (U+0591–U+05AF)', chars(0x0591, 0x05af)],
    ])('removes %s', (_, marks) => {
      for (const mark of marks) expect(normalise(`ש${mark}לום`)).toBe('שלומ');
    });

    it('reads a pointed verse with its cantillation as the same words unpointed', () => {
      const verse = 'בְּרֵאשִׁ֖ית בָּרָ֣א אֱלֹהִ֑ים אֵ֥ת הַשָּׁמַ֖יִם וְאֵ֥ת הָאָֽרֶץ׃';
      expect(normalise(verse)).toBe('בראשית ברא אלהימ את השמימ ואת הארצ׃');
      expect(normalise(verse)).toBe(normalise('בראשית ברא אלהים את השמים ואת הארץ׃'));
    });

    it('folds each final letter, wherever it stands', () => {
      expect(normalise('מלך שלום גן כף ארץ')).toBe('מלכ שלומ גנ כפ ארצ');
      expect(normalise('ךםןףץ')).toBe('כמנפצ');
      expect(normalise('מלכים')).toBe('מלכימ');
    });

    it('makes a doubled vav or yod single, as unpointed spelling doubles them and pointed does not', () => {
      expect(normalise('מאפייה')).toBe('מאפיה');
      expect(normalise('מאפיה')).toBe('מאפיה');
      expect(normalise('מַאֲפִיָּה')).toBe('מאפיה');
      expect(normalise('ווילון')).toBe('וילונ');
      expect(normalise('ייי')).toBe('י');
    });

    it('drops a geresh inside a word, however it was typed', () => {
      for (const geresh of ["'", '\u05F3', '\u2019', '\u2018', '`']) {
        expect(normalise(`צ${geresh}יפס`)).toBe('ציפס');
      }
      expect(normalise("ג'ירפה וז'קט")).toBe('גירפה וזקט');
    });

    it('drops gershayim inside an acronym, however it was typed', () => {
      for (const gershayim of ['"', '\u05F4', '\u201C', '\u201D']) {
        expect(normalise(`צה${gershayim}ל`)).toBe('צהל');
      }
      expect(normalise('ארה"ב')).toBe('ארהב');
      expect(normalise('תשפ״ד')).toBe('תשפד');
    });

    it('keeps quotation marks that only stand beside a Hebrew word', () => {
      expect(normalise('"שלום"')).toBe('"שלומ"');
      expect(normalise("'שלום'")).toBe("'שלומ'");
    });

    it('makes the maqaf a space between two words', () => {
      expect(normalise('בית־ספר')).toBe('בית ספר');
      expect(normalise('כָּל־הָעָם')).toBe('כל העמ');
    });

    it('takes presentation forms and Yiddish digraphs to plain letters', () => {
      expect(normalise('\uFB2Aלום')).toBe('שלומ'); // שׁ as one code point
      expect(normalise('\uFB4F')).toBe('אל'); // the alef-lamed ligature
      expect(normalise('\uFB21\uFB22')).toBe('אד'); // wide alef, wide dalet
      expect(normalise('ײִדיש')).toBe('ידיש');
    });
  });

  describe('Latin', () => {
    it('lower-cases and folds diacritics', () => {
      expect(normalise('Café')).toBe('cafe');
      expect(normalise('NAÏVE façade')).toBe('naive facade');
      expect(normalise('Ångström Dvořák Łódź')).toBe('angstrom dvorak lodz');
      expect(normalise('İstanbul')).toBe('istanbul');
    });

    it('folds the letters Unicode does not decompose', () => {
      expect(normalise('Straße Ærø Œuvre Þór')).toBe('strasse aero oeuvre thor');
    });

    it('reads decomposed accents as precomposed ones', () => {
      expect(normalise('Cafe\u0301')).toBe(normalise('Caf\u00E9'));
    });

    it('takes compatibility forms to plain letters', () => {
      expect(normalise('ﬁne')).toBe('fine');
      expect(normalise('ＡＢＣ')).toBe('abc');
    });

    it('drops an apostrophe inside a word, and only there', () => {
      expect(normalise("Don't, O’Brien")).toBe('dont, obrien');
      expect(normalise("'quoted'")).toBe("'quoted'");
    });
  });

  it('makes any script’s decimal digits ASCII', () => {
    expect(normalise('١٢٣ ۴۵۶ १२३ １２３')).toBe('123 456 123 123');
  });

  it('removes direction marks, isolates and other invisible characters', () => {
    expect(normalise('\u202Bשלום\u202C \u2067world\u2069')).toBe('שלומ world');
    expect(normalise('\u200Fabc\u200E')).toBe('abc');
    expect(normalise('ex\u00ADample')).toBe('example');
    expect(normalise('\uFEFFשל\u200Dום')).toBe('שלומ');
  });

  it('removes a mark that belongs to no letter', () => {
    expect(normalise(' \u05B8 x')).toBe('  x');
  });

  it('keeps other scripts’ letters and marks, lower-cased', () => {
    expect(normalise('Привет')).toBe('привет');
    expect(normalise('हिन्दी')).toBe('हिन्दी');
  });

  it('keeps what is not a word as it is', () => {
    expect(normalise('Hello, world! (1+1=2)')).toBe('hello, world! (1+1=2)');
  });

  it('changes nothing the second time', () => {
    for (const text of [
      'וּבַמַּאֲפִיָּה שֶׁל צה"ל, ג׳ירפה־ענק',
      'Crème brûlée, Straße, İstanbul, don’t',
      '\u202Bמעורב mixed ١٢٣\u202C',
    ]) {
      expect(normalise(normalise(text))).toBe(normalise(text));
    }
  });
});

describe('tokens', () => {
  it('tags each word with its script', () => {
    expect(words('שלום world 2024 мир')).toEqual([
      ['שלומ', 'he'],
      ['world', 'latin'],
      ['2024', 'digits'],
      ['мир', 'other'],
    ]);
  });

  it('splits a Hebrew word glued to a Latin one, and letters glued to digits', () => {
    expect(words('שלוםworld')).toEqual([
      ['שלומ', 'he'],
      ['world', 'latin'],
    ]);
    expect(words('worldשלום')).toEqual([
      ['world', 'latin'],
      ['שלומ', 'he'],
    ]);
    expect(words('iPhone15')).toEqual([
      ['iphone', 'latin'],
      ['15', 'digits'],
    ]);
    expect(words('3.14')).toEqual([
      ['3', 'digits'],
      ['14', 'digits'],
    ]);
  });

  it('reads a prefix on a Latin word or a number as a clitic, not a word', () => {
    const found = tokens('עבדתי בGoogle וב-2020 ה־iPhone');
    expect(found.map((token) => [token.text, token.clitic])).toEqual([
      ['עבדתי', false],
      ['ב', true],
      ['google', false],
      ['וב', true],
      ['2020', false],
      ['ה', true],
      ['iphone', false],
    ]);
  });

  it('reads no clitic across a space, nor in a word that is not a prefix', () => {
    expect(tokens('ב 2020').map((token) => token.clitic)).toEqual([false, false]);
    expect(tokens('שלוםworld').map((token) => token.clitic)).toEqual([false, false]);
    expect(tokens('ב').map((token) => token.clitic)).toEqual([false]);
  });

  it('gives each word its place in the original text, niqqud included', () => {
    const text = 'אָמַר: שָׁלוֹם!';
    const [first, second] = tokens(text);
    expect(text.slice(first!.start, first!.end)).toBe('אָמַר');
    expect(text.slice(second!.start, second!.end)).toBe('שָׁלוֹם');
  });

  it('keeps a word with a geresh or gershayim inside whole', () => {
    const text = 'אכלתי צ\'יפס בצה"ל';
    expect(tokens(text).map((token) => text.slice(token.start, token.end))).toEqual([
      'אכלתי',
      "צ'יפס",
      'בצה"ל',
    ]);
  });

  it('keeps a geresh that ends an abbreviation, but not an ASCII quote there', () => {
    const text = "גב׳ כהן אמרה 'שלום' לכולם";
    expect(tokens(text).map((token) => text.slice(token.start, token.end))).toEqual([
      'גב׳',
      'כהן',
      'אמרה',
      'שלום',
      'לכולם',
    ]);
    expect(tokens(text).map((token) => token.text)).toEqual(['גב', 'כהנ', 'אמרה', 'שלומ', 'לכולמ']);
  });

  it('keeps an apostrophe between Latin letters, and splits at others', () => {
    expect(words("don't rock 'n' roll")).toEqual([
      ['dont', 'latin'],
      ['rock', 'latin'],
      ['n', 'latin'],
      ['roll', 'latin'],
    ]);
  });

  it('splits at the maqaf, hyphens and punctuation', () => {
    expect(words('בית־ספר e-mail a/b')).toEqual([
      ['בית', 'he'],
      ['ספר', 'he'],
      ['e', 'latin'],
      ['mail', 'latin'],
      ['a', 'latin'],
      ['b', 'latin'],
    ]);
  });

  it('ignores invisible characters inside a word and between words', () => {
    expect(words('ex\u00ADample \u200Fשל\u200Dום\u200F')).toEqual([
      ['example', 'latin'],
      ['שלומ', 'he'],
    ]);
  });

  it('finds no word in punctuation or nothing', () => {
    expect(tokens('')).toEqual([]);
    expect(tokens(' ,.;!?"\'()[]{}<>&|*:-־ ')).toEqual([]);
  });
});
