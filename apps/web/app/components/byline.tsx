import { useI18n } from '../lib/i18n';
import { absoluteDate, relativeDate } from '../lib/dates';
import { richMessage } from '../lib/rich-message';
import { textLang } from '../lib/text-lang';
import { LocalizedLink } from './localized-link';

/**
 * "By Dana Levi · 3 days ago", in the interface's direction whatever the name's: the name and the
 * date are isolated (`<bdi>`), so a Hebrew name in an English sentence (or the reverse) never
 * pulls the date across it. The date is relative in lists, written out on a page of its own; its
 * full form is always in `dateTime` and the title.
 */
export function Byline({
  name,
  href,
  date,
  relative = false,
}: {
  name: string;
  href?: string;
  date: string;
  relative?: boolean;
}) {
  const { t, locale } = useI18n();
  const full = absoluteDate(date, locale);
  const person = (
    <bdi lang={textLang(name)}>{href ? <LocalizedLink to={href}>{name}</LocalizedLink> : name}</bdi>
  );
  return (
    <p className="byline">
      <span>{richMessage(t, 'post.by', { name: person })}</span>
      <span aria-hidden="true" className="byline-separator">
        ·
      </span>
      {/* Relative to the moment of drawing: the browser may draw a minute later than the server
      (a cached page, a slow phone). The text is the bdi's, so that is where the warning goes:
      it reaches one level deep, and a mismatch would make React draw the whole page again. */}
      <time dateTime={date} title={full}>
        <bdi suppressHydrationWarning>{relative ? relativeDate(date, locale) : full}</bdi>
      </time>
    </p>
  );
}
