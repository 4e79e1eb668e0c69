import { carriesLink, needsReview } from './review-holds';

describe('review holds', () => {
  it('finds links as people write them, in either script, and no email address or number', () => {
    for (const text of [
      'Tickets at https://trips.example/cheap',
      'see www.spam.biz today',
      'cheap-pills.xyz/offer',
      'ראו כאן: מבצע.com',
      'http://127.0.0.1:8080/x',
    ])
      expect({ text, linked: carriesLink(text) }).toEqual({ text, linked: true });
    for (const text of [
      'Write to me at dana@example.org',
      'It cost 3.50 and weighed 1.5 kg',
      'the file notes.txt and node.js',
      'שלום, זה הסיפור שלי',
      '',
      null,
    ])
      expect({ text, linked: carriesLink(text) }).toEqual({ text, linked: false });
  });

  it('holds a linked item while fewer than the first items are out, asking the count only then', async () => {
    const asked: number[] = [];
    const out = (count: number) => async (limit: number) => {
      asked.push(limit);
      return Math.min(count, limit);
    };
    expect(await needsReview({ firstItems: 3 }, true, out(2))).toBe(true);
    expect(await needsReview({ firstItems: 3 }, true, out(3))).toBe(false);
    expect(asked).toEqual([3, 3]);
    expect(await needsReview({ firstItems: 3 }, false, out(0))).toBe(false);
    // Turned off: nothing waits, nothing is counted.
    expect(await needsReview({ firstItems: 0 }, true, out(0))).toBe(false);
    expect(asked).toEqual([3, 3]);
  });
});
