// No imports: the profile page's translation uses this too, without the editor's schemas.

/**
 * HTML from elsewhere (a paste, a machine translation) with its scripts and style sheets cut and
 * its style and handler attributes renamed: even in an inert document the browser checks those
 * against the page's policy, and reports each one as a violation. The renamed style still tells
 * the editor bold and italic (`styleSays` in content.ts).
 */
export function defused(html: string): string {
  return html
    .replace(/<(script|style)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<[a-zA-Z][^>]*>/g, (tag) =>
      tag.replace(
        /\s(style|on[a-z]+)(?=\s*=)/gi,
        (_attribute, name: string) => ` data-defused-${name}`,
      ),
    );
}
