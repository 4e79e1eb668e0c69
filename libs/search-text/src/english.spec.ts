import { finds } from '../test/tsquery-match';
import { ENGLISH_STOP_WORDS, englishStem } from './english';
import { queryTerms } from './query';

const motto = 'Bread, stories and bicycles';

describe('englishStem', () => {
  it.each([
    ['baking', 'bake'],
    ['bakes', 'bake'],
    ['stories', 'stori'],
    ['story', 'stori'],
    ['running', 'run'],
    ['generously', 'generous'],
    ['communities', 'communiti'],
    ['bicycles', 'bicycl'],
  ])('stems %s as %s (Porter2, as PostgreSQL’s english_stem)', (word, stem) => {
    expect(englishStem(word)).toBe(stem);
  });
});

describe('English words in the index and in queries', () => {
  it('finds a word by another form of it, both ways', () => {
    expect(finds('bakeries', 'The old bakery on the corner')).toBe(true);
    expect(finds('bakery', 'Two bakeries closed')).toBe(true);
    expect(finds('story', motto)).toBe(true);
    expect(finds('bicycle', motto)).toBe(true);
    expect(finds('bread', motto)).toBe(true);
  });

  it('finds words in either case and with or without accents', () => {
    expect(finds('CAFES', 'a small café')).toBe(true);
    expect(finds('Café', 'CAFE')).toBe(true);
  });

  it('does not find a different word that begins the same', () => {
    expect(finds('bread', 'the breadth of it')).toBe(false);
    expect(finds('bake', 'baker')).toBe(false);
  });

  it('finds a word with an apostrophe by the word without it', () => {
    expect(finds("John's", 'john')).toBe(true);
    expect(finds('dont', "I don't know")).toBe(true);
    expect(finds('obrien', "Mrs O'Brien")).toBe(true);
  });

  it('needs every word of the query', () => {
    expect(finds('bread bicycles', motto)).toBe(true);
    expect(finds('bread cakes', motto)).toBe(false);
  });

  it('leaves stop words out of a query, so a text without them is still found', () => {
    expect(queryTerms('the baker', { typing: false }).clauses).toHaveLength(1);
    expect(finds('a baker', 'Baker of bread')).toBe(true);
    expect(finds('stories of bicycles', motto)).toBe(true);
  });

  it('keeps stop words when the query has nothing else, or inside a phrase', () => {
    expect(ENGLISH_STOP_WORDS.has('the')).toBe(true);
    expect(finds('this is it', 'This is it, she said')).toBe(true);
    expect(finds('this is it', 'it was')).toBe(false);
    expect(finds('"stories and bicycles"', motto)).toBe(true);
    expect(finds('"bread and bicycles"', motto)).toBe(false);
  });

  it('keeps negations, which change what is asked', () => {
    expect(ENGLISH_STOP_WORDS.has('not')).toBe(false);
    expect(ENGLISH_STOP_WORDS.has('no')).toBe(false);
  });
});
