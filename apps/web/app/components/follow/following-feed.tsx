import { followingPostsQueries } from '@mepedia/web-api/queries';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Newspaper } from 'lucide-react';
import { useRef } from 'react';
import { useRootData } from '../../root';
import { useApi } from '../../lib/api';
import { useCommentCounts } from '../query/comment-counts';
import { useI18n } from '../../lib/i18n';
import { EmptyState } from '../empty-state';
import { LocalizedLink } from '../localized-link';
import { PostCard } from '../post-card';
import { useFocusOnNew } from '../show-more';

/**
 * "From people you follow" on a member's home page: the public posts of the members they follow,
 * newest first, with the cards the page's other lists use, and "More stories" below (focus on
 * the first new one). With nothing to show, an invitation to meet people. Nothing for a guest.
 * Reads `followingPostsQueries.feed` from the page's cache (the loader put the first page there).
 */
export function FollowingFeed() {
  const signedIn = Boolean(useRootData()?.user);
  return signedIn ? <Feed /> : null;
}

function Feed() {
  const { t } = useI18n();
  const api = useApi();
  const feed = useInfiniteQuery(followingPostsQueries.feed(api));
  // Every page's posts, once each, whatever was published between two pages.
  const posts = [
    ...new Map(
      (feed.data?.pages ?? []).flatMap((page) =>
        page.posts.map((post) => [post.postId, post] as const),
      ),
    ).values(),
  ];
  const comments = useCommentCounts(posts);
  const list = useRef<HTMLUListElement>(null);
  const focusOnNew = useFocusOnNew(list, posts.length);

  async function more() {
    if (feed.isFetchingNextPage) return;
    await focusOnNew(
      posts.length,
      feed
        .fetchNextPage()
        .then(
          (result) =>
            new Set(result.data?.pages.flatMap((page) => page.posts.map((post) => post.postId)))
              .size,
        ),
    );
  }

  return (
    <section className="section following-feed" aria-labelledby="following-feed-title">
      <h2 id="following-feed-title">{t('follow.feed.title')}</h2>
      {feed.isError && !feed.data ? (
        <EmptyState
          icon={Newspaper}
          headingLevel={3}
          title={t('follow.feed.loadFailed')}
          action={
            <button type="button" className="button" onClick={() => void feed.refetch()}>
              {t('follow.retry')}
            </button>
          }
        />
      ) : !feed.data ? null : posts.length === 0 ? (
        <EmptyState
          icon={Newspaper}
          headingLevel={3}
          title={t('follow.feed.empty')}
          action={
            <LocalizedLink className="button" to="/people">
              {t('follow.meet')}
            </LocalizedLink>
          }
        >
          <p>{t('follow.feed.emptyText')}</p>
        </EmptyState>
      ) : (
        <>
          <ul className="card-grid" ref={list}>
            {posts.map((post) => (
              <li key={post.postId}>
                <PostCard post={post} comments={comments[post.postId]} />
              </li>
            ))}
          </ul>
          {feed.hasNextPage && (
            <p className="actions">
              <button
                type="button"
                className="button button-secondary"
                aria-busy={feed.isFetchingNextPage}
                onClick={() => void more()}
              >
                {t('follow.feed.more')}
              </button>
            </p>
          )}
        </>
      )}
    </section>
  );
}
