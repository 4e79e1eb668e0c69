import { CHUNK_LIMIT, splitForTranslation } from './translation';

describe(splitForTranslation.name, () => {
  it('leaves short text whole', () => {
    expect(splitForTranslation('<p>short</p>')).toEqual(['<p>short</p>']);
  });

  it('splits long HTML between paragraphs, under the limit, losing nothing', () => {
    const paragraph = `<p>${'word '.repeat(300)}</p>`;
    const html = paragraph.repeat(10);
    const chunks = splitForTranslation(html);
    expect(chunks.length).toBeGreaterThan(1);
    for (const chunk of chunks) {
      expect(chunk.length).toBeLessThanOrEqual(CHUNK_LIMIT);
      expect(chunk.startsWith('<p>')).toBe(true);
    }
    expect(chunks.join('')).toBe(html);
  });

  it('cuts a single huge block hard, still losing nothing', () => {
    const text = 'x'.repeat(CHUNK_LIMIT * 2 + 10);
    const chunks = splitForTranslation(text);
    expect(chunks.map((c) => c.length)).toEqual([CHUNK_LIMIT, CHUNK_LIMIT, 10]);
  });
});
