import { LOCALES, localizePath } from '@mepedia/web-i18n';
import { serverApi } from '../lib/context';
import { MAGAZINE_PATH } from '../lib/site';
import type { Route } from './+types/sitemap';

/**
 * The static pages, the newest public posts, and the published members' profiles and
 * self-interviews, in both locales, each with its alternates.
 */
export const SITEMAP_PATHS = [
  '/',
  '/about',
  '/efi',
  '/support',
  '/terms-of-service',
  '/privacy-policy',
  // The public monthly counts of moderation (issue 35). The other moderation pages are a
  // member's or a moderator's own, and never listed.
  '/transparency',
  MAGAZINE_PATH,
];

const SITEMAP_POSTS = 1000;

async function publicPostPaths(api: ReturnType<typeof serverApi>): Promise<string[]> {
  const paths: string[] = [];
  let cursor: string | null = null;
  try {
    do {
      const page: Awaited<ReturnType<typeof api.posts.getPosts>> = await api.posts.getPosts({
        limit: 50,
        ...(cursor ? { cursor } : {}),
      });
      paths.push(
        ...page.posts
          .filter((post) => post.privacy === 'public')
          .map((post) => `/post/${post.postId}`),
      );
      cursor = page.nextCursor;
    } while (cursor && paths.length < SITEMAP_POSTS);
  } catch {
    // Without the posts service the sitemap still lists the pages.
  }
  return paths;
}

const SITEMAP_PEOPLE = 1000;

/** Each published member's profile and self-interview (`/me`): the pages people are read on. */
async function publishedPeoplePaths(api: ReturnType<typeof serverApi>): Promise<string[]> {
  const paths: string[] = [];
  try {
    for (let pageNumber = 0; paths.length < SITEMAP_PEOPLE * 2; pageNumber++) {
      const page = await api.users.getPublishedUsers({ pageNumber, limit: 50 });
      for (const person of page.users) paths.push(`/profile/${person.id}`, `/me/${person.id}`);
      if (!page.hasMore) break;
    }
  } catch {
    // Without the users service the sitemap still lists the rest.
  }
  return paths;
}

export async function loader({ context, request }: Route.LoaderArgs) {
  const site = context.web.siteUrl;
  // As a guest: only what anyone may read.
  const guest = new Request(request.url);
  const api = serverApi(context, guest);
  const [posts, people] = await Promise.all([publicPostPaths(api), publishedPeoplePaths(api)]);
  const urls = [...SITEMAP_PATHS, ...posts, ...people].flatMap((path) =>
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
