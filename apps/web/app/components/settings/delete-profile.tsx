import type { CurrentUser } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { localizePath } from '@mepedia/web-i18n';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../lib/api';
import { codeMessage, describeApiError, formText, type FieldErrors } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { FormError, PasswordField } from '../field';
import { Dialog } from '../ui/dialog';

const DELETED = [
  'settings.delete.item.profile',
  'settings.delete.item.posts',
  'settings.delete.item.answers',
  'settings.delete.item.private',
  'settings.delete.item.comments',
  'settings.delete.item.likes',
  'settings.delete.item.pictures',
] as const;

/**
 * Deleting the profile: a dialog that says what goes with it and asks for the password (the API
 * wants it again, not only the session). Then the member is signed out and sent home with a full
 * page load, so nothing of theirs stays in this tab's memory.
 */
export function DeleteProfile({ user }: { user: CurrentUser }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setErrors({});
    setFormError(null);
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const password = formText(new FormData(form), 'password');
    const focusPassword = () =>
      form.querySelector<HTMLInputElement>('input[name="password"]')?.focus();
    if (password === '') {
      setErrors({ password: codeMessage('FIELD_REQUIRED', locale) });
      focusPassword();
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      await api.users.deleteUserById(user.id, password);
      // The account's sessions ended with it; this clears what the browser still holds.
      await api.users.logout().catch(() => undefined);
      window.localStorage.clear();
      window.location.assign(localizePath('/', locale));
    } catch (error) {
      setBusy(false);
      const described = describeApiError(error, locale);
      // A wrong password is said at the field; anything else above the form.
      if (error instanceof ApiError && error.code === 'PASSWORD_INCORRECT') {
        setErrors({ password: described.message });
      } else {
        setErrors(described.fields);
        setFormError(described.message);
      }
      focusPassword();
    }
  };

  return (
    <div className="settings-delete">
      <p>{t('settings.delete.intro')}</p>
      <ul className="settings-delete-list">
        {DELETED.map((key) => (
          <li key={key}>{t(key)}</li>
        ))}
      </ul>
      <button type="button" className="button button-danger" onClick={() => setOpen(true)}>
        {t('settings.delete.open')}
      </button>
      <Dialog
        open={open}
        title={t('settings.delete.title')}
        onClose={close}
        actions={
          <>
            <button type="submit" form={formId} className="button button-danger" disabled={busy}>
              {busy ? t('settings.delete.deleting') : t('settings.delete.confirm')}
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={close}
              disabled={busy}
            >
              {t('settings.delete.cancel')}
            </button>
          </>
        }
      >
        <form id={formId} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
          <p>{t('settings.delete.intro')}</p>
          <ul className="settings-delete-list">
            {DELETED.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <FormError message={formError} />
          {open && (
            <PasswordField
              label={t('auth.password')}
              name="password"
              autoComplete="current-password"
              required
              hint={t('settings.delete.passwordHint')}
              error={errors['password']}
              showLabel={t('auth.showPassword')}
              hideLabel={t('auth.hidePassword')}
            />
          )}
        </form>
      </Dialog>
    </div>
  );
}
