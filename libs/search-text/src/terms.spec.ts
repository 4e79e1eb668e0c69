import { parseVector } from '../test/tsquery-match';
import { MAX_POSITION, documentTerms, documentVector, variantsOf } from './terms';

describe('variantsOf', () => {
  it('gives a Hebrew word its prefix stems, an English word its stem, others themselves', () => {
    expect(variantsOf('ובמאפיה', 'he')).toEqual(['ובמאפיה', 'במאפיה', 'מאפיה']);
    expect(variantsOf('baking', 'latin')).toEqual(['baking', 'bake']);
    expect(variantsOf('bread', 'latin')).toEqual(['bread']);
    expect(variantsOf('2020', 'digits')).toEqual(['2020']);
    expect(variantsOf('привет', 'other')).toEqual(['привет']);
  });
});

describe('documentTerms', () => {
  it('numbers the words from 1 and keeps their places in the text', () => {
    const text = 'אָמַר: "Fresh bread!"';
    const terms = documentTerms(text);
    expect(
      terms.map((term) => [term.text, term.position, text.slice(term.start, term.end)]),
    ).toEqual([
      ['אמר', 1, 'אָמַר'],
      ['fresh', 2, 'Fresh'],
      ['bread', 3, 'bread'],
    ]);
  });

  it('makes a Hebrew prefix on a Latin word or number part of that word', () => {
    const text = 'עבדתי בGoogle מ-2019';
    expect(
      documentTerms(text).map((term) => [
        term.text,
        term.position,
        text.slice(term.start, term.end),
      ]),
    ).toEqual([
      ['עבדתי', 1, 'עבדתי'],
      ['google', 2, 'בGoogle'],
      ['2019', 3, 'מ-2019'],
    ]);
  });

  it('leaves out a word too long to be one, keeping its position', () => {
    const terms = documentTerms(`before ${'x'.repeat(65)} after ${'y'.repeat(64)}`);
    expect(terms.map((term) => [term.text.slice(0, 5), term.position])).toEqual([
      ['befor', 1],
      ['after', 3],
      ['yyyyy', 4],
    ]);
  });
});

describe('documentVector', () => {
  it('puts each word’s variants at the word’s own position', () => {
    expect(documentVector('ובמאפייה חלב טרי, baking bread')).toBe(
      "'ובמאפיה':1 'במאפיה':1 'מאפיה':1 'חלב':2 'טרי':3 'baking':4 'bake':4 'bread':5",
    );
  });

  it('lists a repeated word’s positions once each', () => {
    expect(documentVector('bread and bread, breads')).toBe("'bread':1,3,4 'and':2 'breads':4");
  });

  it('labels every position with the weight asked for, D being no label', () => {
    expect(documentVector('fresh bread', { weight: 'A' })).toBe("'fresh':1A 'bread':2A");
    expect(documentVector('fresh bread', { weight: 'D' })).toBe("'fresh':1 'bread':2");
  });

  it('gives an empty vector for a text without words', () => {
    expect(documentVector('')).toBe('');
    expect(documentVector(' -- ! ')).toBe('');
  });

  it(`gives words past position ${MAX_POSITION} that position, as PostgreSQL would`, () => {
    // Distinct words of letters only: a, b, … z, ba, bb, …
    const word = (index: number): string =>
      (index >= 26 ? word(Math.floor(index / 26)) : '') + String.fromCharCode(97 + (index % 26));
    const words = Array.from({ length: MAX_POSITION + 10 }, (_, index) => `q${word(index)}`);
    const vector = parseVector(documentVector(words.join(' ')));
    expect(Math.max(...[...vector.values()].flat())).toBe(MAX_POSITION);
    expect(vector.get(words[MAX_POSITION - 2]!)).toContain(MAX_POSITION - 1);
    expect(vector.get(words[MAX_POSITION + 5]!)).toEqual([MAX_POSITION]);
  });

  it('writes a literal that reads back as the document’s words', () => {
    const vector = parseVector(documentVector("צה\"ל, O'Brien's café ו־מאפייה"));
    expect([...vector.keys()]).toEqual(['צהל', 'obriens', 'obrien', 'cafe', 'ו', 'מאפיה', 'אפיה']);
  });
});
