import type { PostSummary } from '@mepedia/contracts';
import { textLang } from '../lib/text-lang';
import { Avatar } from './avatar';
import { Byline } from './byline';
import { LocalizedLink } from './localized-link';
import { MemberImage } from './member-image';

/**
 * A story in a list: its picture (16:9, sized before it loads), title, three lines of it, and who
 * wrote it when. `featured`: the first of a list, across the grid's width. `eager`: the list is
 * what a page opens with, so its first picture is fetched at once rather than when scrolled to
 * (the magazine; on the home page the stories are below the fold on a phone, and an eager picture
 * there would share a slow connection with what the first paint needs). The whole card is one
 * link target (the title's), so a keyboard stops once per story.
 */
export function PostCard({
  post,
  featured = false,
  eager = false,
}: {
  post: PostSummary;
  featured?: boolean;
  eager?: boolean;
}) {
  return (
    <article className={`card post-card${featured ? ' post-card-featured' : ''}`}>
      <div className="post-card-media">
        <MemberImage
          path={post.image}
          widths={featured ? [640, 800, 960, 1280] : [320, 640, 800, 960]}
          sizes={featured ? '(max-width: 48rem) 100vw, 40rem' : '(max-width: 40rem) 100vw, 22rem'}
          width={featured ? 640 : 320}
          height={featured ? 360 : 180}
          loading={eager ? 'eager' : 'lazy'}
          className="post-card-image"
        />
      </div>
      <div className="post-card-body">
        <h3 className="post-card-title" dir="auto" lang={textLang(post.title)}>
          <LocalizedLink to={`/post/${post.postId}`} className="card-link">
            {post.title}
          </LocalizedLink>
        </h3>
        <p className="post-card-excerpt" dir="auto" lang={textLang(post.excerpt)}>
          {post.excerpt}
        </p>
        {post.publisher && (
          <div className="post-card-author">
            <Avatar name={post.publisher.fullname} image={post.publisher.profileImage} size="sm" />
            <Byline name={post.publisher.fullname} date={post.createdAt} relative />
          </div>
        )}
      </div>
    </article>
  );
}
