import { resolveProfileImage } from '@mepedia/contracts/browser';
import { ApiError, type Api } from '@mepedia/web-api';
import {
  createTranslator,
  direction,
  localizePath,
  registerMessages,
  widgetMessages,
  type Locale,
} from '@mepedia/web-i18n';
import { textLang } from '../../lib/text-lang';

registerMessages(widgetMessages);

/**
 * The embeddable widget: a member's card (picture, name, motto, a line about them, how much of
 * their self-interview there is, and a call to read their story on Mepedia) as one small HTML
 * page with no script. The same markup is the iframe's page (/me-widget-template/...), set in the
 * site's own fonts from the site, and the file members download, where the picture is written
 * into the file itself and the fonts are the reader's system's (nothing is fetched from Mepedia).
 */
export const WIDGET_STYLES = ['classic', 'dark', 'minimal'] as const;
export type WidgetStyle = (typeof WIDGET_STYLES)[number];
export const isWidgetStyle = (name: string): name is WidgetStyle =>
  (WIDGET_STYLES as readonly string[]).includes(name);

/** The size the embed code gives the frame: the card fits it in either language. */
export const WIDGET_SIZE = { width: 340, height: 460 } as const;

export type WidgetCard = {
  /** Null for the example card (no member). */
  id: string | null;
  name: string;
  motto: string | null;
  about: string | null;
  /** The picture's path under the API (`/api/files/image/...`), if any. */
  image: string | null;
  answers: number;
};

/** The code that puts a card on a page (the widget page's to copy, and oEmbed's `html`). */
export function widgetEmbedCode(src: string, title: string): string {
  return `<iframe src="${escapeHtml(src)}" title="${escapeHtml(title)}" width="${WIDGET_SIZE.width}" height="${WIDGET_SIZE.height}" style="border:0;max-width:100%" loading="lazy"></iframe>`;
}

/** A member's card, as a guest may see it; null when there is no such (verified) member. */
export async function loadWidgetCard(api: Api, profileId: string): Promise<WidgetCard | null> {
  try {
    const [profile, answers] = await Promise.all([
      api.users.getProfileById(profileId),
      api.meAnswers.getUserAnswers(profileId).catch(() => []),
    ]);
    return {
      id: profile.id,
      name: profile.fullname,
      motto: profile.moto,
      about: profile.aboutMe,
      image: resolveProfileImage(profile),
      answers: answers.filter((answer) => answer.privacy === 'public').length,
    };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return null;
    throw error;
  }
}

/** The card that shows what a widget looks like, before it is anyone's. */
export function exampleCard(locale: Locale): WidgetCard {
  const t = createTranslator(locale);
  return {
    id: null,
    name: t('widget.card.exampleName'),
    motto: t('widget.card.exampleMotto'),
    about: null,
    image: null,
    answers: 10,
  };
}

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const langOf = (text: string) => {
  const lang = textLang(text);
  return lang ? ` lang="${lang}"` : '';
};

/** Initials for a card without a picture, as the site's avatars write them. */
function initials(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}

/** The three looks: colours, and whether the name is set in the serif. */
export type WidgetPalette = {
  bg: string;
  card: string;
  ink: string;
  muted: string;
  accent: string;
  line: string;
  soft: string;
  /** The name's face: a serif for the classic card. */
  serif: boolean;
};
export const WIDGET_PALETTES: Record<WidgetStyle, WidgetPalette> = {
  classic: {
    bg: '#fbfaf7',
    card: '#ffffff',
    ink: '#1d1d1f',
    muted: '#55555d',
    accent: '#1f4e79',
    line: '#d6d3cc',
    soft: '#e8eef5',
    serif: true,
  },
  dark: {
    bg: '#121417',
    card: '#1b1e22',
    ink: '#ecebe8',
    muted: '#b6b4af',
    accent: '#93bfea',
    line: '#3a3f46',
    soft: '#1e2d3d',
    serif: false,
  },
  minimal: {
    bg: '#ffffff',
    card: '#ffffff',
    ink: '#111111',
    muted: '#4a4a4a',
    accent: '#111111',
    line: '#ffffff',
    soft: '#f1f1f1',
    serif: false,
  },
};
/** The site's own faces first (when the page links its font sheet: `fontsHref`), then the system's. */
const SANS = '"Rubik Variable",system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif';
const SERIF = '"Frank Ruhl Libre Variable",Georgia,"Times New Roman",serif';

function cssVariables(palette: WidgetPalette): string {
  const { serif, ...colours } = palette;
  return [
    ...Object.entries(colours).map(([name, value]) => `--${name}:${value}`),
    `--font:${SANS}`,
    `--name:${serif ? SERIF : SANS}`,
  ].join(';');
}

const CSS = `*{box-sizing:border-box}html,body{margin:0}body{background:var(--bg);color:var(--ink);font:16px/1.5 var(--font);display:grid;place-items:center;min-height:100vh;padding:8px}
.card{width:100%;max-width:316px;background:var(--card);border:1px solid var(--line);border-radius:16px;padding:20px 18px;text-align:center;display:grid;gap:4px;justify-items:center}
.photo,.initials{width:96px;height:96px;border-radius:50%;object-fit:cover;background:var(--soft);margin-bottom:6px}
.initials{display:grid;place-items:center;font-size:32px;font-weight:600;color:var(--accent)}
h1{font:700 22px/1.25 var(--name);margin:0}
p{margin:0}.motto{font-style:italic}.motto:lang(he){font-style:normal}.about,.count{color:var(--muted);font-size:14px}
a{display:inline-block;margin-top:10px;padding:10px 18px;border-radius:999px;background:var(--accent);color:var(--card);font-weight:600;text-decoration:none}
a:focus-visible{outline:3px solid var(--ink);outline-offset:2px}`;

/**
 * The card as a whole HTML document. `imageSrc` is where the picture comes from (an address on
 * this site for the iframe, a data: URL in the downloaded file); `nonce` lets the style sheet in
 * under the site's policy; `siteUrl` makes the link work from any page the card is put on.
 */
export function widgetHtml(
  card: WidgetCard,
  options: {
    style: WidgetStyle;
    locale: Locale;
    siteUrl: string;
    imageSrc: string | null;
    nonce?: string;
    /** The site's font sheet (`fonts.css`), for the card served from the site itself. */
    fontsHref?: string;
  },
): string {
  const { style, locale, siteUrl, imageSrc, nonce, fontsHref } = options;
  const t = createTranslator(locale);
  const name = escapeHtml(card.name);
  const target = card.id
    ? `${siteUrl}${localizePath(card.answers > 0 ? `/me/${card.id}` : `/profile/${card.id}`, locale)}`
    : `${siteUrl}${localizePath('/', locale)}`;
  const picture = imageSrc
    ? `<img class="photo" src="${escapeHtml(imageSrc)}" alt="" width="96" height="96">`
    : `<div class="initials" aria-hidden="true">${escapeHtml(initials(card.name))}</div>`;
  const lines = [
    picture,
    `<h1><bdi${langOf(card.name)}>${name}</bdi></h1>`,
    card.motto
      ? `<p class="motto" dir="auto"${langOf(card.motto)}>${escapeHtml(card.motto)}</p>`
      : '',
    card.about
      ? `<p class="about" dir="auto"${langOf(card.about)}>${escapeHtml(card.about)}</p>`
      : '',
    `<p class="count">${escapeHtml(t('widget.card.answers', { count: card.answers }))}</p>`,
    // The call to read on: it names the site, so the card needs no address written out.
    `<a href="${escapeHtml(target)}" target="_blank" rel="noopener">${escapeHtml(t('widget.card.read'))}</a>`,
  ].filter(Boolean);
  const label = escapeHtml(t('widget.card.label', { name: card.name }));
  return `<!doctype html>
<html lang="${locale}" dir="${direction(locale)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex">
<title>${label}</title>
${fontsHref ? `<link rel="stylesheet" href="${escapeHtml(fontsHref)}">\n` : ''}<style${nonce ? ` nonce="${nonce}"` : ''}>:root{${cssVariables(WIDGET_PALETTES[style])}}${CSS}</style>
</head>
<body>
<main class="card" aria-label="${label}">
${lines.join('\n')}
</main>
</body>
</html>
`;
}
