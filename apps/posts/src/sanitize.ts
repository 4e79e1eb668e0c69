import {
  defaultTreeAdapter,
  html as parse5Html,
  parseFragment,
  serialize,
  type DefaultTreeAdapterTypes,
} from 'parse5';
import sanitizeHtml from 'sanitize-html';

// An allow-list: paragraphs, headings, emphasis, lists, quotes and web links.
// Everything else (scripts, styles, event handlers, frames, javascript: URLs) is dropped.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h2',
    'h3',
    'h4',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'blockquote',
    'a',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nonTextTags: [
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
  ],
  transformTags: {
    // A link is kept only with a web or mail address; otherwise it loses its attributes here and
    // its tag below (exclusiveFilter), and its text stays, unlinked. It must stay an `a` here:
    // sanitize-html remembers a renamed tag by depth and forgets to drop that memory when the new
    // name is then discarded, so a refused link renamed to a discarded `span` made the next link
    // at the same depth close with `</span>`, leaving it open over the rest of the page.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs['href'] ?? '';
      if (!/^(https?:\/\/|mailto:)/i.test(stripControls(href)))
        return { tagName: 'a', attribs: {} };
      return {
        tagName: 'a',
        attribs: { href: inertAddress(href), rel: 'noopener nofollow ugc', target: '_blank' },
      };
    },
  },
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs['href'] ? 'excludeTag' : false),
};

/** The element post content is shown in (a `div`), as the context a browser parses it in. */
const CONTENT_CONTEXT = defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []);

/**
 * HTML as a browser builds it, written back. sanitize-html filters tags as a stream: what it
 * writes can still be re-nested by a browser's tree builder (`<a>` in `<a>`, a list in a
 * paragraph, misnested formatting the adoption agency re-opens). Parsing it with an HTML5 parser
 * and serializing that tree makes the stored HTML the same markup a browser (or a crawler) sees,
 * so nothing after the content can end up inside it. Repeated until it no longer changes (the
 * elements allowed above settle in one round; the bound is only a guard).
 */
function asBrowsersParseIt(html: string): string {
  let current = html;
  for (let round = 0; round < 3; round += 1) {
    const next = serialize(parseFragment(CONTENT_CONTEXT, current, {}));
    if (next === current) return next;
    current = next;
  }
  return current;
}

/**
 * The sanitizer policy's version. Raise it whenever the policy above becomes stricter: posts
 * stored under an older version are cleaned again as they are read (posts.mapper.ts).
 */
export const SANITIZER_VERSION = 2;

/** Safe HTML for post content; run on what comes in, and on what goes out if stored older. */
export function sanitizeContent(html: string): string {
  return asBrowsersParseIt(sanitizeHtml(html, OPTIONS));
}

/**
 * Content stored under policy `storedUnder`, as this policy would store it. Policies before 2
 * closed a kept link that followed a refused one with `</span>` (their refused links became
 * discarded spans, and no policy ever kept a span, while text is always escaped): each such
 * `</span>` is where that link ended, so it becomes `</a>` again before the content is cleaned.
 */
export function cleanStoredContent(content: string, storedUnder: number): string {
  if (storedUnder >= SANITIZER_VERSION) return content;
  return sanitizeContent(storedUnder < 2 ? content.replace(/<\/span\s*>/gi, '</a>') : content);
}

/** The text of some HTML, whitespace collapsed. */
export function textOf(html: string): string {
  return sanitizeHtml(html.replace(/<(br|\/p|\/h[2-4]|\/li|\/blockquote)\s*\/?>/gi, ' $&'), {
    allowedTags: [],
    allowedAttributes: {},
  })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

/** Elements that stand on lines of their own: a line ends before them and after them. */
const LINE_ELEMENTS = new Set(['p', 'h2', 'h3', 'h4', 'li', 'ul', 'ol', 'blockquote', 'div']);
/** Elements whose text no reader sees (never in sanitized content; skipped should one come). */
const UNSEEN_ELEMENTS = new Set(['script', 'style', 'template', 'noscript']);

/**
 * The text of some post HTML as a reader sees it, for the search service (searchable.changed,
 * issue 36): every paragraph, heading, list item and quote on lines of its own, a `<br>` a line
 * break; lines joined by one `\n`, none empty; within a line, runs of HTML's white space (and
 * no-break spaces) one space, as a browser shows them, the ends trimmed; character references
 * decoded, as the HTML5 parser reads them; no markup (a link keeps its words, not its address).
 * One function for every way a post reaches the search service: its live changes and the
 * one-time announcement of the posts written before it (search-backlog.ts).
 */
export function plainTextOf(html: string): string {
  const lines: string[] = [];
  let line = '';
  const endLine = () => {
    const text = line.replace(/[\t\n\f\r \u00a0]+/g, ' ').trim();
    if (text) lines.push(text);
    line = '';
  };
  const read = (nodes: DefaultTreeAdapterTypes.ChildNode[]) => {
    for (const node of nodes) {
      if (defaultTreeAdapter.isTextNode(node)) line += node.value;
      if (!defaultTreeAdapter.isElementNode(node) || UNSEEN_ELEMENTS.has(node.tagName)) continue;
      if (node.tagName === 'br') endLine();
      else if (!LINE_ELEMENTS.has(node.tagName)) read(node.childNodes);
      else {
        endLine();
        read(node.childNodes);
        endLine();
      }
    }
  };
  read(parseFragment(CONTENT_CONTEXT, html, {}).childNodes);
  endLine();
  return lines.join('\n');
}

/**
 * An address with `<`, `>` and `"` percent-encoded, as a browser's URL parser encodes them in a
 * path or a query anyway: the same link, and no markup characters left in the stored attribute
 * (an HTML5 serializer writes `<` and `>` in attributes as they are, and a reader that strips tags
 * by pattern, like a text counter or a crawler's, would take them for a tag's end).
 */
function inertAddress(href: string): string {
  return href.replace(/[<>"]/g, (char) => encodeURIComponent(char));
}

/** Spaces and control characters, which browsers ignore inside a URL's scheme (java\tscript:). */
function stripControls(value: string): string {
  return [...value].filter((char) => (char.codePointAt(0) ?? 0) > 0x20).join('');
}

/** A questionnaire post's title, from its question: one line, trimmed. */
export function plainText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
