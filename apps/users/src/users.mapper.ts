import type { CurrentUser, PersonCard, PublicProfile, VerificationState } from '@mepedia/contracts';
import type { UserRow } from './users.schema';

export function verificationState(
  row: Pick<UserRow, 'phoneVerifiedAt' | 'emailVerifiedAt'>,
): VerificationState {
  if (row.emailVerifiedAt) return 'verified';
  if (row.phoneVerifiedAt) return 'phone_verified';
  return 'registered';
}

/** A pending account past its deadline: as good as deleted (the sweep has not come yet). */
export function isExpiredPending(
  row: Pick<UserRow, 'emailVerifiedAt' | 'verificationDeadline'>,
  now: Date,
): boolean {
  return (
    !row.emailVerifiedAt && row.verificationDeadline !== null && row.verificationDeadline <= now
  );
}

export function fullname(row: Pick<UserRow, 'firstname' | 'lastname'>): string {
  return `${row.firstname} ${row.lastname}`;
}

export function toCurrentUser(row: UserRow): CurrentUser {
  return {
    id: row.id,
    // The sign-in name is the email address; it is only ever shown to its owner.
    username: row.email,
    email: row.email,
    phoneNumberPrefix: row.phoneNumberPrefix,
    phoneNumber: row.phoneNumber,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: fullname(row),
    language: row.language,
    birthdate: row.birthdate,
    country: row.country,
    gender: row.gender,
    websiteLink: row.websiteLink,
    facebookLink: row.facebookLink,
    instagramLink: row.instagramLink,
    linkedinLink: row.linkedinLink,
    profileImage: row.profileImage,
    croppedProfileImage: row.croppedProfileImage,
    moto: row.moto,
    aboutMe: row.aboutMe,
    videoUrl: row.videoUrl,
    verification: verificationState(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export function toPublicProfile(row: UserRow): PublicProfile {
  return {
    id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    fullname: fullname(row),
    language: row.language,
    country: row.country,
    profileImage: row.profileImage,
    croppedProfileImage: row.croppedProfileImage,
    moto: row.moto,
    aboutMe: row.aboutMe,
    videoUrl: row.videoUrl,
    websiteLink: row.websiteLink,
    facebookLink: row.facebookLink,
    instagramLink: row.instagramLink,
    linkedinLink: row.linkedinLink,
    createdAt: row.createdAt.toISOString(),
  };
}

/** A directory card: a few public fields and when the profile went public. */
export function toPersonCard(row: UserRow): PersonCard {
  const {
    id,
    firstname,
    lastname,
    fullname,
    language,
    country,
    profileImage,
    croppedProfileImage,
    moto,
  } = toPublicProfile(row);
  return {
    id,
    firstname,
    lastname,
    fullname,
    language,
    country,
    profileImage,
    croppedProfileImage,
    moto,
    publishedAnswers: row.publishedAnswers,
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}
