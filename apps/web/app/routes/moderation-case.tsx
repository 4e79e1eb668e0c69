import type { CaseDetail } from '@mepedia/contracts';
import { moderationQueries } from '@mepedia/web-api/queries';
import { moderationMessages, registerMessages, reportMessages } from '@mepedia/web-i18n';
import { QueryClient, dehydrate, useQuery, useQueryClient } from '@tanstack/react-query';
import { LocalizedLink } from '../components/localized-link';
import { DecisionForm } from '../components/moderation/decision-form';
import {
  DecisionFacts,
  Facts,
  ItemText,
  LoadFailed,
  ModerationNav,
  OwnerName,
  itemPath,
  readAsModerator,
} from '../components/moderation/parts';
import { QueryProvider } from '../components/query/query-provider';
import { Skeleton } from '../components/ui/skeleton';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { absoluteDate } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/moderation-case';
import '../styles/moderation.css';

registerMessages(reportMessages);
registerMessages(moderationMessages);

/**
 * One case (issue 35), moderators' and admins' only (anyone else: the 404 page, as for a case
 * that does not exist): the item as the service last heard of it, every report with its reporter
 * (or a notice with its sender's contact) and their words, the decisions so far, and the
 * decision form, which sends the version read here.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  await readAsModerator(() => queryClient.fetchQuery(moderationQueries.case(api, params.caseId)));
  return { caseId: params.caseId, dehydrated: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'moderation.queue.title' }),
  { name: 'robots', content: 'noindex' },
];

export default function CaseRoute({ loaderData }: Route.ComponentProps) {
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <CasePage key={loaderData.caseId} caseId={loaderData.caseId} />
    </QueryProvider>
  );
}

function CasePage({ caseId }: { caseId: string }) {
  const { t } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const read = useQuery(moderationQueries.case(api, caseId));
  const detail = read.data;
  const again = () => void queryClient.invalidateQueries({ queryKey: moderationQueries.all });
  return (
    <section className="page moderation-page" aria-labelledby="case-title">
      {detail ? (
        <h1 id="case-title">
          {richMessage(t, 'moderation.case.title', {
            kind: t('moderation.kind', { kind: detail.item.kind }),
            name: <OwnerName item={detail.item} />,
          })}
        </h1>
      ) : (
        <h1 id="case-title">{t('moderation.queue.title')}</h1>
      )}
      <ModerationNav />
      {read.isError && !detail ? (
        <LoadFailed retry={() => void read.refetch()} />
      ) : !detail ? (
        <div aria-busy="true">
          <Skeleton />
          <Skeleton shape="short" />
        </div>
      ) : (
        <div className="moderation-case">
          <Item detail={detail} />
          <Reports reports={detail.reportList} />
          <section aria-labelledby="case-decisions-title">
            <h2 id="case-decisions-title">{t('moderation.case.decisions')}</h2>
            {detail.decisions.length === 0 ? (
              <p className="muted">{t('moderation.case.noDecisions')}</p>
            ) : (
              <ol className="moderation-list">
                {detail.decisions.map((decision) => (
                  <li key={decision.decisionId} className="moderation-card">
                    <h3 className="moderation-card-title">
                      {t(`moderation.done.${decision.action}`)}
                    </h3>
                    <DecisionFacts decision={decision} />
                  </li>
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="case-decide-title" className="moderation-card">
            <h2 id="case-decide-title">{t('moderation.decide.title')}</h2>
            {detail.status === 'closed' && <p className="notice">{t('moderation.case.closed')}</p>}
            <DecisionForm
              caseId={detail.caseId}
              version={detail.version}
              onDecided={again}
              onStale={again}
            />
          </section>
        </div>
      )}
    </section>
  );
}

/** The item: whose, its state, who may read it, its words, and where to read it. */
function Item({ detail }: { detail: CaseDetail }) {
  const { t } = useI18n();
  const { item } = detail;
  const path = itemPath(item);
  return (
    <section aria-labelledby="case-item-title" className="moderation-card">
      <h2 id="case-item-title">{t('moderation.case.item')}</h2>
      {detail.autoHeld && (
        <p className="moderation-badge">
          {t('moderation.queue.autoHeld', { heldFor: detail.heldFor ?? 'reports' })}
        </p>
      )}
      <ItemText item={item} />
      <Facts
        rows={[
          [
            t('moderation.case.owner'),
            item.ownerName ? (
              <LocalizedLink key="owner" to={`/profile/${item.ownerId}`}>
                <OwnerName item={item} />
              </LocalizedLink>
            ) : (
              <OwnerName key="owner" item={item} />
            ),
          ],
          [
            t('moderation.case.state'),
            item.deleted ? t('moderation.deleted') : t(`moderation.state.${item.state}`),
          ],
        ]}
      />
      {path && !item.deleted && (
        <p>
          <LocalizedLink to={path}>{t('moderation.case.open')}</LocalizedLink>
        </p>
      )}
    </section>
  );
}

/** Every report and notice: who (a notice's sender with their contact), why, their words, when. */
function Reports({ reports }: { reports: CaseDetail['reportList'] }) {
  const { t, locale } = useI18n();
  return (
    <section aria-labelledby="case-reports-title">
      <h2 id="case-reports-title">{t('moderation.case.reports')}</h2>
      <ol className="moderation-list">
        {reports.map((report) => {
          const name = report.contact?.name ?? report.reporterName;
          const who = name ? <bdi dir="auto">{name}</bdi> : t('moderation.formerMember');
          return (
            <li key={report.reportId} className="moderation-card">
              <h3 className="moderation-card-title">
                {report.kind === 'notice'
                  ? richMessage(t, 'moderation.case.notice', { name: who })
                  : report.reporterId && report.reporterName
                    ? richMessage(t, 'moderation.case.report', {
                        name: (
                          <LocalizedLink to={`/profile/${report.reporterId}`}>{who}</LocalizedLink>
                        ),
                      })
                    : richMessage(t, 'moderation.case.report', { name: who })}
              </h3>
              <Facts
                rows={[
                  [t('moderation.report.reason'), t(`report.reason.${report.reason}`)],
                  [
                    t('moderation.report.received'),
                    <time key="at" dateTime={report.receivedAt}>
                      {absoluteDate(report.receivedAt, locale)}
                    </time>,
                  ],
                  report.contact
                    ? [
                        t('report.notice.email'),
                        <a key="email" href={`mailto:${report.contact.email}`} dir="ltr">
                          {report.contact.email}
                        </a>,
                      ]
                    : null,
                ]}
              />
              {report.words && (
                <p className="moderation-statement" dir="auto">
                  {report.words}
                </p>
              )}
              {report.excerptThen && (
                <details>
                  <summary>{t('moderation.case.then')}</summary>
                  <p className="moderation-excerpt" dir="auto">
                    {report.excerptThen}
                  </p>
                </details>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
