import type { CaseStatus, CaseSummary } from '@mepedia/contracts';
import { moderationQueries } from '@mepedia/web-api/queries';
import { moderationMessages, registerMessages, reportMessages } from '@mepedia/web-i18n';
import { QueryClient, dehydrate, useInfiniteQuery } from '@tanstack/react-query';
import { Inbox } from 'lucide-react';
import { LocalizedLink } from '../components/localized-link';
import {
  ItemText,
  ModerationNav,
  OwnerName,
  readAsModerator,
  PagedList,
} from '../components/moderation/parts';
import { QueryProvider } from '../components/query/query-provider';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { absoluteDate, numberFormat } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/moderation-queue';
import '../styles/moderation.css';

registerMessages(reportMessages);
registerMessages(moderationMessages);

const statusOf = (url: URL): CaseStatus =>
  url.searchParams.get('status') === 'closed' ? 'closed' : 'open';

/**
 * The moderation queue (issue 35), moderators' and admins' only: anyone else gets the 404 page,
 * a guest the sign-in page first. Open cases (automatic holds first, then the oldest) or closed
 * ones (newest first), each an address of its own (`?status=closed`); the first page in the
 * server's HTML, "Show more" reads on by cursor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const status = statusOf(new URL(request.url));
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  await readAsModerator(() => queryClient.fetchInfiniteQuery(moderationQueries.queue(api, status)));
  return { status, dehydrated: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'moderation.queue.title' }),
  { name: 'robots', content: 'noindex' },
];

export default function QueueRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <Queue status={loaderData.status} />
    </QueryProvider>
  );
}

function Queue({ status }: { status: CaseStatus }) {
  const { t } = useI18n();
  const api = useApi();
  const list = useInfiniteQuery(moderationQueries.queue(api, status));
  return (
    <section className="page moderation-page" aria-labelledby="queue-title">
      <h1 id="queue-title">{t('moderation.queue.title')}</h1>
      <ModerationNav />
      <nav className="moderation-filter" aria-label={t('moderation.queue.status')}>
        <ul>
          {(['open', 'closed'] as const).map((option) => (
            <li key={option}>
              <LocalizedLink
                to={option === 'open' ? '/moderation' : '/moderation?status=closed'}
                aria-current={option === status ? 'page' : undefined}
              >
                {t(`moderation.queue.${option}`)}
              </LocalizedLink>
            </li>
          ))}
        </ul>
      </nav>
      <PagedList
        list={list}
        itemsOf={(page) => page.cases}
        keyOf={(summary) => summary.caseId}
        render={(summary) => <CaseRow summary={summary} />}
        empty={{
          icon: Inbox,
          title: t(status === 'open' ? 'moderation.queue.empty' : 'moderation.queue.emptyClosed'),
        }}
      />
    </section>
  );
}

/**
 * One case in the queue: what and whose (a link to the case), its words as plain text, the
 * reasons with their counts, how many reports and notices, and whether it is held automatically.
 */
export function CaseRow({ summary }: { summary: CaseSummary }) {
  const { t, locale } = useI18n();
  const number = numberFormat(locale);
  const { item } = summary;
  return (
    <li className="moderation-card">
      <h2 className="moderation-card-title">
        <LocalizedLink to={`/moderation/case/${summary.caseId}`}>
          {richMessage(t, 'moderation.queue.by', {
            kind: t('moderation.kind', { kind: item.kind }),
            name: <OwnerName item={item} />,
          })}
        </LocalizedLink>
      </h2>
      {summary.autoHeld && (
        <p className="moderation-badge">
          {t('moderation.queue.autoHeld', { heldFor: summary.heldFor ?? 'reports' })}
        </p>
      )}
      <ItemText item={item} />
      <ul className="moderation-reasons" aria-label={t('moderation.queue.reasons')}>
        {summary.reasons.map(({ reason, count }) => (
          <li key={reason}>
            {t('moderation.queue.reason', {
              reason: t(`report.reason.${reason}`),
              count: number.format(count),
            })}
          </li>
        ))}
      </ul>
      <p className="muted">
        {t('moderation.queue.reports', { count: summary.reports })} ·{' '}
        {t('moderation.queue.notices', { count: summary.notices })} ·{' '}
        {t('moderation.queue.opened', { date: absoluteDate(summary.openedAt, locale) })}
      </p>
    </li>
  );
}
