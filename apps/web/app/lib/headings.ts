/**
 * A post's content under its page's title (level 1): its first heading level is 2. Posts may hold
 * h2 and h3 (apps/posts/src/sanitize.ts), and a story often uses only h3 (a questionnaire post's
 * sub-questions are h3): read as is, the page would skip from level 1 to 3, and a screen reader's
 * user moving by heading would think a level was missing. Every h3 before the content's first h2
 * is drawn as an h2; the text is the member's, only the level changes.
 *
 * The content is the posts service's sanitized HTML (or its sanitized translation): heading tags
 * carry no attributes that matter here and never nest, so one pass over the tags is enough.
 */
export function headingsUnderTitle(html: string): string {
  let sawLevel2 = false;
  let promoting = false;
  return html.replace(/<(\/?)h([23])(?=[\s>])/gi, (tag, closing: string, level: string) => {
    if (level === '2') {
      if (!closing) sawLevel2 = true;
      return tag;
    }
    if (closing) {
      if (!promoting) return tag;
      promoting = false;
      return `<${closing}h2`;
    }
    if (sawLevel2) return tag;
    promoting = true;
    return '<h2';
  });
}
