import { resolveProfileImage } from '@mepedia/contracts/browser';
import { createTranslator, followMessages, registerMessages } from '@mepedia/web-i18n';
import { followQueries, type FollowList } from '@mepedia/web-api/queries';
import {
  QueryClient,
  dehydrate,
  useInfiniteQuery,
  useQueries,
  useQueryClient,
} from '@tanstack/react-query';
import { UserRound, UsersRound } from 'lucide-react';
import { useRef } from 'react';
import { Avatar } from '../components/avatar';
import { EmptyState } from '../components/empty-state';
import { FollowButton } from '../components/follow/follow-button';
import { FollowCounts } from '../components/follow/follow-counts';
import { MemberRow } from '../components/follow/member-row';
import { useFocusOnNew } from '../components/show-more';
import { LocalizedLink } from '../components/localized-link';
import { QueryProvider } from '../components/query/query-provider';
import { useRootData } from '../root';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { profileOr404 } from '../lib/profiles';
import { richMessage } from '../lib/rich-message';
import { rootOf, pageMeta } from '../lib/seo';
import { textLang } from '../lib/text-lang';
import type { Route } from './+types/follow-list';

registerMessages(followMessages);

/** Which of a member's lists an address is: `/profile/{id}/followers` or `/profile/{id}/following`. */
function listOf(pathname: string): FollowList {
  return /\/following\/?$/.test(pathname) ? 'following' : 'followers';
}

/**
 * A member's followers, or the members they follow (public, as the profile is): the member, their
 * counts and the first page of the list, server-rendered into a query cache handed to the
 * browser's; "Show more" reads on by cursor. An unknown member is the 404 page.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const which = listOf(new URL(request.url).pathname);
  const profile = await profileOr404(api, params.profileId);
  const queryClient = new QueryClient();
  // A part that cannot be read stays out of the cache: the browser asks for it once more.
  await Promise.all([
    queryClient.prefetchQuery(followQueries.counts(api, profile.id)),
    queryClient.prefetchInfiniteQuery(followQueries.list(api, profile.id, which)),
  ]);
  // The rows' Follow buttons: every member of the first page in one call.
  const first = queryClient.getQueryData(followQueries.list(api, profile.id, which).queryKey)
    ?.pages[0];
  if (first?.members.length)
    await queryClient.prefetchQuery(
      followQueries.states(
        api,
        queryClient,
        first.members.map((item) => item.userId),
      ),
    );
  return {
    member: { id: profile.id, name: profile.fullname, image: resolveProfileImage(profile) },
    which,
    dehydrated: dehydrate(queryClient),
  };
}

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const root = rootOf(matches[0]?.data);
  const t = createTranslator(root?.locale ?? 'en');
  const which = listOf(location.pathname);
  return [
    ...pageMeta(
      root,
      location.pathname,
      { title: 'profile.notFound' },
      {
        title: loaded
          ? t(`follow.${which}.title`, { name: loaded.member.name })
          : t('profile.notFound'),
      },
    ),
    // A list of names: the profiles are what search engines should find.
    { name: 'robots', content: 'noindex' },
  ];
};

export default function FollowListRoute({ loaderData }: Route.ComponentProps) {
  const { dehydrated, ...page } = loaderData;
  return (
    <QueryProvider state={dehydrated}>
      <FollowListPage {...page} key={`${page.member.id}-${page.which}`} />
    </QueryProvider>
  );
}

function FollowListPage({ member, which }: Omit<Route.ComponentProps['loaderData'], 'dehydrated'>) {
  const { t } = useI18n();
  const api = useApi();
  const own = useRootData()?.user?.id === member.id;
  const list = useInfiniteQuery(followQueries.list(api, member.id, which));
  // The rows' Follow buttons: one call for each page of the list, never one per row.
  const queryClient = useQueryClient();
  useQueries({
    queries: (list.data?.pages ?? []).map((page) =>
      followQueries.states(
        api,
        queryClient,
        page.members.map((item) => item.userId),
      ),
    ),
  });
  // Every page's members, once each, whatever changed on the service between two pages.
  const members = [
    ...new Map(
      (list.data?.pages ?? []).flatMap((page) => page.members.map((m) => [m.userId, m] as const)),
    ).values(),
  ];
  const listRef = useRef<HTMLUListElement>(null);
  const focusOnNew = useFocusOnNew(listRef, members.length);
  const name = (
    <bdi dir="auto" lang={textLang(member.name)}>
      {member.name}
    </bdi>
  );

  async function more() {
    if (list.isFetchingNextPage) return;
    await focusOnNew(
      members.length,
      list
        .fetchNextPage()
        .then(
          (result) =>
            new Set(result.data?.pages.flatMap((page) => page.members.map((m) => m.userId))).size,
        ),
    );
  }

  return (
    <section className="page follow-page" aria-labelledby="follow-title">
      <header className="follow-page-header">
        <Avatar name={member.name} image={member.image} size="md" loading="eager" />
        <div>
          <h1 id="follow-title">{richMessage(t, `follow.${which}.title`, { name })}</h1>
          <p>
            <LocalizedLink to={`/profile/${member.id}`}>
              {richMessage(t, 'follow.toProfile', { name })}
            </LocalizedLink>
          </p>
          <FollowCounts memberId={member.id} />
        </div>
        <FollowButton member={member} />
      </header>
      {list.isError && !list.data ? (
        <EmptyState
          icon={UsersRound}
          title={t('follow.loadFailed')}
          action={
            <button type="button" className="button" onClick={() => void list.refetch()}>
              {t('follow.retry')}
            </button>
          }
        />
      ) : list.data && members.length === 0 ? (
        <EmptyState
          icon={UserRound}
          title={t(`follow.${which}.none`)}
          action={
            own && (
              <LocalizedLink
                className="button"
                to={which === 'following' ? '/people' : '/profile/write-post'}
              >
                {t(which === 'following' ? 'follow.meet' : 'follow.write')}
              </LocalizedLink>
            )
          }
        >
          <p>
            {own
              ? t(`follow.${which}.noneOwn`)
              : richMessage(t, `follow.${which}.noneOther`, { name })}
          </p>
        </EmptyState>
      ) : (
        <>
          <ul className="member-list" ref={listRef}>
            {members.map((item) => (
              <li key={item.userId}>
                <MemberRow member={item} batched />
              </li>
            ))}
          </ul>
          {list.hasNextPage && (
            <p className="actions">
              <button
                type="button"
                className="button button-secondary"
                aria-busy={list.isFetchingNextPage}
                onClick={() => void more()}
              >
                {t('follow.more')}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
