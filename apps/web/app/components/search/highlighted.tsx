import type { HighlightedText, TextRange } from '@mepedia/contracts';
import { textLang } from '../../lib/text-lang';

export type Segment = { text: string; match: boolean };

/**
 * A text cut at its matches: the service's ranges (UTF-16 offsets, as JavaScript's strings
 * count) in order, each a marked segment. A range out of the text, empty, or over one before it
 * is cut to what is left of it, so a bad range can only mark less, never repeat or lose text.
 */
export function segmentsOf(text: string, matches: readonly TextRange[]): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  for (const range of [...matches].sort((a, b) => a.start - b.start)) {
    const start = Math.max(range.start, at);
    const end = Math.min(range.end, text.length);
    if (!Number.isInteger(start) || !Number.isInteger(end) || end <= start) continue;
    if (start > at) segments.push({ text: text.slice(at, start), match: false });
    segments.push({ text: text.slice(start, end), match: true });
    at = end;
  }
  if (at < text.length) segments.push({ text: text.slice(at), match: false });
  return segments;
}

/**
 * A member's text with the query's matches marked (`<mark>`), plain text only (never markup),
 * with an ellipsis where the snippet begins after the text's start or ends before its end. The
 * element around it gives it its own direction (`dir="auto"`: a Hebrew snippet on an English
 * page reads right to left), so the ellipsis stands at the snippet's own start or end; screen
 * readers skip it.
 */
export function Marks({ text }: { text: HighlightedText }) {
  return (
    <>
      {text.cutBefore && <span aria-hidden="true">…</span>}
      {segmentsOf(text.text, text.matches).map((segment, index) =>
        segment.match ? <mark key={index}>{segment.text}</mark> : segment.text,
      )}
      {text.cutAfter && <span aria-hidden="true">…</span>}
    </>
  );
}

/** `Marks` in a paragraph of its own direction and language. */
export function HighlightedParagraph({
  text,
  className,
}: {
  text: HighlightedText;
  className?: string;
}) {
  return (
    <p dir="auto" lang={textLang(text.text)} className={className}>
      <Marks text={text} />
    </p>
  );
}
