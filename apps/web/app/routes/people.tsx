import { followQueries, userQueries } from '@mepedia/web-api/queries';
import { QueryClient, dehydrate, useQuery, useQueryClient } from '@tanstack/react-query';
import { QueryProvider } from '../components/query/query-provider';
import { followMessages, registerMessages } from '@mepedia/web-i18n';
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
import { pageAddress, queryOf } from '../lib/people-query';
import { richMessage } from '../lib/rich-message';

registerMessages(followMessages);

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, { title: 'menu.people' });

export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  const people = await queryClient
    .fetchQuery(userQueries.people(api, queryOf(new URL(request.url).searchParams)))
    .catch(() => undefined);
  // Every card's follow counts in one call; if it fails, the browser asks once more.
  if (people?.users.length)
    await queryClient.prefetchQuery(
      followQueries.states(
        api,
        queryClient,
        people.users.map((person) => person.id),
      ),
    );
  return { dehydrated: dehydrate(queryClient) };
}

/** Every card's follow counts and buttons' states in one call, in the page's cache. */
function useFollowStates(memberIds: string[]) {
  const api = useApi();
  const queryClient = useQueryClient();
  useQuery(followQueries.states(api, queryClient, memberIds));
}

function Results() {
  const [params] = useSearchParams();
  const api = useApi();
  const { t } = useI18n();
  const query = queryOf(params);
  const { data, isError, refetch } = useQuery(userQueries.people(api, query));
  const people = data?.users ?? [];
  useFollowStates(people.map((person) => person.id));
  if (isError && !data)
    return (
      <EmptyState
        icon={SearchX}
        title={t('people.loadFailed')}
        action={
          <button type="button" className="button" onClick={() => void refetch()}>
            {t('people.retry')}
          </button>
        }
      />
    );
  if (people.length === 0) {
    const searched = params.get('searchValue');
    return searched ? (
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
    ) : (
      <EmptyState icon={Users} title={t('home.recommended.empty')} />
    );
  }
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
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <section className="page" aria-labelledby="people-title">
        <h1 id="people-title">{t('menu.people')}</h1>
        <Form method="get" className="filters" role="search">
          <Field
            label={t('header.search.label')}
            id="people-search"
            name="searchValue"
            type="search"
            dir="auto"
            defaultValue={query.searchValue}
          />
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
          <button type="submit" className="button">
            {t('people.search')}
          </button>
        </Form>
        <Results />
      </section>
    </QueryProvider>
  );
}
