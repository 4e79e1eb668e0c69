import { LoginRequest, RegisterRequest, GENDERS } from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { localizePath, splitLocale } from '@mepedia/web-i18n';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Field, FormError, PasswordField, SelectField } from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { useToasts } from '../components/toasts';
import { afterSignIn } from '../lib/navigation';
import { useApi } from '../lib/api';
import { useFocusFirstError } from '../lib/focus-first-error';
import {
  codeMessage,
  describeApiError,
  fieldErrors,
  passwordProblem,
  passwordStrength,
  type FieldErrors,
} from '../lib/forms';
import { countryOptions } from '../lib/countries';
import { useI18n } from '../lib/i18n';
import { pageMeta } from '../lib/seo';
import type { Route } from './+types/auth';

export const meta: Route.MetaFunction = ({ location, matches }) =>
  pageMeta(matches[0]?.data, location.pathname, {
    title:
      new URLSearchParams(location.search).get('modal') === 'login'
        ? 'auth.login.title'
        : 'auth.register.title',
  });

/**
 * The countries, named and ordered on the server: the browser's names can differ from Node's
 * (another ICU), and a list drawn differently on each side would make React redraw the form,
 * dropping what was already typed.
 */
export function loader({ request }: Route.LoaderArgs) {
  return { countries: countryOptions(splitLocale(new URL(request.url).pathname).locale) };
}

const PREFIXES = ['+972', '+1', '+44', '+33', '+49', '+7', '+380', '+61', '+27', '+54'];

function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, key) => {
    if (typeof value === 'string') values[key] = value;
  });
  return values;
}

function LoginForm() {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [errors, setErrors] = useState<FieldErrors>({});
  // What went wrong, next to the form (a toast alone is gone before everyone has read it).
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = LoginRequest.safeParse(formValues(event.currentTarget));
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error, locale));
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const user = await api.users.login(parsed.data);
      // A full load: the server renders the member's pages from here on.
      window.location.assign(afterSignIn(params.get('returnTo'), user.id, locale));
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiError && error.code === 'USER_NOT_VERIFIED') {
        const userId = (error.envelope.details as { userId?: string } | undefined)?.userId;
        toasts.error(t('auth.notVerified'));
        if (userId) void navigate(`${localizePath('/verification', locale)}?userId=${userId}`);
        return;
      }
      const described = describeApiError(error, locale);
      setErrors(described.fields);
      setFormError(described.message);
    }
  };

  return (
    <form
      className="form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="auth-title"
    >
      <h1 id="auth-title">{t('auth.login.title')}</h1>
      <FormError message={formError} />
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        required
        error={errors['email']}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        required
        error={errors['password']}
        showLabel={t('auth.showPassword')}
        hideLabel={t('auth.hidePassword')}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('form.sending') : t('auth.loginButton')}
      </button>
      <p>
        <LocalizedLink to="/password-reset">{t('auth.forgotPassword')}</LocalizedLink>
      </p>
      <p>
        {t('auth.noAccount')}{' '}
        <LocalizedLink to="/auth?modal=register">{t('auth.switchToRegister')}</LocalizedLink>
      </p>
    </form>
  );
}

function RegisterForm({ countries }: { countries: ReadonlyArray<{ code: string; name: string }> }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [password, setPassword] = useState('');
  const { formRef, focusFirstError } = useFocusFirstError();
  const strength = passwordStrength(password);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    const candidate = {
      ...values,
      language: locale,
      websiteLink: values['websiteLink'] || undefined,
      termsAccepted: values['termsAccepted'] === 'on',
    };
    const parsed = RegisterRequest.safeParse(candidate);
    const found: FieldErrors = parsed.success ? {} : fieldErrors(parsed.error, locale);
    // The password: the contracts' own rule (counted in characters, as the server counts),
    // worded by the web catalogues.
    delete found['password'];
    const problem = passwordProblem(values['password'] ?? '');
    if (problem) found['password'] = codeMessage(problem, locale);
    if (values['confirmPassword'] !== values['password'])
      found['confirmPassword'] ??= t('auth.passwordsDiffer');
    if (Object.keys(found).length > 0) {
      setErrors(found);
      setFormError(t('auth.fixErrors'));
      focusFirstError();
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(true);
    try {
      const { confirmPassword: _confirm, ...body } = candidate as typeof candidate & {
        confirmPassword?: string;
      };
      const created = await api.users.register(body as Parameters<typeof api.users.register>[0]);
      void navigate(`${localizePath('/verification', locale)}?userId=${created.userId}`);
    } catch (error) {
      setBusy(false);
      const described = describeApiError(error, locale);
      setErrors(described.fields);
      setFormError(described.message);
    }
  };

  return (
    <form
      ref={formRef}
      className="form"
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      aria-labelledby="auth-title"
    >
      <h1 id="auth-title">{t('auth.register.title')}</h1>
      <FormError message={formError} />
      <div className="field-row">
        <Field
          label={t('auth.firstname')}
          name="firstname"
          autoComplete="given-name"
          required
          error={errors['firstname']}
        />
        <Field
          label={t('auth.lastname')}
          name="lastname"
          autoComplete="family-name"
          required
          error={errors['lastname']}
        />
      </div>
      <Field
        label={t('auth.email')}
        name="email"
        type="email"
        autoComplete="email"
        dir="ltr"
        required
        error={errors['email']}
      />
      <div className="field-row">
        <div className={`field${errors['phoneNumberPrefix'] ? ' has-error' : ''}`}>
          <label htmlFor="register-prefix">{t('auth.phonePrefix')}</label>
          <select
            id="register-prefix"
            name="phoneNumberPrefix"
            defaultValue="+972"
            dir="ltr"
            autoComplete="tel-country-code"
          >
            {PREFIXES.map((prefix) => (
              <option key={prefix} value={prefix}>
                {prefix}
              </option>
            ))}
          </select>
        </div>
        <Field
          label={t('auth.phone')}
          name="phoneNumber"
          type="tel"
          autoComplete="tel-national"
          dir="ltr"
          required
          error={errors['phoneNumber']}
        />
      </div>
      <div className="field-row">
        {/* Day, month and year keep their order in either language. */}
        <Field
          label={t('auth.birthdate')}
          name="birthdate"
          type="date"
          autoComplete="bday"
          dir="ltr"
          lang={locale}
          required
          error={errors['birthdate']}
        />
        <SelectField
          label={t('auth.country')}
          name="country"
          defaultValue="IL"
          autoComplete="country"
          required
          error={errors['country']}
          options={countries.map(({ code, name }) => ({ value: code, label: name }))}
        />
      </div>
      <SelectField
        label={t('auth.gender')}
        name="gender"
        defaultValue=""
        required
        error={errors['gender']}
        options={[
          { value: '', label: t('auth.gender.choose'), disabled: true },
          ...GENDERS.map((gender) => ({ value: gender, label: t(`auth.gender.${gender}`) })),
        ]}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="new-password"
        required
        error={errors['password']}
        showLabel={t('auth.showPassword')}
        hideLabel={t('auth.hidePassword')}
        onChange={(event) => setPassword(event.currentTarget.value)}
        hint={
          <>
            {t('auth.passwordHint')}{' '}
            {password && (
              <span className={`strength strength-${strength}`}>
                {t('auth.strength.label')}: {t(`auth.strength.${strength}`)}
              </span>
            )}
          </>
        }
      />
      <PasswordField
        label={t('auth.confirmPassword')}
        name="confirmPassword"
        autoComplete="new-password"
        required
        error={errors['confirmPassword']}
        showLabel={t('auth.showPassword')}
        hideLabel={t('auth.hidePassword')}
      />
      <Field
        label={t('auth.website')}
        name="websiteLink"
        type="url"
        autoComplete="url"
        dir="ltr"
        error={errors['websiteLink']}
      />
      <div className={`field field-checkbox${errors['termsAccepted'] ? ' has-error' : ''}`}>
        <input
          id="register-terms"
          type="checkbox"
          name="termsAccepted"
          aria-invalid={errors['termsAccepted'] ? true : undefined}
          aria-describedby={errors['termsAccepted'] ? 'register-terms-error' : undefined}
        />
        <label htmlFor="register-terms">
          {t('auth.terms', { terms: t('auth.termsLink') })} (
          <LocalizedLink to="/terms-of-service" target="_blank">
            {t('footer.terms')}
          </LocalizedLink>
          )
        </label>
        {errors['termsAccepted'] && (
          <p className="error" id="register-terms-error">
            {errors['termsAccepted']}
          </p>
        )}
      </div>
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('form.sending') : t('auth.registerButton')}
      </button>
      <p>
        {t('auth.haveAccount')}{' '}
        <LocalizedLink to="/auth?modal=login">{t('auth.switchToLogin')}</LocalizedLink>
      </p>
    </form>
  );
}

export default function Auth({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { t } = useI18n();
  return (
    <section className="page page-narrow">
      {/* Sent here from a members' feature: say so, not only show a form. */}
      {params.get('reason') === 'search' && (
        <p className="notice" role="status">
          {t('auth.reason.search')}
        </p>
      )}
      {params.get('modal') === 'login' ? (
        <LoginForm />
      ) : (
        <RegisterForm countries={loaderData.countries} />
      )}
    </section>
  );
}
