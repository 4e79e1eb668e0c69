import { Email, validationMessage } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { localizePath } from '@mepedia/web-i18n';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Field, FormError } from '../components/field';
import { useApi } from '../lib/api';
import {
  codeMessage,
  describeApiError,
  formText,
  passwordProblem,
  type FieldErrors,
} from '../lib/forms';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/password-reset';

export const meta: Route.MetaFunction = ({ location, matches }) => [
  ...pageMeta(matches[0]?.data, location.pathname, { title: 'reset.title' }).slice(0, 2),
  { name: 'robots', content: 'noindex' },
];

/** Without a token: ask for the link. With the link's token: choose the new password. */
export default function PasswordReset() {
  const { t, locale } = useI18n();
  const api = useApi();
  const [params] = useSearchParams();
  const token = params.get('token');
  const userId = params.get('userId');
  const [sent, setSent] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const request = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = Email.safeParse(formText(new FormData(event.currentTarget), 'email'));
    if (!parsed.success) {
      setErrors({ email: validationMessage(parsed.error.issues[0]?.message ?? '', locale) });
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await api.users.sendPasswordResetEmail(parsed.data);
      setSent(true);
    } catch (error) {
      setFormError(describeApiError(error, locale).message);
    } finally {
      setBusy(false);
    }
  };

  const choose = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const newPassword = formText(form, 'newPassword');
    const found: FieldErrors = {};
    const problem = passwordProblem(newPassword);
    if (problem) found['newPassword'] = codeMessage(problem, locale);
    if (form.get('confirmPassword') !== newPassword)
      found['confirmPassword'] = t('auth.passwordsDiffer');
    setErrors(found);
    if (Object.keys(found).length > 0 || !token || !userId) return;
    setFormError(null);
    setBusy(true);
    try {
      const user = await api.users.updateUserPassword({ userId, newPassword, token });
      window.location.assign(localizePath(`/profile/${user.id}`, locale));
    } catch (error) {
      // A pending account reclaimed through its email: its new holder goes on verifying it.
      if (error instanceof ApiError && error.code === 'USER_NOT_VERIFIED') {
        window.location.assign(`${localizePath('/verification', locale)}?userId=${userId}`);
        return;
      }
      setBusy(false);
      // A refused password (too common, or against the rule) shows on the field too.
      const described = describeApiError(error, locale, { passwordField: 'newPassword' });
      setErrors(described.fields);
      setFormError(described.message);
    }
  };

  return (
    <section className="page page-narrow" aria-labelledby="reset-title">
      <h1 id="reset-title">{t('reset.title')}</h1>
      {token && userId ? (
        <form className="form" onSubmit={(event) => void choose(event)} noValidate>
          <FormError message={formError} />
          <Field
            label={t('reset.newPassword')}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            dir="ltr"
            required
            error={errors['newPassword']}
            hint={t('auth.passwordHint')}
          />
          <Field
            label={t('auth.confirmPassword')}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            dir="ltr"
            required
            error={errors['confirmPassword']}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('form.sending') : t('reset.save')}
          </button>
        </form>
      ) : sent ? (
        <p role="status">{t('reset.sent')}</p>
      ) : (
        <form className="form" onSubmit={(event) => void request(event)} noValidate>
          <FormError message={formError} />
          <p>{t('reset.intro')}</p>
          <Field
            label={t('auth.email')}
            name="email"
            type="email"
            autoComplete="email"
            dir="ltr"
            required
            error={errors['email']}
          />
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('form.sending') : t('reset.send')}
          </button>
        </form>
      )}
    </section>
  );
}
