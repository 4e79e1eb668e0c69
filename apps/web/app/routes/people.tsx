import {
  SEARCH_QUERY_LIMIT,
  followQueries,
  searchQueries,
  userQueries,
} from '@mepedia/web-api/queries';
import {
  QueryClient,
  dehydrate,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { QueryProvider } from '../components/query/query-provider';
import { followMessages, registerMessages, searchMessages } from '@mepedia/web-i18n';
import { FollowButton } from '../components/follow/follow-button';
import { Form, useSearchParams } from 'react-router';
import { PersonCard } from '../components/person-card';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/people';
import { SearchX, Users } from 'lucide-react';
import { EmptyState } from '../components/empty-state';
import { Field, SelectField } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { Pagination } from '../components/ui/pagination';
import {
  PEOPLE_PAGE_SIZE,
  pageAddress,
  queryOf,
  searchPageAddress,
  searchStartOf,
} from '../lib/people-query';
import { richMessage } from '../lib/rich-message';
import { PeopleResults, usePeople } from '../components/search/results';
import '../styles/search.css';

registerMessages(followMessages);
registerMessages(searchMessages);

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, { title: 'menu.people' });

/** The words a search looks for, as long as the search service takes them; '' for none. */
const searchedOf = (query: { searchValue: string }) =>
  query.searchValue.slice(0, SEARCH_QUERY_LIMIT).trim();

/**
 * The directory's page the address asks for; with words to look for, the search service's
 * people instead (issue 36): names, mottos, "about" lines and the answers the reader may read,
 * so "bread" finds the baker whose motto says so, best match first, by cursor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  const params = new URL(request.url).searchParams;
  const query = queryOf(params);
  const searched = searchedOf(query);
  const memberIds = searched
    ? await queryClient
        .fetchInfiniteQuery(
          searchQueries.people(api, { query: searched }, searchStartOf(params), PEOPLE_PAGE_SIZE),
        )
        .then((list) => list.pages.flatMap((page) => page.people.map((person) => person.id)))
        .catch(() => [])
    : await queryClient
        .fetchQuery(userQueries.people(api, query))
        .then((people) => people.users.map((person) => person.id))
        .catch(() => []);
  // Every card's follow counts in one call; if it fails, the browser asks once more.
  if (memberIds.length)
    await queryClient.prefetchQuery(followQueries.states(api, queryClient, memberIds));
  return { dehydrated: dehydrate(queryClient) };
}

/** Every card's follow counts and buttons' states in one call, in the page's cache. */
function useFollowStates(memberIds: string[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  useQuery(followQueries.states(api, queryClient, memberIds));
}

/**
 * The list could not be read, on the server or here: it says so, and tries again; a later page
 * of a search also offers its first (a position the service no longer takes stays refused).
 */
function LoadFailed({ retry, first }: { retry: () => void; first?: string | undefined }) {
  const { t } = useI18n();
  return (
    <EmptyState
      icon={SearchX}
      title={t('people.loadFailed')}
      action={
        <>
          <button type="button" className="button" onClick={retry}>
            {t('people.retry')}
          </button>
          {first && (
            <LocalizedLink className="button button-secondary" to={first}>
              {t('search.firstResults')}
            </LocalizedLink>
          )}
        </>
      }
    />
  );
}

/** No one matches the words: say them back, and offer everyone. */
function NoMatch({ searched }: { searched: string }) {
  const { t } = useI18n();
  return (
    <EmptyState
      icon={SearchX}
      title={t('people.noMatch.title')}
      action={
        <LocalizedLink className="button button-secondary" to="/people">
          {t('people.noMatch.clear')}
        </LocalizedLink>
      }
    >
      <p>{richMessage(t, 'people.noMatch.text', { query: <bdi>{searched}</bdi> })}</p>
    </EmptyState>
  );
}

/**
 * A search's results (the search service's): each person with the words around the match, their
 * Follow button (one call a page for the buttons' states), "More people" in place.
 */
function SearchResults({ searched }: { searched: string }) {
  const [params] = useSearchParams();
  const api = useApi();
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const people = usePeople({ query: searched }, searchStartOf(params), true, PEOPLE_PAGE_SIZE);
  useQueries({
    queries: (people.list.data?.pages ?? []).map((page) =>
      followQueries.states(
        api,
        queryClient,
        page.people.map((person) => person.id),
      ),
    ),
  });
  // A later page (its own address, from "More people" without script or a shared link) leads
  // back to the first.
  const first = searchStartOf(params) ? searchPageAddress(params) : undefined;
  if (people.list.isError && !people.list.data)
    return <LoadFailed retry={() => void people.list.refetch()} first={first} />;
  return (
    <>
      {first && (
        <p>
          <LocalizedLink to={first}>{t('search.firstResults')}</LocalizedLink>
        </p>
      )}
      <h2 className="visually-hidden">{t('people.list')}</h2>
      <PeopleResults
        people={people}
        empty={<NoMatch searched={searched} />}
        moreAddress={(cursor) => searchPageAddress(params, cursor)}
        action={(person) => (
          <FollowButton member={{ id: person.id, name: person.fullname.text }} batched />
        )}
      />
    </>
  );
}

function Results() {
  const [params] = useSearchParams();
  const api = useApi();
  const { t } = useI18n();
  const query = queryOf(params);
  const { data, isError, refetch } = useQuery(userQueries.people(api, query));
  const people = data?.users ?? [];
  useFollowStates(people.map((person) => person.id));
  if (isError && !data) return <LoadFailed retry={() => void refetch()} />;
  if (people.length === 0) return <EmptyState icon={Users} title={t('home.recommended.empty')} />;
  const page = query.pageNumber + 1;
  return (
    <>
      {/* The cards' names are level 3: the list has its level-2 heading, for screen readers. */}
      <h2 className="visually-hidden">{t('people.list')}</h2>
      <ul className="card-grid">
        {people.map((person) => (
          <li key={person.id}>
            <PersonCard
              person={person}
              action={<FollowButton member={{ id: person.id, name: person.fullname }} batched />}
            />
          </li>
        ))}
      </ul>
      <Pagination
        by="page"
        previous={page > 1 ? pageAddress(params, page - 1) : undefined}
        next={data?.hasMore ? pageAddress(params, page + 1) : undefined}
        status={t('people.page', { page })}
      />
    </>
  );
}

export default function People({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const query = queryOf(params);
  const searched = searchedOf(query);
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <section className="page" aria-labelledby="people-title">
        <h1 id="people-title">{t('menu.people')}</h1>
        <Form method="get" className="filters" role="search" aria-label={t('people.searchLabel')}>
          <Field
            label={t('people.searchLabel')}
            id="people-search"
            name="searchValue"
            type="search"
            dir="auto"
            defaultValue={query.searchValue}
          />
          {/* A search is in order of best match; the directory's order is for browsing. */}
          {!searched && (
            <SelectField
              label={t('people.sort')}
              id="people-sort"
              name="sortBy"
              defaultValue={query.sortBy}
              options={[
                { value: 'mostRecent', label: t('people.sort.mostRecent') },
                { value: 'oldest', label: t('people.sort.oldest') },
              ]}
            />
          )}
          <button type="submit" className="button">
            {t('people.search')}
          </button>
        </Form>
        {searched ? (
          <>
            <p>
              <LocalizedLink to={`/search?q=${encodeURIComponent(searched)}`}>
                {t('people.searchStories')}
              </LocalizedLink>
            </p>
            <SearchResults searched={searched} key={`${searched}/${params.get('cursor') ?? ''}`} />
          </>
        ) : (
          <Results />
        )}
      </section>
    </QueryProvider>
  );
}
