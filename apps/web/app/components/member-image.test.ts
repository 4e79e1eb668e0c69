import { describe, expect, it } from 'vitest';
import { imageSources } from './member-image';

const id = 'Abcdefghij0123456789_-';

describe('imageSources', () => {
  it('offers an uploaded image in the widths asked for, from where the API is', () => {
    expect(imageSources(`/api/files/image/${id}`, [320, 640, 960])).toEqual({
      src: `/api/files/image/${id}?w=640`,
      srcSet: `/api/files/image/${id}?w=320 320w, /api/files/image/${id}?w=640 640w, /api/files/image/${id}?w=960 960w`,
    });
    expect(
      imageSources(`/api/files/image/${id}`, [160, 320], 'https://api.mepedia.example').src,
    ).toBe(`https://api.mepedia.example/api/files/image/${id}?w=160`);
  });

  it('leaves the site’s own pictures as they are', () => {
    expect(imageSources('/me-answer.svg', [320, 640])).toEqual({ src: '/me-answer.svg' });
    expect(imageSources(`/api/files/image/${id}/x`, [320])).toEqual({
      src: `/api/files/image/${id}/x`,
    });
  });
});
