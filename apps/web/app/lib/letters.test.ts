import { describe, expect, it } from 'vitest';
import { hasLatinText } from './letters';

describe('hasLatinText', () => {
  it('finds Latin letters in member text however deep the loader data holds it', () => {
    expect(
      hasLatinText({
        dehydrated: {
          queries: [{ state: { data: { posts: [{ title: 'הקיץ' }, { title: 'The boat' }] } } }],
        },
      }),
    ).toBe(true);
    expect(hasLatinText({ user: { fullname: 'Émile' } })).toBe(true);
  });

  it('reads Hebrew text, markup, ids and links as no Latin letters', () => {
    expect(
      hasLatinText({
        post: {
          postId: '01a20822-d536-7b32',
          title: 'הקיץ שבו בנינו את הסירה',
          content: '<p dir="auto">אבא ואני&nbsp;בנינו, 1990–2024.</p>',
          image: 'https://example.com/x.webp',
          publisher: { fullname: 'נועה כהן', id: 'abc' },
        },
        locale: 'he',
      }),
    ).toBe(false);
    expect(hasLatinText(null)).toBe(false);
    expect(hasLatinText('Latin but not member text')).toBe(false);
  });
});
