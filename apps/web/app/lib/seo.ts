import {
  createTranslator,
  localizePath,
  splitLocale,
  type Locale,
  type MessageKey,
} from '@mepedia/web-i18n';

/** The root loader's data as meta functions see it (typed loosely there). */
export function rootOf(
  data: unknown,
): { locale: Locale; siteUrl: string; publicApiUrl: string } | undefined {
  const candidate = data as
    { locale?: unknown; siteUrl?: unknown; publicApiUrl?: unknown } | null | undefined;
  return candidate &&
    (candidate.locale === 'en' || candidate.locale === 'he') &&
    typeof candidate.siteUrl === 'string'
    ? {
        locale: candidate.locale,
        siteUrl: candidate.siteUrl,
        publicApiUrl: typeof candidate.publicApiUrl === 'string' ? candidate.publicApiUrl : '',
      }
    : undefined;
}
type MetaDescriptor = Record<string, string>;

/**
 * Title, description, canonical, hreflang alternates (en, he, x-default) and
 * Open Graph for a page. Keys are message keys, worded in the page's locale.
 */
export function pageMeta(
  rootData: unknown,
  pathname: string,
  keys: { title: MessageKey; description?: MessageKey },
  values: {
    title?: string;
    description?: string;
    /** A picture for link previews: an absolute address. */
    image?: string;
    /** Open Graph's type: `website` unless told (`article`, `profile`). */
    type?: 'website' | 'article' | 'profile';
    /** Announce the page's oEmbed answer (routes/oembed.ts): posts, profiles, self-interviews. */
    oembed?: boolean;
  } = {},
): MetaDescriptor[] {
  const root = rootOf(rootData);
  const locale = root?.locale ?? splitLocale(pathname).locale;
  const siteUrl = root?.siteUrl ?? '';
  // The site's text overrides apply to titles and descriptions too (root loader, checked there).
  const texts = (rootData as { texts?: unknown } | null | undefined)?.texts;
  const t = createTranslator(locale, typeof texts === 'object' && texts !== null ? texts : {});
  const title = values.title ?? t(keys.title);
  const description = values.description ?? t(keys.description ?? 'meta.description.default');
  const bare = splitLocale(pathname).path;
  const url = (l: Locale) => `${siteUrl}${localizePath(bare, l)}`;
  const fullTitle = keys.title === 'home.title' ? title : `${title} | ${t('app.name')}`;
  return [
    { title: fullTitle },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url(locale) },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: url('en') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'he', href: url('he') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url('en') },
    { property: 'og:title', content: fullTitle },
    { property: 'og:description', content: description },
    { property: 'og:url', content: url(locale) },
    { property: 'og:type', content: values.type ?? 'website' },
    { property: 'og:site_name', content: t('app.name') },
    { property: 'og:locale', content: locale === 'he' ? 'he_IL' : 'en_US' },
    ...(values.oembed
      ? [
          {
            tagName: 'link',
            rel: 'alternate',
            type: 'application/json+oembed',
            href: `${siteUrl}/oembed?url=${encodeURIComponent(url(locale))}`,
          },
        ]
      : []),
    ...(values.image
      ? [
          { property: 'og:image', content: values.image },
          { name: 'twitter:card', content: 'summary' },
        ]
      : []),
  ];
}

/**
 * schema.org `Article` structured data for a page that is one piece of writing (a post, a page of
 * a self-interview), for React Router's `script:ld+json` meta descriptor. Addresses are absolute.
 */
export function articleLd(article: {
  url: string;
  headline: string;
  description: string;
  image?: string | undefined;
  published: string;
  modified: string;
  author: { name: string; url: string };
}): { 'script:ld+json': Record<string, unknown> } {
  return {
    'script:ld+json': {
      '@context': 'https://schema.org',
      '@type': 'Article',
      mainEntityOfPage: article.url,
      headline: article.headline.slice(0, 110),
      description: article.description,
      ...(article.image ? { image: [article.image] } : {}),
      datePublished: article.published,
      dateModified: article.modified,
      author: { '@type': 'Person', name: article.author.name, url: article.author.url },
      publisher: { '@type': 'Organization', name: 'Mepedia' },
    },
  };
}
