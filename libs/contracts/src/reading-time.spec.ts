import { READING_WORDS_PER_MINUTE, readingMinutes, wordCount } from './reading-time';

describe('wordCount', () => {
  it('counts runs of letters between any white space, in either script', () => {
    expect(wordCount('  Where\n\nI   come\tfrom ')).toBe(4);
    expect(wordCount('הקיץ שבו בנינו סירה')).toBe(4);
    expect(wordCount('')).toBe(0);
    expect(wordCount(' \n ')).toBe(0);
  });
});

describe('readingMinutes', () => {
  const words = (n: number) => Array.from({ length: n }, () => 'word').join(' ');

  it('is at least one minute, even for a few words', () => {
    expect(readingMinutes('')).toBe(1);
    expect(readingMinutes('A short note.')).toBe(1);
  });

  it('rounds a started minute up', () => {
    expect(readingMinutes(words(READING_WORDS_PER_MINUTE))).toBe(1);
    expect(readingMinutes(words(READING_WORDS_PER_MINUTE + 1))).toBe(2);
    expect(readingMinutes(words(READING_WORDS_PER_MINUTE * 4))).toBe(4);
  });
});
