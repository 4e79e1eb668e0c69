import {
  itemModerationOf,
  nameScriptError,
  type CurrentUser,
  type Language,
  type PublicProfile,
  type MemberName,
  type MembersByIdsResponse,
  type RegisterInput,
  type RegisterResponse,
  type UpdateUserInformationInput,
} from '@mepedia/contracts';
import { newId } from '@mepedia/server-database';
import { AppError, fieldError } from '@mepedia/server-http';
import type { AuditLog, RequestContext } from './audit-log';
import { uniqueViolation } from './db-errors';
import { isCommonPassword } from './common-passwords';
import type { PasswordHasher } from './passwords';
import type { SessionsService } from './sessions.service';
import { mayReadProfile, requireOwnAccount } from './users.access';
import {
  isExpiredPending,
  toCurrentUser,
  toPublicProfile,
  verificationState,
} from './users.mapper';
import type { UserChanges, UsersStore } from './users.repository';
import type { UserRow } from './users.schema';
import { PENDING_PHONE_SECONDS } from './verification-tickets';
import type { VerificationService } from './verification.service';

/** The rules of accounts. No HTTP, no SQL. */
export class UsersService {
  constructor(
    private readonly repository: UsersStore,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly onOutboxWrite: () => void,
    private readonly auditLog: AuditLog,
    private readonly verification: Pick<VerificationService, 'sendPhoneCodeTo'>,
  ) {}

  /** Create the member and send the first phone code. */
  async register(
    input: RegisterInput,
    context: RequestContext = {},
    now = new Date(),
  ): Promise<RegisterResponse> {
    if (isCommonPassword(input.password)) throw fieldError('password', 'PASSWORD_TOO_COMMON');
    // An expired pending account holds nothing: its email and phone are free for this one.
    await this.repository.deletePendingPastDeadline(now, input);
    // Checked up front for a clear answer; the unique indexes settle any race.
    if (await this.repository.findByEmail(input.email)) throw new AppError('EMAIL_EXISTS');
    if (await this.repository.existsByPhone(input.phoneNumberPrefix, input.phoneNumber)) {
      throw new AppError('PHONE_EXISTS');
    }
    const passwordHash = await this.passwords.hash(input.password);
    try {
      const row = await this.repository.insert({
        id: newId(now.getTime()),
        email: input.email,
        phoneNumberPrefix: input.phoneNumberPrefix,
        phoneNumber: input.phoneNumber,
        passwordHash,
        firstname: input.firstname,
        lastname: input.lastname,
        language: input.language,
        birthdate: input.birthdate,
        country: input.country,
        gender: input.gender,
        websiteLink: input.websiteLink ?? null,
        termsAcceptedAt: now,
        verificationDeadline: new Date(now.getTime() + PENDING_PHONE_SECONDS * 1000),
        createdAt: now,
        updatedAt: now,
      });
      await this.auditLog.record('user.registered', row.id, context);
      // If sending fails, the member exists and can ask for a code again (sendPhoneCode).
      await this.verification.sendPhoneCodeTo(row, context);
      return { userId: row.id, verification: verificationState(row) };
    } catch (error) {
      const violation = uniqueViolation(error);
      if (violation?.constraint === 'users_email_key') throw new AppError('EMAIL_EXISTS');
      if (violation?.constraint === 'users_phone_key') throw new AppError('PHONE_EXISTS');
      throw error;
    }
  }

  /**
   * Check a password. Answers the member, verified or not: the controller hands a pending one a
   * verification ticket before `requireMaySignIn` refuses the sign-in.
   */
  async authenticate(
    email: string,
    password: string,
    context: RequestContext = {},
    now = new Date(),
  ): Promise<UserRow> {
    const found = await this.repository.findByEmail(email);
    const row = found && !isExpiredPending(found, now) ? found : undefined;
    const ok = await this.passwords.verify(row?.passwordHash ?? null, password);
    if (!row || !ok) {
      await this.auditLog.record('login.failed', row?.id ?? null, context, {
        reason: row ? 'password' : 'unknown-email',
      });
      throw new AppError('INVALID_CREDENTIALS');
    }
    return row;
  }

  /**
   * Only fully verified members may sign in (the others are told where they stand), and not
   * into an account the moderators banned (told so only now, once the password is proven).
   */
  async requireMaySignIn(row: UserRow, context: RequestContext = {}): Promise<void> {
    const verification = verificationState(row);
    if (verification !== 'verified') {
      await this.auditLog.record('login.failed', row.id, context, { reason: 'not-verified' });
      throw new AppError('USER_NOT_VERIFIED', { userId: row.id, verification });
    }
    if (row.bannedAt) {
      await this.auditLog.record('login.failed', row.id, context, { reason: 'banned' });
      throw new AppError('ACCOUNT_BANNED');
    }
    await this.auditLog.record('login.succeeded', row.id, context);
  }

  async currentUser(userId: string): Promise<CurrentUser | null> {
    const row = await this.repository.findById(userId);
    return row ? toCurrentUser(row) : null;
  }

  async updateInformation(userId: string, input: UpdateUserInformationInput): Promise<CurrentUser> {
    const current = await this.repository.findById(userId);
    if (!current) throw new AppError('USER_NOT_FOUND');
    // The original client sends every field back: unchanged contact details are fine,
    // changed ones need their own verified flow.
    if (input.email !== undefined && input.email !== current.email) {
      throw new AppError('CONTACT_CHANGE_NOT_ALLOWED', { field: 'email' });
    }
    const phoneChanged =
      (input.phoneNumberPrefix !== undefined &&
        input.phoneNumberPrefix !== current.phoneNumberPrefix) ||
      (input.phoneNumber !== undefined && input.phoneNumber !== current.phoneNumber);
    if (phoneChanged) throw new AppError('CONTACT_CHANGE_NOT_ALLOWED', { field: 'phoneNumber' });
    if (input.password !== undefined && input.password !== '')
      throw new AppError('PASSWORD_CHANGE_NOT_ALLOWED');

    const language: Language = input.language ?? current.language;
    for (const field of ['firstname', 'lastname'] as const) {
      const name = input[field] ?? current[field];
      // Only names being set are checked; a stored name in the other script can stay.
      if (input[field] === undefined && input.language === undefined) continue;
      const error = nameScriptError(name, language);
      if (error) throw fieldError(field, error);
    }

    const changes: UserChanges = {};
    const assign = <K extends keyof UserChanges>(key: K, value: UserChanges[K] | undefined) => {
      if (value !== undefined) changes[key] = value;
    };
    assign('language', input.language);
    assign('firstname', input.firstname);
    assign('lastname', input.lastname);
    assign('birthdate', input.birthdate);
    assign('country', input.country);
    assign('gender', input.gender);
    assign('websiteLink', input.websiteLink);
    assign('facebookLink', input.facebookLink);
    assign('instagramLink', input.instagramLink);
    assign('linkedinLink', input.linkedinLink);
    assign('profileImage', input.profileImage);
    assign('croppedProfileImage', input.croppedProfileImage);
    assign('moto', input.moto);
    assign('aboutMe', input.aboutMe);
    assign('videoUrl', input.videoUrl);
    if (Object.keys(changes).length === 0) return toCurrentUser(current);

    const updated = await this.repository.update(userId, changes);
    if (!updated) throw new AppError('USER_NOT_FOUND');
    this.onOutboxWrite();
    return toCurrentUser(updated);
  }

  async updateLanguage(userId: string, language: Language): Promise<Language> {
    const updated = await this.repository.update(userId, { language });
    if (!updated) throw new AppError('USER_NOT_FOUND');
    this.onOutboxWrite();
    return updated.language;
  }

  /**
   * Everything of the member goes, every session with it: their own account only, and only with
   * their password again, not a session alone.
   */
  async deleteAccount(
    requesterId: string,
    id: string,
    password: string,
    context: RequestContext = {},
  ): Promise<void> {
    requireOwnAccount(requesterId, id);
    const row = await this.repository.findById(id);
    if (!row) throw new AppError('USER_NOT_FOUND');
    if (!(await this.passwords.verify(row.passwordHash, password))) {
      await this.auditLog.record('password.rejected', id, context, { for: 'delete' });
      throw new AppError('PASSWORD_INCORRECT');
    }
    const deleted = await this.repository.delete(id);
    if (!deleted) throw new AppError('USER_NOT_FOUND');
    this.onOutboxWrite();
    await this.sessions.announceUserGone(id);
  }

  /** Announce an unsubscribe; the worker keeps the suppression list. Repeating it is harmless. */
  async unsubscribe(email: string): Promise<void> {
    await this.repository.recordEvent('email.unsubscribed', { email });
    this.onOutboxWrite();
  }

  /**
   * A member's public face, as `readerId` (a guest: null) may see it. Accounts that never
   * finished verification do not exist publicly; a profile moderation holds or removed is its
   * member's alone, who is told why (`moderation`, issue 35).
   */
  async publicProfile(id: string, readerId: string | null = null): Promise<PublicProfile> {
    const row = await this.repository.findById(id);
    if (!row || !mayReadProfile(row, readerId)) throw new AppError('USER_NOT_FOUND');
    const moderation = itemModerationOf(row.moderationState, row.moderationCaseId);
    return { ...toPublicProfile(row), ...(moderation ? { moderation } : {}) };
  }

  /**
   * Bylines for a list: the members among `ids` whose profile `readerId` may see (verified, and
   * not hidden by moderation but from the member themself), once each, in the order asked.
   */
  async memberNames(ids: string[], readerId: string | null = null): Promise<MembersByIdsResponse> {
    const rows = (await this.repository.findByIds(ids)).filter((row) =>
      mayReadProfile(row, readerId),
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    const seen = new Set<string>();
    const members: MemberName[] = [];
    for (const id of ids) {
      const row = byId.get(id.toLowerCase());
      if (!row || seen.has(row.id)) continue;
      seen.add(row.id);
      const { firstname, lastname, fullname, language, profileImage, croppedProfileImage } =
        toPublicProfile(row);
      members.push({
        id: row.id,
        firstname,
        lastname,
        fullname,
        language,
        profileImage,
        croppedProfileImage,
      });
    }
    return { members };
  }

  /**
   * For signed-in members only (see docs/users-api.md): the id of a verified member by email,
   * unless moderation hides their profile from `readerId` (issue 35).
   */
  async userIdByEmail(email: string, readerId: string): Promise<{ userId: string }> {
    const row = await this.repository.findByEmail(email);
    if (!row || !mayReadProfile(row, readerId)) throw new AppError('USER_NOT_FOUND');
    return { userId: row.id };
  }
}
