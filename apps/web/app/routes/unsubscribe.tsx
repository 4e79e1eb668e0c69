import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Link2Off } from 'lucide-react';
import { EmptyState } from '../components/empty-state';
import { FormError } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { useApi } from '../lib/api';
import { describeApiError } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/unsubscribe';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'unsubscribe.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

/** From the link in every email: one button, no login. Asking first keeps link scanners from unsubscribing people. */
export default function Unsubscribe() {
  const { t, locale } = useI18n();
  const api = useApi();
  const [params] = useSearchParams();
  const email = params.get('email');
  const signature = params.get('signature');
  const [done, setDone] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);

  return (
    <section className="page page-narrow" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {!email || !signature ? (
        // The same designed state as email-verification's incomplete link.
        <EmptyState
          icon={Link2Off}
          title={t('unsubscribe.invalid.title')}
          action={
            <LocalizedLink className="button" to="/">
              {t('unsubscribe.home')}
            </LocalizedLink>
          }
        >
          <p>{t('unsubscribe.invalid.text')}</p>
        </EmptyState>
      ) : done ? (
        <p role="status">
          {richMessage(t, 'unsubscribe.done', { email: <bdi dir="ltr">{email}</bdi> })}
        </p>
      ) : (
        <>
          <FormError message={formError} />
          <p>{richMessage(t, 'unsubscribe.confirm', { email: <bdi dir="ltr">{email}</bdi> })}</p>
          <button
            type="button"
            className="button"
            onClick={() =>
              void api.users.unsubscribe(email, signature).then(
                () => setDone(true),
                (error: unknown) => setFormError(describeApiError(error, locale).message),
              )
            }
          >
            {t('unsubscribe.button')}
          </button>
        </>
      )}
    </section>
  );
}
