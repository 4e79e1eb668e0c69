import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useI18n } from '../../lib/i18n';
import { Icon } from '../icon';
import { LocalizedLink } from '../localized-link';

/**
 * Newer and older pages of a list, as links (they work before the page comes alive and can be
 * opened in a new tab). A missing side is left out, not disabled: nothing to press that does
 * nothing. The arrows point the way the page reads.
 */
export function Pagination({
  previous,
  next,
  status,
}: {
  previous?: string | undefined;
  next?: string | undefined;
  status?: string;
}) {
  const { t } = useI18n();
  if (!previous && !next) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {previous ? (
        <LocalizedLink className="button button-ghost" to={previous} rel="prev">
          <Icon icon={ChevronLeft} directional />
          {t('pagination.previous')}
        </LocalizedLink>
      ) : (
        <span />
      )}
      {status && <span className="pagination-status">{status}</span>}
      {next ? (
        <LocalizedLink className="button button-ghost" to={next} rel="next">
          {t('pagination.next')}
          <Icon icon={ChevronRight} directional />
        </LocalizedLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
