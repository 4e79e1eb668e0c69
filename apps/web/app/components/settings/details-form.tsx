import {
  GENDERS,
  UpdateUserInformationRequest,
  type CurrentUser,
  type Language,
} from '@mepedia/contracts';
import { useId, useState, type FormEvent } from 'react';
import { codeMessage, fieldErrors, formText, type FieldErrors } from '../../lib/forms';
import { useI18n } from '../../lib/i18n';
import { Field, FormError, SelectField } from '../field';
import { changedDetails, nameErrors, type DetailsValues } from './rules';
import { useSaveProfile, useSettingsForm } from './use-settings-form';

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
  const form = useSettingsForm();
  const languageNote = useId();
  // The names' script follows the language they are saved with, as on the server.
  const [language, setLanguage] = useState<Language>(user.language);
  // A country stored as a name (before the picker) stays choosable.
  const countryChoices = countries.some(({ code }) => code === user.country)
    ? countries
    : [{ code: user.country, name: user.country }, ...countries];

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const values: DetailsValues = {
      firstname: formText(data, 'firstname'),
      lastname: formText(data, 'lastname'),
      birthdate: formText(data, 'birthdate'),
      country: formText(data, 'country'),
      gender: formText(data, 'gender'),
      language,
    };
    const changes = changedDetails(user, values);
    const parsed = UpdateUserInformationRequest.safeParse(changes);
    const found: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error, locale);
    for (const [field, code] of Object.entries(nameErrors(changes, values, language)))
      found[field] ??= codeMessage(code, locale);
    await form.submit(found, async () => {
      await save(changes as UpdateUserInformationRequest);
    });
  };

  return (
    <form ref={form.formRef} className="form" noValidate onSubmit={(e) => void onSubmit(e)}>
      <FormError message={form.formError} />
      <div className="field-row">
        <Field
          label={t('auth.firstname')}
          name="firstname"
          autoComplete="given-name"
          dir="auto"
          required
          defaultValue={user.firstname}
          hint={t('settings.details.nameHint', { language })}
          error={form.errors['firstname']}
        />
        <Field
          label={t('auth.lastname')}
          name="lastname"
          autoComplete="family-name"
          dir="auto"
          required
          defaultValue={user.lastname}
          hint={t('settings.details.nameHint', { language })}
          error={form.errors['lastname']}
        />
      </div>
      <div className="field-row">
        {/* Day, month and year keep their order in either language. */}
        <Field
          label={t('auth.birthdate')}
          name="birthdate"
          type="date"
          dir="ltr"
          lang={locale}
          autoComplete="bday"
          required
          defaultValue={user.birthdate.slice(0, 10)}
          error={form.errors['birthdate']}
        />
        <SelectField
          label={t('auth.country')}
          name="country"
          autoComplete="country"
          required
          defaultValue={user.country}
          error={form.errors['country']}
          options={countryChoices.map(({ code, name }) => ({ value: code, label: name }))}
        />
      </div>
      <div className="field-row">
        <SelectField
          label={t('auth.gender')}
          name="gender"
          required
          defaultValue={user.gender}
          error={form.errors['gender']}
          options={GENDERS.map((gender) => ({ value: gender, label: t(`auth.gender.${gender}`) }))}
        />
        <div>
          <SelectField
            label={t('settings.details.language')}
            name="language"
            value={language}
            onChange={(event) => setLanguage(event.currentTarget.value === 'he' ? 'he' : 'en')}
            error={form.errors['language']}
            aria-describedby={form.errors['language'] ? undefined : languageNote}
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
