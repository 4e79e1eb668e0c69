import type { ApiRoute, ApiService } from './api-route';
import * as searchSchemas from './search';
import {
  PeopleResults,
  SEARCH_QUERY_MAX,
  SearchPeopleRequest,
  SearchStoriesRequest,
  StoriesPage,
} from './search';

const VIEW =
  'Always the caller’s view: a guest finds what is public; a member also what is shared with members, with circles they are in, and their own (drafts never; answers to their own private questions only while they may read them). Nothing held or removed by moderation (but one’s own), nothing deleted, nothing by a member who blocks the caller or whom the caller blocked. A change (a story narrowed, hidden, deleted) applies to results within two seconds.';
const QUERY = `The query is at most ${SEARCH_QUERY_MAX} characters (FIELD_REQUIRED when empty, TOO_LONG beyond). A cursor from another query, filter or sort, or one the service did not make, answers INVALID_CURSOR.`;

export const searchRoutes = {
  searchStories: {
    method: 'POST',
    path: '/api/search/searchStories',
    rate: ['search'],
    summary: 'Stories (posts, questionnaire answers, one’s own private answers) matching a query',
    description: `${VIEW} ${QUERY} Each result carries its title and a snippet with the matches marked (offsets into plain text, never markup).`,
    auth: 'anyone',
    body: SearchStoriesRequest,
    status: 200,
    response: StoriesPage,
    errors: ['INVALID_CURSOR'],
  },
  searchPeople: {
    method: 'POST',
    path: '/api/search/searchPeople',
    rate: ['search'],
    summary: 'People whose name, motto, about or answers match a query',
    description: `${VIEW} People are the members of the people directory (a published profile), and the caller; a member is found by an answer only where the caller may read that answer. ${QUERY}`,
    auth: 'anyone',
    body: SearchPeopleRequest,
    status: 200,
    response: PeopleResults,
    errors: ['INVALID_CURSOR'],
  },
} as const satisfies Record<string, ApiRoute>;

export const searchApi: ApiService = {
  service: 'search',
  title: 'Search',
  description:
    'Full-text search of people and stories in Hebrew and English (our addition, issue 36): niqqud, final letters and Hebrew prefixes ignored, English words stemmed, phrases, matches marked in snippets, always within what the caller may read. Rules and choices: docs/api/search.md.',
  schemas: { ...searchSchemas },
  routes: Object.values(searchRoutes),
};
