import { EXCERPT_MAX, excerptOf } from './excerpt';

describe('excerptOf', () => {
  it('keeps a short text, its white space made single spaces', () => {
    expect(excerptOf('  Where\n\nI   come\tfrom ')).toBe('Where I come from');
  });

  it('cuts a long text at a space, within the limit, with an ellipsis', () => {
    const text = `${'word '.repeat(60)}end`;
    const excerpt = excerptOf(text);
    expect(Array.from(excerpt).length).toBeLessThanOrEqual(EXCERPT_MAX);
    expect(excerpt.endsWith('word…')).toBe(true);
  });

  it('cuts mid-word when there is no space near the end', () => {
    expect(excerptOf('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
  });

  it('never splits a character outside the basic plane', () => {
    const excerpt = excerptOf('😀'.repeat(20), 5);
    expect(excerpt).toBe('😀😀😀😀…');
  });
});
