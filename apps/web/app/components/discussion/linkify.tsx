import type { ReactNode } from 'react';

/** http(s) addresses in running text, up to the first space (trailing punctuation left out). */
const ADDRESS = /\bhttps?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'’”]/giu;

/**
 * A comment's plain text with its web addresses as links. The text stays text (React escapes it);
 * only http(s) addresses become anchors, marked as members' links that pass no referrer.
 */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(ADDRESS)) {
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={match[0]} rel="noopener noreferrer nofollow ugc" target="_blank">
        {match[0]}
      </a>,
    );
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
