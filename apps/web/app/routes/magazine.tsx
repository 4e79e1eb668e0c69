import { postQueries } from '@mepedia/web-api';
import { HydrationBoundary, QueryClient, dehydrate, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '../components/localized-link';
import { PostCard } from '../components/post-card';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import { MAGAZINE_PATH } from '../lib/site';
import type { Route } from './+types/magazine';
import { Newspaper } from 'lucide-react';
import { EmptyState } from '../components/empty-state';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, {
    title: 'magazine.title',
    description: 'magazine.lead',
  });

const PAGE = 12;
const queryOf = (params: URLSearchParams) => {
  const cursor = params.get('cursor');
  const asOf = params.get('asOf');
  return { magazine: true, limit: PAGE, ...(cursor ? { cursor } : {}), ...(asOf ? { asOf } : {}) };
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const queryClient = new QueryClient();
  await queryClient.prefetchQuery(
    postQueries.list(serverApi(context, request), queryOf(new URL(request.url).searchParams)),
  );
  return { dehydrated: dehydrate(queryClient) };
}

function Stories() {
  const { t } = useI18n();
  const api = useApi();
  const [params] = useSearchParams();
  const { data } = useQuery(postQueries.list(api, queryOf(params)));
  const posts = data?.posts ?? [];
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
      <ul className="card-grid">
        {posts.map((post, index) => {
          // The newest story leads the first page.
          const featured = index === 0 && !params.get('cursor');
          return (
            <li key={post.postId} className={featured ? 'card-grid-featured' : undefined}>
              <PostCard post={post} featured={featured} eager={featured} />
            </li>
          );
        })}
      </ul>
      {data?.nextCursor && (
        <p>
          <LocalizedLink
            className="button button-secondary"
            to={`${MAGAZINE_PATH}?cursor=${encodeURIComponent(data.nextCursor)}&asOf=${encodeURIComponent(data.asOf)}`}
          >
            {t('magazine.more')}
          </LocalizedLink>
        </p>
      )}
    </>
  );
}

/** The magazine: public stories members published there, newest first. */
export default function Magazine({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <HydrationBoundary state={loaderData.dehydrated}>
      <section className="page" aria-labelledby="magazine-title">
        <h1 id="magazine-title">{t('magazine.title')}</h1>
        <p className="lead">{t('magazine.lead')}</p>
        <Stories />
      </section>
    </HydrationBoundary>
  );
}
