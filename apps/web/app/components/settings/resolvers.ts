import {
  ChangeEmailRequest,
  ChangePhoneNumberRequest,
  DeleteUserRequest,
  UpdateUserInformationRequest,
  VerifyUserByPhoneRequest,
  type CurrentUser,
} from '@mepedia/contracts';
import { contractResolver } from '../../lib/contract-form';
import { changedDetails, nameErrors, type DetailsValues } from './rules';

// The settings forms' rules: each form checks what it sends with its call's contract
// (libs/contracts/src/users.ts), so a rule changed there changes the form.

/**
 * The register details: only what changed is sent, and checked as the server will; the names
 * in the script of the language they are saved with (the server checks it only when the
 * language is sent, and holds an unchanged name to the member's saved language).
 */
export function detailsResolver(user: CurrentUser) {
  return contractResolver(
    UpdateUserInformationRequest,
    (values: DetailsValues) => changedDetails(user, values),
    (values) =>
      nameErrors(changedDetails(user, values), values, values.language === 'he' ? 'he' : 'en'),
  );
}

export type MottoValues = { moto: string };
export const mottoResolver = contractResolver(
  UpdateUserInformationRequest,
  ({ moto }: MottoValues) => ({ moto }),
);

export type VideoValues = { videoUrl: string };
export const videoResolver = contractResolver(
  UpdateUserInformationRequest,
  ({ videoUrl }: VideoValues) => ({ videoUrl }),
);

export const SOCIAL_LINKS = [
  'websiteLink',
  'facebookLink',
  'instagramLink',
  'linkedinLink',
] as const;
export type SocialValues = Record<(typeof SOCIAL_LINKS)[number], string>;
export const socialResolver = contractResolver(
  UpdateUserInformationRequest,
  (values: SocialValues) => Object.fromEntries(SOCIAL_LINKS.map((name) => [name, values[name]])),
);

export type EmailChangeValues = { email: string; password: string };
export const emailChangeResolver = contractResolver(
  ChangeEmailRequest,
  (values: EmailChangeValues) => values,
);

export type PhoneChangeValues = { phoneNumberPrefix: string; phoneNumber: string };
export function phoneChangeResolver(userId: string) {
  return contractResolver(ChangePhoneNumberRequest, (values: PhoneChangeValues) => ({
    ...values,
    userId,
  }));
}

export type PhoneCodeValues = { verifyCode: string };
/** The code sent to the new number, checked with that number as the server will. */
export function phoneCodeResolver(pending: { prefix: string; phone: string } | null) {
  return contractResolver(VerifyUserByPhoneRequest, ({ verifyCode }: PhoneCodeValues) => ({
    verifyCode,
    prefix: pending?.prefix,
    phone: pending?.phone,
  }));
}

export type DeleteValues = { password: string };
export function deleteResolver(userId: string) {
  return contractResolver(DeleteUserRequest, ({ password }: DeleteValues) => ({
    id: userId,
    password,
  }));
}
