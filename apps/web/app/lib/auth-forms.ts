import {
  LoginRequest,
  RegisterRequest,
  UpdateUserPasswordRequest,
  SendPasswordResetEmailRequest,
} from '@mepedia/contracts';
import type { Locale } from '@mepedia/web-i18n';
import { contractResolver, sameAs } from './contract-form';

// The sign-in, registration and password-reset forms: each checks what it sends with its call's
// contract (libs/contracts/src/users.ts), so a rule changed there changes the form.

export type LoginValues = { email: string; password: string };
export const loginResolver = contractResolver(LoginRequest, (values: LoginValues) => values);

export type RegisterValues = {
  firstname: string;
  lastname: string;
  email: string;
  phoneNumberPrefix: string;
  phoneNumber: string;
  birthdate: string;
  country: string;
  gender: string;
  password: string;
  confirmPassword: string;
  websiteLink: string;
  termsAccepted: boolean;
};

/**
 * What the member typed plus the interface's language (the names' script follows it); the
 * confirmation is the form's own and is not sent.
 */
export function registerResolver(locale: Locale) {
  return contractResolver(
    RegisterRequest,
    ({ confirmPassword: _confirm, ...values }: RegisterValues) => ({
      ...values,
      language: locale,
      websiteLink: values.websiteLink || undefined,
    }),
    sameAs<RegisterValues>('password', 'confirmPassword'),
  );
}

export type ResetRequestValues = { email: string };
export const resetRequestResolver = contractResolver(
  SendPasswordResetEmailRequest,
  (values: ResetRequestValues) => values,
);

export type NewPasswordValues = { newPassword: string; confirmPassword: string };

/** The new password by the contract's rule (the link's token and user id come with the call). */
export const newPasswordResolver = contractResolver(
  UpdateUserPasswordRequest.pick({ newPassword: true }),
  ({ newPassword }: NewPasswordValues) => ({ newPassword }),
  sameAs<NewPasswordValues>('newPassword', 'confirmPassword'),
);
