import { resolveProfileImage, type PersonCard as Card } from '@mepedia/contracts';
import { useI18n } from '../lib/i18n';
import { LocalizedLink } from './localized-link';
import { MemberImage } from './member-image';

export function PersonCard({ person }: { person: Card }) {
  const { t } = useI18n();
  const image = resolveProfileImage(person);
  return (
    <article className="person-card">
      <LocalizedLink to={`/profile/${person.id}`} className="person-link">
        {image ? (
          <MemberImage
            path={image}
            widths={[160, 320]}
            sizes="96px"
            width={96}
            height={96}
            loading="lazy"
            className="avatar"
          />
        ) : (
          <span className="avatar avatar-initials" aria-hidden="true">
            {person.firstname.slice(0, 1)}
            {person.lastname.slice(0, 1)}
          </span>
        )}
        <h3 dir="auto">{person.fullname}</h3>
      </LocalizedLink>
      {person.moto && <p dir="auto">{person.moto}</p>}
      <p className="muted">{t('person.publishedAnswers', { count: person.publishedAnswers })}</p>
    </article>
  );
}
