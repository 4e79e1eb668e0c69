import { splitLocale } from '@mepedia/web-i18n';
import { serverApi } from '../lib/context';
import { isWidgetStyle, loadWidgetCard, widgetHtml } from '../components/widget/card';
import type { Route } from './+types/me-widget-download';

/**
 * `/me-widget/{profileId}/download/{styleName}`: the card as one HTML file to keep or put on any
 * site: its style sheet and its picture (a data: URL) inside, nothing fetched from Mepedia when
 * it is opened; only its link leads back.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { locale } = splitLocale(new URL(request.url).pathname);
  const notFound = () =>
    new Response('Not found', { status: 404, headers: { 'content-type': 'text/plain' } });
  if (!isWidgetStyle(params.styleName)) return notFound();
  const card = await loadWidgetCard(serverApi(context, request), params.profileId);
  if (!card) return notFound();
  const { apiBaseUrl, apiFetch, siteUrl } = context.web;
  let imageSrc: string | null = null;
  if (card.image) {
    const picture = await (apiFetch ?? fetch)(`${apiBaseUrl}${card.image}?w=320`).catch(() => null);
    // Without its picture the card still works: it shows the initials.
    if (picture?.ok) {
      const type = picture.headers.get('content-type') ?? 'image/webp';
      const bytes = Buffer.from(await picture.arrayBuffer());
      if (/^image\/(webp|png|jpeg|avif)$/.test(type))
        imageSrc = `data:${type};base64,${bytes.toString('base64')}`;
    }
  }
  const html = widgetHtml(card, { style: params.styleName, locale, siteUrl, imageSrc });
  return new Response(html, {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-disposition': `attachment; filename="mepedia-card-${params.styleName}.html"`,
      'cache-control': 'private, no-store',
    },
  });
}
