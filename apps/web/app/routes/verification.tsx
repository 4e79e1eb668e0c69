import type { UserToVerify } from '@mepedia/contracts';
import { errorMessage } from '@mepedia/messages/errors';
import { ApiError } from '@mepedia/web-api';
import { localizePath } from '@mepedia/web-i18n';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LogIn, ShieldQuestionMark } from 'lucide-react';
import { EmptyState } from '../components/empty-state';
import { Field, FormError } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { useToasts } from '../components/toasts';
import { useApi } from '../lib/api';
import { phoneChangeResolver, phoneCodeResolver } from '../components/settings/resolvers';
import { useContractForm } from '../lib/contract-form';
import { describeApiError } from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { WELCOME_PATH } from '../lib/next-step';
import { takeReturnPath } from '../lib/return-path';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/verification';
import { richMessage } from '../lib/rich-message';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'verify.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

const POLL_MS = 5000;

/** Step 1: the SMS code (resend, change the number). Steps 2 and 3: the email link notice. */
export default function Verification() {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const [params] = useSearchParams();
  const userId = params.get('userId');
  const [member, setMember] = useState<UserToVerify | null>(null);
  // A refusal outside the two forms (loading the account, sending again).
  const [failure, setFailure] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  // The code is checked with the number it went to, as the server checks it; a new number with
  // the pending account's id. Both are the contracts' schemas, as in the settings.
  const codeForm = useContractForm(
    phoneCodeResolver(
      member ? { prefix: member.phoneNumberPrefix, phone: member.phoneNumber } : null,
    ),
  );
  const numberForm = useContractForm(phoneChangeResolver(member?.userId ?? userId ?? ''));
  // This browser holds no verification ticket for the account (another browser registered it,
  // or it expired): only signing in with the password gives one.
  const [needsSignIn, setNeedsSignIn] = useState(false);

  /** Whether the refusal asks this browser to sign in (then nothing else is said). */
  const needsTicket = (error: unknown) => {
    if (!(error instanceof ApiError) || error.code !== 'VERIFICATION_SESSION_REQUIRED')
      return false;
    setNeedsSignIn(true);
    return true;
  };
  const fail = (error: unknown) => {
    if (!needsTicket(error)) setFailure(describeApiError(error, locale).message);
  };

  useEffect(() => {
    if (!userId) return;
    api.users.getUserToVerify(userId).then(setMember, fail);
  }, [userId]);

  // While the email link is open elsewhere, notice when it was used.
  useEffect(() => {
    if (!userId || member?.verification !== 'phone_verified') return;
    const timer = setInterval(() => {
      api.users.userVerified(userId).then(
        (state) => {
          if (state.verified)
            window.location.assign(takeReturnPath() ?? localizePath(WELCOME_PATH, locale));
        },
        () => undefined,
      );
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [api, userId, member?.verification, locale]);

  if (!userId || needsSignIn) {
    // The same designed state as email-verification's: what is going on, and the next step.
    return (
      <section className="page page-narrow" aria-labelledby="verify-title">
        <h1 id="verify-title">{t('verify.title')}</h1>
        <EmptyState
          icon={needsSignIn ? LogIn : ShieldQuestionMark}
          title={t(needsSignIn ? 'verify.signIn.title' : 'verify.missing.title')}
          action={
            <LocalizedLink className="button" to="/auth?modal=login">
              {t('auth.loginButton')}
            </LocalizedLink>
          }
        >
          <p role={needsSignIn ? 'alert' : undefined}>
            {needsSignIn
              ? errorMessage('VERIFICATION_SESSION_REQUIRED', locale)
              : t('verify.missing.text')}
          </p>
        </EmptyState>
      </section>
    );
  }
  if (!member)
    return (
      <section className="page page-narrow" aria-busy={failure ? undefined : true}>
        <h1>{t('verify.title')}</h1>
        <FormError message={failure} />
      </section>
    );

  const onCode = codeForm.onSubmit(async ({ verifyCode, prefix, phone }) => {
    try {
      const result = await api.users.verifyUserByPhone(verifyCode, prefix, phone);
      setFailure(null);
      codeForm.clear();
      setMember({ ...member, verification: result.verification });
    } catch (error) {
      if (!needsTicket(error)) codeForm.refused(error);
    }
  });

  const onResend = () =>
    api.users.sendPhoneCode(member.phoneNumberPrefix, member.phoneNumber).then(() => {
      setFailure(null);
      toasts.success(t('verify.resent'));
    }, fail);

  const onChange = numberForm.onSubmit(async (body) => {
    try {
      await api.users.changePhonenumber(body.userId, body.phoneNumberPrefix, body.phoneNumber);
      setMember(await api.users.getUserToVerify(member.userId));
      closeChange();
      toasts.success(t('verify.resent'));
    } catch (error) {
      if (!needsTicket(error)) numberForm.refused(error);
    }
  });

  const openChange = () => {
    setFailure(null);
    codeForm.clear();
    setChanging(true);
  };
  const closeChange = () => {
    numberForm.clear();
    setChanging(false);
  };

  const step =
    member.verification === 'registered' ? 1 : member.verification === 'phone_verified' ? 2 : 3;
  return (
    <section className="page page-narrow" aria-labelledby="verify-title">
      <h1 id="verify-title">{t('verify.title')}</h1>
      <p className="muted">{t('verify.step', { step })}</p>
      <FormError message={failure ?? (changing ? numberForm.formError : codeForm.formError)} />
      {step === 1 && !changing && (
        <form className="form" onSubmit={onCode} noValidate>
          <p>
            {/* A phone number reads left to right in either language: "+972 541112233". */}
            {richMessage(t, 'verify.codeSent', {
              phone: (
                <bdi dir="ltr" className="phone-number">
                  {member.phoneNumberPrefix} {member.phoneNumber}
                </bdi>
              ),
            })}
          </p>
          <Field
            label={t('verify.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="(\s*[0-9]){6}\s*"
            // Six digits, spaces allowed (a code pasted from the text message as "123 456").
            maxLength={12}
            dir="ltr"
            required
            {...codeForm.register('verifyCode')}
            error={codeForm.errorOf('verifyCode')}
          />
          <button type="submit" className="button" disabled={codeForm.busy}>
            {codeForm.busy ? t('form.sending') : t('verify.submit')}
          </button>
          <p className="actions">
            <button type="button" className="link-button" onClick={() => void onResend()}>
              {t('verify.resend')}
            </button>
            <button type="button" className="link-button" onClick={openChange}>
              {t('verify.changeNumber')}
            </button>
          </p>
        </form>
      )}
      {step === 1 && changing && (
        <form className="form" onSubmit={onChange} noValidate>
          <div className="field-row">
            <Field
              label={t('auth.phonePrefix')}
              defaultValue={member.phoneNumberPrefix}
              dir="ltr"
              {...numberForm.register('phoneNumberPrefix')}
              error={numberForm.errorOf('phoneNumberPrefix')}
            />
            <Field
              label={t('auth.phone')}
              type="tel"
              dir="ltr"
              {...numberForm.register('phoneNumber')}
              error={numberForm.errorOf('phoneNumber')}
            />
          </div>
          <button type="submit" className="button" disabled={numberForm.busy}>
            {numberForm.busy ? t('form.sending') : t('verify.saveNumber')}
          </button>
          <button type="button" className="link-button" onClick={closeChange}>
            {t('verify.cancel')}
          </button>
        </form>
      )}
      {step === 2 && (
        <div className="notice" role="status">
          <p>
            {richMessage(t, 'verify.emailSent', {
              email: <bdi dir="ltr">{member.emailHint}</bdi>,
            })}
          </p>
          <button
            type="button"
            className="link-button"
            onClick={() =>
              void api.users
                .sendVerificationEmailToUser(member.phoneNumberPrefix, member.phoneNumber)
                .then(() => toasts.success(t('verify.emailResent')), fail)
            }
          >
            {t('verify.emailResend')}
          </button>
        </div>
      )}
      {step === 3 && (
        <p role="status">
          {t('verify.done')}{' '}
          <LocalizedLink to="/auth?modal=login">{t('auth.loginButton')}</LocalizedLink>
        </p>
      )}
    </section>
  );
}
