import { localizePath } from '@mepedia/web-i18n';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '@mepedia/web-api';
import { Link2Off, MailCheck, MailWarning } from 'lucide-react';
import { EmptyState } from '../components/empty-state';
import { LocalizedLink } from '../components/localized-link';
import { rememberConfirmation } from '../components/toast-queue';
import { useApi } from '../lib/api';
import { useI18n } from '../lib/i18n';
import { richMessage } from '../lib/rich-message';
import { pageMeta } from '../lib/seo';
import { WELCOME_PATH } from '../lib/next-step';
import { takeReturnPath } from '../lib/return-path';
import { useRootData } from '../root';
import type { Route } from './+types/email-verification';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'emailVerify.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

type Failure = 'incomplete' | 'expired' | 'unusable';
type Outcome = 'working' | Failure | 'signedOut' | 'otherMember';

/**
 * Opens from the email's link: verifies, and in the browser that registered (the one holding
 * its verification ticket) signs the member in and takes them to the first question, with a
 * welcome (a member confirming a changed address goes back to their profile). Anywhere else
 * the email is verified but nobody is signed in (a link sent to someone must not sign them in
 * as its account): the page says to sign in, or, when another member is signed in here, that
 * they still are. When it cannot verify, it says why and what to do: a link without its code
 * was cut short (open it from the email itself), an expired one needs a new email, any other
 * was already used or mistyped.
 */
export default function EmailVerification() {
  const { t, locale } = useI18n();
  const api = useApi();
  const signedIn = useRootData()?.user ?? null;
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome>(token ? 'working' : 'incomplete');
  const started = useRef(false);

  useEffect(() => {
    if (!token || started.current) return;
    started.current = true;
    api.users.verifyUserByEmail(token).then(
      (result) => {
        if ('id' in result) {
          rememberConfirmation('emailConfirmed');
          // Nobody was signed in: the account was just verified, and its member starts their
          // story, or goes back to the circle's invitation they registered from
          // (lib/return-path.ts). A signed-in member confirmed a new address: back to their
          // profile.
          window.location.assign(
            signedIn
              ? localizePath(`/profile/${result.id}`, locale)
              : (takeReturnPath() ?? localizePath(WELCOME_PATH, locale)),
          );
        } else setOutcome(signedIn ? 'otherMember' : 'signedOut');
      },
      (error: unknown) =>
        setOutcome(
          error instanceof ApiError && error.code === 'VERIFY_LINK_EXPIRED'
            ? 'expired'
            : 'unusable',
        ),
    );
  }, [api, token, locale, signedIn]);

  return (
    <section
      className="page page-narrow"
      aria-labelledby="email-verify-title"
      aria-busy={outcome === 'working'}
    >
      <h1 id="email-verify-title">{t('emailVerify.title')}</h1>
      {outcome === 'working' ? (
        <p role="status">{t('emailVerify.working')}</p>
      ) : outcome === 'signedOut' ? (
        <EmptyState
          icon={MailCheck}
          title={t('emailVerify.signedOut.title')}
          action={
            <LocalizedLink className="button" to="/auth?modal=login">
              {t('emailVerify.signIn')}
            </LocalizedLink>
          }
        >
          <p>{t('emailVerify.signedOut.text')}</p>
        </EmptyState>
      ) : outcome === 'otherMember' ? (
        <EmptyState
          icon={MailCheck}
          title={t('emailVerify.otherMember.title')}
          action={
            <LocalizedLink className="button" to="/">
              {t('emailVerify.home')}
            </LocalizedLink>
          }
        >
          <p>
            {richMessage(t, 'emailVerify.otherMember.text', {
              name: <bdi>{signedIn?.fullname ?? ''}</bdi>,
            })}
          </p>
        </EmptyState>
      ) : (
        <EmptyState
          icon={outcome === 'incomplete' ? Link2Off : MailWarning}
          title={t(`emailVerify.${outcome}.title`)}
          action={
            <LocalizedLink className="button" to="/auth?modal=login">
              {t('emailVerify.retry')}
            </LocalizedLink>
          }
        >
          <p role="alert">{t(`emailVerify.${outcome}.text`)}</p>
        </EmptyState>
      )}
    </section>
  );
}
