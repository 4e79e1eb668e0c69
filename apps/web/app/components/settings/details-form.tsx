import { GENDERS, type CurrentUser, type Language } from '@mepedia/contracts';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { useI18n } from '../../lib/i18n';
import { Field, FormError, SelectField } from '../field';
import { detailsResolver } from './resolvers';
import { useSaveProfile, useSettingsContractForm } from './use-settings-form';

const LANGUAGES: ReadonlyArray<{ value: Language; label: string }> = [
  { value: 'en', label: 'English' },
  { value: 'he', label: 'עברית' },
];

/**
 * The details the member registered with. Email and phone are not among them: each changes
 * through the new one (contact-forms.tsx), as the server requires (CONTACT_CHANGE_NOT_ALLOWED).
 */
export function DetailsForm({
  user,
  countries,
}: {
  user: CurrentUser;
  countries: ReadonlyArray<{ code: string; name: string }>;
}) {
  const { t, locale } = useI18n();
  const save = useSaveProfile();
  const form = useSettingsContractForm(detailsResolver(user));
  const languageNote = useId();
  // The names' script follows the language they are saved with, as on the server.
  const chosen = useWatch({ control: form.control, name: 'language', defaultValue: user.language });
  const language: Language = chosen === 'he' ? 'he' : 'en';
  // A country stored as a name (before the picker) stays choosable.
  const countryChoices = countries.some(({ code }) => code === user.country)
    ? countries
    : [{ code: user.country, name: user.country }, ...countries];
  const languageError = form.errorOf('language');

  return (
    <form
      className="form"
      noValidate
      onSubmit={form.submit(async (changes) => {
        await save(changes);
      })}
    >
      <FormError message={form.formError} />
      <div className="field-row">
        <Field
          label={t('auth.firstname')}
          autoComplete="given-name"
          dir="auto"
          required
          defaultValue={user.firstname}
          hint={t('settings.details.nameHint', { language })}
          {...form.register('firstname')}
          error={form.errorOf('firstname')}
        />
        <Field
          label={t('auth.lastname')}
          autoComplete="family-name"
          dir="auto"
          required
          defaultValue={user.lastname}
          hint={t('settings.details.nameHint', { language })}
          {...form.register('lastname')}
          error={form.errorOf('lastname')}
        />
      </div>
      <div className="field-row">
        {/* Day, month and year keep their order in either language. */}
        <Field
          label={t('auth.birthdate')}
          type="date"
          dir="ltr"
          lang={locale}
          autoComplete="bday"
          required
          defaultValue={user.birthdate.slice(0, 10)}
          {...form.register('birthdate')}
          error={form.errorOf('birthdate')}
        />
        <SelectField
          label={t('auth.country')}
          autoComplete="country"
          required
          defaultValue={user.country}
          {...form.register('country')}
          error={form.errorOf('country')}
          options={countryChoices.map(({ code, name }) => ({ value: code, label: name }))}
        />
      </div>
      <div className="field-row">
        <SelectField
          label={t('auth.gender')}
          required
          defaultValue={user.gender}
          {...form.register('gender')}
          error={form.errorOf('gender')}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`auth.gender.${gender}`) }))}
        />
        <div>
          <SelectField
            label={t('settings.details.language')}
            defaultValue={user.language}
            {...form.register('language')}
            error={languageError}
            aria-describedby={languageError ? undefined : languageNote}
            options={LANGUAGES}
          />
          <p id={languageNote} className="settings-field-note muted">
            {t('settings.details.languageHint')}
          </p>
        </div>
      </div>
      <div className="actions">
        <button type="submit" className="button" disabled={form.busy}>
          {form.busy ? t('settings.saving') : t('settings.save')}
        </button>
      </div>
    </form>
  );
}
