import { finds, parseQuery } from '../test/tsquery-match';
import { MAX_QUERY_TERMS, queryTerms, toTsQuery } from './query';
import { quoteLexeme } from './terms';

const whole = (query: string) => toTsQuery(queryTerms(query, { typing: false }));
const typed = (query: string) => toTsQuery(queryTerms(query));

describe('queryTerms', () => {
  it('reads a word with its variants', () => {
    expect(queryTerms('Baking', { typing: false })).toEqual({
      clauses: [
        {
          quoted: false,
          terms: [{ text: 'baking', script: 'latin', variants: ['baking', 'bake'], prefixes: [] }],
        },
      ],
    });
    expect(queryTerms('ובמאפייה', { typing: false }).clauses[0]!.terms[0]!.variants).toEqual([
      'ובמאפיה',
      'במאפיה',
      'מאפיה',
    ]);
  });

  it('reads quoted text as one phrase, whatever the quotation marks', () => {
    for (const query of [
      '"fresh bread"',
      '“fresh bread”',
      '«fresh bread»',
      '״fresh bread״',
      '„fresh bread“',
    ]) {
      const { clauses } = queryTerms(query);
      expect(clauses).toHaveLength(1);
      expect(clauses[0]!.quoted).toBe(true);
      expect(clauses[0]!.terms.map((term) => term.text)).toEqual(['fresh', 'bread']);
    }
  });

  it('runs an unclosed quote to the end', () => {
    const { clauses } = queryTerms('bakery "fresh bre');
    expect(clauses.map((clause) => clause.quoted)).toEqual([false, true]);
    expect(clauses[1]!.terms.map((term) => [term.text, term.prefixes])).toEqual([
      ['fresh', []],
      ['bre', ['bre']],
    ]);
  });

  it('reads gershayim between Hebrew letters as part of the word, not a quote', () => {
    expect(queryTerms('צה"ל', { typing: false }).clauses).toEqual([
      { quoted: false, terms: [expect.objectContaining({ text: 'צהל' })] },
    ]);
    expect(queryTerms('"צה"ל ומשטרה"', { typing: false }).clauses).toEqual([
      {
        quoted: true,
        terms: [
          expect.objectContaining({ text: 'צהל' }),
          expect.objectContaining({ text: 'ומשטרה' }),
        ],
      },
    ]);
    expect(queryTerms('צָה"ל', { typing: false }).clauses[0]!.terms[0]!.text).toBe('צהל');
  });

  it('reads words that punctuation joins as a phrase', () => {
    expect(
      queryTerms('e-mail iPhone15', { typing: false }).clauses.map((clause) =>
        clause.terms.map((term) => term.text),
      ),
    ).toEqual([
      ['e', 'mail'],
      ['iphone', '15'],
    ]);
  });

  it('leaves out a Hebrew prefix written onto a Latin word', () => {
    expect(whole('בGoogle')).toBe("('google' | 'googl')");
    expect(whole('ב-2020')).toBe("'2020'");
  });

  it('leaves out a repeated word', () => {
    expect(whole('bread Bread BREAD')).toBe("'bread'");
  });

  it(`keeps at most ${MAX_QUERY_TERMS} words`, () => {
    const query = Array.from(
      { length: 40 },
      (_, index) => `word${String.fromCharCode(97 + (index % 26))}${index >= 26 ? 'x' : ''}`,
    ).join(' ');
    const terms = queryTerms(query).clauses.flatMap((clause) => clause.terms);
    expect(terms).toHaveLength(MAX_QUERY_TERMS);
  });

  describe('while typing', () => {
    it('matches the last word as a beginning', () => {
      expect(typed('bak')).toBe("'bak':*");
      expect(finds('bak', 'the baker', { typing: true })).toBe(true);
      expect(finds('bak', 'the baker', { typing: false })).toBe(false);
    });

    it('matches a typed English word by its stem too', () => {
      expect(typed('bakeries')).toBe("('bakeri' | 'bakeries':*)");
      expect(finds('bakeries', 'the bakery', { typing: true })).toBe(true);
    });

    it('matches a typed Hebrew word as a beginning in each of its variants', () => {
      expect(typed('ובמאפ')).toBe("('ובמאפ':* | 'במאפ':* | 'מאפ':*)");
      expect(finds('ובמאפ', 'מאפייה שכונתית', { typing: true })).toBe(true);
      expect(finds('לחם ובמאפ', 'לחם מאפייה', { typing: true })).toBe(true);
    });

    it('matches only the last word so, and only with nothing after it', () => {
      expect(typed('fresh bak')).toBe("'fresh' & 'bak':*");
      expect(typed('bak ')).toBe("'bak'");
      expect(typed('bak,')).toBe("'bak'");
      expect(typed('"fresh bak"')).toBe("'fresh' <-> 'bak'");
      expect(typed('"fresh bak')).toBe("'fresh' <-> 'bak':*");
    });

    it('reads a word followed only by invisible characters as unfinished', () => {
      expect(typed('bak\u200F')).toBe("'bak':*");
    });

    it('leaves out a one-letter unfinished word', () => {
      expect(typed('מאפייה ב')).toBe("('מאפיה' | 'אפיה')");
      expect(typed('b')).toBeNull();
      expect(whole('vitamin d')).toBe("'vitamin' & 'd'");
    });

    it('keeps an unfinished stop word, which may be the start of another', () => {
      expect(typed('the')).toBe("'the':*");
      expect(typed('bread the')).toBe("'bread' & 'the':*");
    });
  });
});

describe('toTsQuery', () => {
  it('ORs a word’s variants, follows a phrase’s words, ANDs the rest', () => {
    expect(whole('ובמאפייה "fresh bread"')).toBe(
      "('ובמאפיה' | 'במאפיה' | 'מאפיה') & ('fresh' <-> 'bread')",
    );
    expect(whole('"לחם ובמאפייה"')).toBe("'לחמ' <-> ('ובמאפיה' | 'במאפיה' | 'מאפיה')");
  });

  it('finds a phrase only in its order, and whichever form each word has', () => {
    expect(finds('"לחם טרי"', 'לחם טרי מהתנור')).toBe(true);
    expect(finds('"טרי לחם"', 'לחם טרי מהתנור')).toBe(false);
    expect(finds('"לחם טרי"', 'לחם, ועוד משהו טרי')).toBe(false);
    expect(finds('"חלב ומאפייה"', 'חלב ובמאפייה')).toBe(true);
    expect(finds('"fresh breads"', 'Fresh bread!')).toBe(true);
  });

  it('finds a phrase that mixes Hebrew and English', () => {
    expect(finds('"עבדתי בGoogle"', 'עבדתי בGoogle שנתיים')).toBe(true);
    expect(finds('"קפה latte"', 'הזמנתי קפה Latte')).toBe(true);
  });

  it('keeps only the words themselves without variants, for ranking', () => {
    const parsed = queryTerms('ובמאפייה baking bakeries');
    expect(toTsQuery(parsed, { variants: false })).toBe("'ובמאפיה' & 'baking' & 'bakeries':*");
  });

  it('gives null for a query without a word', () => {
    for (const query of ['', '   ', '...', '"" «»', '!?', '\u200F\u202B', '-', '״'])
      expect(typed(query)).toBeNull();
  });

  describe('with hostile input', () => {
    const hostile = [
      "'",
      "''",
      '\\',
      "\\'",
      '&|!():*<->',
      "bread' | 'butter",
      "x' & !'y",
      'bread:* & !butter',
      '(a | b) <-> c',
      "a'b'c",
      '"\'\\"\\\'',
      "'; drop table posts; --",
      '<2> <-> <-1>',
      "ש'\\\"ל'",
      '\u0000\u0001\u007F',
    ];

    it.each(hostile)('writes a well-formed query for %j, or none', (query) => {
      for (const literal of [typed(query), whole(query)]) {
        if (literal === null) continue;
        expect(() => parseQuery(literal)).not.toThrow();
        // Nothing of the input but letters and digits reaches a lexeme.
        for (const [, lexeme] of literal.matchAll(/'((?:[^'\\]|''|\\.)*)'/g))
          expect(lexeme).toMatch(/^[\p{L}\p{Nd}]+$/u);
      }
    });

    it('reads operators as the word separators they are', () => {
      expect(whole("bread' | 'butter")).toBe("'bread' & 'butter'");
      expect(whole('bread:* & !butter')).toBe("'bread' & 'butter'");
      expect(whole('&|!():*<->')).toBeNull();
      expect(whole("a'b'c")).toBe("'abc'");
    });

    it.each([
      ['quotes', '"'.repeat(10_000)],
      ['backslashes', '\\'.repeat(10_000)],
      ['operators', '&|!():*<->'.repeat(1_000)],
      ['one long word', 'א'.repeat(10_000)],
      ['many words', 'word '.repeat(2_000)],
      [
        'many different words',
        Array.from({ length: 2_000 }, (_, index) => `w${index.toString(36)}x`).join(' '),
      ],
      ['mixed', Array.from({ length: 1_000 }, (_, index) => `צ"ל'${index}\\&<->`).join('')],
    ])('writes a small well-formed query for 10,000 characters of %s', (_, query) => {
      expect(query.length).toBeGreaterThanOrEqual(10_000);
      for (const literal of [typed(query), whole(query)]) {
        if (literal === null) continue;
        expect(() => parseQuery(literal)).not.toThrow();
        expect(literal.match(/'(?:[^'\\]|''|\\.)*'/g)!.length).toBeLessThanOrEqual(
          MAX_QUERY_TERMS * 6,
        );
      }
    });

    it('leaves out a word too long to be a word', () => {
      expect(whole('א'.repeat(10_000))).toBeNull();
      expect(whole(`bread ${'x'.repeat(65)}`)).toBe("'bread'");
    });
  });
});

describe('quoteLexeme', () => {
  it('doubles a quote and escapes a backslash, so any lexeme stays one', () => {
    expect(quoteLexeme("it's")).toBe("'it''s'");
    expect(quoteLexeme('a\\b')).toBe("'a\\\\b'");
    expect(parseQuery(`${quoteLexeme("it's\\")} & ${quoteLexeme("'")}`)).toEqual({
      kind: 'and',
      children: [
        { kind: 'lexeme', text: "it's\\", prefix: false },
        { kind: 'lexeme', text: "'", prefix: false },
      ],
    });
  });
});
