import type { HighlightedText, PersonHit, StoryHit } from '@mepedia/contracts';
import type { Locale } from '@mepedia/web-i18n';
import type { ReactNode } from 'react';
import { absoluteDate } from '../../lib/dates';
import { useI18n } from '../../lib/i18n';
import { textLang } from '../../lib/text-lang';
import { useRootData } from '../../root';
import { AudienceBadge } from '../audience/audience-badge';
import { Avatar } from '../avatar';
import { LocalizedLink } from '../localized-link';
import { storyPath, type StoryPlaces } from './address';
import { HighlightedParagraph, Marks } from './highlighted';

/**
 * A questionnaire answer's title in the page's language, which may not be the one the service
 * chose (the searcher's): its marks only when it is the same text, since they are offsets into
 * that one.
 */
export function titleOf(hit: Pick<StoryHit, 'title' | 'questionTitle'>, locale: Locale) {
  const own = hit.questionTitle?.[locale];
  if (!own || own === hit.title.text) return hit.title;
  const plain: HighlightedText = { text: own, matches: [], cutBefore: false, cutAfter: false };
  return plain;
}

/**
 * A story found: its title (the one link, over the whole card, so a keyboard stops once per
 * result) and its snippet with the matches marked, what kind of story it is, who wrote it (when
 * their profile is shown to the reader) and when, and who may read it when not everyone.
 */
export function StoryResult({ hit, places }: { hit: StoryHit; places: StoryPlaces }) {
  const { t, locale } = useI18n();
  const own = useRootData()?.user?.id === hit.ownerId;
  const date = absoluteDate(hit.createdAt, locale);
  const title = titleOf(hit, locale);
  return (
    <article className="card search-hit">
      <h3 className="search-hit-title" dir="auto" lang={textLang(title.text)}>
        <LocalizedLink to={storyPath(hit, places)} className="card-link">
          <Marks text={title} />
        </LocalizedLink>
      </h3>
      <HighlightedParagraph className="search-hit-snippet" text={hit.snippet} />
      <p className="search-hit-meta">
        <span className="search-hit-kind">{t(`search.kindOf.${hit.kind}`)}</span>
        {hit.author && (
          <span className="search-hit-author">
            <Avatar name={hit.author.fullname} image={hit.author.profileImage} size="sm" />
            <bdi lang={textLang(hit.author.fullname)}>{hit.author.fullname}</bdi>
          </span>
        )}
        <time dateTime={hit.createdAt}>
          <bdi>{date}</bdi>
        </time>
        <AudienceBadge audience={hit.audience} own={own} />
      </p>
    </article>
  );
}

/**
 * A person found: picture, name with the matches marked (the one link, to their profile), the
 * words around the match (motto, about or an answer), and what the page adds (`action`: the
 * people page's Follow button).
 */
export function PersonResult({ hit, action }: { hit: PersonHit; action?: ReactNode }) {
  const { t } = useI18n();
  return (
    <article className="card search-person">
      <Avatar name={hit.fullname.text} image={hit.profileImage} size="md" />
      <div className="search-person-body">
        <h3 className="search-person-name" dir="auto" lang={textLang(hit.fullname.text)}>
          <LocalizedLink to={`/profile/${encodeURIComponent(hit.id)}`} className="card-link">
            <Marks text={hit.fullname} />
          </LocalizedLink>
        </h3>
        {hit.snippet && (
          <HighlightedParagraph className="search-person-snippet" text={hit.snippet} />
        )}
        {hit.matchedIn === 'answers' && (
          <p className="search-person-where">{t('search.foundInAnswers')}</p>
        )}
      </div>
      {action && <div className="search-person-action">{action}</div>}
    </article>
  );
}
