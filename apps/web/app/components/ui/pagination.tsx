import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useI18n } from '../../lib/i18n';
import { Icon } from '../icon';
import { LocalizedLink } from '../localized-link';

/**
 * The previous and next pages of a list, as links (they work before the page comes alive and can
 * be opened in a new tab). A missing side is left out, not disabled: nothing to press that does
 * nothing. The arrows point the way the page reads. `by: 'time'` (the magazine, newest first)
 * says "Newer" and "Older"; a list the reader may order either way says "Previous page" and
 * "Next page".
 */
export function Pagination({
  previous,
  next,
  status,
  by = 'time',
}: {
  previous?: string | undefined;
  next?: string | undefined;
  status?: string;
  by?: 'time' | 'page';
}) {
  const { t } = useI18n();
  if (!previous && !next) return null;
  return (
    <nav className="pagination" aria-label={t('pagination.label')}>
      {previous ? (
        <LocalizedLink className="button button-ghost" to={previous} rel="prev">
          <Icon icon={ChevronLeft} directional />
          {t(by === 'time' ? 'pagination.previous' : 'pagination.previousPage')}
        </LocalizedLink>
      ) : (
        <span />
      )}
      {status && <span className="pagination-status">{status}</span>}
      {next ? (
        <LocalizedLink className="button button-ghost" to={next} rel="next">
          {t(by === 'time' ? 'pagination.next' : 'pagination.nextPage')}
          <Icon icon={ChevronRight} directional />
        </LocalizedLink>
      ) : (
        <span />
      )}
    </nav>
  );
}
