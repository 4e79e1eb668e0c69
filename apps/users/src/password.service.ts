import { AppError, fieldError, isUnsubscribeSignature } from '@mepedia/server-http';
import type { AuditLog, RequestContext } from './audit-log';
import { isCommonPassword } from './common-passwords';
import type { PasswordHasher } from './passwords';
import type { SessionsService } from './sessions.service';
import { isExpiredPending, verificationState } from './users.mapper';
import type { UsersMessenger } from './users.messenger';
import type { UsersStore } from './users.repository';
import { PENDING_PHONE_SECONDS } from './verification-tickets';
import type { VerificationRepository } from './verification.repository';
import {
  RESET_LINK_TTL_MINUTES,
  hashSecret,
  type VerificationService,
} from './verification.service';

/** sendPasswordResetEmail answers only after this long, whatever happened, so timing tells nothing. */
export const RESET_REQUEST_MIN_MS = 250;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type PasswordChange = {
  userId: string;
  newPassword: string;
  token?: string | undefined;
  currentPassword?: string | undefined;
};
type Member = { userId: string; sessionId: string } | undefined;

/** Password reset by email link, password change by the member, and unsubscribe links. */
export class PasswordService {
  constructor(
    private readonly users: UsersStore,
    private readonly codes: VerificationRepository,
    private readonly verification: VerificationService,
    private readonly messenger: UsersMessenger,
    private readonly passwords: PasswordHasher,
    private readonly sessions: SessionsService,
    private readonly auditLog: AuditLog,
    private readonly linkSecret: string,
  ) {}

  /**
   * Emails a reset link to the account with this email, verified or still pending: for a pending
   * one the link is how the owner of the address reclaims it from whoever registered with it.
   * The answer is the same, after the same time, for an unknown address or one asking too often.
   */
  async requestReset(email: string, context: RequestContext): Promise<{ sent: true }> {
    const started = Date.now();
    const found = await this.users.findByEmail(email);
    const user = found && !isExpiredPending(found, new Date()) ? found : undefined;
    let outcome = 'unknown-email';
    if (user) {
      try {
        const { secret, codeId } = await this.verification.issue(user, 'password_reset');
        await this.messenger.passwordResetEmail(
          user,
          secret,
          codeId,
          RESET_LINK_TTL_MINUTES,
          context.requestId,
        );
        outcome = verificationState(user) === 'verified' ? 'sent' : 'sent-pending';
      } catch (error) {
        if (!(error instanceof AppError && error.code === 'RESEND_TOO_SOON')) throw error;
        outcome = 'throttled';
      }
    }
    await this.auditLog.record('reset.requested', user?.id ?? null, context, { outcome });
    const elapsed = Date.now() - started;
    if (elapsed < RESET_REQUEST_MIN_MS) await sleep(RESET_REQUEST_MIN_MS - elapsed);
    return { sent: true };
  }

  /**
   * A new password, with the reset link's token or from the member's own session: either way
   * every session of the member ends, the caller's too, and the caller signs in anew (a new
   * token: whoever held the old one, as a copy or in a cache, holds nothing).
   */
  async changePassword(
    change: PasswordChange,
    member: Member,
    context: RequestContext,
  ): Promise<{ userId: string; reclaimed?: { deadline: Date } }> {
    const now = new Date();
    if (isCommonPassword(change.newPassword))
      throw fieldError('newPassword', 'PASSWORD_TOO_COMMON');
    if (change.token) {
      const live = await this.codes.liveBySecret(
        'password_reset',
        hashSecret('password_reset', change.token),
        now,
      );
      if (!live || live.userId !== change.userId || !(await this.codes.consume(live.id, now))) {
        throw new AppError('PASSWORD_RESET_EXPIRED');
      }
      const user = await this.users.findById(change.userId);
      if (!user) throw new AppError('USER_NOT_FOUND');
      if (verificationState(user) !== 'verified') {
        // The link proves the email, nothing more: whoever registered with it loses the account,
        // and the phone must be verified again by the one who holds it now.
        const deadline = new Date(now.getTime() + PENDING_PHONE_SECONDS * 1000);
        await this.users.setAccountFields(user.id, {
          passwordHash: await this.passwords.hash(change.newPassword),
          phoneVerifiedAt: null,
          verificationDeadline: deadline,
        });
        // Codes and links sent while someone else held it are void.
        await this.codes.voidAll(user.id, now);
        await this.auditLog.record('account.reclaimed', user.id, context);
        return { userId: user.id, reclaimed: { deadline } };
      }
      await this.setPassword(change.userId, change.newPassword);
      await this.endSessions(change.userId);
      await this.auditLog.record('reset.used', change.userId, context);
      return { userId: change.userId };
    }
    if (!member) throw new AppError('AUTH_REQUIRED');
    if (member.userId !== change.userId) throw new AppError('NOT_ACCOUNT_OWNER');
    // A session alone is not enough: someone at an unlocked computer must not lock the owner out.
    if (!change.currentPassword) throw fieldError('currentPassword', 'FIELD_REQUIRED');
    await this.checkPassword(change.userId, change.currentPassword, context);
    await this.setPassword(change.userId, change.newPassword);
    // The current session ends with the others; the controller starts its successor.
    await this.endSessions(change.userId);
    await this.auditLog.record('password.changed', change.userId, context);
    return { userId: change.userId };
  }

  checkUnsubscribe(email: string, signature: string): void {
    if (!isUnsubscribeSignature(email, signature, this.linkSecret))
      throw new AppError('INVALID_UNSUBSCRIBE_LINK');
  }

  /** The member's own password again, before something that cannot be undone. */
  async checkPassword(userId: string, password: string, context: RequestContext): Promise<void> {
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('USER_NOT_FOUND');
    if (!(await this.passwords.verify(user.passwordHash, password))) {
      await this.auditLog.record('password.rejected', userId, context);
      throw new AppError('PASSWORD_INCORRECT');
    }
  }

  private async setPassword(userId: string, password: string) {
    const updated = await this.users.setAccountFields(userId, {
      passwordHash: await this.passwords.hash(password),
    });
    if (!updated) throw new AppError('USER_NOT_FOUND');
  }

  private async endSessions(userId: string) {
    const ended = await this.users.deleteSessionsOf(userId);
    if (ended.length > 0) await this.sessions.announceEnded(ended);
  }
}
