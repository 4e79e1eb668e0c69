import type { Language, Post } from '@mepedia/contracts';
import { numberFormat } from '../lib/dates';
import { ApiError } from '@mepedia/web-api';
import { postQueries, reactionQueries, type PostLike } from '@mepedia/web-api/queries';
import {
  QueryClient,
  dehydrate,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { createTranslator, postMessages, registerMessages } from '@mepedia/web-i18n';
import { Heart, Share2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { data } from 'react-router';
import { RANDOM_IDENTIFIER_KEY } from '../components/client-effects';
import { AudienceBadge } from '../components/audience/audience-badge';
import { Avatar } from '../components/avatar';
import { Byline } from '../components/byline';
import { Discussion } from '../components/discussion/discussion';
import { loadDiscussion } from '../components/discussion/load';
import { Icon } from '../components/icon';
import { OwnModeration } from '../components/own-moderation';
import { ReportControl } from '../components/report-control';
import { QueryProvider } from '../components/query/query-provider';
import { TranslateButton, translationErrorMessage } from '../components/machine-translation';
import { SignInPrompt } from '../components/sign-in-prompt';
import { useToasts } from '../components/toasts';
import { MemberImage } from '../components/member-image';
import { richMessage } from '../lib/rich-message';
import { bareCredit } from '../lib/credit';
import { textLang } from '../lib/text-lang';
import { NO_REACTIONS, ReactionBar } from '../components/reactions/reaction-bar';
import { useApi } from '../lib/api';
import { isSaidRefusal, refusalWords } from '../lib/refusal';
import { serverApi } from '../lib/context';
import { loaderTranslationAvailable } from '../lib/translation-status.server';
import { headingsUnderTitle } from '../lib/headings';
import { useI18n } from '../lib/i18n';
import { LocalizedLink } from '../components/localized-link';
import { useRootData } from '../root';
import { articleLd, pageMeta, rootOf } from '../lib/seo';
import type { Route } from './+types/post';

import '../styles/post.css';

registerMessages(postMessages);

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  // What the page reads through queries (the reactions, the comments, the like) goes into a cache
  // handed to the browser's with the page: nothing is asked again there.
  const queryClient = new QueryClient();
  const reactions = reactionQueries.state(api, 'posts', params.postId);
  try {
    // The counts and the comments are side dishes: the post shows even when they cannot be read.
    const [post, , discussionRead, translatable] = await Promise.all([
      api.posts.getPostById(params.postId),
      queryClient
        .fetchQuery(reactions)
        .catch(() => queryClient.setQueryData(reactions.queryKey, NO_REACTIONS)),
      loadDiscussion(queryClient, api, params.postId),
      // Translate is offered only where a provider is configured (kept by the web server).
      loaderTranslationAvailable(context),
    ]);
    // The like is the post's; kept apart so that the post's content is not sent twice.
    queryClient.setQueryData(postQueries.like(api, post.postId).queryKey, {
      liked: post.likedByMe,
      likes: post.likes,
    } satisfies PostLike);
    return {
      post,
      dehydrated: dehydrate(queryClient),
      discussionFailed: !discussionRead,
      translatable,
    };
  } catch (error) {
    // An id that cannot be one (too long, a NUL) is refused by the posts service (400): for the
    // reader it is the same missing page, as a profile's (lib/profiles.ts), never an error page.
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      throw data(null, { status: 404 });
    throw error;
  }
}

const textOf = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const root = rootOf(matches[0]?.data);
  const post = (loaded as { post?: Post } | undefined)?.post;
  if (!post) return pageMeta(root, location.pathname, { title: 'notFound.title' });
  const description = textOf(post.content).slice(0, 160);
  const tags = pageMeta(
    root,
    location.pathname,
    { title: 'home.title' },
    { title: post.title, description, oembed: true },
  );
  const t = createTranslator(root?.locale ?? 'en');
  const image = `${root?.publicApiUrl || root?.siteUrl || ''}${post.image}`;
  return [
    ...tags
      .map((tag) =>
        tag['title'] !== undefined ? { title: `${post.title} | ${t('app.name')}` } : tag,
      )
      .filter((tag) => tag['property'] !== 'og:type'),
    { property: 'og:type', content: 'article' },
    // Crawlers need the whole address: the API's origin when it lives apart, else the site's.
    { property: 'og:image', content: image },
    { property: 'article:published_time', content: post.createdAt },
    articleLd({
      url: tags.find((tag) => tag['rel'] === 'canonical')?.['href'] ?? '',
      headline: post.title,
      description,
      image,
      published: post.createdAt,
      modified: post.updatedAt,
      author: {
        name: post.publisher?.fullname ?? '',
        url: `${root?.siteUrl ?? ''}/profile/${post.publisherId}`,
      },
    }),
  ];
};

/** A machine translation of the post, shown instead of it until the reader asks for the original. */
type Translation = { title: string; content: string; target: Language };

/** Text of HTML as the provider sends it back (entities and all), for a plain-text title. */
function decodedText(html: string): string {
  return new DOMParser().parseFromString(html, 'text/html').body.textContent ?? '';
}

/**
 * A post, whole: its content is sanitized by the posts service, on the way in and on the way out;
 * a machine translation of it, which comes from the provider as is, is cleaned here with the
 * editor's allow-list before it is shown.
 */
export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { dehydrated, ...story } = loaderData;
  return (
    <QueryProvider state={dehydrated}>
      {/* One post's page per key: what is in flight for one post (a like, a comment) never
          writes into the next's, and its open threads and prompts start afresh. */}
      <Story key={story.post.postId} {...story} />
    </QueryProvider>
  );
}

function Story({
  post,
  discussionFailed,
  translatable,
}: Omit<Route.ComponentProps['loaderData'], 'dehydrated'>) {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const queryClient = useQueryClient();
  const user = useRootData()?.user ?? null;
  const mine = user?.id === post.publisherId;
  const number = numberFormat(locale);
  const likeQuery = postQueries.like(api, post.postId);
  const like = useQuery(likeQuery).data ?? { liked: post.likedByMe, likes: post.likes };
  const [shares, setShares] = useState(post.shareCount);
  // The count as the reader's own view left it: the page may come from a cache made before it.
  const [views, setViews] = useState(post.views);
  const [prompt, setPrompt] = useState<'like' | 'translate' | null>(null);
  const [translation, setTranslation] = useState<Translation | null>(null);
  const [showing, setShowing] = useState(false);
  const [translating, setTranslating] = useState(false);
  const language = textLang(post.title) ?? textLang(textOf(post.content)) ?? 'en';
  const target: Language = language === 'he' ? 'en' : 'he';

  useEffect(() => {
    const id = window.localStorage.getItem(RANDOM_IDENTIFIER_KEY) ?? undefined;
    api.posts
      .updatePostViews(post.postId, id)
      .then((answer) => setViews((shown) => Math.max(shown, answer.views)))
      .catch(() => undefined);
  }, [api, post.postId]);

  // Another post in the same page component (client navigation): its own state.
  useEffect(() => {
    setShares(post.shareCount);
    setViews(post.views);
    setTranslation(null);
    setShowing(false);
    setPrompt(null);
  }, [post]);

  // The like shows at once; the service's answer sets the count, and a failure takes it back.
  const liking = useMutation({
    mutationFn: () => api.posts.like(post.postId),
    onMutate: async () => {
      await queryClient.cancelQueries({ queryKey: likeQuery.queryKey });
      const before = queryClient.getQueryData(likeQuery.queryKey) ?? like;
      queryClient.setQueryData(likeQuery.queryKey, {
        liked: !before.liked,
        likes: Math.max(0, before.likes + (before.liked ? -1 : 1)),
      });
      return { before };
    },
    onSuccess: (answer) =>
      queryClient.setQueryData(likeQuery.queryKey, { liked: answer.liked, likes: answer.likes }),
    onError: (error, _variables, taken) => {
      if (taken) queryClient.setQueryData(likeQuery.queryKey, taken.before);
      if (error instanceof ApiError && error.status === 401) setPrompt('like');
      // A block between the reader and the author (issue 35): why, in the page's language.
      else if (isSaidRefusal(error))
        void refusalWords(error, locale, t('discussion.error.like')).then(toasts.error);
      else toasts.error(t('discussion.error.like'));
    },
  });

  function toggleLike() {
    if (!user) {
      setPrompt('like');
      return;
    }
    liking.mutate();
  }

  async function share() {
    const url = `${window.location.origin}${window.location.pathname}`;
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: post.title, url });
      } catch {
        return; // Closed without sharing: nothing was shared.
      }
    } else {
      try {
        await navigator.clipboard.writeText(url);
        toasts.success(t('postPage.linkCopied'));
      } catch {
        toasts.error(t('postPage.shareFailed'));
        return;
      }
    }
    api.posts
      .updateShareProp(post.postId)
      .then((answer) => setShares(answer.shareCount))
      .catch(() => undefined);
  }

  async function translate() {
    if (showing || translation) {
      setShowing(!showing);
      return;
    }
    if (!user) {
      setPrompt('translate');
      return;
    }
    setTranslating(true);
    try {
      const [title, content, { allowedHtml }] = await Promise.all([
        // Sent as HTML, as the content is: a title is text, so its ampersands are escaped.
        api.posts.translateOutput(post.title.replace(/&/g, '&amp;').replace(/</g, '&lt;'), target),
        api.posts.translateOutput(post.content, target),
        import('../components/editor/content'),
      ]);
      setTranslation({
        title: decodedText(title.output),
        content: allowedHtml(content.output),
        target,
      });
      setShowing(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setPrompt('translate');
      else toasts.error(translationErrorMessage(error, t('translate.failed')));
    } finally {
      setTranslating(false);
    }
  }

  const shown = showing && translation ? translation : null;
  const title = shown?.title ?? post.title;

  return (
    <article className="page page-narrow post" aria-labelledby="post-title">
      <h1
        id="post-title"
        className="member-heading"
        dir="auto"
        lang={shown ? shown.target : textLang(post.title)}
      >
        {title}
      </h1>
      {/* Hidden or removed by moderators: said to its author, the one reader it is sent to. */}
      {mine && <OwnModeration moderation={post.moderation} kind="post" />}
      {post.privacy !== 'public' && (
        <p className="post-audience">
          <AudienceBadge audience={post.privacy} own={mine} />
        </p>
      )}
      {post.publisher && (
        <div className="post-author">
          <Avatar
            name={post.publisher.fullname}
            image={post.publisher.profileImage}
            size="sm"
            loading="eager"
          />
          <Byline
            name={post.publisher.fullname}
            href={`/profile/${post.publisher.id}`}
            date={post.createdAt}
          />
        </div>
      )}
      <figure className="post-figure">
        <MemberImage
          path={post.image}
          widths={[640, 800, 960, 1280, 1920]}
          // The article column (.page-narrow): 42rem at most, less its 1rem padding on each side.
          sizes="(max-width: 42rem) calc(100vw - 2rem), 40rem"
          width={1280}
          height={720}
          // The page's largest picture: fetched first.
          fetchPriority="high"
          className="post-image"
        />
        <figcaption className="muted">
          {richMessage(t, 'post.imageCredit', {
            credit: <bdi lang={textLang(post.credit)}>{bareCredit(post.credit)}</bdi>,
          })}
        </figcaption>
      </figure>
      {shown && (
        <p className="translation-notice" role="status">
          {t(shown.target === 'he' ? 'translate.notice.he' : 'translate.notice.en')}
        </p>
      )}
      <div
        className="prose"
        dir="auto"
        lang={shown ? shown.target : textLang(post.title)}
        dangerouslySetInnerHTML={{ __html: headingsUnderTitle(shown?.content ?? post.content) }}
      />
      <p className="muted post-counts">
        {t('post.views', { count: views })} · {t('post.likes', { count: like.likes })} ·{' '}
        {t('postPage.shares', { count: shares })}
      </p>
      <div className="post-actions" role="group" aria-label={t('postPage.actions')}>
        <button
          type="button"
          className="button button-secondary post-like"
          aria-pressed={like.liked}
          onClick={toggleLike}
        >
          <Icon icon={Heart} size={18} />
          {t('postPage.like')}
          <span className="post-like-count">{number.format(like.likes)}</span>
        </button>
        <button type="button" className="button button-secondary" onClick={() => void share()}>
          <Icon icon={Share2} size={18} />
          {t('postPage.share')}
        </button>
        {translatable && (
          <TranslateButton
            busy={translating}
            showing={showing}
            target={target}
            onClick={() => void translate()}
          />
        )}
        {/* Its author may change it: the post editor, with this post. */}
        {mine && (
          <LocalizedLink
            className="button button-secondary"
            to={`/profile/write-post/${post.postId}`}
          >
            {t('post.edit')}
          </LocalizedLink>
        )}
        {/* Anyone else may report it: a member with the dialog, a guest by a notice. */}
        <ReportControl
          target={{
            kind: 'post',
            itemId: post.postId,
            ownerId: post.publisherId,
            ...(post.publisher ? { name: post.publisher.fullname } : {}),
          }}
        />
      </div>
      {prompt && (
        <SignInPrompt
          message={t(prompt === 'translate' ? 'translate.membersOnly' : 'guest.mustLogin')}
        />
      )}
      <ReactionBar collectionName="posts" objectId={post.postId} />
      <Discussion
        roomId={post.postId}
        failedAtStart={discussionFailed}
        translatable={translatable}
      />
    </article>
  );
}
