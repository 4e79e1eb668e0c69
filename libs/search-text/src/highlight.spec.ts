import { finds } from '../test/tsquery-match';
import { matchRanges, snippetOf } from './highlight';
import { queryTerms } from './query';

const marked = (text: string, query: string, typing = false) =>
  matchRanges(text, queryTerms(query, { typing })).map((range) =>
    text.slice(range.start, range.end),
  );

const verse = 'בְּרֵאשִׁ֖ית בָּרָ֣א אֱלֹהִ֑ים אֵ֥ת הַשָּׁמַ֖יִם וְאֵ֥ת הָאָֽרֶץ׃';

describe('matchRanges', () => {
  it('marks a pointed word whole, its prefixes and niqqud included', () => {
    const text = 'קָנִינוּ לֶחֶם וּבַמַּאֲפִיָּה שֶׁלָּנוּ';
    expect(marked(text, 'מאפייה')).toEqual(['וּבַמַּאֲפִיָּה']);
    expect(marked(text, 'לחם')).toEqual(['לֶחֶם']);
  });

  it('marks words with cantillation, without the punctuation after them', () => {
    expect(marked(verse, 'ארץ')).toEqual(['הָאָֽרֶץ']);
    expect(marked(verse, 'השמים בראשית')).toEqual(['בְּרֵאשִׁ֖ית', 'הַשָּׁמַ֖יִם']);
  });

  it('marks a word by a final or plain letter, geresh or gershayim', () => {
    expect(marked('בכל הארץ', 'ארצ')).toEqual(['הארץ']);
    expect(marked('שירתתי בצה״ל', 'צה"ל')).toEqual(['בצה״ל']);
    expect(marked("אכלנו צ'יפס", 'ציפס')).toEqual(["צ'יפס"]);
  });

  it('marks English words by their stem, and only those', () => {
    expect(marked('Bakeries, baking and a baker', 'bakery')).toEqual(['Bakeries']);
    expect(marked('Bakeries, baking and a baker', 'bake')).toEqual(['baking']);
  });

  it('marks a phrase from its first word to its last, only where the words follow one another', () => {
    const text = 'fresh bread, bread fresh, fresh  bread';
    expect(marked(text, '"fresh bread"')).toEqual(['fresh bread', 'fresh  bread']);
    expect(marked('לֶחֶם טָרִי מהתנור', '"לחם טרי"')).toEqual(['לֶחֶם טָרִי']);
  });

  it('marks no phrase across a word too long to be indexed, as the index does not match one', () => {
    const text = `fresh ${'x'.repeat(65)} bread`;
    expect(marked(text, '"fresh bread"')).toEqual([]);
    expect(finds('"fresh bread"', text)).toBe(false);
    expect(marked(text, 'fresh bread')).toEqual(['fresh', 'bread']);
  });

  it('marks a Latin word with the Hebrew prefix written onto it', () => {
    expect(marked('עבדתי בGoogle שנתיים', 'google')).toEqual(['בGoogle']);
  });

  it('marks a word still being typed by its beginning', () => {
    expect(marked('The baker bakes', 'bak', true)).toEqual(['baker', 'bakes']);
    expect(marked('The baker bakes', 'bak', false)).toEqual([]);
  });

  it('joins overlapping matches into one range', () => {
    expect(marked('fresh bread daily', 'bread "fresh bread"')).toEqual(['fresh bread']);
  });

  it('marks nothing for a query without words or a text without the words', () => {
    expect(marked('fresh bread', '')).toEqual([]);
    expect(marked('fresh bread', 'butter')).toEqual([]);
  });

  it('agrees with the index on what matches', () => {
    const texts = ['וּבַמַּאֲפִיָּה שֶׁלָּנוּ', 'Two bakeries', 'לחם טרי', 'עבדתי בGoogle', verse];
    const queries = [
      'מאפייה',
      'bakery',
      '"לחם טרי"',
      '"טרי לחם"',
      'google',
      'הארץ',
      'שמים ארץ',
      'ים',
    ];
    for (const text of texts)
      for (const query of queries)
        expect([text, query, marked(text, query).length > 0]).toEqual([
          text,
          query,
          finds(query, text),
        ]);
  });
});

describe('snippetOf', () => {
  const filler = (count: number) => 'lorem ipsum '.repeat(count).trim();

  it('gives a short text whole, with its matches', () => {
    const snippet = snippetOf('Fresh bread daily', queryTerms('bread'));
    expect(snippet).toEqual({
      text: 'Fresh bread daily',
      start: 0,
      end: 17,
      highlights: [{ start: 6, end: 11 }],
    });
  });

  it('cuts a long text around its match, at white space', () => {
    const text = `${filler(50)} the old bakery on the corner ${filler(50)}`;
    const snippet = snippetOf(text, queryTerms('bakery'), { length: 60 });
    expect(snippet.text.length).toBeLessThanOrEqual(60);
    expect(snippet.text).toContain('bakery');
    expect(text.slice(snippet.start, snippet.end)).toBe(snippet.text);
    expect(text[snippet.start - 1]).toBe(' ');
    expect(text[snippet.end]).toBe(' ');
    const [highlight] = snippet.highlights;
    expect(snippet.text.slice(highlight!.start, highlight!.end)).toBe('bakery');
    // Context comes before the match, not only after it.
    expect(highlight!.start).toBeGreaterThan(5);
  });

  it('chooses the window with the most matches', () => {
    const text = `bread ${filler(40)} bread and more bread and bread ${filler(40)}`;
    const snippet = snippetOf(text, queryTerms('bread'), { length: 50 });
    expect(snippet.highlights).toHaveLength(3);
  });

  it('cuts pointed text between words, never inside one', () => {
    const words = 'שָׁלוֹם עֲלֵיכֶם וּבַמַּאֲפִיָּה לֶחֶם '.repeat(20);
    const text = `${words}הַמַּאֲפִיָּה הַחֲדָשָׁה ${words}`;
    const snippet = snippetOf(text, queryTerms('החדשה'), { length: 80 });
    expect(snippet.text).toContain('הַחֲדָשָׁה');
    expect(text[snippet.start - 1]).toBe(' ');
    expect(text[snippet.end]).toBe(' ');
    const [highlight] = snippet.highlights;
    expect(snippet.text.slice(highlight!.start, highlight!.end)).toBe('הַחֲדָשָׁה');
  });

  it('gives the beginning of a text without a match', () => {
    const text = filler(50);
    const snippet = snippetOf(text, queryTerms('bread'), { length: 40 });
    expect(snippet.start).toBe(0);
    expect(snippet.highlights).toEqual([]);
    expect(text.startsWith(snippet.text)).toBe(true);
    expect(text[snippet.end]).toBe(' ');
  });

  it('never cuts a character outside the basic plane in two', () => {
    const text = '😀'.repeat(100);
    const snippet = snippetOf(text, queryTerms('x'), { length: 11 });
    expect(snippet.text).toBe('😀'.repeat(5));
  });
});
