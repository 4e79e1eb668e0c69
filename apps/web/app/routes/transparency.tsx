import type { Transparency } from '@mepedia/contracts';
import { MODERATION_ACTIONS } from '@mepedia/contracts/browser';
import { moderationMessages, registerMessages } from '@mepedia/web-i18n';
import { BarChart3, ServerCrash } from 'lucide-react';
import { useId } from 'react';
import { EmptyState } from '../components/empty-state';
import { hoursFormat, monthName } from '../components/moderation/format';
import { communityApi } from '../lib/context';
import { numberFormat } from '../lib/dates';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/transparency';
import '../styles/moderation.css';

registerMessages(moderationMessages);

/**
 * The public monthly counts of moderation (issue 35; the Digital Services Act, article 24):
 * notices, members' reports, decisions by action, automatic holds, appeals, reversals, and the
 * median time to a decision. The same for every visitor, read as a guest, so a guest's page may
 * be kept; in the sitemap. Counts only: nothing names a person or an item.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  try {
    return { months: (await communityApi(context, request).moderation.getTransparency()).months };
  } catch {
    // Without the moderation service the page says so, and the rest of the site stands.
    return { months: null };
  }
}

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, {
    title: 'moderation.transparency.title',
    description: 'moderation.transparency.intro',
  });

export default function TransparencyPage({ loaderData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { months } = loaderData;
  return (
    <article className="page moderation-page" aria-labelledby="transparency-title">
      <h1 id="transparency-title">{t('moderation.transparency.title')}</h1>
      <p className="lead">{t('moderation.transparency.intro')}</p>
      {months === null ? (
        <EmptyState
          icon={ServerCrash}
          title={t('moderation.loadFailed')}
          action={
            // A plain link: the page again, read afresh.
            <a className="button" href="">
              {t('moderation.retry')}
            </a>
          }
        />
      ) : months.length === 0 ? (
        <EmptyState icon={BarChart3} title={t('moderation.transparency.empty')} />
      ) : (
        <CountsTable months={months} />
      )}
      <p className="muted">{t('moderation.transparency.rules')}</p>
    </article>
  );
}

/** Months down the side, the counts across; it scrolls sideways on a narrow screen. */
export function CountsTable({ months }: { months: Transparency['months'] }) {
  const { t, locale } = useI18n();
  const number = numberFormat(locale);
  const captionId = useId();
  const columns: Array<{ key: string; label: string; value: (m: (typeof months)[0]) => string }> = [
    {
      key: 'notices',
      label: t('moderation.transparency.notices'),
      value: (m) => number.format(m.notices),
    },
    {
      key: 'reports',
      label: t('moderation.transparency.reports'),
      value: (m) => number.format(m.reports),
    },
    ...MODERATION_ACTIONS.map((action) => ({
      key: action,
      label: t(`moderation.done.${action}`),
      value: (m: (typeof months)[0]) => number.format(m.actions[action] ?? 0),
    })),
    {
      key: 'automaticHolds',
      label: t('moderation.transparency.automaticHolds'),
      value: (m) => number.format(m.automaticHolds),
    },
    {
      key: 'reviewHolds',
      label: t('moderation.transparency.reviewHolds'),
      value: (m) => number.format(m.reviewHolds),
    },
    {
      key: 'appeals',
      label: t('moderation.transparency.appeals'),
      value: (m) => number.format(m.appeals),
    },
    {
      key: 'reversed',
      label: t('moderation.transparency.reversed'),
      value: (m) => number.format(m.reversed),
    },
    {
      key: 'median',
      label: t('moderation.transparency.median'),
      value: (m) =>
        m.medianHoursToDecision === null
          ? t('moderation.transparency.none')
          : hoursFormat(m.medianHoursToDecision, locale),
    },
  ];
  return (
    // A region that scrolls is focusable and named, so the keyboard can scroll it too.
    <div className="table-scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="moderation-table transparency-table">
        <caption id={captionId}>{t('moderation.transparency.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('moderation.transparency.month')}</th>
            {columns.map((column) => (
              <th key={column.key} scope="col">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((month) => (
            <tr key={month.month}>
              <th scope="row">
                <time dateTime={month.month}>{monthName(month.month, locale)}</time>
              </th>
              {columns.map((column) => (
                <td key={column.key}>{column.value(month)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
