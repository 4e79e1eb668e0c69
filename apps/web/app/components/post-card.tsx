import type { PostSummary } from '@mepedia/contracts';
import { Heart, MessageCircle } from 'lucide-react';
import { numberFormat } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { coverTint, hasOwnPicture, initialOf } from '../lib/story-cover';
import { textLang } from '../lib/text-lang';
import { useRootData } from '../root';
import { AudienceBadge } from './audience/audience-badge';
import { Avatar } from './avatar';
import { Byline } from './byline';
import { Icon } from './icon';
import { LocalizedLink } from './localized-link';
import { MemberImage } from './member-image';
import { OwnModerationBadge } from './own-moderation';

/**
 * A story in a list: its picture (3:2, every card of every list alike, sized before it loads) or,
 * when it has none of its own, a typographic cover; its title (two lines) and excerpt (three
 * lines), each in its own direction; who wrote it when; and how long it reads, its likes and
 * (`comments`, when the page has them) its comments. `featured`: the first of a list, across the
 * grid (picture beside the words where the card is wide enough). `eager`: the list is what a page
 * opens with, so its first picture is fetched at once rather than when scrolled to (the magazine;
 * on the home page the stories are below the fold on a phone, and an eager picture there would
 * share a slow connection with what the first paint needs). The whole card is one link target
 * (the title's), so a keyboard stops once per story.
 */
export function PostCard({
  post,
  featured = false,
  eager = false,
  comments,
}: {
  post: PostSummary;
  featured?: boolean;
  eager?: boolean;
  /** How many comments the story has; left out, none is shown (the page did not ask). */
  comments?: number | undefined;
}) {
  const { t, locale } = useI18n();
  const titleLang = textLang(post.title);
  // Made once per language (lib/dates.ts): a formatter made per card was a tenth of a page's drawing.
  const number = numberFormat(locale);
  const own = useRootData()?.user?.id === post.publisherId;
  return (
    <article className={`card post-card${featured ? ' post-card-featured' : ''}`}>
      <div className="post-card-media">
        {hasOwnPicture(post) ? (
          <MemberImage
            path={post.image}
            widths={featured ? [640, 800, 960, 1280] : [320, 640, 800, 960]}
            sizes={featured ? '(max-width: 48rem) 100vw, 46rem' : '(max-width: 40rem) 100vw, 22rem'}
            width={featured ? 960 : 480}
            height={featured ? 640 : 320}
            loading={eager ? 'eager' : 'lazy'}
            className="post-card-image"
          />
        ) : (
          // A cover of type: the title's first letter, large, and what kind of story it is
          // (decorative: the heading below names the story). Laid out in the page's direction,
          // as its label is the interface's words.
          <div
            className={`story-cover story-cover-tint-${coverTint(post.postId)}`}
            aria-hidden="true"
          >
            <span className="story-cover-initial" lang={titleLang}>
              {initialOf(post.title)}
            </span>
            <span className="story-cover-label">
              {t(post.questionId === null ? 'card.cover.story' : 'card.cover.answer')}
            </span>
          </div>
        )}
      </div>
      <div className="post-card-body">
        <h3 className="post-card-title" dir="auto" lang={titleLang}>
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
        <p className="post-card-meta">
          {/* Who may read it, when not everyone: the reader is its author or may read it. */}
          <AudienceBadge audience={post.privacy} own={own} />
          {/* Only the author's read carries it (issue 35): hidden or removed by moderators. */}
          {own && <OwnModerationBadge moderation={post.moderation} />}
          <span>{t('card.readingTime', { count: post.readingMinutes })}</span>
          <span className="post-card-stat">
            <Icon icon={Heart} size={16} />
            <span aria-hidden="true">{number.format(post.likes)}</span>
            <span className="visually-hidden">{t('card.likes', { count: post.likes })}</span>
          </span>
          {comments !== undefined && (
            <span className="post-card-stat">
              <Icon icon={MessageCircle} size={16} />
              <span aria-hidden="true">{number.format(comments)}</span>
              <span className="visually-hidden">{t('card.comments', { count: comments })}</span>
            </span>
          )}
        </p>
      </div>
    </article>
  );
}
