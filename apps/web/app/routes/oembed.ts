import { resolveProfileImage } from '@mepedia/contracts/browser';
import { ApiError } from '@mepedia/web-api';
import { createTranslator, localizePath, splitLocale, type Locale } from '@mepedia/web-i18n';
import { serverApi } from '../lib/context';
import { WIDGET_SIZE, widgetEmbedCode } from '../components/widget/card';
import type { Route } from './+types/oembed';

/**
 * oEmbed (https://oembed.com) for posts, profiles and self-interviews: another site that is given
 * a Mepedia address asks `/oembed?url=<address>` and gets, for a post, a `link` answer (title,
 * author, picture) to show a preview, and for a member a `rich` one: their card (the widget) in
 * an iframe, in the address's language. JSON only (`format=xml` is 501, as the spec allows); an address that is not
 * one of ours, or not a public post or member, is 404. Read as a guest: only what anyone may see.
 */
type OEmbed = {
  version: '1.0';
  type: 'link' | 'rich';
  /** `rich` only: the member's card (the widget) in an iframe, and its size. */
  html?: string;
  width?: number;
  height?: number;
  title: string;
  author_name: string;
  author_url: string;
  provider_name: 'Mepedia';
  provider_url: string;
  cache_age: number;
  thumbnail_url?: string;
};

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': status === 200 ? 'public, max-age=3600' : 'no-store',
      // Any site may ask: that is what oEmbed is for.
      'access-control-allow-origin': '*',
    },
  });

/** What the address names: a post, or a member (their profile or their self-interview). */
function targetOf(
  url: string,
  siteUrl: string,
): { post: string } | { member: string; locale: Locale } | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.origin !== new URL(siteUrl).origin) return null;
  const { path, locale } = splitLocale(parsed.pathname);
  const post = /^\/post\/([\w-]{1,64})\/?$/.exec(path);
  if (post) return { post: post[1]! };
  const member = /^\/(?:profile|me)\/([\w-]{1,64})(?:\/\d{1,2})?\/?$/.exec(path);
  if (member && member[1] !== 'settings') return { member: member[1]!, locale };
  return null;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = new URL(request.url).searchParams;
  const url = query.get('url');
  if (!url) return json({ error: 'url is required' }, 400);
  if ((query.get('format') ?? 'json') !== 'json') return json({ error: 'only json' }, 501);
  const site = context.web.siteUrl;
  const target = targetOf(url, site);
  if (!target) return json({ error: 'not a Mepedia post or member address' }, 404);
  // As a guest: a private post or an unverified member is not found.
  const api = serverApi(context, new Request(request.url));
  const pictures = context.web.publicApiUrl || site;
  const absolute = (path: string) => (path.startsWith('http') ? path : `${pictures}${path}`);
  const base = {
    version: '1.0' as const,
    type: 'link' as const,
    provider_name: 'Mepedia' as const,
    provider_url: site,
    cache_age: 3600,
  };
  try {
    if ('post' in target) {
      const post = await api.posts.getPostById(target.post);
      const answer: OEmbed = {
        ...base,
        title: post.title,
        author_name: post.publisher?.fullname ?? '',
        author_url: `${site}/profile/${post.publisherId}`,
        ...(post.image ? { thumbnail_url: absolute(post.image) } : {}),
      };
      return json(answer);
    }
    const profile = await api.users.getProfileById(target.member);
    const picture = resolveProfileImage(profile);
    // A member is answered with their card, as the widget's embed code puts it on a page.
    const card = `${site}${localizePath(`/me-widget-template/${profile.id}/classic`, target.locale)}`;
    const answer: OEmbed = {
      ...base,
      type: 'rich',
      html: widgetEmbedCode(
        card,
        createTranslator(target.locale)('widget.frameTitle', { name: profile.fullname }),
      ),
      width: WIDGET_SIZE.width,
      height: WIDGET_SIZE.height,
      title: profile.fullname,
      author_name: profile.fullname,
      author_url: `${site}/profile/${profile.id}`,
      ...(picture ? { thumbnail_url: absolute(picture) } : {}),
    };
    return json(answer);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400))
      return json({ error: 'not found' }, 404);
    throw error;
  }
}
