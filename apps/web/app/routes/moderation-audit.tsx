import type { AuditPage } from '@mepedia/contracts';
import { moderationQueries } from '@mepedia/web-api/queries';
import { moderationMessages, registerMessages, reportMessages } from '@mepedia/web-i18n';
import { QueryClient, dehydrate, useInfiniteQuery } from '@tanstack/react-query';
import { ScrollText } from 'lucide-react';
import { useId, useRef } from 'react';
import { EmptyState } from '../components/empty-state';
import { LocalizedLink } from '../components/localized-link';
import {
  LoadFailed,
  ModerationNav,
  ShowMore,
  readAsModerator,
} from '../components/moderation/parts';
import { QueryProvider } from '../components/query/query-provider';
import { useFocusOnNew } from '../components/show-more';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { absoluteDateTime } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/moderation-audit';
import '../styles/moderation.css';

registerMessages(reportMessages);
registerMessages(moderationMessages);

type Entry = AuditPage['entries'][number];

/**
 * The audit log (issue 35), admins' only (a moderator, like any other member, gets the 404
 * page): every decision, automatic hold, appeal sent and decided, newest first, as the service
 * records them: who (a member's id, or automatic), what, the case, and the details.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  await readAsModerator(() => queryClient.fetchInfiniteQuery(moderationQueries.audit(api)));
  return { dehydrated: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'moderation.audit.title' }),
  { name: 'robots', content: 'noindex' },
];

export default function AuditRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <Audit />
    </QueryProvider>
  );
}

/** A detail's value as text: strings as they are, anything else as JSON. */
const detailText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

function Audit() {
  const { t, locale } = useI18n();
  const api = useApi();
  const list = useInfiniteQuery(moderationQueries.audit(api));
  const entries: Entry[] = (list.data?.pages ?? []).flatMap((page) => page.entries);
  const captionId = useId();
  const body = useRef<HTMLTableSectionElement>(null);
  // The first new row's first link takes the focus, so the keyboard reads on from there.
  const focusOnNew = useFocusOnNew(body, entries.length);
  const more = () =>
    focusOnNew(
      entries.length,
      list
        .fetchNextPage()
        .then((result) => result.data?.pages.flatMap((page) => page.entries).length ?? 0),
    );
  return (
    <section className="page moderation-page" aria-labelledby="audit-title">
      <h1 id="audit-title">{t('moderation.audit.title')}</h1>
      <ModerationNav />
      {list.isError && !list.data ? (
        <LoadFailed retry={() => void list.refetch()} />
      ) : list.data && entries.length === 0 ? (
        <EmptyState icon={ScrollText} title={t('moderation.audit.empty')} />
      ) : (
        <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
          <table className="moderation-table">
            <caption id={captionId} className="visually-hidden">
              {t('moderation.audit.title')}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('moderation.audit.when')}</th>
                <th scope="col">{t('moderation.audit.who')}</th>
                <th scope="col">{t('moderation.audit.what')}</th>
                <th scope="col">{t('moderation.audit.case')}</th>
                <th scope="col">{t('moderation.audit.details')}</th>
              </tr>
            </thead>
            <tbody ref={body}>
              {entries.map((entry) => (
                <tr key={entry.entryId}>
                  <th scope="row">
                    <time dateTime={entry.at} suppressHydrationWarning>
                      {absoluteDateTime(entry.at, locale)}
                    </time>
                  </th>
                  <td>
                    {entry.actorId ? (
                      <LocalizedLink to={`/profile/${entry.actorId}`}>
                        <code>{entry.actorId}</code>
                      </LocalizedLink>
                    ) : (
                      t('moderation.audit.system')
                    )}
                  </td>
                  <td>
                    <code>{entry.action}</code>
                  </td>
                  <td>
                    {entry.caseId && (
                      <LocalizedLink to={`/moderation/case/${entry.caseId}`}>
                        <code>{entry.caseId}</code>
                      </LocalizedLink>
                    )}
                  </td>
                  <td>
                    <ul className="moderation-details">
                      {Object.entries(entry.details).map(([key, value]) => (
                        <li key={key}>
                          <code>{key}</code>: <bdi dir="auto">{detailText(value)}</bdi>
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.hasNextPage && <ShowMore busy={list.isFetchingNextPage} onClick={() => void more()} />}
    </section>
  );
}
