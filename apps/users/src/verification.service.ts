import { createHash, randomBytes, randomInt } from 'node:crypto';
import type {
  MessageSentResponse,
  UserToVerify,
  UserVerifiedResponse,
  VerificationState,
} from '@mepedia/contracts';
import { newId } from '@mepedia/server-database';
import { AppError } from '@mepedia/server-http';
import type { AuditLog, RequestContext } from './audit-log';
import { uniqueViolation } from './db-errors';
import { isExpiredPending, verificationState } from './users.mapper';
import type { UsersMessenger } from './users.messenger';
import type { UsersStore } from './users.repository';
import type { ContactDestination, UserRow, VerificationPurpose } from './users.schema';
import { PENDING_EMAIL_SECONDS } from './verification-tickets';
import type { CodeRow, VerificationRepository } from './verification.repository';

export const CODE_TTL_MINUTES = 10;
export const MAX_CODE_ATTEMPTS = 5;
export const EMAIL_LINK_TTL_HOURS = 24;
export const RESET_LINK_TTL_MINUTES = 60;
/** A new code or link at most once a minute, and five an hour, per member and purpose. */
export const RESEND_INTERVAL_SECONDS = 60;
export const MAX_SENDS_PER_HOUR = 5;

const TTL_SECONDS: Record<VerificationPurpose, number> = {
  phone: CODE_TTL_MINUTES * 60,
  email: EMAIL_LINK_TTL_HOURS * 60 * 60,
  password_reset: RESET_LINK_TTL_MINUTES * 60,
  phone_change: CODE_TTL_MINUTES * 60,
  email_change: EMAIL_LINK_TTL_HOURS * 60 * 60,
};

/** Six-digit codes (by SMS); the rest are link tokens. */
const isCode = (purpose: VerificationPurpose) => purpose === 'phone' || purpose === 'phone_change';

/** Codes are salted with the member id (six digits are few); link tokens are found by hash alone. */
export function hashSecret(purpose: VerificationPurpose, secret: string, userId?: string): string {
  return createHash('sha256')
    .update(isCode(purpose) ? `${purpose}:${userId}:${secret}` : `${purpose}:${secret}`)
    .digest('hex');
}

function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}•••@${domain}`;
}

/** Phone codes, email links and reset links: issue, throttle, check, use once. */
export class VerificationService {
  constructor(
    private readonly users: UsersStore,
    private readonly codes: VerificationRepository,
    private readonly messenger: UsersMessenger,
    private readonly auditLog: AuditLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * A new secret for the member, voiding the previous one. Refused (RESEND_TOO_SOON)
   * within a minute of the last, or after five in an hour.
   */
  async issue(
    user: UserRow,
    purpose: VerificationPurpose,
    options: { newDestination?: boolean; destination?: ContactDestination } = {},
  ): Promise<{ secret: string; codeId: string; response: MessageSentResponse }> {
    const now = this.now();
    const recent = await this.codes.recent(
      user.id,
      purpose,
      new Date(now.getTime() - 60 * 60 * 1000),
    );
    const last = recent[0];
    let retryAfterSeconds = 0;
    // A corrected phone number (or a change to another number or address than the last one asked
    // for) gets its code at once; the hourly cap still holds.
    const newDestination =
      options.newDestination ??
      (options.destination !== undefined &&
        JSON.stringify(last?.destination) !== JSON.stringify(options.destination));
    if (last && !newDestination) {
      retryAfterSeconds = Math.ceil(
        (last.createdAt.getTime() + RESEND_INTERVAL_SECONDS * 1000 - now.getTime()) / 1000,
      );
    }
    if (recent.length >= MAX_SENDS_PER_HOUR) {
      const oldest = recent[recent.length - 1]!;
      retryAfterSeconds = Math.max(
        retryAfterSeconds,
        Math.ceil((oldest.createdAt.getTime() + 60 * 60 * 1000 - now.getTime()) / 1000),
      );
    }
    if (retryAfterSeconds > 0) throw new AppError('RESEND_TOO_SOON', { retryAfterSeconds });

    const secret = isCode(purpose)
      ? String(randomInt(0, 1_000_000)).padStart(6, '0')
      : randomBytes(32).toString('base64url');
    const codeId = newId(now.getTime());
    const ttl = TTL_SECONDS[purpose];
    await this.codes.replace({
      id: codeId,
      userId: user.id,
      purpose,
      secretHash: hashSecret(purpose, secret, user.id),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttl * 1000),
      destination: options.destination ?? null,
    });
    return {
      secret,
      codeId,
      response: { sent: true, resendAfterSeconds: RESEND_INTERVAL_SECONDS, expiresInSeconds: ttl },
    };
  }

  async sendPhoneCodeTo(
    user: UserRow,
    context: RequestContext,
    newDestination = false,
  ): Promise<MessageSentResponse> {
    const { secret, codeId, response } = await this.issue(user, 'phone', { newDestination });
    await this.messenger.phoneCode(user, secret, codeId, CODE_TTL_MINUTES, context.requestId);
    await this.audit('code.sent', user.id, context, { channel: 'sms' });
    return response;
  }

  /**
   * The pending account a verification call is about: the ticket's. A body naming another
   * account (by id or phone) learns nothing about it: the ticket is simply not for it.
   */
  private async pending(
    ticketUserId: string,
    claimed?: { userId?: string; prefix?: string; phone?: string },
  ): Promise<UserRow> {
    const user = await this.users.findById(ticketUserId);
    if (!user || isExpiredPending(user, this.now()))
      throw new AppError('VERIFICATION_SESSION_REQUIRED');
    if (claimed?.userId !== undefined && claimed.userId !== user.id)
      throw new AppError('VERIFICATION_SESSION_REQUIRED');
    if (
      claimed?.prefix !== undefined &&
      (claimed.prefix !== user.phoneNumberPrefix || claimed.phone !== user.phoneNumber)
    )
      throw new AppError('PHONE_NOT_FOUND');
    return user;
  }

  /** Whether this account is still waiting for its phone to be verified. */
  async awaitsPhone(userId: string): Promise<boolean> {
    const user = await this.users.findById(userId);
    return !!user && !user.phoneVerifiedAt && !isExpiredPending(user, this.now());
  }

  async sendPhoneCode(
    ticketUserId: string,
    prefix: string,
    phone: string,
    context: RequestContext,
  ): Promise<MessageSentResponse> {
    const user = await this.pending(ticketUserId, { prefix, phone });
    if (user.phoneVerifiedAt)
      throw new AppError('ALREADY_VERIFIED', { verification: verificationState(user) });
    return this.sendPhoneCodeTo(user, context);
  }

  /** The code checks out: the phone is verified, the email link goes out, a day to use it. */
  async verifyPhone(
    ticketUserId: string,
    prefix: string,
    phone: string,
    code: string,
    context: RequestContext,
  ): Promise<{ userId: string; verification: VerificationState; deadline: Date }> {
    const user = await this.pending(ticketUserId, { prefix, phone });
    if (user.phoneVerifiedAt)
      throw new AppError('ALREADY_VERIFIED', { verification: verificationState(user) });
    const now = this.now();
    const live = await this.codes.live(user.id, 'phone', now);
    if (!live) throw new AppError('VERIFY_CODE_EXPIRED');
    await this.checkCode(live, user.id, code, context);
    const deadline = new Date(now.getTime() + PENDING_EMAIL_SECONDS * 1000);
    const verified =
      (await this.users.setAccountFields(user.id, {
        phoneVerifiedAt: now,
        verificationDeadline: deadline,
      })) ?? user;
    await this.audit('code.verified', user.id, context, { channel: 'sms' });
    // The next step starts by itself: the email link goes out now. The phone is verified either
    // way; past the hourly cap the member asks for the link again later.
    await this.sendVerificationEmailTo(verified, context, { automatic: true }).catch(
      (error: unknown) => {
        if (!(error instanceof AppError && error.code === 'RESEND_TOO_SOON')) throw error;
      },
    );
    return { userId: user.id, verification: verificationState(verified), deadline };
  }

  async sendVerificationEmailTo(
    user: UserRow,
    context: RequestContext,
    options: { automatic?: boolean } = {},
  ): Promise<MessageSentResponse> {
    // The link that follows a phone verification is no resend: the minute between sends does not
    // apply to it (the hourly cap does).
    const { secret, codeId, response } = await this.issue(user, 'email', {
      newDestination: options.automatic ?? false,
    });
    await this.messenger.verificationEmail(user, secret, codeId, context.requestId);
    await this.audit('code.sent', user.id, context, { channel: 'email' });
    return response;
  }

  async sendVerificationEmail(
    ticketUserId: string,
    prefix: string,
    phone: string,
    context: RequestContext,
  ): Promise<MessageSentResponse> {
    const user = await this.pending(ticketUserId, { prefix, phone });
    const state = verificationState(user);
    if (state === 'registered')
      throw new AppError('USER_NOT_VERIFIED', { userId: user.id, verification: state });
    if (state === 'verified') throw new AppError('ALREADY_VERIFIED', { verification: state });
    return this.sendVerificationEmailTo(user, context);
  }

  /**
   * Use the link's token; the member is then fully verified, or (the link of an email change)
   * their new address replaces the old. Returns their id.
   */
  async verifyEmail(token: string, context: RequestContext): Promise<string> {
    const now = this.now();
    const change = await this.codes.liveBySecret(
      'email_change',
      hashSecret('email_change', token),
      now,
    );
    if (change) return this.confirmEmailChange(change, context);
    const live = await this.codes.liveBySecret('email', hashSecret('email', token), now);
    if (!live || !(await this.codes.consume(live.id, now)))
      throw new AppError('VERIFY_LINK_EXPIRED');
    // Fully verified: the member becomes public, and other services learn their name (user.updated).
    await this.users.update(live.userId, { emailVerifiedAt: now, verificationDeadline: null });
    await this.audit('email.verified', live.userId, context);
    return live.userId;
  }

  /** The ticket holder's own account: the phone in full is theirs to see. */
  async userToVerify(ticketUserId: string, userId: string): Promise<UserToVerify> {
    const user = await this.pending(ticketUserId, { userId });
    return {
      userId: user.id,
      verification: verificationState(user),
      language: user.language,
      phoneNumberPrefix: user.phoneNumberPrefix,
      phoneNumber: user.phoneNumber,
      emailHint: maskEmail(user.email),
    };
  }

  async userVerified(ticketUserId: string, userId: string): Promise<UserVerifiedResponse> {
    const user = await this.pending(ticketUserId, { userId });
    const verification = verificationState(user);
    return { verified: verification === 'verified', verification };
  }

  /** While the phone is unverified, correct it and send a code to the new number. */
  async changePhoneNumber(
    ticketUserId: string,
    userId: string,
    prefix: string,
    phone: string,
    context: RequestContext,
  ): Promise<MessageSentResponse> {
    const user = await this.pending(ticketUserId, { userId });
    if (user.phoneVerifiedAt)
      throw new AppError('ALREADY_VERIFIED', { verification: verificationState(user) });
    const unchanged = user.phoneNumberPrefix === prefix && user.phoneNumber === phone;
    if (!unchanged && (await this.users.existsByPhone(prefix, phone)))
      throw new AppError('PHONE_EXISTS');
    let updated: UserRow | undefined = user;
    try {
      if (!unchanged)
        updated = await this.users.setAccountFields(user.id, {
          phoneNumberPrefix: prefix,
          phoneNumber: phone,
        });
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('PHONE_EXISTS');
      throw error;
    }
    if (!updated) throw new AppError('USER_NOT_FOUND');
    await this.audit('phone.changed', user.id, context);
    return this.sendPhoneCodeTo(updated, context, !unchanged);
  }

  // --- a verified member's new phone number or email ---------------------------------------

  /** The signed-in member asks to move to a new number: a code goes to it; the old one stays. */
  async requestPhoneChange(
    memberId: string,
    prefix: string,
    phone: string,
    context: RequestContext,
  ): Promise<MessageSentResponse> {
    const user = await this.users.findById(memberId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (user.phoneNumberPrefix === prefix && user.phoneNumber === phone)
      throw new AppError('CONTACT_UNCHANGED', { field: 'phoneNumber' });
    if (await this.users.existsByPhone(prefix, phone)) throw new AppError('PHONE_EXISTS');
    const destination = { phoneNumberPrefix: prefix, phoneNumber: phone };
    const { secret, codeId, response } = await this.issue(user, 'phone_change', { destination });
    await this.messenger.phoneCode(
      { ...user, ...destination },
      secret,
      codeId,
      CODE_TTL_MINUTES,
      context.requestId,
    );
    await this.audit('phone_change.requested', user.id, context);
    return response;
  }

  /** The code from the new number: it replaces the old, and the member's email hears of it. */
  async confirmPhoneChange(
    memberId: string,
    prefix: string,
    phone: string,
    code: string,
    context: RequestContext,
  ): Promise<{ userId: string; verification: VerificationState }> {
    const user = await this.users.findById(memberId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    const now = this.now();
    const live = await this.codes.live(user.id, 'phone_change', now);
    const waiting = live?.destination;
    if (
      !waiting ||
      !('phoneNumber' in waiting) ||
      waiting.phoneNumberPrefix !== prefix ||
      waiting.phoneNumber !== phone
    )
      throw new AppError(live ? 'PHONE_NOT_FOUND' : 'VERIFY_CODE_EXPIRED');
    await this.checkCode(live, user.id, code, context);
    try {
      await this.users.setAccountFields(user.id, {
        phoneNumberPrefix: prefix,
        phoneNumber: phone,
        phoneVerifiedAt: now,
      });
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('PHONE_EXISTS');
      throw error;
    }
    await this.audit('phone.changed', user.id, context, { by: 'member' });
    await this.messenger.contactChanged(user, 'phoneNumber', live.id, context.requestId);
    return { userId: user.id, verification: verificationState(user) };
  }

  /** The member asks to move to a new address (password checked by the caller): a link goes to it. */
  async requestEmailChange(
    memberId: string,
    email: string,
    context: RequestContext,
  ): Promise<MessageSentResponse> {
    const user = await this.users.findById(memberId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (user.email === email) throw new AppError('CONTACT_UNCHANGED', { field: 'email' });
    if (await this.users.findByEmail(email)) throw new AppError('EMAIL_EXISTS');
    const { secret, codeId, response } = await this.issue(user, 'email_change', {
      destination: { email },
    });
    await this.messenger.emailChangeLink(user, email, secret, codeId, context.requestId);
    await this.audit('email_change.requested', user.id, context);
    return response;
  }

  private async confirmEmailChange(change: CodeRow, context: RequestContext): Promise<string> {
    const now = this.now();
    const destination = change.destination;
    if (!destination || !('email' in destination) || !(await this.codes.consume(change.id, now)))
      throw new AppError('VERIFY_LINK_EXPIRED');
    const before = await this.users.findById(change.userId);
    if (!before) throw new AppError('USER_NOT_FOUND');
    try {
      // Announced with the change: the services that write to the member (notifications)
      // learn the new address in the same transaction.
      await this.users.changeEmail(change.userId, destination.email);
    } catch (error) {
      if (uniqueViolation(error)) throw new AppError('EMAIL_EXISTS');
      throw error;
    }
    // A reset link sent to the old address must not outlive it.
    await this.codes.voidAll(change.userId, now);
    await this.audit('email.changed', change.userId, context);
    // To the old address: the last message it gets from us.
    await this.messenger.contactChanged(before, 'email', change.id, context.requestId);
    return change.userId;
  }

  /** A six-digit code against the live one: wrong tries counted, used once. */
  private async checkCode(
    live: CodeRow,
    userId: string,
    code: string,
    context: RequestContext,
  ): Promise<void> {
    const now = this.now();
    if (live.secretHash !== hashSecret(live.purpose, code, userId)) {
      const attempts = await this.codes.recordWrongAttempt(live.id, MAX_CODE_ATTEMPTS, now);
      await this.audit('code.rejected', userId, context, { channel: 'sms', attempts });
      if (attempts >= MAX_CODE_ATTEMPTS) throw new AppError('VERIFY_CODE_EXPIRED');
      throw new AppError('INVALID_VERIFY_CODE', { attemptsLeft: MAX_CODE_ATTEMPTS - attempts });
    }
    if (!(await this.codes.consume(live.id, now))) throw new AppError('VERIFY_CODE_EXPIRED');
  }

  private audit(
    type: string,
    userId: string | null,
    context: RequestContext,
    details?: Record<string, unknown>,
  ) {
    return this.auditLog.record(type, userId, context, details);
  }
}
