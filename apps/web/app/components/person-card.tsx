import type { PersonCard as Card } from '@mepedia/contracts';
import { resolveProfileImage } from '@mepedia/contracts/browser';
import type { ReactNode } from 'react';
import { useI18n } from '../lib/i18n';
import { textLang } from '../lib/text-lang';
import { Avatar } from './avatar';
import { LocalizedLink } from './localized-link';

/**
 * A person in a list: picture or initials, name, motto and how many answers they published, and
 * what the page adds (`action`: the Follow button where the page keeps a query cache; this card is
 * a shared part of the shell, which carries no query library).
 */
export function PersonCard({ person, action }: { person: Card; action?: ReactNode }) {
  const { t } = useI18n();
  return (
    <article className="card person-card">
      <Avatar name={person.fullname} image={resolveProfileImage(person)} size="md" />
      <h3 className="person-card-name" dir="auto" lang={textLang(person.fullname)}>
        <LocalizedLink to={`/profile/${person.id}`} className="card-link">
          {person.fullname}
        </LocalizedLink>
      </h3>
      {person.moto && (
        <p className="person-card-moto" dir="auto" lang={textLang(person.moto)}>
          {person.moto}
        </p>
      )}
      <p className="muted person-card-count">
        {t('person.publishedAnswers', { count: person.publishedAnswers })}
      </p>
      {action && <div className="person-card-action">{action}</div>}
    </article>
  );
}
