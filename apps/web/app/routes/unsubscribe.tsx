import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useToasts } from '../components/toasts';
import { useApi } from '../lib/api';
import { describeApiError } from '../lib/forms';
import { useI18n } from '../lib/i18n';
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
  const toasts = useToasts();
  const [params] = useSearchParams();
  const email = params.get('email');
  const signature = params.get('signature');
  const [done, setDone] = useState(false);

  return (
    <section className="page page-narrow" aria-labelledby="unsubscribe-title">
      <h1 id="unsubscribe-title">{t('unsubscribe.title')}</h1>
      {!email || !signature ? (
        <p>{t('unsubscribe.invalid')}</p>
      ) : done ? (
        <p role="status">{t('unsubscribe.done', { email })}</p>
      ) : (
        <>
          <p>{t('unsubscribe.confirm', { email })}</p>
          <button
            type="button"
            className="button"
            onClick={() =>
              void api.users.unsubscribe(email, signature).then(
                () => setDone(true),
                (error: unknown) => toasts.error(describeApiError(error, locale).message),
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
