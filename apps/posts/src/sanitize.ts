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
    // A link is kept only with a web or mail address; otherwise its text stays, unlinked.
    a: (_tagName, attribs): sanitizeHtml.Tag => {
      const href = attribs['href'] ?? '';
      if (!/^(https?:\/\/|mailto:)/i.test(stripControls(href)))
        return { tagName: 'span', attribs: {} };
      return { tagName: 'a', attribs: { href, rel: 'noopener nofollow ugc', target: '_blank' } };
    },
  },
};

/**
 * The sanitizer policy's version. Raise it whenever the policy above becomes stricter: posts
 * stored under an older version are cleaned again as they are read (posts.mapper.ts).
 */
export const SANITIZER_VERSION = 1;

/** Safe HTML for post content; run on what comes in, and on what goes out if stored older. */
export function sanitizeContent(html: string): string {
  return sanitizeHtml(html, OPTIONS);
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

/** Spaces and control characters, which browsers ignore inside a URL's scheme (java\tscript:). */
function stripControls(value: string): string {
  return [...value].filter((char) => (char.codePointAt(0) ?? 0) > 0x20).join('');
}

/** A questionnaire post's title, from its question: one line, trimmed. */
export function plainText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
