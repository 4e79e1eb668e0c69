import { describe, expect, it } from 'vitest';
import {
  peopleSearch,
  readSearch,
  searchAddress,
  storiesSearch,
  storyPath,
  type StoryPlaces,
} from './address';

describe('the search page’s address', () => {
  it('reads the query and the filters, in one order, and leaves out what it does not know', () => {
    const address = readSearch(
      new URLSearchParams(
        'q=%20%D7%9C%D7%97%D7%9D%20&kinds=answer,nonsense&kinds=post&language=fr&sort=newest&cursor=c-2',
      ),
    );
    expect(address).toEqual({
      query: 'לחם',
      kinds: ['post', 'answer'],
      language: undefined,
      sort: 'newest',
      cursor: 'c-2',
      peopleCursor: undefined,
    });
    expect(readSearch(new URLSearchParams('sort=sideways&language=he&kinds='))).toMatchObject({
      query: '',
      kinds: [],
      language: 'he',
      sort: 'relevance',
    });
  });

  it('cuts a query to what the service takes (200 characters)', () => {
    const long = `${'a'.repeat(199)} bread`;
    expect(readSearch(new URLSearchParams({ q: long })).query).toBe('a'.repeat(199));
  });

  it('asks the service only for what is chosen, the order only when it is not the default', () => {
    const plain = readSearch(new URLSearchParams('q=bread'));
    expect(storiesSearch(plain)).toEqual({ query: 'bread' });
    const filtered = readSearch(
      new URLSearchParams('q=bread&kinds=post,answer&language=he&sort=newest'),
    );
    expect(storiesSearch(filtered)).toEqual({
      query: 'bread',
      kinds: ['post', 'answer'],
      language: 'he',
      sort: 'newest',
    });
    // The filters and the order are the stories': people are found by the words alone.
    expect(peopleSearch(filtered)).toEqual({ query: 'bread' });
  });

  it('writes a search back as a link, with a later page’s cursor', () => {
    const address = readSearch(new URLSearchParams('q=לחם טרי&kinds=post&kinds=answer'));
    expect(searchAddress(address)).toBe(
      `/search?q=${encodeURIComponent('לחם')}+${encodeURIComponent('טרי')}&kinds=post%2Canswer`,
    );
    expect(searchAddress(address, { cursor: 'c/2' })).toBe(
      `/search?q=${encodeURIComponent('לחם')}+${encodeURIComponent('טרי')}&kinds=post%2Canswer&cursor=c%2F2`,
    );
    expect(searchAddress(readSearch(new URLSearchParams()))).toBe('/search');
  });
});

describe('where a story found is read', () => {
  const places: StoryPlaces = {
    questions: { 'q-childhood': 1, 'q-work': 4 },
    privateAnswers: { 'owner-1': { 'pq-a': 1, 'pq-b': 3 } },
  };
  const hit = (kind: 'post' | 'answer' | 'privateAnswer', id: string, questionId: string | null) =>
    ({ kind, id, ownerId: 'owner-1', questionId }) as const;

  it('opens a post on its page', () => {
    expect(storyPath(hit('post', 'p-1', null), places)).toBe('/post/p-1');
  });

  it('opens an answer at its question on its owner’s “me”, or at the first when unknown', () => {
    expect(storyPath(hit('answer', 'a-1', 'q-work'), places)).toBe('/me/owner-1/4');
    expect(storyPath(hit('answer', 'a-1', 'q-gone'), places)).toBe('/me/owner-1');
  });

  it('opens a private answer at its question’s place, or the owner’s first one', () => {
    expect(storyPath(hit('privateAnswer', 'pq-b', 'pq-b'), places)).toBe(
      '/me/owner-1/custom-question/3',
    );
    expect(storyPath(hit('privateAnswer', 'pq-c', null), places)).toBe(
      '/me/owner-1/custom-question',
    );
    expect(storyPath({ ...hit('privateAnswer', 'pq-a', 'pq-a'), ownerId: 'owner-2' }, places)).toBe(
      '/me/owner-2/custom-question',
    );
  });
});
