import type { PostSummary } from '@mepedia/contracts';
import { describe, expect, it } from 'vitest';
import { COVER_TINTS, coverTint, hasOwnPicture, initialOf } from './story-cover';

const story = (fields: Partial<PostSummary> = {}) => ({
  image: '/api/files/image/AAAAAAAAAAAAAAAAAAAAAA',
  questionId: null,
  publisher: { id: 'u', fullname: 'Dana', profileImage: '/api/files/image/BBBBBBBBBBBBBBBBBBBBBB' },
  ...fields,
});

describe('hasOwnPicture', () => {
  it('takes a story’s own picture', () => {
    expect(hasOwnPicture(story())).toBe(true);
  });

  it('refuses no picture, and a me answer’s avatar or default', () => {
    expect(hasOwnPicture(story({ image: '' }))).toBe(false);
    expect(hasOwnPicture(story({ image: '  ' }))).toBe(false);
    expect(
      hasOwnPicture(story({ questionId: 'q1', image: '/api/files/image/BBBBBBBBBBBBBBBBBBBBBB' })),
    ).toBe(false);
    expect(hasOwnPicture(story({ questionId: 'q1', image: '/me-answer.svg' }))).toBe(false);
  });

  it('keeps a me answer’s picture that is not its publisher’s face', () => {
    expect(hasOwnPicture(story({ questionId: 'q1' }))).toBe(true);
    // A story (not an answer) may use the same picture as its author's profile on purpose.
    expect(hasOwnPicture(story({ image: '/api/files/image/BBBBBBBBBBBBBBBBBBBBBB' }))).toBe(true);
  });
});

describe('coverTint', () => {
  it('gives a story the same tint every time, within the range', () => {
    const id = '0192f0c4-6d1e-7a3b-9c2d-1e2f3a4b5c6d';
    expect(coverTint(id)).toBe(coverTint(id));
    for (let i = 0; i < 200; i++) {
      const tint = coverTint(`post-${i}`);
      expect(tint).toBeGreaterThanOrEqual(1);
      expect(tint).toBeLessThanOrEqual(COVER_TINTS);
    }
  });

  it('spreads stories over every tint', () => {
    const used = new Set(Array.from({ length: 100 }, (_, i) => coverTint(`post-${i}`)));
    expect(used.size).toBe(COVER_TINTS);
  });
});

describe('initialOf', () => {
  it('is the first letter or digit of a title, past quotes and marks', () => {
    expect(initialOf('Where I come from')).toBe('W');
    expect(initialOf('“Quiet” summers')).toBe('Q');
    expect(initialOf('  מאיפה באתי')).toBe('מ');
    expect(initialOf('1948, the year')).toBe('1');
    expect(initialOf('— ?!')).toBe('');
  });
});
