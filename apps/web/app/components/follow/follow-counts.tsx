import { followQueries } from '@mepedia/web-api/queries';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api';
import { useI18n } from '../../lib/i18n';
import { LocalizedLink } from '../localized-link';

/**
 * How many follow the member and how many they follow, each a link to its list
 * (`/profile/{id}/followers`, `/following`). Numbers are the locale's (ICU plurals, Hebrew's
 * dual too). Drawn from the page's cache (the loader put the counts there); nothing until known.
 */
export function FollowCounts({ memberId }: { memberId: string }) {
  const { t } = useI18n();
  const api = useApi();
  const counts = useQuery(followQueries.counts(api, memberId)).data;
  if (!counts) return null;
  return (
    <nav className="follow-counts" aria-label={t('follow.counts')}>
      <LocalizedLink to={`/profile/${memberId}/followers`}>
        {t('follow.followers', { count: counts.followers })}
      </LocalizedLink>
      <LocalizedLink to={`/profile/${memberId}/following`}>
        {t('follow.following', { count: counts.following })}
      </LocalizedLink>
    </nav>
  );
}
