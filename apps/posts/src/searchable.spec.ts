import { randomUUID } from 'node:crypto';
import { SEARCHABLE_TEXT_MAX, cappedText, searchableDeleted, searchableOf } from './searchable';
import { SANITIZER_VERSION } from './sanitize';

const post = (overrides: Partial<Parameters<typeof searchableOf>[0]> = {}) => ({
  id: randomUUID(),
  publisherId: randomUUID(),
  questionId: null,
  privacy: 'members' as const,
  title: 'קיץ ביפו',
  content: '<p>One &amp; two</p><p>three</p>',
  contentSanitizer: SANITIZER_VERSION,
  image: '/api/files/image/Postimage0123456789_-a',
  createdAt: new Date('2026-03-04T05:06:07.089Z'),
  ...overrides,
});

describe(searchableOf.name, () => {
  it('describes a member’s post: its audience, title, plain text, picture and first publication', () => {
    const made = post();
    expect(searchableOf(made, { caseId: 'c1', reason: 'firstLinks' })).toEqual({
      kind: 'post',
      id: made.id,
      ownerId: made.publisherId,
      audience: 'members',
      title: 'קיץ ביפו',
      text: 'One & two\nthree',
      image: made.image,
      createdAt: '2026-03-04T05:06:07.089Z',
      deleted: false,
      review: { caseId: 'c1', reason: 'firstLinks' },
    });
    expect(searchableOf(made)).not.toHaveProperty('review');
  });

  it('reads content stored under an older sanitizer policy as the current one stores it', () => {
    const older = post({
      content: '<p>a <a href="javascript:x()">b</a> <a href="https://x.example">c</span></p>',
      contentSanitizer: 0,
    });
    expect(searchableOf(older)?.text).toBe('a b c');
  });

  it('describes no questionnaire answer’s magazine post, made or deleted', () => {
    expect(searchableOf(post({ questionId: 'roots' }))).toBeUndefined();
    expect(searchableDeleted(post({ questionId: 'roots' }))).toBeUndefined();
  });

  it('sends a deletion without its words', () => {
    const gone = post();
    expect(searchableDeleted(gone)).toEqual({
      kind: 'post',
      id: gone.id,
      ownerId: gone.publisherId,
      audience: 'members',
      title: '',
      text: '',
      image: null,
      createdAt: '2026-03-04T05:06:07.089Z',
      deleted: true,
    });
  });

  it('caps the text at SEARCHABLE_TEXT_MAX, never between the halves of one character', () => {
    const long = post({ content: `<p>${'word '.repeat(30_000)}</p>` });
    expect(searchableOf(long)?.text).toHaveLength(SEARCHABLE_TEXT_MAX);
    expect(cappedText('abc', 3)).toBe('abc');
    expect(cappedText('ab😀c', 3)).toBe('ab');
    expect(cappedText('ab😀c', 4)).toBe('ab😀');
    expect(cappedText('שלום', 2)).toBe('של');
  });
});
