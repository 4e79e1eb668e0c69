import type { HighlightedText } from '@mepedia/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HighlightedParagraph, segmentsOf } from './highlighted';

const text = (fields: Partial<HighlightedText> & { text: string }): HighlightedText => ({
  matches: [],
  cutBefore: false,
  cutAfter: false,
  ...fields,
});

describe('segmentsOf', () => {
  it('cuts a text at its matches, in UTF-16 offsets as the service counts them', () => {
    expect(
      segmentsOf('Warm bread at dawn, bread again', [
        { start: 5, end: 10 },
        { start: 20, end: 25 },
      ]),
    ).toEqual([
      { text: 'Warm ', match: false },
      { text: 'bread', match: true },
      { text: ' at dawn, ', match: false },
      { text: 'bread', match: true },
      { text: ' again', match: false },
    ]);
    // An emoji is two code units: the offsets after it count both.
    expect(segmentsOf('🍞 bread', [{ start: 3, end: 8 }])).toEqual([
      { text: '🍞 ', match: false },
      { text: 'bread', match: true },
    ]);
  });

  it('never repeats or loses text for ranges out of order, overlapping or out of the text', () => {
    const cut = segmentsOf('abcdefgh', [
      { start: 4, end: 6 },
      { start: 1, end: 3 },
      { start: 2, end: 5 },
      { start: 7, end: 40 },
      { start: 6, end: 6 },
    ]);
    expect(cut.map((segment) => segment.text).join('')).toBe('abcdefgh');
    expect(cut.filter((segment) => segment.match).map((segment) => segment.text)).toEqual([
      'bc',
      'de',
      'f',
      'h',
    ]);
    expect(segmentsOf('abc', [])).toEqual([{ text: 'abc', match: false }]);
    expect(segmentsOf('', [{ start: 0, end: 2 }])).toEqual([]);
  });
});

describe('HighlightedParagraph', () => {
  it('marks the matches in Hebrew text in its own direction, with the cuts’ ellipses', () => {
    const html = renderToStaticMarkup(
      <HighlightedParagraph
        text={text({
          text: 'ובבוקר אפינו לחם בתנור של סבתא',
          matches: [{ start: 13, end: 16 }],
          cutBefore: true,
          cutAfter: true,
        })}
      />,
    );
    expect(html).toBe(
      '<p dir="auto" lang="he"><span aria-hidden="true">…</span>ובבוקר אפינו <mark>לחם</mark> בתנור של סבתא<span aria-hidden="true">…</span></p>',
    );
  });

  it('keeps member text as text, never markup', () => {
    const html = renderToStaticMarkup(
      <HighlightedParagraph
        text={text({ text: '<b>bread</b> & butter', matches: [{ start: 3, end: 8 }] })}
      />,
    );
    expect(html).toBe(
      '<p dir="auto" lang="en">&lt;b&gt;<mark>bread</mark>&lt;/b&gt; &amp; butter</p>',
    );
  });
});
