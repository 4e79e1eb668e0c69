import { LOCALES, localizePath } from '@mepedia/web-i18n';
import { MAGAZINE_PATH } from '../lib/site';
import type { Route } from './+types/sitemap';

/** The static pages, in both locales, each with its alternates. Posts and profiles join later. */
export const SITEMAP_PATHS = [
  '/',
  '/about',
  '/efi',
  '/support',
  '/terms-of-service',
  '/privacy-policy',
  MAGAZINE_PATH,
];

export function loader({ context }: Route.LoaderArgs) {
  const site = context.web.siteUrl;
  const urls = SITEMAP_PATHS.flatMap((path) =>
    LOCALES.map(
      (locale) => `  <url>
    <loc>${site}${localizePath(path, locale)}</loc>
${LOCALES.map((alt) => `    <xhtml:link rel="alternate" hreflang="${alt}" href="${site}${localizePath(path, alt)}"/>`).join('\n')}
    <xhtml:link rel="alternate" hreflang="x-default" href="${site}${path}"/>
  </url>`,
    ),
  );
  const body = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
  return new Response(body, {
    headers: {
      'content-type': 'application/xml; charset=utf-8',
      'cache-control': 'public, max-age=3600',
    },
  });
}
