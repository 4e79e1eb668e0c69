import { z } from 'zod';
import { Language } from './language';
import { MemberRole } from './roles';
import {
  Birthdate,
  Email,
  OptionalShortText,
  OptionalVideoUrl,
  OptionalWebUrl,
  Password,
  PersonName,
  PhoneNumber,
  PhonePrefix,
  nameScriptError,
  normalizePhoneNumber,
  phoneNumberError,
  requiredText,
} from './validation';
import { optionalCount, requiredEnum } from './zod-helpers';
import { fileIdOfImagePath } from './files';
import { ItemModeration } from './item-moderation';

export const GENDERS = ['male', 'female', 'other', 'non-binary'] as const;
export const Gender = requiredEnum(GENDERS);
export type Gender = z.infer<typeof Gender>;

export const UserId = z.string().trim().min(1, 'FIELD_REQUIRED').max(64, 'INVALID_VALUE');

type NameAndPhone = {
  language?: Language | undefined;
  firstname?: string | undefined;
  lastname?: string | undefined;
  phoneNumberPrefix?: string | undefined;
  phoneNumber?: string | undefined;
};

// Cross-field rules shared by registration and profile updates: names in the
// interface language's script, and a phone number that is real for its prefix.
function checkNamesAndPhone(value: NameAndPhone, ctx: z.RefinementCtx, language?: Language) {
  const script = value.language ?? language;
  if (script) {
    for (const field of ['firstname', 'lastname'] as const) {
      const name = value[field];
      const error = name ? nameScriptError(name, script) : null;
      if (error) ctx.addIssue({ code: 'custom', path: [field], message: error });
    }
  }
  if (value.phoneNumberPrefix && value.phoneNumber) {
    const error = phoneNumberError(value.phoneNumberPrefix, value.phoneNumber);
    if (error) ctx.addIssue({ code: 'custom', path: ['phoneNumber'], message: error });
  }
}

export const RegisterRequest = z
  .object({
    language: Language,
    firstname: PersonName,
    lastname: PersonName,
    email: Email,
    phoneNumberPrefix: PhonePrefix,
    phoneNumber: PhoneNumber,
    birthdate: Birthdate,
    country: requiredText(60),
    gender: Gender,
    password: Password,
    websiteLink: OptionalWebUrl,
    // Our addition to the original call: consent is recorded server-side, with its time.
    termsAccepted: z
      .literal(true, { error: 'TERMS_REQUIRED' })
      .describe('Must be `true`: consent to the terms is recorded with its time.'),
  })
  .superRefine((value, ctx) => checkNamesAndPhone(value, ctx))
  .transform((value) => ({
    ...value,
    phoneNumber: normalizePhoneNumber(value.phoneNumberPrefix, value.phoneNumber),
  }));
export type RegisterRequest = z.input<typeof RegisterRequest>;
export type RegisterInput = z.output<typeof RegisterRequest>;

export const VERIFICATION_STATES = ['registered', 'phone_verified', 'verified'] as const;
export const VerificationState = z.enum(VERIFICATION_STATES);
export type VerificationState = z.infer<typeof VerificationState>;

export const RegisterResponse = z.object({
  userId: z.string(),
  verification: VerificationState.describe('Always `registered`: the phone is verified next.'),
});
export type RegisterResponse = z.infer<typeof RegisterResponse>;

export const LoginRequest = z.object({
  email: Email,
  password: z
    .string({ error: 'FIELD_REQUIRED' })
    .min(1, 'FIELD_REQUIRED')
    .max(128, 'TOO_LONG')
    .describe('Any stored password up to 128 characters (older ones may predate today’s rules).'),
});
export type LoginRequest = z.input<typeof LoginRequest>;

/** Sent with USER_NOT_VERIFIED so the client can resume verification. */
export const NotVerifiedDetails = z.object({
  userId: z.string(),
  verification: VerificationState,
});
export type NotVerifiedDetails = z.infer<typeof NotVerifiedDetails>;

/** The signed-in member, as `login`, `session` and `updateUserInformation` answer. */
export const CurrentUser = z.object({
  id: z.string(),
  username: z.string().describe('The sign-in email; only ever sent to its owner.'),
  email: z.string(),
  phoneNumberPrefix: z.string(),
  phoneNumber: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  fullname: z.string(),
  language: Language,
  birthdate: z.string(),
  country: z.string(),
  gender: Gender,
  websiteLink: z.string().nullable(),
  facebookLink: z.string().nullable(),
  instagramLink: z.string().nullable(),
  linkedinLink: z.string().nullable(),
  profileImage: z.string().nullable(),
  croppedProfileImage: z.string().nullable(),
  moto: z.string().nullable(),
  aboutMe: z.string().nullable(),
  videoUrl: z.string().nullable(),
  verification: VerificationState,
  createdAt: z.string().describe('ISO 8601 timestamp.'),
});
export type CurrentUser = z.infer<typeof CurrentUser>;

/**
 * `verifyUserByEmail` where the link is not the caller's to sign in with: no verification ticket
 * of its account, or another member's session. The email is verified; nobody is signed in.
 */
export const EmailVerifiedSignedOut = z.object({
  emailVerified: z.literal(true),
  signedIn: z.literal(false),
});
export type EmailVerifiedSignedOut = z.infer<typeof EmailVerifiedSignedOut>;
export const VerifyUserByEmailResponse = z.union([CurrentUser, EmailVerifiedSignedOut]);
export type VerifyUserByEmailResponse = z.infer<typeof VerifyUserByEmailResponse>;

/**
 * The signed-in member as `session` answers (our addition to CurrentUser): their roles and, while
 * suspended, until when (issue 35), as the gateway vouches for them on this request.
 */
export const SessionUser = CurrentUser.extend({
  roles: z
    .array(MemberRole)
    .describe(
      'The member’s roles: `moderator`, `admin` (which implies moderator); most have none.',
    ),
  suspendedUntil: z
    .string()
    .nullable()
    .describe(
      'While the member is suspended, until when (ISO 8601): their calls that write answer 403 ACCOUNT_SUSPENDED. Null otherwise.',
    ),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const NO_SESSION = 'NoSession' as const;
export const SessionResponse = z
  .union([SessionUser, z.literal(NO_SESSION)])
  .describe('The signed-in member, or the JSON string `"NoSession"` for a guest.');
export type SessionResponse = z.infer<typeof SessionResponse>;

export const LogoutResponse = z.object({ loggedOut: z.literal(true) });
export type LogoutResponse = z.infer<typeof LogoutResponse>;

/**
 * Profile fields a member may change. The original client sends every user
 * field back; email and phone may come along unchanged (changing them needs
 * verification) and a password is refused (it has its own call).
 */
export const UpdateUserInformationRequest = z
  .object({
    language: Language.optional(),
    firstname: PersonName.optional(),
    lastname: PersonName.optional(),
    email: Email.optional(),
    phoneNumberPrefix: PhonePrefix.optional(),
    phoneNumber: PhoneNumber.optional(),
    birthdate: Birthdate.optional(),
    country: requiredText(60).optional(),
    gender: Gender.optional(),
    password: z
      .string()
      .optional()
      .describe('Refused (PASSWORD_CHANGE_NOT_ALLOWED): the password has its own call.'),
    websiteLink: OptionalWebUrl,
    facebookLink: OptionalWebUrl,
    instagramLink: OptionalWebUrl,
    linkedinLink: OptionalWebUrl,
    profileImage: OptionalImage(),
    croppedProfileImage: OptionalImage(),
    moto: OptionalShortText,
    aboutMe: OptionalShortText,
    videoUrl: OptionalVideoUrl,
  })
  .superRefine((value, ctx) => checkNamesAndPhone(value, ctx))
  .transform((value) =>
    value.phoneNumberPrefix && value.phoneNumber
      ? { ...value, phoneNumber: normalizePhoneNumber(value.phoneNumberPrefix, value.phoneNumber) }
      : value,
  );
export type UpdateUserInformationRequest = z.input<typeof UpdateUserInformationRequest>;
export type UpdateUserInformationInput = z.output<typeof UpdateUserInformationRequest>;

/**
 * A member's image: the `url` of one they uploaded (`/api/files/image/{id}`), never an outside
 * address (docs/adr/0005-member-images-are-uploaded.md); an empty string or null clears it.
 */
function OptionalImage() {
  return z
    .string({ error: 'INVALID_VALUE' })
    .trim()
    .refine((value) => value === '' || fileIdOfImagePath(value) !== undefined, 'IMAGE_NOT_UPLOADED')
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional()
    .describe(
      'The `url` of an image uploaded with `POST /api/files/uploadApplicationFile` (`/api/files/image/{id}`; outside addresses: IMAGE_NOT_UPLOADED); an empty string or null clears it.',
    );
}

export const UpdateUserLanguageRequest = z.object({ language: Language });
export type UpdateUserLanguageRequest = z.input<typeof UpdateUserLanguageRequest>;
export const UpdateUserLanguageResponse = z.object({ language: Language });

/** What anyone, guests included, may see of a verified member. */
export const PublicProfile = CurrentUser.pick({
  id: true,
  firstname: true,
  lastname: true,
  fullname: true,
  language: true,
  country: true,
  profileImage: true,
  croppedProfileImage: true,
  moto: true,
  aboutMe: true,
  videoUrl: true,
  websiteLink: true,
  facebookLink: true,
  instagramLink: true,
  linkedinLink: true,
  createdAt: true,
}).extend({
  /**
   * Our addition (issue 35): on the member's own read of their profile alone, while moderation
   * hides it from everyone else.
   */
  moderation: ItemModeration.optional(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

/** `getMembersByIds` (ours): names and pictures of up to this many members in one call. */
export const MEMBERS_BY_IDS_MAX = 50;
export const GetMembersByIdsRequest = z.object({
  ids: z
    .array(UserId, { error: 'INVALID_VALUE' })
    .min(1, 'FIELD_REQUIRED')
    .max(MEMBERS_BY_IDS_MAX, 'INVALID_VALUE')
    .describe(`Member ids, 1 to ${MEMBERS_BY_IDS_MAX}; repeats and unknown ids are allowed.`),
});
export type GetMembersByIdsRequest = z.input<typeof GetMembersByIdsRequest>;
/** What a byline needs: who wrote something, and their picture. */
export const MemberName = PublicProfile.pick({
  id: true,
  firstname: true,
  lastname: true,
  fullname: true,
  language: true,
  profileImage: true,
  croppedProfileImage: true,
});
export type MemberName = z.infer<typeof MemberName>;
export const MembersByIdsResponse = z.object({
  members: z
    .array(MemberName)
    .describe(
      'The verified members among the ids, once each, in the order asked; others left out.',
    ),
});
export type MembersByIdsResponse = z.infer<typeof MembersByIdsResponse>;

export const GetUserIdByEmailResponse = z.object({ userId: z.string() });
export type GetUserIdByEmailResponse = z.infer<typeof GetUserIdByEmailResponse>;

/** `password` is our addition: deleting everything needs the password again, not only a session. */
export const DeleteUserRequest = z.object({
  id: UserId.describe('The caller’s own id (NOT_ACCOUNT_OWNER otherwise).'),
  password: z
    .string({ error: 'FIELD_REQUIRED' })
    .min(1, 'FIELD_REQUIRED')
    .max(128, 'TOO_LONG')
    .describe('The member’s current password (PASSWORD_INCORRECT otherwise).'),
});
export type DeleteUserRequest = z.input<typeof DeleteUserRequest>;
export const DeleteUserResponse = z.object({ deleted: z.literal(true) });
export type DeleteUserResponse = z.infer<typeof DeleteUserResponse>;

// --- verification -----------------------------------------------------------

/** Six digits, as the SMS carries them (spaces tolerated). */
export const VerifyCode = z
  .string({ error: 'FIELD_REQUIRED' })
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, 'VERIFY_CODE_FORMAT'))
  .describe('The 6 digits of the SMS code (spaces ignored).');

const PhoneOfMember = z
  .object({ prefix: PhonePrefix, phone: PhoneNumber })
  .transform((value) => ({ ...value, phone: normalizePhoneNumber(value.prefix, value.phone) }));

export const SendPhoneCodeRequest = PhoneOfMember;
export type SendPhoneCodeRequest = z.input<typeof SendPhoneCodeRequest>;
export const SendVerificationEmailRequest = PhoneOfMember;
export type SendVerificationEmailRequest = z.input<typeof SendVerificationEmailRequest>;

export const VerifyUserByPhoneRequest = z
  .object({ verifyCode: VerifyCode, prefix: PhonePrefix, phone: PhoneNumber })
  .transform((value) => ({ ...value, phone: normalizePhoneNumber(value.prefix, value.phone) }));
export type VerifyUserByPhoneRequest = z.input<typeof VerifyUserByPhoneRequest>;

/** The token from the verification email's link. */
export const VerifyUserByEmailRequest = z.object({
  verifyCode: z
    .string({ error: 'FIELD_REQUIRED' })
    .trim()
    .min(1, 'FIELD_REQUIRED')
    .max(200, 'INVALID_VALUE')
    .describe('The `token` of the verification email’s link.'),
});
export type VerifyUserByEmailRequest = z.input<typeof VerifyUserByEmailRequest>;

export const UserIdRequest = z.object({ userId: UserId });
export type UserIdRequest = z.input<typeof UserIdRequest>;

export const ChangePhoneNumberRequest = z
  .object({ phoneNumberPrefix: PhonePrefix, phoneNumber: PhoneNumber, userId: UserId })
  .superRefine((value, ctx) => checkNamesAndPhone(value, ctx))
  .transform((value) => ({
    ...value,
    phoneNumber: normalizePhoneNumber(value.phoneNumberPrefix, value.phoneNumber),
  }));
export type ChangePhoneNumberRequest = z.input<typeof ChangePhoneNumberRequest>;

/** A signed-in member's new email: a link goes to it, and the change waits for the click. */
export const ChangeEmailRequest = z.object({
  email: Email.describe('The new address (stored lower-cased).'),
  password: z
    .string({ error: 'FIELD_REQUIRED' })
    .min(1, 'FIELD_REQUIRED')
    .max(128, 'TOO_LONG')
    .describe('The member’s current password (PASSWORD_INCORRECT otherwise).'),
});
export type ChangeEmailRequest = z.input<typeof ChangeEmailRequest>;

/** A code or link was sent; another may be asked for after `resendAfterSeconds`. */
export const MessageSentResponse = z.object({
  sent: z.literal(true),
  resendAfterSeconds: z.number().describe('Seconds before another may be asked for.'),
  expiresInSeconds: z.number().describe('Seconds the code or link stays valid.'),
});
export type MessageSentResponse = z.infer<typeof MessageSentResponse>;

/**
 * What the verification page may show. The full phone number only while it is
 * still unverified (the page resends codes to it); afterwards hints only.
 */
export const UserToVerify = z.object({
  userId: z.string(),
  verification: VerificationState,
  language: Language,
  phoneNumberPrefix: z.string(),
  phoneNumber: z.string(),
  emailHint: z.string().describe('The email with most of its name hidden: `d•••@example.com`.'),
});
export type UserToVerify = z.infer<typeof UserToVerify>;

export const UserVerifiedResponse = z.object({
  verified: z.boolean(),
  verification: VerificationState,
});
export type UserVerifiedResponse = z.infer<typeof UserVerifiedResponse>;

export const VerifyUserByPhoneResponse = z.object({
  userId: z.string(),
  verification: VerificationState,
});
export type VerifyUserByPhoneResponse = z.infer<typeof VerifyUserByPhoneResponse>;

// --- sessions (our addition: see and end your sessions) ---------------------------

export const SessionInfo = z.object({
  id: z.string(),
  /** The session this request came with. */
  current: z.boolean().describe('The session this request came with.'),
  createdAt: z.string().describe('ISO 8601 timestamp of the sign-in.'),
  lastSeenAt: z
    .string()
    .describe('ISO 8601 timestamp of the last use (written every 5 minutes at most).'),
  /** The absolute end (30 days after sign-in). */
  expiresAt: z.string().describe('The absolute end: 30 days after sign-in.'),
  /** When it ends if not used again (7 days idle, never after expiresAt). */
  idleExpiresAt: z
    .string()
    .describe('When it ends if not used again (7 days idle, never after expiresAt).'),
  userAgent: z
    .string()
    .nullable()
    .describe('The browser’s own string as it signed in (at most 200 characters).'),
});
export type SessionInfo = z.infer<typeof SessionInfo>;
export const SessionsList = z.object({
  sessions: z.array(SessionInfo).describe('Latest use first.'),
});
export type SessionsList = z.infer<typeof SessionsList>;
export const EndOtherSessionsResponse = z.object({
  ended: z.number().int().describe('How many other sessions ended.'),
});
export type EndOtherSessionsResponse = z.infer<typeof EndOtherSessionsResponse>;
export const EndSessionResponse = z.object({ ended: z.literal(true) });
export type EndSessionResponse = z.infer<typeof EndSessionResponse>;
export const EndSessionRequest = z.object({
  sessionId: z.string({ error: 'FIELD_REQUIRED' }).min(1, 'FIELD_REQUIRED').max(64, 'TOO_LONG'),
});
export type EndSessionRequest = z.input<typeof EndSessionRequest>;

// --- password reset and unsubscribe --------------------------------------------

export const SendPasswordResetEmailRequest = z.object({ email: Email });
export type SendPasswordResetEmailRequest = z.input<typeof SendPasswordResetEmailRequest>;
/** The same answer whether or not the email belongs to a member. */
export const SendPasswordResetEmailResponse = z.object({ sent: z.literal(true) });

/**
 * `token` (from the reset email's link) and `currentPassword` are our additions to the original
 * call: a reset needs the token; a signed-in member changing their password needs the current one.
 */
export const UpdateUserPasswordRequest = z.object({
  userId: UserId,
  newPassword: Password,
  token: z
    .string()
    .max(200)
    .optional()
    .describe(
      'The reset email link’s `token`; without it the caller must be the signed-in member.',
    ),
  currentPassword: z
    .string()
    .max(128, 'TOO_LONG')
    .optional()
    .describe('Required without `token` (FIELD_REQUIRED); a wrong one is PASSWORD_INCORRECT.'),
});
export type UpdateUserPasswordRequest = z.input<typeof UpdateUserPasswordRequest>;

/** `signature` comes with the link in every email (our addition: nobody can unsubscribe someone else). */
export const UnsubscribeRequest = z.object({
  email: Email,
  signature: z
    .string({ error: 'FIELD_REQUIRED' })
    .regex(/^[\w-]{43}$/, 'INVALID_VALUE')
    .describe('The `signature` of the unsubscribe link in every email.'),
});
export type UnsubscribeRequest = z.input<typeof UnsubscribeRequest>;
export const UnsubscribeResponse = z.object({ unsubscribed: z.literal(true) });

// --- people directory -----------------------------------------------------------

export const PEOPLE_SORTS = ['mostRecent', 'oldest'] as const;
export const PEOPLE_PAGE_SIZE = 12;
export const PEOPLE_MAX_PAGE_SIZE = 50;

export const PeopleQuery = z.object({
  pageNumber: optionalCount(0, 10_000).describe('From 0 (the default); numeric strings accepted.'),
  /** 0 or absent: the default page size. */
  limit: optionalCount(0, PEOPLE_MAX_PAGE_SIZE).describe(
    `Page size; 0 or absent: ${PEOPLE_PAGE_SIZE}.`,
  ),
  searchValue: z.string({ error: 'INVALID_VALUE' }).trim().max(100, 'TOO_LONG').optional(),
  sortBy: z.enum(PEOPLE_SORTS, { error: 'INVALID_VALUE' }).optional(),
  onlyFullProfiles: z
    .boolean({ error: 'INVALID_VALUE' })
    .optional()
    .describe('Only members who answered the whole questionnaire publicly and have a picture.'),
  /** The reader's language (our addition): members who use it first, then the others. */
  language: Language.optional().describe(
    'The reader’s language, `he` or `en`: the members whose interface language it is first, then the others, each part in the usual order (our addition). Without it, one order for all.',
  ),
  /** Pages after the first pass the first page's `asOf`, so profiles published meanwhile do not shift them. */
  asOf: z.iso
    .datetime({ error: 'INVALID_VALUE' })
    .optional()
    .describe(
      "Pass the first page's `asOf` back on later pages, so profiles published meanwhile do not shift them.",
    ),
});
export type PeopleQuery = z.input<typeof PeopleQuery>;

export const PersonCard = CurrentUser.pick({
  id: true,
  firstname: true,
  lastname: true,
  fullname: true,
  language: true,
  country: true,
  profileImage: true,
  croppedProfileImage: true,
  moto: true,
}).extend({
  publishedAnswers: z.number(),
  publishedAt: z.string(),
});
export type PersonCard = z.infer<typeof PersonCard>;

export const PeoplePage = z.object({
  users: z.array(PersonCard),
  total: z.number(),
  pageNumber: z.number(),
  limit: z.number(),
  hasMore: z.boolean(),
  asOf: z.string(),
});
export type PeoplePage = z.infer<typeof PeoplePage>;

export const PublishedProfilesAmountResponse = z.object({ publishedProfilesAmount: z.number() });
export type PublishedProfilesAmountResponse = z.infer<typeof PublishedProfilesAmountResponse>;

/** `getRandomPublishedUsers`: a few published members, in random order. */
export const RandomPeopleResponse = z.array(PersonCard);
export type RandomPeopleResponse = z.infer<typeof RandomPeopleResponse>;

/** A "full" profile (onlyFullProfiles): the whole questionnaire answered publicly, and a picture. */
export const QUESTIONNAIRE_SIZE = 10;
export const FULL_PROFILE_MIN_ANSWERS = QUESTIONNAIRE_SIZE;
export const RANDOM_PEOPLE_COUNT = 6;

/** Lower-case, without niqqud or cantillation marks: how names and topics are compared in search. */
export function normalizeSearchText(text: string): string {
  return text.replace(/[\u0591-\u05BD\u05BF\u05C1\u05C2\u05C4\u05C5\u05C7]/g, '').toLowerCase();
}
