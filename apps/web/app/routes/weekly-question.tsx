import type { WeeklyQuestionLinkAction } from '@mepedia/contracts';
import { registerMessages, weeklyQuestionMessages } from '@mepedia/web-i18n';
import { Link2Off } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../components/empty-state';
import { FormError } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { useApi } from '../lib/api';
import { describeApiError } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/weekly-question';

registerMessages(weeklyQuestionMessages);

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'weeklyQuestion.link.title' }).slice(
    0,
    2,
  ),
  { name: 'robots', content: 'noindex' },
];

const ACTIONS: readonly WeeklyQuestionLinkAction[] = ['skip', 'pause', 'stop'];

/** The action a token names (its second part); the service checks the whole token. */
function actionOf(token: string | null): WeeklyQuestionLinkAction | null {
  const named = token?.split('.')[1];
  return ACTIONS.find((action) => action === named) ?? null;
}

/**
 * From the weekly question email's skip, pause and stop links: one button, no login. Asking
 * first keeps link scanners from acting for the member (as the unsubscribe page does).
 */
export default function WeeklyQuestionLink() {
  const { t, locale } = useI18n();
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token');
  const action = actionOf(token);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  return (
    <section className="page page-narrow" aria-labelledby="weekly-question-title">
      <h1 id="weekly-question-title">{t('weeklyQuestion.link.title')}</h1>
      {!token || !action ? (
        <EmptyState
          icon={Link2Off}
          title={t('weeklyQuestion.link.missing')}
          action={
            <LocalizedLink className="button" to="/profile/settings">
              {t('weeklyQuestion.link.settings')}
            </LocalizedLink>
          }
        />
      ) : done ? (
        <>
          <p role="status">{t(`weeklyQuestion.link.done.${action}`)}</p>
          <LocalizedLink to="/profile/settings">{t('weeklyQuestion.link.settings')}</LocalizedLink>
        </>
      ) : (
        <>
          <FormError message={formError} />
          <p>{t(`weeklyQuestion.link.${action}`)}</p>
          <button
            type="button"
            className="button"
            disabled={busy}
            onClick={() => {
              setBusy(true);
              void api.weeklyQuestion.byLink(token).then(
                () => setDone(true),
                (error: unknown) => {
                  setBusy(false);
                  setFormError(describeApiError(error, locale).message);
                },
              );
            }}
          >
            {t(`weeklyQuestion.link.confirm.${action}`)}
          </button>
        </>
      )}
    </section>
  );
}
