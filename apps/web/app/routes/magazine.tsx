import type { PostSummary } from '@mepedia/contracts';
import { ApiError, type Api } from '@mepedia/web-api';
import { SEARCH_QUERY_LIMIT, postQueries } from '@mepedia/web-api/queries';
import { QueryClient, dehydrate, useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { QueryProvider } from '../components/query/query-provider';
import { Form, useSearchParams } from 'react-router';
import { LocalizedLink } from '../components/localized-link';
import { PostCard } from '../components/post-card';
import { useApi } from '../lib/api';
import { prefetchCommentCounts, useCommentCounts } from '../components/query/comment-counts';
import { serverApi } from '../lib/context';
import { localizePath, splitLocale, type Locale } from '@mepedia/web-i18n';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import { MAGAZINE_PATH } from '../lib/site';
import type { Route } from './+types/magazine';
import { Newspaper, SearchX } from 'lucide-react';
import { Field, SelectField } from '../components/field';
import { EmptyState } from '../components/empty-state';
import { useToasts } from '../components/toasts';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, {
    title: 'magazine.title',
    description: 'magazine.lead',
  });

const PAGE = 12;
/** The filters the address carries (the form below writes them): author, topic and order. */
const FILTERS = ['author', 'topic', 'sortBy'] as const;
/**
 * The list the address asks for, and where it starts (a later page's address starts there): the
 * stories in the reader's language first, then the others.
 */
const queryOf = (api: Api, params: URLSearchParams, language: Locale) => {
  const cursor = params.get('cursor');
  const asOf = params.get('asOf');
  const author = params.get('author')?.trim().slice(0, 100);
  const topic = params.get('topic')?.trim().slice(0, 100);
  return postQueries.pages(
    api,
    {
      magazine: true,
      limit: PAGE,
      language,
      ...(params.get('sortBy') === 'oldest' ? { sortBy: 'oldest' as const } : {}),
      ...(author ? { authorSearchValue: author } : {}),
      ...(topic ? { topicSearchValue: topic } : {}),
    },
    { ...(cursor ? { cursor } : {}), ...(asOf ? { asOf } : {}) },
  );
};

/** The next page's address: the same filters, the service's cursor and the first page's time. */
function moreAddress(params: URLSearchParams, cursor: string, asOf: string): string {
  const next = new URLSearchParams();
  for (const name of FILTERS) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  next.set('cursor', cursor);
  next.set('asOf', asOf);
  return `${MAGAZINE_PATH}?${next.toString()}`;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const queryClient = new QueryClient();
  const api = serverApi(context, request);
  const url = new URL(request.url);
  try {
    const list = await queryClient.fetchInfiniteQuery(
      queryOf(api, url.searchParams, splitLocale(url.pathname).locale),
    );
    // Every card's comment count, in one call, so the page is drawn with them.
    await prefetchCommentCounts(queryClient, api, storiesOf(list.pages));
  } catch (error) {
    // An address the service refuses (a cursor it did not make: INVALID_CURSOR) cannot be
    // retried into a page: the error page says what is wrong, with its status (root.tsx). A
    // failure of the service itself leaves the list's own error state, with its retry.
    if (error instanceof ApiError && error.status === 400) throw error;
  }
  return { dehydrated: dehydrate(queryClient) };
}

/** Every page's stories, once each, whatever moved on the service between two pages. */
const storiesOf = (pages: readonly { posts: PostSummary[] }[]): PostSummary[] => [
  ...new Map(
    pages.flatMap((page) => page.posts.map((post) => [post.postId, post] as const)),
  ).values(),
];

/** A click that opens the link elsewhere (a new tab or window): the browser's, not ours. */
const elsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

function Stories() {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const [params] = useSearchParams();
  const { data, fetchNextPage, isFetchingNextPage } = useInfiniteQuery(
    queryOf(api, params, locale),
  );
  const posts = storiesOf(data?.pages ?? []);
  const comments = useCommentCounts(posts);
  const last = data?.pages.at(-1);
  const list = useRef<HTMLUListElement>(null);
  // "More stories" adds the next page under the others; focus goes to the first new story, once
  // it is drawn, so a keyboard or screen reader user reads on from there.
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    const first = list.current?.children[focusAt]?.querySelector('a');
    if (first) {
      first.focus();
      setFocusAt(null);
    }
  }, [focusAt, posts.length]);

  async function more(event: MouseEvent) {
    // The link is a page of its own (without scripts, in a new tab); here it loads in place.
    if (elsewhere(event)) return;
    event.preventDefault();
    if (isFetchingNextPage) return;
    const shown = posts.length;
    const result = await fetchNextPage();
    if (result.isError) toasts.error(t('error.text'));
    // Focus goes to the first new story; a page that brought none leaves focus where it is.
    else if (
      new Set(result.data?.pages.flatMap((page) => page.posts.map((post) => post.postId))).size >
      shown
    )
      setFocusAt(shown);
  }

  const filtered = FILTERS.some((name) => name !== 'sortBy' && params.get(name));
  if (posts.length === 0 && filtered)
    return (
      <EmptyState
        icon={SearchX}
        title={t('magazine.noMatch')}
        action={
          <LocalizedLink className="button button-secondary" to={MAGAZINE_PATH}>
            {t('magazine.clear')}
          </LocalizedLink>
        }
      />
    );
  if (posts.length === 0)
    return (
      <EmptyState
        icon={Newspaper}
        title={t('magazine.empty')}
        action={
          <LocalizedLink className="button" to="/people">
            {t('home.hero.explore')}
          </LocalizedLink>
        }
      >
        <p>{t('magazine.emptyText')}</p>
      </EmptyState>
    );
  return (
    <>
      {/* The cards' titles are level 3: the list has its level-2 heading, for screen readers. */}
      <h2 className="visually-hidden">{t('magazine.stories')}</h2>
      <ul className="card-grid" ref={list}>
        {posts.map((post, index) => {
          // The newest story leads the first page.
          const featured = index === 0 && !params.get('cursor');
          return (
            <li key={post.postId} className={featured ? 'card-grid-featured' : undefined}>
              <PostCard
                post={post}
                featured={featured}
                eager={featured}
                comments={comments[post.postId]}
              />
            </li>
          );
        })}
      </ul>
      {last?.nextCursor && (
        <p>
          <LocalizedLink
            className="button button-secondary"
            to={moreAddress(params, last.nextCursor, last.asOf)}
            // Loaded in place when clicked: nothing to fetch ahead.
            prefetch="none"
            aria-busy={isFetchingNextPage || undefined}
            onClick={(event) => void more(event)}
          >
            {t('magazine.more')}
          </LocalizedLink>
        </p>
      )}
    </>
  );
}

/**
 * Searching the stories' words (issue 36): a GET form to the search page's stories of the
 * magazine's kinds (posts and questionnaire answers), each as the reader may read it; it works
 * before the page comes alive. The filters below keep filtering the magazine itself.
 */
export function TextSearch() {
  const { t, locale } = useI18n();
  return (
    <Form
      method="get"
      action={localizePath('/search', locale)}
      className="filters"
      role="search"
      aria-label={t('magazine.search')}
    >
      <Field
        label={t('magazine.search.label')}
        id="magazine-search"
        name="q"
        type="search"
        dir="auto"
        maxLength={SEARCH_QUERY_LIMIT}
        enterKeyHint="search"
      />
      <input type="hidden" name="kinds" value="post" />
      <input type="hidden" name="kinds" value="answer" />
      <button type="submit" className="button">
        {t('magazine.search.submit')}
      </button>
    </Form>
  );
}

/** Author, topic and order: a GET form, so each filtered view is an address of its own. */
function Filters() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  return (
    <Form method="get" className="filters" role="search" aria-label={t('magazine.filters')}>
      <Field
        label={t('magazine.author')}
        id="magazine-author"
        name="author"
        type="search"
        dir="auto"
        maxLength={100}
        defaultValue={params.get('author') ?? ''}
      />
      <Field
        label={t('magazine.topic')}
        id="magazine-topic"
        name="topic"
        type="search"
        dir="auto"
        maxLength={100}
        defaultValue={params.get('topic') ?? ''}
      />
      <SelectField
        label={t('people.sort')}
        id="magazine-sort"
        name="sortBy"
        defaultValue={params.get('sortBy') === 'oldest' ? 'oldest' : 'mostRecent'}
        options={[
          { value: 'mostRecent', label: t('people.sort.mostRecent') },
          { value: 'oldest', label: t('people.sort.oldest') },
        ]}
      />
      <button type="submit" className="button">
        {t('magazine.filter')}
      </button>
    </Form>
  );
}

/** The magazine: public stories members published there, newest first unless asked otherwise. */
export default function Magazine({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <section className="page" aria-labelledby="magazine-title">
        <h1 id="magazine-title">{t('magazine.title')}</h1>
        <p className="lead">{t('magazine.lead')}</p>
        <TextSearch />
        <Filters />
        <Stories />
      </section>
    </QueryProvider>
  );
}
