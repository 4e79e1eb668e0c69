import { createTranslator, localizePath } from '@mepedia/web-i18n';
import { Copy, FileCode2, ImageDown } from 'lucide-react';
import { useId, useState } from 'react';
import { data } from 'react-router';
import { LocalizedLink } from '../components/localized-link';
import { useToasts } from '../components/toasts';
import { RadioGroup } from '../components/ui/radio-group';
import { Icon } from '../components/icon';
import { serverApi } from '../lib/context';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { textLang } from '../lib/text-lang';
import { pageMeta, rootOf } from '../lib/seo';
import {
  WIDGET_PALETTES,
  WIDGET_SIZE,
  WIDGET_STYLES,
  widgetEmbedCode,
  isWidgetStyle,
  loadWidgetCard,
  type WidgetStyle,
} from '../components/widget/card';
import { useRootData } from '../root';
import type { Route } from './+types/me-widget';
import '../styles/widget.css';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const card = await loadWidgetCard(serverApi(context, request), params.profileId);
  if (!card) throw data(null, { status: 404 });
  const asked = new URL(request.url).searchParams.get('style') ?? '';
  return { card, style: isWidgetStyle(asked) ? asked : ('classic' as WidgetStyle) };
}

export const meta: Route.MetaFunction = ({ location, matches, data: loaded }) => {
  const root = rootOf(matches[0]?.data);
  const t = createTranslator(root?.locale ?? 'en');
  if (!loaded) return pageMeta(root, location.pathname, { title: 'notFound.title' });
  return [
    ...pageMeta(
      root,
      location.pathname,
      { title: 'widget.title' },
      { title: t('widget.titleOther', { name: loaded.card.name }) },
    ),
    // A tool, not a page to find: the card it makes links to the member's pages.
    { name: 'robots', content: 'noindex' },
  ];
};

/**
 * `/me-widget/{profileId}`: the widget's page. The card in every style (each in its own frame,
 * as other sites will show it), the code to paste for the chosen one, and two downloads: a
 * self-contained HTML file (made by the server, routes/me-widget-download.ts) and a PNG picture
 * (drawn here, components/widget/card-png.ts).
 */
export default function WidgetPage({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const toasts = useToasts();
  const root = useRootData();
  const { card } = loaderData;
  const id = card.id ?? '';
  const own = root?.user?.id === card.id;
  const [style, setStyle] = useState<WidgetStyle>(loaderData.style);
  const [drawing, setDrawing] = useState(false);
  const codeId = useId();
  // The member's name in a sentence of the interface: isolated, in its own direction.
  const person = <bdi lang={textLang(card.name)}>{card.name}</bdi>;
  const siteUrl = root?.siteUrl ?? '';
  const template = (name: WidgetStyle) => localizePath(`/me-widget-template/${id}/${name}`, locale);
  const styleName = (name: WidgetStyle) => t(`widget.style.${name}`);
  const code = widgetEmbedCode(
    `${siteUrl}${template(style)}`,
    t('widget.frameTitle', { name: card.name }),
  );

  async function copy() {
    try {
      await navigator.clipboard.writeText(code);
      toasts.success(t('widget.copied'));
    } catch {
      toasts.error(t('widget.copyFailed'));
    }
  }

  async function downloadPng() {
    setDrawing(true);
    try {
      const { cardPng } = await import('../components/widget/card-png');
      const blob = await cardPng(card, {
        palette: WIDGET_PALETTES[style],
        imageSrc: card.image ? `${root?.publicApiUrl ?? ''}${card.image}?w=320` : null,
        texts: {
          answers: t('widget.card.answers', { count: card.answers }),
          read: t('widget.card.read'),
        },
        font: getComputedStyle(document.body).fontFamily,
        serif:
          getComputedStyle(document.documentElement).getPropertyValue('--font-serif').trim() ||
          'Georgia, serif',
      });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `mepedia-card-${style}.png`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
    } catch {
      toasts.error(t('widget.pngFailed'));
    } finally {
      setDrawing(false);
    }
  }

  return (
    <section className="page widget-page" aria-labelledby="widget-title">
      <h1 id="widget-title">
        {own ? t('widget.title') : richMessage(t, 'widget.titleOther', { name: person })}
      </h1>
      <p className="lead">
        {own ? t('widget.intro') : richMessage(t, 'widget.introOther', { name: person })}
      </p>
      <RadioGroup
        legend={t('widget.styles')}
        name="widget-style"
        inline
        options={WIDGET_STYLES.map((name) => ({ value: name, label: styleName(name) }))}
        value={style}
        onChange={setStyle}
      />
      <ul className="widget-previews">
        {WIDGET_STYLES.map((name) => (
          <li key={name} className={name === style ? 'widget-preview is-chosen' : 'widget-preview'}>
            <iframe
              src={template(name)}
              title={t('widget.preview', { style: styleName(name) })}
              width={WIDGET_SIZE.width}
              height={WIDGET_SIZE.height}
              loading="lazy"
            />
            <p className="widget-preview-name" aria-hidden="true">
              {styleName(name)}
            </p>
          </li>
        ))}
      </ul>
      <div className="field widget-code">
        <label htmlFor={codeId}>{t('widget.code')}</label>
        <textarea
          id={codeId}
          readOnly
          dir="ltr"
          rows={4}
          value={code}
          aria-describedby={`${codeId}-hint`}
          onFocus={(event) => event.currentTarget.select()}
        />
        <p className="hint" id={`${codeId}-hint`}>
          {t('widget.codeHint')}
        </p>
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={() => void copy()}>
          <Icon icon={Copy} />
          {t('widget.copy')}
        </button>
      </div>
      <h2>{t('widget.downloads')}</h2>
      <div className="actions">
        <a
          className="button button-secondary"
          href={localizePath(`/me-widget/${id}/download/${style}`, locale)}
          download={`mepedia-card-${style}.html`}
          aria-describedby={`${codeId}-html`}
        >
          <Icon icon={FileCode2} />
          {t('widget.downloadHtml')}
        </a>
        <button
          type="button"
          className="button button-secondary"
          disabled={drawing}
          aria-busy={drawing || undefined}
          onClick={() => void downloadPng()}
        >
          <Icon icon={ImageDown} />
          {t('widget.downloadPng')}
        </button>
      </div>
      <p className="hint" id={`${codeId}-html`}>
        {t('widget.downloadHtmlHint')}
      </p>
      <p>
        <LocalizedLink to={`/profile/${id}`}>{t('widget.back')}</LocalizedLink>
      </p>
    </section>
  );
}
