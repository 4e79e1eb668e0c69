// A post's content: the HTML the posts service keeps (apps/posts/src/sanitize.ts) and how much
// text it holds. Everything the editor sends goes through `allowedHtml`, which writes exactly
// what the server's sanitizer writes for the same formatting, so the server changes nothing.
//
// It imports the contracts' index (not '@mepedia/contracts/browser') on purpose: a module under
// components/ that reaches the schemas stays with its page instead of joining the shell chunk
// every page loads (apps/web/vite.config.ts), and the editor is this page's alone.
import { POST_CONTENT_MIN, withoutInvisibleControls } from '@mepedia/contracts';
import { defused } from './defuse';

type Tag = 'strong' | 'em' | 'u' | 's';

/** Inline tags kept, by what they are called in pasted or browser-made HTML. */
const INLINE: Record<string, Tag> = {
  strong: 'strong',
  b: 'strong',
  em: 'em',
  i: 'em',
  u: 'u',
  ins: 'u',
  s: 's',
  strike: 's',
  del: 's',
};
const HEADINGS: Record<string, 'h2' | 'h3' | 'h4'> = {
  h1: 'h2',
  h2: 'h2',
  h3: 'h3',
  h4: 'h4',
  h5: 'h4',
  h6: 'h4',
};
/** Elements whose content is never text for a reader: dropped whole, as the server does. */
const DROPPED = new Set([
  'script',
  'style',
  'textarea',
  'option',
  'noscript',
  'iframe',
  'object',
  'embed',
  'template',
  'title',
  'head',
  'meta',
  'link',
  'img',
  'picture',
  'video',
  'audio',
  'svg',
  'math',
  'canvas',
  'input',
  'select',
  'button',
]);
/** Block containers that become paragraphs (or hold some). */
const BLOCKS = new Set([
  'p',
  'div',
  'section',
  'article',
  'header',
  'footer',
  'main',
  'aside',
  'nav',
  'address',
  'pre',
  'figure',
  'figcaption',
  'table',
  'thead',
  'tbody',
  'tfoot',
  'tr',
  'td',
  'th',
  'caption',
  'dl',
  'dt',
  'dd',
  'li',
  'hr',
  'body',
  'html',
]);

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const LINK = /^(https?:\/\/|mailto:)/i;

/** Text as HTML, escaped as the server's sanitizer escapes it. */
export const escapeText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
// An attribute as an HTML5 serializer writes it (the server stores that form: sanitize.ts).
export const escapeAttribute = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/\u00A0/g, '&nbsp;');

/**
 * Text as it reads: runs of white space (no-break spaces too) are one space, and none of the
 * invisible controls the posts service refuses (pasted text carries them; nobody could find them).
 */
const cleanText = (text: string) => withoutInvisibleControls(text.replace(/\s+/g, ' '));

/** Spaces and control characters, which browsers ignore inside a URL's scheme. */
const withoutControls = (value: string) =>
  [...value].filter((char) => (char.codePointAt(0) ?? 0) > 0x20).join('');

/** A link's address as the server stores it: `<`, `>` and `"` percent-encoded (sanitize.ts). */
const inertAddress = (href: string) => href.replace(/[<>"]/g, (char) => encodeURIComponent(char));

/** Whether an address may be a link in a post (the server unlinks anything else). */
export function isAllowedLink(href: string): boolean {
  return LINK.test(withoutControls(href.trim()));
}

// A host name (letters of any script, digits, hyphens, at least one dot), a port, then anything.
const BARE_HOST =
  /^(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]*[\p{L}\p{N}])?\.)+\p{L}{2,}(?::\d{1,5})?(?:[/?#]\S*)?$/u;
const BARE_EMAIL = /^[^\s@/:]+@(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}$/u;

/**
 * What the link dialog makes of what a member typed: an address with its scheme as it is, a bare
 * host with a path (`example.com/baker`, `www.example.com`) as https, a bare email address as
 * mailto:, an address pasted after the dialog's own `https://` without the doubled prefix; null
 * for anything the posts service would not keep as a link.
 */
export function normalizeLink(typed: string): string | null {
  let address = typed.trim().replace(/^https?:\/\/(?=(?:https?:\/\/|mailto:))/i, '');
  if (/^https?:\/\/$/i.test(address)) return null;
  // No scheme of its own (the colon in example.com:8080 is a port's).
  if (!/^[a-z][a-z\d+.-]*:(?!\d)/i.test(address)) {
    if (BARE_EMAIL.test(address)) address = `mailto:${address}`;
    else if (BARE_HOST.test(address.replace(/^\/\//, '')))
      address = `https://${address.replace(/^\/\//, '')}`;
    else return null;
  }
  return isAllowedLink(address) ? address : null;
}

const tagOf = (node: Node) => (node as Element).tagName.toLowerCase();
const isElement = (node: Node): node is Element => node.nodeType === ELEMENT_NODE;

/** Whether some inline HTML of ours holds any text (a line of spaces and breaks is empty). */
const hasText = (html: string) => /\S/.test(html.replace(/<[^>]*>/g, ''));

/** A run of inline HTML without the spaces and line breaks at its ends. */
function trimRun(html: string): string {
  return html.replace(/^(\s|<br>)+/, '').replace(/(\s|<br>)+$/, '');
}

/** Google Docs wraps a whole paste in `<b style="font-weight:normal">`: not bold at all. */
function styleSays(element: Element): Tag | 'plain' | null {
  const style = (
    element.getAttribute('style') ??
    element.getAttribute('data-defused-style') ??
    ''
  ).toLowerCase();
  if (/font-weight\s*:\s*(normal|[1-4]00)\b/.test(style)) return 'plain';
  if (/font-weight\s*:\s*(bold|bolder|[6-9]00)\b/.test(style)) return 'strong';
  if (/font-style\s*:\s*italic/.test(style)) return 'em';
  return null;
}

/**
 * Inline HTML of some nodes: kept emphasis and links, everything else unwrapped to its text. A
 * link inside a link (an editor's DOM can hold one; a parser never builds it) keeps only its
 * text: a browser parsing `<a><a>` closes the outer link, so the stored HTML would re-nest.
 */
function inline(nodes: ArrayLike<Node>, inLink = false): string {
  let html = '';
  for (const node of Array.from(nodes)) {
    if (node.nodeType === TEXT_NODE) {
      html += escapeText(cleanText(node.nodeValue ?? ''));
      continue;
    }
    if (!isElement(node)) continue;
    const tag = tagOf(node);
    if (DROPPED.has(tag)) continue;
    if (tag === 'br') {
      html += '<br>';
      continue;
    }
    const href = tag === 'a' ? (node.getAttribute('href') ?? '').trim() : '';
    const link = tag === 'a' && !inLink && isAllowedLink(href);
    const inner = inline(node.childNodes, inLink || link);
    if (tag === 'a') {
      html +=
        link && hasText(inner)
          ? `<a href="${escapeAttribute(inertAddress(href))}" rel="noopener nofollow ugc" target="_blank">${inner}</a>`
          : inner;
      continue;
    }
    const styled = styleSays(node);
    const kept = styled === 'plain' ? undefined : (INLINE[tag] ?? styled ?? undefined);
    if (kept && hasText(inner)) html += `<${kept}>${inner}</${kept}>`;
    // A block inside a line (a paste's <div> in a <span>) keeps its words apart.
    else html += BLOCKS.has(tag) || tag in HEADINGS ? ` ${inner} ` : inner;
  }
  return html;
}

/** The items' contents of a list, with stray text and nested lists put in their place. */
function listItems(nodes: ArrayLike<Node>): string[] {
  const items: string[] = [];
  let stray: Node[] = [];
  const flushStray = () => {
    const run = trimRun(inline(stray));
    if (hasText(run)) items.push(run);
    stray = [];
  };
  for (const node of Array.from(nodes)) {
    if (isElement(node) && tagOf(node) === 'li') {
      flushStray();
      const item = listItem(node.childNodes);
      if (item) items.push(item);
    } else if (isElement(node) && (tagOf(node) === 'ul' || tagOf(node) === 'ol')) {
      // A list inside a list without its own item (what indenting makes): it joins the item above.
      flushStray();
      const nested = list(node);
      if (!nested) continue;
      if (items.length > 0) items[items.length - 1] += nested;
      else items.push(nested);
    } else if (!isElement(node) || !DROPPED.has(tagOf(node))) stray.push(node);
  }
  flushStray();
  return items;
}

/** A list item's content (inside its `li`): one line of inline HTML (paragraphs joined by breaks), then sublists. */
function listItem(nodes: ArrayLike<Node>): string {
  const lines: string[] = [];
  const sublists: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    const line = trimRun(inline(run));
    if (hasText(line)) lines.push(line);
    run = [];
  };
  for (const node of Array.from(nodes)) {
    const tag = isElement(node) ? tagOf(node) : '';
    if (tag === 'ul' || tag === 'ol') {
      flush();
      const nested = list(node as Element);
      if (nested) sublists.push(nested);
    } else if (tag && (BLOCKS.has(tag) || tag in HEADINGS || tag === 'blockquote')) {
      flush();
      const line = trimRun(inline(node.childNodes));
      if (hasText(line)) lines.push(line);
    } else run.push(node);
  }
  flush();
  return lines.join('<br>') + sublists.join('');
}

function list(element: Element): string {
  const tag = tagOf(element) === 'ol' ? 'ol' : 'ul';
  const items = listItems(element.childNodes);
  return items.length > 0
    ? `<${tag}>${items.map((item) => `<li>${item}</li>`).join('')}</${tag}>`
    : '';
}

/** Blocks of some nodes: paragraphs, headings, lists and quotes; loose text becomes paragraphs. */
function blocks(nodes: ArrayLike<Node>): string[] {
  const out: string[] = [];
  let run: Node[] = [];
  const flush = () => {
    const html = trimRun(inline(run));
    if (hasText(html)) out.push(`<p>${html}</p>`);
    run = [];
  };
  for (const node of Array.from(nodes)) {
    if (!isElement(node)) {
      if (node.nodeType === TEXT_NODE) run.push(node);
      continue;
    }
    const tag = tagOf(node);
    if (DROPPED.has(tag)) continue;
    const heading = HEADINGS[tag];
    if (heading) {
      flush();
      const html = trimRun(inline(node.childNodes));
      if (hasText(html)) out.push(`<${heading}>${html}</${heading}>`);
    } else if (tag === 'ul' || tag === 'ol') {
      flush();
      const html = list(node);
      if (html) out.push(html);
    } else if (tag === 'blockquote') {
      flush();
      const inner = blocks(node.childNodes);
      if (inner.length > 0) out.push(`<blockquote>${inner.join('')}</blockquote>`);
    } else if (BLOCKS.has(tag)) {
      flush();
      out.push(...blocks(node.childNodes));
    } else run.push(node);
  }
  flush();
  return out;
}

/**
 * The allow-listed HTML of a tree (the editor's, or a parsed paste): paragraphs, h2-h4, strong,
 * em, u, s, lists, quotes, breaks and http(s)/mailto links, written as the server writes them.
 */
export function allowedHtmlOf(root: ParentNode): string {
  return blocks(root.childNodes).join('');
}

/** The allow-listed form of any HTML (a paste): parsed inert, nothing in it runs or loads. */
export function allowedHtml(html: string): string {
  const parsed = new DOMParser().parseFromString(defused(html), 'text/html');
  return allowedHtmlOf(parsed.body);
}

/** Plain pasted text as paragraphs, one per line. */
export function textToHtml(text: string): string {
  return text
    .split(/\r?\n/)
    .map((line) => escapeText(cleanText(line).trim()))
    .filter(Boolean)
    .map((line) => `<p>${line}</p>`)
    .join('');
}

const ENTITIES: Record<string, string> = { nbsp: ' ', amp: '&', lt: '<', gt: '>', quot: '"' };

/**
 * The characters of text in some post HTML, counted as the posts service counts them: blocks
 * and breaks end words, white space runs are one, the ends trimmed (UTF-16 units).
 */
export function contentTextLength(html: string): number {
  return html
    .replace(/<(br|\/p|\/h[2-4]|\/li|\/blockquote)\s*\/?>/gi, ' $&')
    .replace(/<[^>]*>/g, '')
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith('#x') || name.startsWith('#X'))
        return String.fromCodePoint(parseInt(name.slice(2), 16));
      if (name.startsWith('#')) return String.fromCodePoint(parseInt(name.slice(1), 10));
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/\s+/g, ' ')
    .trim().length;
}

/** How many more characters of text the content needs (0 once it has enough). */
export function remainingCharacters(html: string): number {
  return Math.max(0, POST_CONTENT_MIN - contentTextLength(html));
}
