import type { PostSummary } from '@mepedia/contracts';
import { useI18n } from '../lib/i18n';
import { LocalizedLink } from './localized-link';
import { MemberImage } from './member-image';

export function PostCard({ post }: { post: PostSummary }) {
  const { t, locale } = useI18n();
  return (
    <article className="post-card">
      <MemberImage
        path={post.image}
        widths={[320, 640, 960]}
        sizes="(max-width: 40rem) 100vw, 20rem"
        width={320}
        height={180}
        loading="lazy"
        className="post-card-image"
      />
      <h3 dir="auto">
        <LocalizedLink to={`/post/${post.postId}`}>{post.title}</LocalizedLink>
      </h3>
      {post.publisher && (
        <p className="muted" dir="auto">
          {t('post.by', { name: post.publisher.fullname })} ·{' '}
          <time dateTime={post.createdAt}>
            {new Date(post.createdAt).toLocaleDateString(locale === 'he' ? 'he-IL' : 'en-GB')}
          </time>
        </p>
      )}
      <p dir="auto">{post.excerpt}</p>
    </article>
  );
}
