import type { PersonHit, StoryHit } from '@mepedia/contracts';
import {
  searchQueries,
  SEARCH_PEOPLE_PAGE,
  type PeopleSearch,
  type StoriesSearch,
} from '@mepedia/web-api/queries';
import { useInfiniteQuery, useQueries } from '@tanstack/react-query';
import { ServerCrash } from 'lucide-react';
import { useRef, useState, type MouseEvent, type ReactNode } from 'react';
import { useApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { refusalWords } from '../../lib/refusal';
import { EmptyState } from '../empty-state';
import { LocalizedLink } from '../localized-link';
import { useFocusOnNew } from '../show-more';
import { useToasts } from '../toasts';
import { isFiltered, searchAddress, type SearchAddress, type StoryPlaces } from './address';
import { PersonResult, StoryResult } from './hits';

/** A search the loader could not make: its status, and the API's words in the page's language. */
export type SearchFailure = { status: number; message: string | null };

/**
 * Why a list shows no results: the loader's failure, or the browser's when it had to ask itself
 * and could not (the generic words then: the catalogue is not loaded for it).
 */
export function failureOf(
  failure: SearchFailure | null | undefined,
  list: { isError: boolean; data: unknown },
): SearchFailure | null {
  return failure ?? (list.isError && !list.data ? { status: 500, message: null } : null);
}

/**
 * The stories asked for, from `start` (a later page's address), every page loaded so far, each
 * once. `enabled`: false where the page does not show them, or the loader could not read them
 * (the page says so as it failed; "Try again" asks the loader again rather than the browser on
 * its own).
 */
export function useStories(search: StoriesSearch, start: string | undefined, enabled: boolean) {
  const api = useApi();
  const list = useInfiniteQuery({
    ...searchQueries.stories(api, search, start),
    enabled: enabled && search.query !== '',
  });
  const hits = [
    ...new Map(
      (list.data?.pages ?? []).flatMap((page) =>
        page.stories.map((hit) => [`${hit.kind}/${hit.id}`, hit] as const),
      ),
    ).values(),
  ];
  return { list, hits };
}

/** The people asked for, a page of `limit` at a time, each once (as useStories). */
export function usePeople(
  search: PeopleSearch,
  start: string | undefined,
  enabled: boolean,
  limit = SEARCH_PEOPLE_PAGE,
) {
  const api = useApi();
  const list = useInfiniteQuery({
    ...searchQueries.people(api, search, start, limit),
    enabled: enabled && search.query !== '',
  });
  const hits = [
    ...new Map(
      (list.data?.pages ?? []).flatMap((page) => page.people.map((hit) => [hit.id, hit] as const)),
    ).values(),
  ];
  return { list, hits };
}

/** A click that opens the link elsewhere (a new tab or window): the browser's, not ours. */
const elsewhere = (event: MouseEvent) =>
  event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;

/**
 * "More": a link to the next page's own address (a new tab, a browser without scripts), which
 * here loads the next page under the others. Focus then goes to the first new result, and
 * `onShown` hears how many are shown now (for the list's polite status, which stays when this
 * link goes with the last page).
 */
function MoreResults({
  to,
  label,
  shown,
  loading,
  fetchMore,
  focusOnNew,
  onShown,
}: {
  to: string;
  label: string;
  shown: number;
  loading: boolean;
  fetchMore: () => Promise<{ count: number; error: unknown }>;
  focusOnNew: (shown: number, after: Promise<number>) => Promise<void>;
  onShown: (count: number) => void;
}) {
  const { t, locale } = useI18n();
  const toasts = useToasts();
  async function more(event: MouseEvent) {
    if (elsewhere(event)) return;
    event.preventDefault();
    if (loading) return;
    const result = fetchMore();
    await focusOnNew(
      shown,
      result.then((after) => after.count),
    );
    const { count, error } = await result;
    if (error) toasts.error(await refusalWords(error, locale, t('error.text')));
    else if (count > shown) onShown(count);
  }
  return (
    <p className="search-more">
      <LocalizedLink
        className="button button-secondary"
        to={to}
        // Loaded in place when clicked: nothing to fetch ahead.
        prefetch="none"
        rel="next"
        aria-busy={loading || undefined}
        onClick={(event) => void more(event)}
      >
        {label}
      </LocalizedLink>
    </p>
  );
}

/** What a list says politely when "More" adds to it; nothing until then. */
function ShownStatus({ text }: { text: string }) {
  return (
    <p className="visually-hidden" role="status">
      {text}
    </p>
  );
}

/** What a section says when its search failed: the API's words, and what may help. */
export function FailedSearch({
  failure,
  address,
}: {
  failure: SearchFailure;
  address: SearchAddress;
}) {
  const { t } = useI18n();
  const later = address.cursor !== undefined || address.peopleCursor !== undefined;
  // Trying again helps only when the fault is the site's, or a wait; a position the service
  // refuses (INVALID_CURSOR) needs the first page again.
  const again = failure.status >= 500 || failure.status === 429;
  return (
    <EmptyState
      icon={ServerCrash}
      title={t('search.failed')}
      headingLevel={3}
      action={
        <>
          {again && (
            <LocalizedLink className="button" to={searchAddress(address)} reloadDocument>
              {t('search.retry')}
            </LocalizedLink>
          )}
          {later && (
            <LocalizedLink
              className={again ? 'button button-secondary' : 'button'}
              to={searchAddress(address, { cursor: undefined, peopleCursor: undefined })}
            >
              {t('search.firstResults')}
            </LocalizedLink>
          )}
        </>
      }
    >
      <p>{failure.message ?? t('error.text')}</p>
    </EmptyState>
  );
}

/** The stories found: a list of results, "More stories", or why there are none. */
export function StoriesResults({
  address,
  questionPlaces,
  stories,
  failure,
}: {
  address: SearchAddress;
  /** The questionnaire's questions' places, by question id (the loader's). */
  questionPlaces: Readonly<Record<string, number>>;
  stories: ReturnType<typeof useStories>;
  failure: SearchFailure | null;
}) {
  const { t } = useI18n();
  const api = useApi();
  const { list, hits } = stories;
  // A private answer links to its question's place on its owner's page: one call per owner
  // found (mostly the reader alone), for the places only. Until it answers, the link opens the
  // owner's first private answer the reader may read.
  const owners = [
    ...new Set(hits.filter((hit) => hit.kind === 'privateAnswer').map((hit) => hit.ownerId)),
  ];
  const privatePlaces = useQueries({
    queries: owners.map((owner) => searchQueries.privateAnswerPlaces(api, owner)),
  });
  const places: StoryPlaces = {
    questions: questionPlaces,
    privateAnswers: Object.fromEntries(owners.map((owner, at) => [owner, privatePlaces[at]?.data])),
  };
  const listRef = useRef<HTMLOListElement>(null);
  const focusOnNew = useFocusOnNew(listRef, hits.length);
  const [shownCount, setShownCount] = useState<number | null>(null);
  const last = list.data?.pages.at(-1);
  const failed = failureOf(failure, list);
  if (failed) return <FailedSearch failure={failed} address={address} />;
  if (list.data && hits.length === 0)
    return (
      <p className="search-none">
        {t(isFiltered(address) ? 'search.stories.noneFiltered' : 'search.stories.none')}
      </p>
    );
  return (
    <>
      <ol className="search-results" ref={listRef}>
        {hits.map((hit: StoryHit) => (
          <li key={`${hit.kind}/${hit.id}`}>
            <StoryResult hit={hit} places={places} />
          </li>
        ))}
      </ol>
      {last?.nextCursor && (
        <MoreResults
          to={searchAddress(address, { cursor: last.nextCursor, peopleCursor: undefined })}
          label={t('search.stories.more')}
          shown={hits.length}
          onShown={setShownCount}
          loading={list.isFetchingNextPage}
          fetchMore={async () => {
            const result = await list.fetchNextPage();
            const count = new Set(
              result.data?.pages.flatMap((page) => page.stories.map((h) => `${h.kind}/${h.id}`)),
            ).size;
            return { count, error: result.isError ? result.error : null };
          }}
          focusOnNew={focusOnNew}
        />
      )}
      <ShownStatus
        text={shownCount === null ? '' : t('search.stories.shown', { count: shownCount })}
      />
    </>
  );
}

/**
 * The people found: a list of results, "More people" (`moreAddress`: the next page's own
 * address), or `empty` when there are none. `action` adds a control to each (the people page's
 * Follow button). A failed search is the page's to say (`failureOf`).
 */
export function PeopleResults({
  people,
  empty,
  moreAddress,
  action,
  listClassName = 'search-people',
}: {
  people: ReturnType<typeof usePeople>;
  empty: ReactNode;
  moreAddress: (cursor: string) => string;
  action?: (hit: PersonHit) => ReactNode;
  listClassName?: string;
}) {
  const { t } = useI18n();
  const { list, hits } = people;
  const listRef = useRef<HTMLUListElement>(null);
  const focusOnNew = useFocusOnNew(listRef, hits.length);
  const [shownCount, setShownCount] = useState<number | null>(null);
  const last = list.data?.pages.at(-1);
  if (list.data && hits.length === 0) return <>{empty}</>;
  return (
    <>
      <ul className={listClassName} ref={listRef}>
        {hits.map((hit) => (
          <li key={hit.id}>
            <PersonResult hit={hit} action={action?.(hit)} />
          </li>
        ))}
      </ul>
      {last?.nextCursor && (
        <MoreResults
          to={moreAddress(last.nextCursor)}
          label={t('search.people.more')}
          shown={hits.length}
          onShown={setShownCount}
          loading={list.isFetchingNextPage}
          fetchMore={async () => {
            const result = await list.fetchNextPage();
            const count = new Set(
              result.data?.pages.flatMap((page) => page.people.map((h) => h.id)),
            ).size;
            return { count, error: result.isError ? result.error : null };
          }}
          focusOnNew={focusOnNew}
        />
      )}
      <ShownStatus
        text={shownCount === null ? '' : t('search.people.shown', { count: shownCount })}
      />
    </>
  );
}
