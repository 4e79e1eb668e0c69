import type { StoryKind } from '@mepedia/contracts';
import {
  createTranslator,
  localizePath,
  registerMessages,
  searchMessages,
  splitLocale,
} from '@mepedia/web-i18n';
import { SEARCH_QUERY_LIMIT, searchQueries } from '@mepedia/web-api/queries';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { Search as SearchIcon, SearchX } from 'lucide-react';
import { Fragment, useEffect, useRef, type FormEvent } from 'react';
import { data, Form, useLocation, useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { Field, SelectField } from '../components/field';
import { SEARCHED_FROM_HEADER } from '../components/header';
import { LocalizedLink } from '../components/localized-link';
import { QueryProvider } from '../components/query/query-provider';
import {
  isFiltered,
  peopleSearch,
  readSearch,
  searchAddress,
  storiesSearch,
  type SearchAddress,
} from '../components/search/address';
import {
  FailedSearch,
  PeopleResults,
  StoriesResults,
  failureOf,
  usePeople,
  useStories,
  type SearchFailure,
} from '../components/search/results';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { questionPlaces, searchFailure } from '../lib/search.server';
import { pageMeta, rootOf } from '../lib/seo';
import { useRootData } from '../root';
import type { Route } from './+types/search';
import '../styles/search.css';

registerMessages(searchMessages);

/**
 * Results are the reader's own view, and change within seconds of a story changing (a story
 * narrowed leaves them): never kept by a shared cache or the page cache, which would also fill
 * with one page per query anyone types.
 */
const NO_STORE = { 'cache-control': 'private, no-store' };

export const headers: Route.HeadersFunction = ({ parentHeaders }) => {
  const result = new Headers(parentHeaders);
  result.set('cache-control', NO_STORE['cache-control']);
  return result;
};

export const meta: Route.MetaFunction = ({ location, matches }) => {
  const root = rootOf(matches[0]?.data);
  const t = createTranslator(root?.locale ?? splitLocale(location.pathname).locale);
  const { query } = readSearch(new URLSearchParams(location.search));
  return [
    ...pageMeta(
      matches[0]?.data,
      location.pathname,
      { title: 'search.title', description: 'search.description' },
      query ? { title: t('search.titleFor', { query }) } : {},
    ),
    // Results are lists of what is found elsewhere: the stories and profiles are what search
    // engines should find.
    { name: 'robots', content: 'noindex' },
  ];
};

/** Which lists an address shows: a later page of one list shows that list alone. */
const shows = (address: SearchAddress) => ({
  people: address.cursor === undefined,
  stories: address.peopleCursor === undefined,
});

/**
 * The first page of people and of stories, read as the visitor (a member finds what they may
 * read), into the page's cache; a private answer's place on its owner's page; the questionnaire's
 * places (kept by the web server). A list the service refused or could not make is said by the
 * page, in the page's language, with its status; the other list still shows. No query, no call.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { locale } = splitLocale(url.pathname);
  const address = readSearch(url.searchParams);
  const queryClient = new QueryClient();
  const failures: { people: SearchFailure | null; stories: SearchFailure | null } = {
    people: null,
    stories: null,
  };
  let places: Record<string, number> = {};
  if (address.query) {
    const api = serverApi(context, request);
    const show = shows(address);
    const [stories] = await Promise.all([
      show.stories
        ? queryClient
            .fetchInfiniteQuery(searchQueries.stories(api, storiesSearch(address), address.cursor))
            .catch((error: unknown) => {
              failures.stories = searchFailure(error, locale);
              return undefined;
            })
        : undefined,
      show.people
        ? queryClient
            .fetchInfiniteQuery(
              searchQueries.people(api, peopleSearch(address), address.peopleCursor),
            )
            .catch((error: unknown) => {
              failures.people = searchFailure(error, locale);
            })
        : undefined,
      questionPlaces(context).then((found) => {
        places = found;
      }),
    ]);
    const owners = new Set(
      (stories?.pages[0]?.stories ?? [])
        .filter((hit) => hit.kind === 'privateAnswer')
        .map((hit) => hit.ownerId),
    );
    // If a place cannot be read, the link opens the owner's first answer the reader may read.
    await Promise.all(
      [...owners].map((owner) =>
        queryClient.prefetchQuery(searchQueries.privateAnswerPlaces(api, owner)),
      ),
    );
  }
  const status = failures.stories?.status ?? failures.people?.status ?? 200;
  return data(
    { dehydrated: dehydrate(queryClient), failures, questionPlaces: places },
    { status, headers: NO_STORE },
  );
}

/**
 * The query, and the stories' filters: kinds (a member's own private answers for members only),
 * language and order. A GET form, so every search is an address.
 */
function SearchForm({ address }: { address: SearchAddress }) {
  const { t, locale } = useI18n();
  const navigate = useNavigate();
  // Once the page is alive, a search's address is the one the page's links use, its defaults
  // left out (`?q=bread`, not `?q=bread&language=&sort=relevance` as the form itself sends).
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const params = new URLSearchParams();
    for (const [name, value] of new FormData(event.currentTarget))
      if (typeof value === 'string') params.append(name, value);
    void navigate(localizePath(searchAddress(readSearch(params)), locale));
  };
  const member = useRootData()?.user != null;
  // Another search (from the header, a link) puts its own words and filters in the controls;
  // the form stays, and so does the focus of a search made from it. Not when the page comes
  // alive: what was typed before is kept.
  const form = useRef<HTMLFormElement>(null);
  const shown = searchAddress(address);
  const last = useRef(shown);
  useEffect(() => {
    if (last.current === shown) return;
    last.current = shown;
    form.current?.reset();
  }, [shown]);
  const kinds: ReadonlyArray<{ value: StoryKind; label: string }> = [
    { value: 'post', label: t('search.kind.post') },
    { value: 'answer', label: t('search.kind.answer') },
    ...(member ? [{ value: 'privateAnswer' as const, label: t('search.kind.privateAnswer') }] : []),
  ];
  return (
    <Form
      ref={form}
      method="get"
      onSubmit={onSubmit}
      className="search-form"
      role="search"
      aria-label={t('search.form')}
    >
      <div className="search-form-query">
        <Field
          label={t('search.field')}
          id="search-query"
          name="q"
          type="search"
          dir="auto"
          maxLength={SEARCH_QUERY_LIMIT}
          enterKeyHint="search"
          defaultValue={address.query}
        />
        <button type="submit" className="button">
          {t('search.submit')}
        </button>
      </div>
      {/* Folded away until wanted (open while any is chosen): the results come first, on a
          phone above all. A disclosure of the browser's own, so it needs no script. */}
      <details
        className="search-filters"
        open={isFiltered(address) || address.sort !== 'relevance'}
      >
        <summary>{t('search.filters')}</summary>
        <div className="search-filters-body">
          {/* Drawn afresh for another search: a select does not follow its new default. */}
          <Fragment key={shown}>
            <fieldset className="radio-group radio-group-inline search-kinds">
              <legend>{t('search.kinds')}</legend>
              {kinds.map((kind) => (
                <label key={kind.value} className="radio">
                  <input
                    type="checkbox"
                    name="kinds"
                    value={kind.value}
                    defaultChecked={address.kinds.includes(kind.value)}
                  />
                  {kind.label}
                </label>
              ))}
            </fieldset>
            <SelectField
              label={t('search.language')}
              id="search-language"
              name="language"
              defaultValue={address.language ?? ''}
              options={[
                { value: '', label: t('search.language.any') },
                { value: 'en', label: t('search.language.en') },
                { value: 'he', label: t('search.language.he') },
              ]}
            />
            <SelectField
              label={t('search.sort')}
              id="search-sort"
              name="sort"
              defaultValue={address.sort}
              options={[
                { value: 'relevance', label: t('search.sort.relevance') },
                { value: 'newest', label: t('search.sort.newest') },
              ]}
            />
          </Fragment>
          <p className="search-filters-apply">
            <button type="submit" className="button button-secondary">
              {t('search.apply')}
            </button>
          </p>
        </div>
      </details>
    </Form>
  );
}

/** People, then stories; or one word that nothing matches, with what may help. */
function Results({
  address,
  failures,
  places,
}: {
  address: SearchAddress;
  failures: { people: SearchFailure | null; stories: SearchFailure | null };
  places: Record<string, number>;
}) {
  const { t } = useI18n();
  const show = shows(address);
  const people = usePeople(
    peopleSearch(address),
    address.peopleCursor,
    show.people && failures.people === null,
  );
  const stories = useStories(
    storiesSearch(address),
    address.cursor,
    show.stories && failures.stories === null,
  );
  const peopleFailure = failureOf(failures.people, people.list);
  const query = (
    <bdi dir="auto" className="search-query">
      {address.query}
    </bdi>
  );
  const nothing =
    show.people &&
    show.stories &&
    people.list.data !== undefined &&
    stories.list.data !== undefined &&
    people.hits.length === 0 &&
    stories.hits.length === 0;
  if (nothing)
    return (
      <EmptyState icon={SearchX} title={t('search.none.title')}>
        <p>{richMessage(t, 'search.none.text', { query })}</p>
      </EmptyState>
    );
  const later = !show.people || !show.stories;
  return (
    <>
      {later && (
        <p>
          <LocalizedLink
            to={searchAddress(address, { cursor: undefined, peopleCursor: undefined })}
          >
            {t('search.firstResults')}
          </LocalizedLink>
        </p>
      )}
      {show.people && (
        <section className="search-section" aria-labelledby="search-people">
          <h2 id="search-people">{t('search.people')}</h2>
          {peopleFailure ? (
            <FailedSearch failure={peopleFailure} address={address} />
          ) : (
            <PeopleResults
              people={people}
              empty={<p className="search-none">{t('search.people.none')}</p>}
              moreAddress={(cursor) =>
                searchAddress(address, { peopleCursor: cursor, cursor: undefined })
              }
            />
          )}
        </section>
      )}
      {show.stories && (
        <section className="search-section" aria-labelledby="search-stories">
          <h2 id="search-stories">{t('search.stories')}</h2>
          <StoriesResults
            address={address}
            questionPlaces={places}
            stories={stories}
            failure={failures.stories}
          />
        </section>
      )}
    </>
  );
}

/**
 * A search made from the header arrives with the focus on the page's heading ("Search: …"):
 * a keyboard's next Tab is the search form, and a screen reader says where it is, rather
 * than the focus staying on the header's emptied field or falling to the page's start.
 */
function useFocusFromHeader() {
  const location = useLocation();
  const heading = useRef<HTMLHeadingElement>(null);
  const fromHeader =
    (location.state as Record<string, unknown> | null)?.[SEARCHED_FROM_HEADER] === true;
  useEffect(() => {
    if (fromHeader) heading.current?.focus();
  }, [fromHeader, location.key]);
  return heading;
}

/** `/search?q=`: people and stories matching the query, as the reader may read them. */
export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const address = readSearch(params);
  const heading = useFocusFromHeader();
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <section className="page search-page" aria-labelledby="search-title">
        <h1 id="search-title" ref={heading} tabIndex={-1}>
          {address.query
            ? richMessage(t, 'search.titleFor', {
                query: (
                  <bdi dir="auto" className="search-query">
                    {address.query}
                  </bdi>
                ),
              })
            : t('search.title')}
        </h1>
        <SearchForm address={address} />
        {address.query ? (
          <Results
            // A new search starts afresh: its lists' focus and status are not the last one's.
            key={searchAddress(address)}
            address={address}
            failures={loaderData.failures}
            places={loaderData.questionPlaces}
          />
        ) : (
          <EmptyState icon={SearchIcon} title={t('search.prompt.title')}>
            <p>{t('search.prompt.text')}</p>
          </EmptyState>
        )}
      </section>
    </QueryProvider>
  );
}
