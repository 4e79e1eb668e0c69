import {
  APPEAL_WORDS_MAX,
  AppealRequest,
  isRestricting,
  type Decision,
  type DecisionsPage,
  type MyReportsPage,
} from '@mepedia/contracts';
import { moderationQueries } from '@mepedia/web-api/queries';
import {
  moderationMessages,
  registerMessages,
  reportMessages,
  splitLocale,
} from '@mepedia/web-i18n';
import {
  QueryClient,
  dehydrate,
  useInfiniteQuery,
  useQueryClient,
  type InfiniteData,
} from '@tanstack/react-query';
import { Flag, ShieldCheck } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { FormError, TextAreaField } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { CharacterCount, lengthOf } from '../components/moderation/character-count';
import {
  DecisionFacts,
  Facts,
  ItemText,
  readAsModerator,
  PagedList,
} from '../components/moderation/parts';
import { QueryProvider } from '../components/query/query-provider';
import { useApi } from '../lib/api';
import { serverApi } from '../lib/context';
import { contractResolver, useContractForm } from '../lib/contract-form';
import { absoluteDate } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/moderation-mine';
import '../styles/moderation.css';

registerMessages(reportMessages);
registerMessages(moderationMessages);

type Which = 'decisions' | 'reports';
const whichOf = (pathname: string): Which =>
  splitLocale(pathname).path.startsWith('/moderation/reports') ? 'reports' : 'decisions';

/**
 * A member's own moderation page (issue 35), theirs alone (the guard sends a guest to sign in,
 * and back): `/moderation/decisions`, the decisions about them with each statement of reasons
 * and its appeal (where the statement emails link), and `/moderation/reports`, the reports they
 * sent and what became of them. The first page of each is in the server's HTML (a query cache
 * handed to the browser's); "Show more" reads on by cursor.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const which = whichOf(new URL(request.url).pathname);
  const api = serverApi(context, request);
  const queryClient = new QueryClient();
  await readAsModerator(() =>
    which === 'reports'
      ? queryClient.fetchInfiniteQuery(moderationQueries.myReports(api))
      : queryClient.fetchInfiniteQuery(moderationQueries.myDecisions(api)),
  );
  return { which, dehydrated: dehydrate(queryClient) };
}

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, {
    title:
      whichOf(location.pathname) === 'reports'
        ? 'moderation.mine.reports'
        : 'moderation.mine.decisions',
  }),
  // A member's own page: nothing for search engines.
  { name: 'robots', content: 'noindex' },
];

export default function MyModerationRoute({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { which } = loaderData;
  return (
    <QueryProvider state={loaderData.dehydrated}>
      <section className="page page-narrow moderation-page" aria-labelledby="mine-title">
        <h1 id="mine-title">{t('moderation.mine.title')}</h1>
        <nav className="moderation-nav" aria-label={t('moderation.mine.nav')}>
          <ul>
            <li>
              <LocalizedLink
                to="/moderation/decisions"
                aria-current={which === 'decisions' ? 'page' : undefined}
              >
                {t('moderation.mine.decisions')}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink
                to="/moderation/reports"
                aria-current={which === 'reports' ? 'page' : undefined}
              >
                {t('moderation.mine.reports')}
              </LocalizedLink>
            </li>
          </ul>
        </nav>
        {which === 'reports' ? <MyReports /> : <MyDecisions />}
      </section>
    </QueryProvider>
  );
}

function MyDecisions() {
  const { t } = useI18n();
  const api = useApi();
  const list = useInfiniteQuery(moderationQueries.myDecisions(api));
  return (
    <>
      <p className="lead">{t('moderation.mine.intro')}</p>
      <PagedList
        list={list}
        itemsOf={(page) => page.decisions}
        keyOf={(decision) => decision.decisionId}
        render={(decision) => <DecisionRow decision={decision} />}
        empty={{ icon: ShieldCheck, title: t('moderation.mine.noDecisions') }}
      />
    </>
  );
}

/** One decision about the member: what, the rule, how, when, why, and its appeal. */
function DecisionRow({ decision }: { decision: Decision }) {
  const { t } = useI18n();
  const titleId = `decision-${decision.decisionId}`;
  return (
    <li className="moderation-card">
      <article aria-labelledby={titleId}>
        <h2 id={titleId} className="moderation-card-title">
          {t('moderation.decision.title', {
            what: t('moderation.yourKind', { kind: decision.item?.kind ?? 'account' }),
            action: t(`moderation.done.${decision.action}`),
          })}
        </h2>
        {decision.item && <ItemText item={decision.item} />}
        <DecisionFacts decision={decision} />
        <Appeal decision={decision} />
      </article>
    </li>
  );
}

/**
 * The decision's appeal: its state once sent (waiting, upheld, reversed, with the moderator's
 * words), else the form, once, for a decision that restricted the member.
 */
function Appeal({ decision }: { decision: Decision }) {
  const { t, locale } = useI18n();
  const [said, setSaid] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // The form goes with the appeal sent: focus goes to the part's heading, by the news.
  useEffect(() => {
    if (said) heading.current?.focus();
  }, [said]);
  const headingId = `appeal-${decision.decisionId}`;
  const appeal = decision.appeal;
  if (!appeal && !isRestricting(decision.action)) return null;
  return (
    <section className="moderation-appeal" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('moderation.appeal.title')}
      </h3>
      <p role="status" className="moderation-said">
        {said}
      </p>
      {appeal ? (
        <>
          <p>
            {t(`moderation.appeal.status.${appeal.status}`, {
              date: absoluteDate(appeal.decidedAt ?? appeal.sentAt, locale),
            })}
          </p>
          {appeal.statement && (
            <p className="moderation-statement" dir="auto">
              {appeal.statement}
            </p>
          )}
        </>
      ) : (
        <AppealForm
          decisionId={decision.decisionId}
          onSent={() => setSaid(t('moderation.appeal.sent'))}
        />
      )}
    </section>
  );
}

type AppealValues = { words: string };

function AppealForm({ decisionId, onSent }: { decisionId: string; onSent: () => void }) {
  const { t } = useI18n();
  const api = useApi();
  const queryClient = useQueryClient();
  const resolver = useMemo(
    () =>
      contractResolver(AppealRequest, (values: AppealValues) => ({
        decisionId,
        words: values.words ?? '',
      })),
    [decisionId],
  );
  const form = useContractForm(resolver, {
    fixErrors: null,
    words: (code) =>
      code === 'TOO_LONG'
        ? t('report.tooLong', { max: APPEAL_WORDS_MAX })
        : t('moderation.appeal.required'),
  });
  const words = useWatch({ control: form.control, name: 'words', defaultValue: '' });

  const send = form.onSubmit(async (request) => {
    try {
      const answer = await api.moderation.appeal(request);
      // The decision shows its appeal at once; the list is read again behind.
      queryClient.setQueryData<InfiniteData<DecisionsPage>>(
        moderationQueries.myDecisions(api).queryKey,
        (data) =>
          data && {
            ...data,
            pages: data.pages.map((page) => ({
              ...page,
              decisions: page.decisions.map((decision) =>
                decision.decisionId === decisionId
                  ? {
                      ...decision,
                      appeal: {
                        appealId: answer.appealId,
                        status: 'open' as const,
                        sentAt: answer.sentAt,
                        decidedAt: null,
                        statement: null,
                      },
                    }
                  : decision,
              ),
            })),
          },
      );
      onSent();
      void queryClient.invalidateQueries({ queryKey: moderationQueries.all });
    } catch (error) {
      form.refused(error);
    }
  });

  return (
    <form className="form" noValidate onSubmit={send}>
      <p className="muted">{t('moderation.appeal.intro')}</p>
      <FormError message={form.formError} />
      <TextAreaField
        label={t('moderation.appeal.words')}
        rows={4}
        required
        {...form.register('words')}
        error={form.errorOf('words')}
        hint={<CharacterCount length={lengthOf(words)} max={APPEAL_WORDS_MAX} />}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? t('moderation.appeal.sending') : t('moderation.appeal.send')}
        </button>
      </div>
    </form>
  );
}

function MyReports() {
  const { t } = useI18n();
  const api = useApi();
  const list = useInfiniteQuery(moderationQueries.myReports(api));
  return (
    <>
      <p className="lead">{t('moderation.mine.reportsIntro')}</p>
      <PagedList
        list={list}
        itemsOf={(page) => page.reports}
        keyOf={(report) => report.reportId}
        render={(report) => <ReportRow report={report} />}
        empty={{ icon: Flag, title: t('moderation.mine.noReports') }}
      />
    </>
  );
}

/** One report the member sent: what, why, when, and what became of it. */
function ReportRow({ report }: { report: MyReportsPage['reports'][number] }) {
  const { t, locale } = useI18n();
  const path =
    report.itemKind === 'post'
      ? `/post/${report.itemId}`
      : report.itemKind === 'profile'
        ? `/profile/${report.itemId}`
        : null;
  const outcome = t(`moderation.outcome.${report.outcome}`);
  const kind = t('moderation.kind', { kind: report.itemKind });
  return (
    <li className="moderation-card">
      <h2 className="moderation-card-title">
        {/* What was reported, linked where it has a page (it may be gone since). */}
        {path ? <LocalizedLink to={path}>{kind}</LocalizedLink> : kind}
      </h2>
      <Facts
        rows={[
          [t('moderation.report.reason'), t(`report.reason.${report.reason}`)],
          [
            t('moderation.report.received'),
            <time key="received" dateTime={report.receivedAt}>
              {absoluteDate(report.receivedAt, locale)}
            </time>,
          ],
          [
            t('moderation.report.outcome'),
            report.decidedAt
              ? t('moderation.outcome.decided', {
                  outcome,
                  date: absoluteDate(report.decidedAt, locale),
                })
              : outcome,
          ],
        ]}
      />
    </li>
  );
}
