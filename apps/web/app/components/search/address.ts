import type { StoryHit, StoryKind } from '@mepedia/contracts';
import {
  SEARCH_QUERY_LIMIT,
  SEARCH_STORY_KINDS,
  type PeopleSearch,
  type StoriesSearch,
} from '@mepedia/web-api/queries';

// The search page's address (issue 36): the query, the stories' filters and order, and where a
// later page starts, all in the address, so every search and every page of it is a link of its
// own (shareable, back-button safe, and it works without scripts).

export const SEARCH_PATH = '/search';

export type SearchAddress = {
  /** `q`, trimmed and cut to the longest query the service takes; '' when there is none. */
  query: string;
  /** `kinds`: a comma list (`kinds=post,answer`) or repeated (a form's checkboxes); none is all. */
  kinds: StoryKind[];
  language: 'en' | 'he' | undefined;
  sort: 'relevance' | 'newest';
  /** Where the stories start (`cursor`), or the people (`peopleCursor`): a later page. */
  cursor: string | undefined;
  peopleCursor: string | undefined;
};

/** What the address asks for; anything it does not understand is left out, never an error. */
export function readSearch(params: URLSearchParams): SearchAddress {
  const asked = new Set(
    params
      .getAll('kinds')
      .flatMap((value) => value.split(','))
      .map((value) => value.trim()),
  );
  const language = params.get('language');
  return {
    query: (params.get('q') ?? '').trim().slice(0, SEARCH_QUERY_LIMIT).trim(),
    // In one order whatever the address's, so one search is one key and one request.
    kinds: SEARCH_STORY_KINDS.filter((kind) => asked.has(kind)),
    language: language === 'en' || language === 'he' ? language : undefined,
    sort: params.get('sort') === 'newest' ? 'newest' : 'relevance',
    cursor: params.get('cursor') || undefined,
    peopleCursor: params.get('peopleCursor') || undefined,
  };
}

/** The stories' request, without where it starts (the infinite query adds the cursors). */
export function storiesSearch(address: SearchAddress): StoriesSearch {
  return {
    query: address.query,
    ...(address.kinds.length > 0 ? { kinds: address.kinds } : {}),
    ...(address.language ? { language: address.language } : {}),
    ...(address.sort === 'newest' ? { sort: 'newest' as const } : {}),
  };
}

/** The people's request: the query alone (the filters and the order are the stories'). */
export function peopleSearch(address: SearchAddress): PeopleSearch {
  return { query: address.query };
}

/** Whether the stories are filtered (an empty list then suggests fewer filters). */
export const isFiltered = (address: SearchAddress) =>
  address.kinds.length > 0 || address.language !== undefined;

/**
 * The address of a search (without the language prefix: links localize it): the same search
 * with `changes`, its default values left out.
 */
export function searchAddress(
  address: SearchAddress,
  changes: Partial<SearchAddress> = {},
): string {
  const next = { ...address, ...changes };
  const params = new URLSearchParams();
  if (next.query) params.set('q', next.query);
  if (next.kinds.length > 0) params.set('kinds', next.kinds.join(','));
  if (next.language) params.set('language', next.language);
  if (next.sort === 'newest') params.set('sort', 'newest');
  if (next.cursor) params.set('cursor', next.cursor);
  if (next.peopleCursor) params.set('peopleCursor', next.peopleCursor);
  const search = params.toString();
  return search ? `${SEARCH_PATH}?${search}` : SEARCH_PATH;
}

/** Where the site shows a questionnaire answer's or a private answer's question: its place. */
export type StoryPlaces = {
  /** The questionnaire's questions' places (1 to 10), by question id. */
  questions: Readonly<Record<string, number>>;
  /** Each member's private questions' places, by member and question id, where known. */
  privateAnswers: Readonly<Record<string, Readonly<Record<string, number>> | undefined>>;
};

/**
 * Where a story found is read: a post on its page; a questionnaire answer on its owner's "me",
 * at its question (`/me/{owner}/{n}`, or their first answer when its place is not known); a
 * private answer on its owner's private questions' page (`/me/{owner}/custom-question/{n}`,
 * which shows the reader what they may read of them, or the first of those).
 */
export function storyPath(
  hit: Pick<StoryHit, 'kind' | 'id' | 'ownerId' | 'questionId'>,
  places: StoryPlaces,
) {
  const owner = encodeURIComponent(hit.ownerId);
  switch (hit.kind) {
    case 'post':
      return `/post/${encodeURIComponent(hit.id)}`;
    case 'answer': {
      const index = hit.questionId === null ? undefined : places.questions[hit.questionId];
      return index === undefined ? `/me/${owner}` : `/me/${owner}/${index}`;
    }
    case 'privateAnswer': {
      const index = places.privateAnswers[hit.ownerId]?.[hit.questionId ?? hit.id];
      const page = `/me/${owner}/custom-question`;
      return index === undefined ? page : `${page}/${index}`;
    }
  }
}
