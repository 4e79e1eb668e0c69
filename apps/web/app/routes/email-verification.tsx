import { localizePath } from '@mepedia/web-i18n';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LocalizedLink } from '../components/localized-link';
import { useApi } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/email-verification';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'emailVerify.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

/** Opens from the email's link: verifies, signs the member in, and takes them to their profile. */
export default function EmailVerification() {
  const { t, locale } = useI18n();
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [failed, setFailed] = useState(!token);
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    api.users.verifyUserByEmail(token).then(
      (user) => window.location.assign(localizePath(`/profile/${user.id}`, locale)),
      () => setFailed(true),
    );
  }, [api, token, locale]);

  return (
    <section className="page page-narrow" aria-labelledby="email-verify-title" aria-busy={!failed}>
      <h1 id="email-verify-title">{t('emailVerify.title')}</h1>
      {failed ? (
        <p role="alert">
          {t('emailVerify.failed')}{' '}
          <LocalizedLink to="/auth?modal=login">{t('emailVerify.retry')}</LocalizedLink>
        </p>
      ) : (
        <p role="status">{t('emailVerify.working')}</p>
      )}
    </section>
  );
}
