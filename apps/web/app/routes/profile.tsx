import type {
  PostDraftSummary,
  PostsPage,
  ProfileQuestion,
  PublicMeAnswer,
  PublicProfile,
} from '@mepedia/contracts';
import { resolveProfileImage } from '@mepedia/contracts/browser';
import { ApiError, type Api } from '@mepedia/web-api';
import {
  blockQueries,
  followQueries,
  meAnswerQueries,
  postDraftQueries,
  profileQueries,
} from '@mepedia/web-api/queries';
import { QueryClient, dehydrate, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  createTranslator,
  followMessages,
  profileMessages,
  registerMessages,
} from '@mepedia/web-i18n';
import { BookOpen, Code2, FileText, Globe, Link2, PenLine, Play, Settings2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { data } from 'react-router';
import { AudienceBadge } from '../components/audience/audience-badge';
import { Avatar } from '../components/avatar';
import { EmptyState } from '../components/empty-state';
import { BlockControls } from '../components/follow/block-controls';
import { ProfileFollow } from '../components/follow/profile-follow';
import { OwnModeration } from '../components/own-moderation';
import { ReportControl } from '../components/report-control';
import { hasAnswerText, InterviewAnswer } from '../components/interview-answer';
import { Icon } from '../components/icon';
import { LocalizedLink } from '../components/localized-link';
import { useMachineTranslation } from '../components/machine-translation';
import { PostCard } from '../components/post-card';
import { prefetchCommentCounts, useCommentCounts } from '../components/query/comment-counts';
import { QueryProvider } from '../components/query/query-provider';
import { useFocusOnNew } from '../components/show-more';
import { Pagination } from '../components/ui/pagination';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { relativeDate } from '../lib/dates';
import { loaderTranslationAvailable } from '../lib/translation-status.server';
import { ownNextStep } from '../lib/next-step.server';
import { nextStepPath, type NextStep } from '../lib/next-step';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { profileOr404 } from '../lib/profiles';
import { pageMeta, rootOf } from '../lib/seo';
import { textLang } from '../lib/text-lang';
import { youtubeEmbedUrl, youtubeVideoId } from '../lib/youtube';
import { useRootData } from '../root';
import type { Route } from './+types/profile';
import '../styles/profile.css';

// This page's own strings load with it, not with every page (docs/web.md, Messages).
registerMessages(profileMessages);
registerMessages(followMessages);

const POSTS_PER_PAGE = 12;
const DRAFTS_PER_PAGE = 12;
type Tab = 'posts' | 'answers' | 'drafts';
const TABS: Record<
  Tab,
  'profilePage.tab.posts' | 'profilePage.tab.answers' | 'profilePage.tab.drafts'
> = {
  posts: 'profilePage.tab.posts',
  answers: 'profilePage.tab.answers',
  drafts: 'profilePage.tab.drafts',
};
type Sort = 'mostRecent' | 'oldest';

/** What the address asks for: `?tab=answers` (or `drafts`), `?sort=oldest`, `?page=2` (from 1). */
function viewOf(url: URL): { tab: Tab; sort: Sort; page: number } {
  const page = Number.parseInt(url.searchParams.get('page') ?? '1', 10);
  const tab = url.searchParams.get('tab');
  return {
    tab: tab === 'answers' || tab === 'drafts' ? tab : 'posts',
    sort: url.searchParams.get('sort') === 'oldest' ? 'oldest' : 'mostRecent',
    page: Number.isFinite(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

/** The open tab's list, as the query cache keeps it: a page of posts, or answers and questions. */
const postsOf = (api: Api, profileId: string, view: ReturnType<typeof viewOf>) =>
  profileQueries.posts(api, profileId, {
    sort: view.sort,
    page: view.page - 1,
    limit: POSTS_PER_PAGE,
  });

/**
 * The profile and the open tab's list, all server-rendered: every tab, order and page is its own
 * address with a real link, so readers and crawlers reach every post and answer. The profile is
 * the page's own (as a post is its page's); the list goes into a query cache handed to the
 * browser's with the page, so nothing is asked again there. A list that cannot be read leaves the
 * header standing (loadFailed), and the browser asks for it once more.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const view = viewOf(new URL(request.url));
  // Who reads, when the request says someone may (a cookie), read once for the page's parts.
  const sessionRead =
    view.tab === 'drafts' || request.headers.get('cookie') ? api.users.session() : null;
  const reader = sessionRead ? sessionRead.catch(() => null) : Promise.resolve(null);
  // Translate is offered only where a provider is configured (kept by the web server).
  const [profile, translatable, session] = await Promise.all([
    profileOr404(api, params.profileId),
    loaderTranslationAvailable(context),
    // The drafts are the member's own (issue 33): to anyone else the tab does not exist.
    view.tab === 'drafts' ? sessionRead : null,
  ]);
  if (view.tab === 'drafts' && (session === 'NoSession' || session?.id !== profile.id))
    throw data(null, { status: 404 });
  // The owner's one next step in the header (null for everyone else).
  const nextStep = ownNextStep(api, request, profile.id, reader);
  const queryClient = new QueryClient();
  // The follow counts beside the list (a failure leaves them out: the browser asks again).
  const following = queryClient.prefetchQuery(followQueries.counts(api, profile.id));
  // Whether another member reading blocks or mutes this one (issue 35): their Block and Mute,
  // and whether Follow is offered. A failure leaves it out: the browser asks again.
  const blocking = reader.then((who) =>
    who && typeof who !== 'string' && who.id !== profile.id
      ? queryClient.prefetchQuery(blockQueries.state(api, who.id, profile.id))
      : undefined,
  );
  let loadFailed = false;
  try {
    if (view.tab === 'posts')
      await prefetchCommentCounts(
        queryClient,
        api,
        (await queryClient.fetchQuery(postsOf(api, profile.id, view))).posts,
      );
    else if (view.tab === 'drafts')
      await queryClient.fetchInfiniteQuery(postDraftQueries.list(api, DRAFTS_PER_PAGE));
    else
      await Promise.all([
        queryClient.fetchQuery(meAnswerQueries.member(api, profile.id)),
        queryClient.fetchQuery(meAnswerQueries.questionnaire(api)),
      ]);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    loadFailed = true;
  }
  await Promise.all([following, blocking]);
  return {
    profile,
    view,
    loadFailed,
    translatable,
    nextStep: await nextStep,
    dehydrated: dehydrate(queryClient),
  };
}

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const root = rootOf(matches[0]?.data);
  const profile = (loaded as { profile?: PublicProfile } | undefined)?.profile;
  const t = createTranslator(root?.locale ?? 'en');
  return pageMeta(
    root,
    location.pathname,
    { title: 'profile.title' },
    {
      title: profile ? t('profile.title', { name: profile.fullname }) : t('profile.notFound'),
      oembed: Boolean(profile),
      ...(profile?.moto || profile?.aboutMe
        ? { description: profile.moto || profile.aboutMe || '' }
        : {}),
    },
  );
};

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { dehydrated, ...page } = loaderData;
  return (
    <QueryProvider state={dehydrated}>
      <ProfilePage {...page} />
    </QueryProvider>
  );
}

function ProfilePage({
  profile,
  view,
  loadFailed,
  translatable,
  nextStep,
}: Omit<Route.ComponentProps['loaderData'], 'dehydrated'>) {
  const { t } = useI18n();
  const api = useApi();
  // Only the open tab's list is read (the loader put it in the cache).
  const posts: PostsPage | undefined = useQuery({
    ...postsOf(api, profile.id, view),
    enabled: view.tab === 'posts',
  }).data;
  const answers: PublicMeAnswer[] | undefined = useQuery({
    ...meAnswerQueries.member(api, profile.id),
    enabled: view.tab === 'answers',
  }).data;
  const questions: ProfileQuestion[] | undefined = useQuery({
    ...meAnswerQueries.questionnaire(api),
    enabled: view.tab === 'answers',
  }).data;
  const own = useRootData()?.user?.id === profile.id;
  const drafts = useInfiniteQuery({
    ...postDraftQueries.list(api, DRAFTS_PER_PAGE),
    enabled: view.tab === 'drafts' && own,
  });
  // A list the server could not read is said so until the browser's second try brings it.
  const listShown =
    view.tab === 'posts'
      ? Boolean(posts)
      : view.tab === 'drafts'
        ? Boolean(drafts.data)
        : Boolean(answers && questions);
  // The member's words on screen, for a machine translation into the other language.
  const texts: Record<string, string> = {};
  if (profile.moto) texts['moto'] = profile.moto;
  if (profile.aboutMe) texts['about'] = profile.aboutMe;
  if (view.tab === 'answers')
    for (const answer of answers ?? [])
      for (const [sub, text] of Object.entries(answer.answerData))
        if (text.trim()) texts[`${answer.meAnswerId}|${sub}`] = text;
  const written =
    textLang(Object.values(texts).join(' ')) ?? (profile.language === 'he' ? 'he' : 'en');
  const translation = useMachineTranslation(texts, written === 'he' ? 'en' : 'he', translatable);
  const address = (change: Partial<typeof view>) => {
    const next = { ...view, ...change };
    const query = new URLSearchParams();
    if (next.tab !== 'posts') query.set('tab', next.tab);
    // Drafts come most recently changed first, a page after another on the same address.
    if (next.sort === 'oldest' && next.tab !== 'drafts') query.set('sort', 'oldest');
    if (next.page > 1) query.set('page', String(next.page));
    const search = query.toString();
    return `/profile/${profile.id}${search ? `?${search}` : ''}`;
  };
  return (
    <article className="page profile-page" aria-labelledby="profile-title">
      <ProfileHeader profile={profile} own={own} nextStep={nextStep} translation={translation} />
      <nav className="profile-tabs" aria-label={t('profilePage.sections')}>
        {(own ? (['posts', 'answers', 'drafts'] as const) : (['posts', 'answers'] as const)).map(
          (tab) => (
            <LocalizedLink
              key={tab}
              className="profile-tab"
              to={address({ tab, page: 1 })}
              aria-current={view.tab === tab ? 'page' : undefined}
              preventScrollReset
            >
              {t(TABS[tab])}
            </LocalizedLink>
          ),
        )}
      </nav>
      {view.tab !== 'drafts' && (
        <div className="profile-sort" role="group" aria-label={t('profilePage.sort')}>
          <span className="muted" aria-hidden="true">
            {t('profilePage.sort')}:
          </span>
          {(['mostRecent', 'oldest'] as const).map((sort) => (
            <LocalizedLink
              key={sort}
              className="profile-sort-option"
              to={address({ sort, page: 1 })}
              aria-current={view.sort === sort ? 'true' : undefined}
              preventScrollReset
            >
              {t(sort === 'oldest' ? 'profilePage.sort.oldest' : 'profilePage.sort.mostRecent')}
            </LocalizedLink>
          ))}
        </div>
      )}
      {loadFailed && !listShown && (
        <p className="notice" role="status">
          {t('profilePage.loadFailed')}
        </p>
      )}
      {view.tab === 'posts' && posts && (
        <ProfilePosts
          posts={posts}
          own={own}
          name={profile.fullname}
          previous={view.page > 1 ? address({ page: view.page - 1 }) : undefined}
          next={posts.hasMore ? address({ page: view.page + 1 }) : undefined}
          page={view.page}
        />
      )}
      {view.tab === 'drafts' && own && drafts.data && (
        <ProfileDrafts
          drafts={drafts.data.pages.flatMap((page) => page.drafts)}
          hasMore={drafts.hasNextPage}
          loadingMore={drafts.isFetchingNextPage}
          loadMore={() => drafts.fetchNextPage()}
        />
      )}
      {view.tab === 'answers' && answers && questions && (
        <ProfileAnswers
          answers={answers.map((answer) => ({
            ...answer,
            answerData: Object.fromEntries(
              Object.entries(answer.answerData).map(([sub, text]) => [
                sub,
                translation.shown(`${answer.meAnswerId}|${sub}`, text),
              ]),
            ),
          }))}
          questions={questions}
          own={own}
          name={profile.fullname}
          sort={view.sort}
        />
      )}
    </article>
  );
}

function ProfileHeader({
  profile,
  own,
  nextStep,
  translation,
}: {
  profile: PublicProfile;
  own: boolean;
  nextStep: NextStep | null;
  translation: ReturnType<typeof useMachineTranslation>;
}) {
  const { t } = useI18n();
  const links = (
    [
      ['website', profile.websiteLink, Globe],
      ['facebook', profile.facebookLink, Link2],
      ['instagram', profile.instagramLink, Link2],
      ['linkedin', profile.linkedinLink, Link2],
    ] as const
  ).filter(([, href]) => Boolean(href));
  const videoId = profile.videoUrl ? youtubeVideoId(profile.videoUrl) : null;
  return (
    <header className="profile-header">
      <div className="profile-portrait">
        <Avatar
          name={profile.fullname}
          image={resolveProfileImage(profile)}
          size="lg"
          loading="eager"
        />
      </div>
      <div className="profile-header-text">
        <h1 id="profile-title" dir="auto" lang={textLang(profile.fullname)}>
          {profile.fullname}
        </h1>
        {/* Hidden or removed by moderators: said to the member, the one reader it is sent to. */}
        {own && <OwnModeration moderation={profile.moderation} kind="profile" />}
        {profile.moto && (
          <p
            className="lead profile-motto"
            dir="auto"
            lang={translation.lang(textLang(profile.moto))}
          >
            {translation.shown('moto', profile.moto)}
          </p>
        )}
        {profile.aboutMe && (
          <p
            className="profile-about"
            dir="auto"
            lang={translation.lang(textLang(profile.aboutMe))}
          >
            {translation.shown('about', profile.aboutMe)}
          </p>
        )}
        <div className="profile-stats">
          <ProfileFollow member={{ id: profile.id, name: profile.fullname }} />
          <ProfileViews profileId={profile.id} />
        </div>
        {links.length > 0 && (
          <ul className="profile-links" aria-label={t('profilePage.links')}>
            {links.map(([name, href, icon]) => (
              <li key={name}>
                <a href={href!} target="_blank" rel="noopener noreferrer nofollow ugc">
                  <Icon icon={icon} />
                  {t(`profilePage.link.${name}`)}
                  <span className="visually-hidden"> {t('profilePage.newTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        )}
        {own && <OwnNextStep profileId={profile.id} step={nextStep ?? { kind: 'story' }} />}
        {/* Another member's profile: Mute and Block (a signed-in reader: issue 35), Report. */}
        {!own && (
          <div className="profile-member-actions">
            <BlockControls member={{ id: profile.id, name: profile.fullname }} />
            <p className="item-report">
              <ReportControl
                target={{
                  kind: 'profile',
                  itemId: profile.id,
                  ownerId: profile.id,
                  name: profile.fullname,
                }}
                className="button button-ghost"
              />
            </p>
          </div>
        )}
      </div>
      {videoId && <ProfileVideo id={videoId} name={profile.fullname} />}
      {translation.controls}
    </header>
  );
}

/**
 * On one's own profile: one clear next step (lib/next-step.ts chooses it), and the other things
 * a member does here as a quiet row of links under it.
 */
function OwnNextStep({ profileId, step }: { profileId: string; step: NextStep }) {
  const { t } = useI18n();
  const writing = step.kind !== 'question';
  return (
    <div className="profile-own">
      <section className="profile-next" aria-labelledby="profile-next-title">
        <h2 id="profile-next-title" className="profile-next-title">
          {t('profilePage.next.title')}
        </h2>
        <p className="profile-next-hint">
          {step.kind === 'question'
            ? t('profilePage.next.questionHint', { answered: step.index - 1 })
            : t(
                step.kind === 'firstStory'
                  ? 'profilePage.next.firstHint'
                  : 'profilePage.next.storyHint',
              )}
        </p>
        <LocalizedLink className="button profile-next-button" to={nextStepPath(step)}>
          <Icon icon={writing ? PenLine : BookOpen} />
          {step.kind === 'question' ? (
            // One run of text: a button lays its children out with gaps between them.
            <span>
              {richMessage(t, 'profilePage.next.question', { n: <bdi>{step.index}</bdi> })}
            </span>
          ) : (
            t(step.kind === 'firstStory' ? 'profilePage.next.firstStory' : 'profilePage.next.story')
          )}
        </LocalizedLink>
      </section>
      <nav aria-label={t('profilePage.own.label')}>
        <ul className="profile-own-links">
          {writing ? (
            <li>
              <LocalizedLink to="/profile/edit-me/1">
                <Icon icon={BookOpen} />
                {t('profilePage.own.answers')}
              </LocalizedLink>
            </li>
          ) : (
            <li>
              <LocalizedLink to="/profile/write-post">
                <Icon icon={PenLine} />
                {t('profilePage.own.write')}
              </LocalizedLink>
            </li>
          )}
          <li>
            <LocalizedLink to="/profile/settings">
              <Icon icon={Settings2} />
              {t('profilePage.own.edit')}
            </LocalizedLink>
          </li>
          <li>
            <LocalizedLink to={`/me-widget/${profileId}`}>
              <Icon icon={Code2} />
              {t('profilePage.own.widget')}
            </LocalizedLink>
          </li>
        </ul>
      </nav>
    </div>
  );
}

/**
 * The views count: this visit counts once per member or visitor (the reactions service keeps
 * who has been counted), and the answer is the count, shown after the page is up. A crawler that
 * runs no scripts counts nothing.
 */
function ProfileViews({ profileId }: { profileId: string }) {
  const { t } = useI18n();
  const api = useApi();
  // Asked in the browser only (a server render fetches nothing through useQuery); a failure
  // leaves the line empty, as before.
  const views = useQuery(profileQueries.views(api, profileId)).data;
  return (
    <p className="profile-views muted" aria-live="polite">
      {views === undefined ? '\u00a0' : t('profilePage.views', { count: views })}
    </p>
  );
}

/** The member's YouTube video: nothing is asked of YouTube until the reader presses play. */
function ProfileVideo({ id, name }: { id: string; name: string }) {
  const { t } = useI18n();
  const [playing, setPlaying] = useState(false);
  return (
    <figure className="profile-video">
      <figcaption className="visually-hidden">{t('profilePage.video')}</figcaption>
      {playing ? (
        <iframe
          className="profile-video-frame"
          src={`${youtubeEmbedUrl(id)}?autoplay=1`}
          title={t('profilePage.video.frame', { name })}
          sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
          allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="profile-video-facade">
          <button type="button" className="button" onClick={() => setPlaying(true)}>
            <Icon icon={Play} />
            {t('profilePage.video.play')}
          </button>
          <p className="muted">{t('profilePage.video.hint')}</p>
        </div>
      )}
    </figure>
  );
}

function ProfilePosts({
  posts,
  own,
  name,
  previous,
  next,
  page,
}: {
  posts: PostsPage;
  own: boolean;
  name: string;
  previous: string | undefined;
  next: string | undefined;
  page: number;
}) {
  const { t } = useI18n();
  const comments = useCommentCounts(posts.posts);
  if (posts.posts.length === 0 && page === 1)
    return (
      <EmptyState
        icon={PenLine}
        title={t('profilePage.posts.none')}
        action={
          own ? (
            <LocalizedLink className="button" to="/profile/write-post">
              {t('profilePage.own.write')}
            </LocalizedLink>
          ) : undefined
        }
      >
        <p>
          {own
            ? t('profilePage.posts.noneOwn')
            : richMessage(t, 'profilePage.posts.noneOther', { name: <bdi>{name}</bdi> })}
        </p>
      </EmptyState>
    );
  return (
    <section aria-labelledby="profile-posts-title">
      {/* The cards' titles are level 3: the section has its level-2 heading, for screen readers. */}
      <h2 id="profile-posts-title" className="visually-hidden">
        {t('profilePage.tab.posts')}
      </h2>
      <ul className="card-grid">
        {posts.posts.map((post) => (
          <li key={post.postId} className="profile-post">
            <PostCard post={post} comments={comments[post.postId]} />
            {own && (
              <LocalizedLink
                className="button button-ghost"
                to={`/profile/write-post/${post.postId}`}
              >
                <Icon icon={PenLine} />
                {t('profilePage.posts.edit')}
                <span className="visually-hidden">: {post.title}</span>
              </LocalizedLink>
            )}
          </li>
        ))}
      </ul>
      <Pagination
        by="page"
        previous={previous}
        next={next}
        status={t('profilePage.page', { page })}
      />
    </section>
  );
}

function ProfileAnswers({
  answers,
  questions,
  own,
  name,
  sort,
}: {
  answers: PublicMeAnswer[];
  questions: ProfileQuestion[];
  own: boolean;
  name: string;
  sort: Sort;
}) {
  const { t, locale } = useI18n();
  const byId = new Map(questions.map((question) => [question.questionId, question]));
  const shown = answers
    .filter(hasAnswerText)
    .sort((a, b) =>
      sort === 'oldest'
        ? a.updatedAt.localeCompare(b.updatedAt)
        : b.updatedAt.localeCompare(a.updatedAt),
    );
  if (shown.length === 0)
    return (
      <EmptyState
        icon={BookOpen}
        title={t('profilePage.answers.none')}
        action={
          own ? (
            <LocalizedLink className="button" to="/profile/edit-me/1">
              {t('profilePage.own.answer')}
            </LocalizedLink>
          ) : undefined
        }
      >
        <p>
          {own
            ? t('profilePage.answers.noneOwn')
            : richMessage(t, 'profilePage.answers.noneOther', { name: <bdi>{name}</bdi> })}
        </p>
      </EmptyState>
    );
  return (
    <section aria-label={t('profilePage.tab.answers')} className="profile-answers">
      {shown.map((answer) => {
        const question = byId.get(answer.questionId);
        return (
          <article
            key={answer.meAnswerId}
            className="profile-answer"
            aria-labelledby={`answer-${answer.meAnswerId}`}
          >
            <h2 id={`answer-${answer.meAnswerId}`} className="profile-answer-title">
              {question ? question.title[locale] : answer.questionId}
            </h2>
            <p className="profile-answer-badges">
              {/* The magazine shows only what everyone may read. */}
              {answer.publishedAsPost && answer.privacy === 'public' && (
                <span className="badge">{t('profilePage.answers.inMagazine')}</span>
              )}
              <AudienceBadge audience={answer.privacy} own={own} />
            </p>
            {own && <OwnModeration moderation={answer.moderation} kind="answer" />}
            <InterviewAnswer answer={answer} question={question} level={3} />
            <p className="actions">
              <LocalizedLink to={`/me/${answer.userId}/${answer.index}`}>
                {t('profilePage.answers.read')}
              </LocalizedLink>
            </p>
            {own && (
              <LocalizedLink
                className="button button-ghost"
                to={`/profile/edit-me/${answer.index}`}
              >
                <Icon icon={PenLine} />
                {t('profilePage.answers.edit')}
              </LocalizedLink>
            )}
          </article>
        );
      })}
    </section>
  );
}

/**
 * The member's own drafts (issue 33), most recently changed first: each its title (or that it
 * has none), the start of its text and when it was last changed, linking to the editor at the
 * draft's address. "Load more" reads on by cursor and puts focus on the first new draft.
 */
function ProfileDrafts({
  drafts,
  hasMore,
  loadingMore,
  loadMore,
}: {
  drafts: PostDraftSummary[];
  hasMore: boolean;
  loadingMore: boolean;
  loadMore: () => Promise<{ data?: { pages: Array<{ drafts: PostDraftSummary[] }> } }>;
}) {
  const { t, locale } = useI18n();
  const listRef = useRef<HTMLUListElement>(null);
  const focusOnNew = useFocusOnNew(listRef, drafts.length);
  if (drafts.length === 0)
    return (
      <EmptyState
        icon={FileText}
        title={t('profilePage.drafts.none')}
        action={
          <LocalizedLink className="button" to="/profile/write-post">
            {t('profilePage.own.write')}
          </LocalizedLink>
        }
      >
        <p>{t('profilePage.drafts.noneText')}</p>
      </EmptyState>
    );
  const more = async () => {
    if (loadingMore) return;
    await focusOnNew(
      drafts.length,
      loadMore().then(
        (result) => result.data?.pages.reduce((sum, page) => sum + page.drafts.length, 0) ?? 0,
      ),
    );
  };
  return (
    <section aria-labelledby="profile-drafts-title" className="profile-drafts">
      <h2 id="profile-drafts-title" className="visually-hidden">
        {t('profilePage.tab.drafts')}
      </h2>
      <p className="muted profile-drafts-note">{t('profilePage.drafts.onlyYou')}</p>
      <ul className="profile-draft-list" ref={listRef}>
        {drafts.map((draft) => {
          const title = draft.title.trim();
          const excerpt = draft.excerpt.trim();
          return (
            <li key={draft.draftId} className="profile-draft">
              <h3 className="profile-draft-title">
                <LocalizedLink
                  to={`/profile/write-post?draft=${encodeURIComponent(draft.draftId)}`}
                >
                  {title ? (
                    <bdi dir="auto" lang={textLang(title)}>
                      {title}
                    </bdi>
                  ) : (
                    t('profilePage.drafts.untitled')
                  )}
                </LocalizedLink>
              </h3>
              {excerpt && (
                <p className="profile-draft-excerpt" dir="auto" lang={textLang(excerpt)}>
                  {excerpt}
                </p>
              )}
              <p className="muted profile-draft-edited">
                {richMessage(t, 'profilePage.drafts.edited', {
                  when: (
                    <time dateTime={draft.updatedAt} suppressHydrationWarning>
                      {relativeDate(draft.updatedAt, locale)}
                    </time>
                  ),
                })}
              </p>
            </li>
          );
        })}
      </ul>
      {hasMore && (
        <p className="actions">
          <button
            type="button"
            className="button button-secondary"
            aria-busy={loadingMore}
            onClick={() => void more()}
          >
            {t('profilePage.drafts.more')}
          </button>
        </p>
      )}
    </section>
  );
}
