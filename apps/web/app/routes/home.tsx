import {
  followingPostsQueries,
  notificationQueries,
  postQueries,
  userQueries,
} from '@mepedia/web-api/queries';
import {
  followMessages,
  memberHomeMessages,
  notificationsMessages,
  registerMessages,
  splitLocale,
} from '@mepedia/web-i18n';
import { QueryClient, dehydrate, useQuery } from '@tanstack/react-query';
import { FollowingFeed } from '../components/follow/following-feed';
import { HOME_NOTIFICATIONS, MemberHomeTop } from '../components/home/member-home';
import { LocalizedLink } from '../components/localized-link';
import { QueryProvider } from '../components/query/query-provider';
import { PersonCard } from '../components/person-card';
import { HeroArt } from '../components/hero-art';
import { PostCard } from '../components/post-card';
import { prefetchCommentCounts, useCommentCounts } from '../components/query/comment-counts';
import { useRootData } from '../root';
import { useCommunityApi } from '../lib/api';
import { communityApi, parseCookieHeader, serverApi } from '../lib/context';
import type { Api } from '@mepedia/web-api';
import type { ProfileQuestion } from '@mepedia/contracts';
import {
  homeDrafts,
  homePrivateQuestions,
  questionnaireStep,
  type MemberHomeSummary,
} from '../lib/member-home.server';
import { useI18n } from '../lib/i18n';
import { keptQuestionnaire } from '../lib/site-reads.server';
import { pageMeta } from '../lib/seo';
import { MAGAZINE_PATH } from '../lib/site';
import type { Route } from './+types/home';
import { UserRoundPen } from 'lucide-react';
import { EmptyState } from '../components/empty-state';
import '../styles/member-home.css';
import '../styles/notifications.css';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, {
    title: 'home.title',
    description: 'home.description',
  });

const magazinePreview = (language: 'en' | 'he') => ({ magazine: true, limit: 3, language });

registerMessages(followMessages);
registerMessages(memberHomeMessages);
registerMessages(notificationsMessages);

/** Whether the request carries a session (the root's loader, which runs beside this one, checks it). */
const signedIn = (request: Request) =>
  [...parseCookieHeader(request.headers.get('cookie')).keys()].some((name) =>
    name.endsWith('mepedia_session'),
  );

/** A part of the member's home that could not be read is left out (null), not the page. */
const orNull = <T,>(promise: Promise<T>): Promise<T | null> => promise.catch(() => null);

/** What the member's home says of their own writing, each part read apart (member-home.server.ts). */
async function memberSummary(
  api: Api,
  questionnaire: Promise<ProfileQuestion[]>,
): Promise<MemberHomeSummary> {
  const [questions, answers, drafts, privateQuestions] = await Promise.all([
    orNull(questionnaire),
    orNull(api.meAnswers.getCurrentUserAnswers()),
    orNull(api.posts.getDrafts({ limit: 4 })),
    orNull(api.privateQuestions.getQuestions()),
  ]);
  return {
    questionnaire: questions && answers ? questionnaireStep(questions, answers) : null,
    drafts: drafts && homeDrafts(drafts),
    privateQuestions: privateQuestions && homePrivateQuestions(privateQuestions),
  };
}

/**
 * Recommended profiles and the magazine's newest stories, read as the page is drawn (and again
 * when a reader comes back to it) into a query cache handed to the browser's with the page, so
 * nothing is asked again there. A section that cannot be read is left out of that cache: the page
 * stands without it, and the browser asks for it once more. A member's home (issue 33) has their
 * own parts first: where their story stands (worked out here, so the page carries only what it
 * shows), what happened on their stories, and "From people you follow". The community's parts
 * below are what every visitor reads alike, read as a guest reads them (`communityApi`): the
 * services keep those for everyone at once, so a member's home reads only what is theirs.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  const member = signedIn(request);
  const community = member ? communityApi(context, request) : api;
  const { locale } = splitLocale(new URL(request.url).pathname);
  const previewQuery = postQueries.list(community, magazinePreview(locale));
  const feedQuery = followingPostsQueries.feed(api);
  // Both lists of stories, then their comment counts in one call (the stories in the order the
  // page shows them), while the other reads go on.
  const stories = Promise.all([
    queryClient.prefetchQuery(previewQuery),
    // A guest's page asks nothing more, and stays cacheable.
    member && queryClient.prefetchInfiniteQuery(feedQuery),
  ]).then(() =>
    prefetchCommentCounts(
      queryClient,
      api,
      queryClient.getQueryData(previewQuery.queryKey)?.posts ?? [],
      queryClient.getQueryData(feedQuery.queryKey)?.pages[0]?.posts ?? [],
    ),
  );
  const [summary] = await Promise.all([
    member ? memberSummary(api, keptQuestionnaire(context)) : null,
    queryClient.prefetchQuery(userQueries.homepage(community, locale)),
    stories,
    member && queryClient.prefetchInfiniteQuery(notificationQueries.list(api, HOME_NOTIFICATIONS)),
  ]);
  return { dehydrated: dehydrate(queryClient), summary };
}

function MagazinePreview() {
  const api = useCommunityApi();
  const posts =
    useQuery(postQueries.list(api, magazinePreview(useI18n().locale))).data?.posts ?? [];
  const comments = useCommentCounts(posts);
  if (posts.length === 0) return null;
  return (
    <ul className="card-grid">
      {posts.map((post, index) => (
        <li key={post.postId} className={index === 0 ? 'card-grid-featured' : undefined}>
          <PostCard post={post} featured={index === 0} comments={comments[post.postId]} />
        </li>
      ))}
    </ul>
  );
}

function Recommended() {
  const { t, locale } = useI18n();
  const api = useCommunityApi();
  const signedIn = Boolean(useRootData()?.user);
  const people = useQuery(userQueries.homepage(api, locale)).data?.users ?? [];
  return (
    <section className="section" aria-labelledby="recommended-title">
      <h2 id="recommended-title">{t('home.recommended.title')}</h2>
      {people.length === 0 ? (
        <EmptyState
          icon={UserRoundPen}
          title={t('home.recommended.empty')}
          headingLevel={3}
          action={
            signedIn ? (
              <LocalizedLink className="button button-secondary" to={MAGAZINE_PATH}>
                {t('home.magazine.link')}
              </LocalizedLink>
            ) : (
              <LocalizedLink className="button" to="/auth?modal=register">
                {t('home.hero.start')}
              </LocalizedLink>
            )
          }
        />
      ) : (
        <ul className="card-grid">
          {people.map((person) => (
            <li key={person.id}>
              <PersonCard person={person} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const member = useRootData()?.user ?? null;
  const { summary } = loaderData;
  return (
    <QueryProvider state={loaderData.dehydrated}>
      {member && summary ? (
        <div className="page member-home">
          <MemberHomeTop
            member={member}
            questionnaire={summary.questionnaire}
            drafts={summary.drafts}
            privateQuestions={summary.privateQuestions}
          />
          <FollowingFeed />
          <MagazineSection />
          <Recommended />
        </div>
      ) : (
        <GuestHome signedIn={Boolean(member)} />
      )}
    </QueryProvider>
  );
}

function MagazineSection() {
  const { t } = useI18n();
  return (
    <section className="section" aria-labelledby="magazine-title">
      <h2 id="magazine-title">{t('home.magazine.title')}</h2>
      <p>{t('home.magazine.text')}</p>
      <MagazinePreview />
      <LocalizedLink to={MAGAZINE_PATH}>{t('home.magazine.link')}</LocalizedLink>
    </section>
  );
}

/** The page a guest sees (and a member whose session the loader could not read). */
function GuestHome({ signedIn }: { signedIn: boolean }) {
  const { t } = useI18n();
  return (
    <div className="page">
      <section className="hero" aria-labelledby="hero-title">
        <div className="hero-text">
          <h1 id="hero-title">{t('home.hero.title')}</h1>
          <p className="lead">{t('home.hero.text')}</p>
          <p className="actions">
            {/* Writing starts with an account; a member starts at the questionnaire's first question. */}
            <LocalizedLink
              className="button"
              to={signedIn ? '/profile/edit-me/1' : '/auth?modal=register'}
            >
              {t('home.hero.start')}
            </LocalizedLink>
            <LocalizedLink className="button button-secondary" to="/people">
              {t('home.hero.explore')}
            </LocalizedLink>
          </p>
        </div>
        <HeroArt />
      </section>
      <FollowingFeed />
      <Recommended />
      <section className="section" aria-labelledby="howto-title">
        <h2 id="howto-title">{t('home.howto.title')}</h2>
        <ol className="steps">
          {([1, 2, 3] as const).map((step) => (
            <li key={step}>
              <h3>{t(`home.howto.step${step}.title`)}</h3>
              <p>{t(`home.howto.step${step}.text`)}</p>
            </li>
          ))}
        </ol>
      </section>
      <MagazineSection />
      <section className="section" id="about" aria-labelledby="about-title" tabIndex={-1}>
        <h2 id="about-title">{t('home.about.title')}</h2>
        <p>{t('home.about.text')}</p>
        <LocalizedLink to="/about">{t('home.about.link')}</LocalizedLink>
      </section>
    </div>
  );
}
