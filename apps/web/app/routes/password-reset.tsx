import type { SendPasswordResetEmailRequest, UpdateUserPasswordRequest } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { localizePath } from '@mepedia/web-i18n';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { EmailField, FormError, PasswordField } from '../components/field';
import { rememberConfirmation } from '../components/toast-queue';
import { useApi } from '../lib/api';
import { newPasswordResolver, resetRequestResolver } from '../lib/auth-forms';
import { CONFIRMATION_DIFFERS, useContractForm } from '../lib/contract-form';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/password-reset';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'reset.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

/** Without a token: ask for the link. With the link's token: choose the new password. */
export default function PasswordReset() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const token = params.get('token');
  const userId = params.get('userId');
  return (
    <section className="page page-narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      {token && userId ? <NewPassword token={token} userId={userId} /> : <AskForLink />}
    </section>
  );
}

function AskForLink() {
  const { t } = useI18n();
  const api = useApi();
  const [sent, setSent] = useState(false);
  const form = useContractForm(resetRequestResolver);

  const send = async (body: SendPasswordResetEmailRequest) => {
    try {
      await api.users.sendPasswordResetEmail(body.email);
      setSent(true);
    } catch (error) {
      form.refused(error);
    }
  };

  if (sent) return <p role="status">{t('reset.sent')}</p>;
  return (
    <form className="form" onSubmit={form.onSubmit(send)} noValidate>
      <FormError message={form.formError} />
      <p>{t('reset.intro')}</p>
      <EmailField required {...form.register('email')} error={form.errorOf('email')} />
      <button type="submit" className="button" disabled={form.busy}>
        {form.busy ? t('form.sending') : t('reset.send')}
      </button>
    </form>
  );
}

function NewPassword({ token, userId }: { token: string; userId: string }) {
  const { t, locale } = useI18n();
  const api = useApi();
  // Saved: the member's page is on its way, the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const form = useContractForm(newPasswordResolver, {
    words: (code) => (code === CONFIRMATION_DIFFERS ? t('auth.passwordsDiffer') : undefined),
  });

  const send = async ({ newPassword }: Pick<UpdateUserPasswordRequest, 'newPassword'>) => {
    try {
      const user = await api.users.updateUserPassword({ userId, newPassword, token });
      setLeaving(true);
      rememberConfirmation('passwordChanged');
      window.location.assign(localizePath(`/profile/${user.id}`, locale));
    } catch (error) {
      // A pending account reclaimed through its email: its new holder goes on verifying it.
      if (error instanceof ApiError && error.code === 'USER_NOT_VERIFIED') {
        setLeaving(true);
        window.location.assign(`${localizePath('/verification', locale)}?userId=${userId}`);
        return;
      }
      // A refused password (too common, or against the rule) shows on the field too.
      form.refused(error, { passwordField: 'newPassword' });
    }
  };
  const busy = form.busy || leaving;

  return (
    <form className="form" onSubmit={form.onSubmit(send)} noValidate>
      <FormError message={form.formError} />
      <PasswordField
        label={t('reset.newPassword')}
        autoComplete="new-password"
        required
        {...form.register('newPassword', { deps: ['confirmPassword'] })}
        error={form.errorOf('newPassword')}
        hint={t('auth.passwordHint')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        autoComplete="new-password"
        required
        {...form.register('confirmPassword')}
        error={form.errorOf('confirmPassword')}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('form.sending') : t('reset.save')}
      </button>
    </form>
  );
}
