import { splitLocale } from '@mepedia/web-i18n';
import type { LocalizedContent } from '../content/types';
import { rootOf } from './seo';

/** Meta tags for a prose page, from its content in the page's locale. */
export function contentMeta(content: LocalizedContent, pathname: string, rootData: unknown) {
  const root = rootOf(rootData);
  const locale = splitLocale(pathname).locale;
  const page = content[locale];
  const bare = splitLocale(pathname).path;
  const url = (l: 'en' | 'he') =>
    `${root?.siteUrl ?? ''}${l === 'he' ? (bare === '/' ? '/he' : `/he${bare}`) : bare}`;
  const title = `${page.title} | ${locale === 'he' ? 'מפדיה' : 'Mepedia'}`;
  return [
    { title },
    { name: 'description', content: page.description },
    { tagName: 'link', rel: 'canonical', href: url(locale) },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: url('en') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'he', href: url('he') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url('en') },
    { property: 'og:title', content: title },
    { property: 'og:description', content: page.description },
    { property: 'og:url', content: url(locale) },
    { property: 'og:type', content: 'article' },
  ];
}
