import { splitLocale } from '@mepedia/web-i18n';
import { serverApi } from '../lib/context';
import { exampleCard, isWidgetStyle, loadWidgetCard, widgetHtml } from '../components/widget/card';
import type { Route } from './+types/me-widget-template';
// The site's own font sheet, the file its pages link (root.tsx): the same fonts, from this site.
import fontsStylesheet from '../fonts.css?url';

/**
 * `/me-widget-template/{profileId?}/{styleName}`: a member's card alone, no header or footer, no
 * script, for an iframe on any site (apps/web/server/csp.ts lets every origin frame it). Without
 * a member, the example card. The interface's language is the address's (`/he/...` in Hebrew).
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  if (!isWidgetStyle(params.styleName)) return notFound();
  const card = params.profileId
    ? await loadWidgetCard(serverApi(context, request), params.profileId)
    : exampleCard(locale);
  if (!card) return notFound();
  const { publicApiUrl, siteUrl } = context.web;
  const html = widgetHtml(card, {
    style: params.styleName,
    locale,
    siteUrl,
    imageSrc: card.image ? `${publicApiUrl}${card.image}?w=320` : null,
    nonce: context.cspNonce,
    fontsHref: fontsStylesheet,
  });
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      // Minutes: a changed motto reaches the cards on other sites soon enough. Read with a
      // member's cookie, the card is as they may see it (their own profile, held by moderation,
      // is theirs alone: issue 35): no shared cache may keep that for anyone else.
      'cache-control': request.headers.has('cookie')
        ? 'private, max-age=300'
        : 'public, max-age=300',
      vary: 'Cookie',
    },
  });
}
