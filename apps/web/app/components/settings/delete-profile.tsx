import type { CurrentUser } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { localizePath } from '@mepedia/web-i18n';
import { useId, useState } from 'react';
import { useApi } from '../../lib/api';
import { useContractForm } from '../../lib/contract-form';
import { useI18n } from '../../lib/i18n';
import { FormError, PasswordField } from '../field';
import { rememberConfirmation } from '../toast-queue';
import { Dialog } from '../ui/dialog';
import { deleteResolver } from './resolvers';

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
  // Deleted: the home page is on its way, the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const form = useContractForm(deleteResolver(user.id));
  const busy = form.busy || leaving;

  const close = () => {
    setOpen(false);
    form.clear();
  };

  const onSubmit = form.onSubmit(async ({ id, password }) => {
    try {
      await api.users.deleteUserById(id, password);
      setLeaving(true);
      // The account's sessions ended with it; this clears what the browser still holds.
      await api.users.logout().catch(() => undefined);
      window.localStorage.clear();
      rememberConfirmation('profileDeleted');
      window.location.assign(localizePath('/', locale));
    } catch (error) {
      // A wrong password is said at the field; anything else above the form too.
      form.refused(error, { codeFields: { PASSWORD_INCORRECT: 'password' } });
      if (error instanceof ApiError && error.code === 'PASSWORD_INCORRECT') form.setFormError(null);
    }
  });

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
        <form id={formId} className="form" noValidate onSubmit={onSubmit}>
          <p>{t('settings.delete.intro')}</p>
          <ul className="settings-delete-list">
            {DELETED.map((key) => (
              <li key={key}>{t(key)}</li>
            ))}
          </ul>
          <FormError message={form.formError} />
          {open && (
            <PasswordField
              label={t('auth.password')}
              autoComplete="current-password"
              required
              hint={t('settings.delete.passwordHint')}
              {...form.register('password')}
              error={form.errorOf('password')}
            />
          )}
        </form>
      </Dialog>
    </div>
  );
}
