import type { LottiesState, Post } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { createTranslator } from '@mepedia/web-i18n';
import { useEffect } from 'react';
import { data } from 'react-router';
import { RANDOM_IDENTIFIER_KEY } from '../components/client-effects';
import { Avatar } from '../components/avatar';
import { Byline } from '../components/byline';
import { MemberImage } from '../components/member-image';
import { richMessage } from '../lib/rich-message';
import { textLang } from '../lib/text-lang';
import { ReactionBar } from '../components/reactions';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { LocalizedLink } from '../components/localized-link';
import { useRootData } from '../root';
import { articleLd, pageMeta, rootOf } from '../lib/seo';
import type { Route } from './+types/post';

/** What a reader sees before anyone reacted, or when the counts cannot be read right now. */
const NO_REACTIONS: LottiesState = {
  counts: { heart: 0, clap: 0, laugh: 0, wow: 0, hug: 0 },
  mine: [],
};

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  try {
    // The counts are a side dish: the post shows even when they cannot be read.
    const [post, reactions] = await Promise.all([
      api.posts.getPostById(params.postId),
      api.lotties.fillLotties('posts', params.postId).catch(() => NO_REACTIONS),
    ]);
    return { post, reactions };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw data(null, { status: 404 });
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

/** A post, whole: its content is sanitized by the posts service, on the way in and on the way out. */
export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const api = useApi();
  const { post, reactions } = loaderData;
  const mine = useRootData()?.user?.id === post.publisherId;

  useEffect(() => {
    const id = window.localStorage.getItem(RANDOM_IDENTIFIER_KEY) ?? undefined;
    api.posts.updatePostViews(post.postId, id).catch(() => undefined);
  }, [api, post.postId]);

  return (
    <article className="page page-narrow post" aria-labelledby="post-title">
      <h1 id="post-title" dir="auto" lang={textLang(post.title)}>
        {post.title}
      </h1>
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
            credit: <bdi lang={textLang(post.credit)}>{post.credit}</bdi>,
          })}
        </figcaption>
      </figure>
      <div
        className="prose"
        dir="auto"
        lang={textLang(post.title)}
        dangerouslySetInnerHTML={{ __html: post.content }}
      />
      <p className="muted post-counts">
        {t('post.views', { count: post.views })} · {t('post.likes', { count: post.likes })}
      </p>
      <ReactionBar collectionName="posts" objectId={post.postId} initial={reactions} />
      {/* Its author may change it: the post editor, with this post. */}
      {mine && (
        <p>
          <LocalizedLink
            className="button button-secondary"
            to={`/profile/write-post/${post.postId}`}
          >
            {t('post.edit')}
          </LocalizedLink>
        </p>
      )}
    </article>
  );
}
