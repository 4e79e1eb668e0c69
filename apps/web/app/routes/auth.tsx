import {
  GENDERS,
  passwordStrength,
  type LoginRequest,
  type RegisterRequest,
} from '@mepedia/contracts';
import { ApiError } from '@mepedia/web-api';
import { localizePath, splitLocale } from '@mepedia/web-i18n';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import {
  CheckboxField,
  EmailField,
  Field,
  FormError,
  PasswordField,
  SelectField,
} from '../components/field';
import { LocalizedLink } from '../components/localized-link';
import { useToasts } from '../components/toasts';
import { afterSignIn } from '../lib/navigation';
import { rememberReturnPath } from '../lib/return-path';
import { useApi } from '../lib/api';
import { loginResolver, registerResolver } from '../lib/auth-forms';
import { CONFIRMATION_DIFFERS, useContractForm } from '../lib/contract-form';
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

/**
 * The other form's address (sign-in <-> registration), keeping why the visitor is here and where
 * they go after (`reason`, `returnTo`, a prefilled `email`): a guest invited to a circle who has
 * no account yet, or has one after all, still comes back to the invitation.
 */
function switchTo(modal: 'login' | 'register', params: URLSearchParams): string {
  const next = new URLSearchParams({ modal });
  for (const name of ['reason', 'returnTo', 'email']) {
    const value = params.get(name);
    if (value) next.set(name, value);
  }
  return `/auth?${next.toString()}`;
}

const PREFIXES = ['+972', '+1', '+44', '+33', '+49', '+7', '+380', '+61', '+27', '+54'];

function LoginForm() {
  const { t, locale } = useI18n();
  const api = useApi();
  const toasts = useToasts();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Signed in: the page is on its way, the button stays busy.
  const [leaving, setLeaving] = useState(false);
  const form = useContractForm(loginResolver);

  const send = async (body: LoginRequest) => {
    try {
      const user = await api.users.login(body);
      setLeaving(true);
      // A full load: the server renders the member's pages from here on.
      window.location.assign(afterSignIn(params.get('returnTo'), user.id, locale));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'USER_NOT_VERIFIED') {
        const userId = (error.envelope.details as { userId?: string } | undefined)?.userId;
        toasts.error(t('auth.notVerified'));
        if (userId) void navigate(`${localizePath('/verification', locale)}?userId=${userId}`);
        return;
      }
      form.refused(error);
    }
  };
  const busy = form.busy || leaving;

  return (
    <form className="form" onSubmit={form.onSubmit(send)} noValidate aria-labelledby="auth-title">
      <h1 id="auth-title">{t('auth.login.title')}</h1>
      {/* What went wrong, next to the form (a toast alone is gone before everyone has read it). */}
      <FormError message={form.formError} />
      <EmailField
        required
        defaultValue={params.get('email') ?? undefined}
        {...form.register('email')}
        error={form.errorOf('email')}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="current-password"
        required
        {...form.register('password')}
        error={form.errorOf('password')}
      />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t('form.sending') : t('auth.loginButton')}
      </button>
      <p>
        <LocalizedLink to="/password-reset">{t('auth.forgotPassword')}</LocalizedLink>
      </p>
      <p>
        {t('auth.noAccount')}{' '}
        <LocalizedLink to={switchTo('register', params)}>
          {t('auth.switchToRegister')}
        </LocalizedLink>
      </p>
    </form>
  );
}

function RegisterForm({ countries }: { countries: ReadonlyArray<{ code: string; name: string }> }) {
  const { t, locale } = useI18n();
  const api = useApi();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const form = useContractForm(registerResolver(locale), {
    fixErrors: t('auth.fixErrors'),
    words: (code) => (code === CONFIRMATION_DIFFERS ? t('auth.passwordsDiffer') : undefined),
  });
  const password = useWatch({ control: form.control, name: 'password', defaultValue: '' });
  const strength = passwordStrength(password);

  const send = async (body: RegisterRequest) => {
    try {
      const created = await api.users.register(body);
      // Registration from a circle's invitation: back to it once verified (lib/return-path.ts).
      rememberReturnPath(params.get('returnTo'));
      void navigate(`${localizePath('/verification', locale)}?userId=${created.userId}`);
    } catch (error) {
      form.refused(error);
    }
  };

  return (
    <form className="form" onSubmit={form.onSubmit(send)} noValidate aria-labelledby="auth-title">
      <h1 id="auth-title">{t('auth.register.title')}</h1>
      <FormError message={form.formError} />
      <div className="field-row">
        <Field
          label={t('auth.firstname')}
          autoComplete="given-name"
          required
          {...form.register('firstname')}
          error={form.errorOf('firstname')}
        />
        <Field
          label={t('auth.lastname')}
          autoComplete="family-name"
          required
          {...form.register('lastname')}
          error={form.errorOf('lastname')}
        />
      </div>
      <EmailField
        required
        defaultValue={params.get('email') ?? undefined}
        {...form.register('email')}
        error={form.errorOf('email')}
      />
      <div className="field-row">
        <SelectField
          id="register-prefix"
          label={t('auth.phonePrefix')}
          defaultValue="+972"
          dir="ltr"
          autoComplete="tel-country-code"
          {...form.register('phoneNumberPrefix')}
          error={form.errorOf('phoneNumberPrefix')}
          options={PREFIXES.map((prefix) => ({ value: prefix, label: prefix }))}
        />
        <Field
          label={t('auth.phone')}
          type="tel"
          autoComplete="tel-national"
          dir="ltr"
          required
          {...form.register('phoneNumber')}
          error={form.errorOf('phoneNumber')}
        />
      </div>
      <div className="field-row">
        {/* Day, month and year keep their order in either language. */}
        <Field
          label={t('auth.birthdate')}
          type="date"
          autoComplete="bday"
          dir="ltr"
          lang={locale}
          required
          {...form.register('birthdate')}
          error={form.errorOf('birthdate')}
        />
        <SelectField
          label={t('auth.country')}
          defaultValue="IL"
          autoComplete="country"
          required
          {...form.register('country')}
          error={form.errorOf('country')}
          options={countries.map(({ code, name }) => ({ value: code, label: name }))}
        />
      </div>
      <SelectField
        label={t('auth.gender')}
        defaultValue=""
        required
        {...form.register('gender')}
        error={form.errorOf('gender')}
        options={[
          { value: '', label: t('auth.gender.choose'), disabled: true },
          ...GENDERS.map((gender) => ({ value: gender, label: t(`auth.gender.${gender}`) })),
        ]}
      />
      <PasswordField
        label={t('auth.password')}
        autoComplete="new-password"
        required
        {...form.register('password', { deps: ['confirmPassword'] })}
        error={form.errorOf('password')}
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
        autoComplete="new-password"
        required
        {...form.register('confirmPassword')}
        error={form.errorOf('confirmPassword')}
      />
      <Field
        label={t('auth.website')}
        type="url"
        autoComplete="url"
        dir="ltr"
        {...form.register('websiteLink')}
        error={form.errorOf('websiteLink')}
      />
      <CheckboxField
        id="register-terms"
        {...form.register('termsAccepted')}
        error={form.errorOf('termsAccepted')}
      >
        {t('auth.terms', { terms: t('auth.termsLink') })} (
        <LocalizedLink to="/terms-of-service" target="_blank">
          {t('footer.terms')}
        </LocalizedLink>
        )
      </CheckboxField>
      <button type="submit" className="button" disabled={form.busy}>
        {form.busy ? t('form.sending') : t('auth.registerButton')}
      </button>
      <p>
        {t('auth.haveAccount')}{' '}
        <LocalizedLink to={switchTo('login', params)}>{t('auth.switchToLogin')}</LocalizedLink>
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
      {params.get('reason') === 'people' && (
        <p className="notice" role="status">
          {t('auth.reason.people')}
        </p>
      )}
      {params.get('reason') === 'follow' && (
        <p className="notice" role="status">
          {t('auth.reason.follow')}
        </p>
      )}
      {params.get('reason') === 'notifications' && (
        <p className="notice" role="status">
          {t('auth.reason.notifications')}
        </p>
      )}
      {params.get('reason') === 'circle' && (
        <p className="notice" role="status">
          {t('auth.reason.circle')}
        </p>
      )}
      {params.get('reason') === 'moderation' && (
        <p className="notice" role="status">
          {t('auth.reason.moderation')}
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
