import { QUEUES, type EmailJob, type SmsJob } from '@mepedia/contracts';
import { localePath } from '@mepedia/server-http';
import type { QueueDriver } from '@mepedia/server-queue';
import type { UserRow } from './users.schema';

type Recipient = Pick<
  UserRow,
  'id' | 'email' | 'firstname' | 'language' | 'phoneNumberPrefix' | 'phoneNumber'
>;

/**
 * Hands messages to the worker. Job ids come from the code's id, so asking
 * twice for the same message (a retried request) queues it once.
 */
export class UsersMessenger {
  constructor(
    private readonly queue: QueueDriver,
    private readonly publicUrl: string,
  ) {}

  async phoneCode(
    user: Recipient,
    code: string,
    codeId: string,
    expiresInMinutes: number,
    requestId?: string,
  ) {
    const job: SmsJob = {
      template: 'verification-code',
      to: `${user.phoneNumberPrefix}${user.phoneNumber}`,
      language: user.language,
      data: { code, expiresInMinutes },
      ...(requestId ? { requestId } : {}),
    };
    await this.queue.add(QUEUES.sms, job.template, job, { jobId: `sms-${codeId}` });
  }

  async verificationEmail(user: Recipient, token: string, codeId: string, requestId?: string) {
    const link = `${this.publicUrl}${localePath(user.language, '/email-verification')}?token=${token}`;
    await this.email(
      {
        template: 'verify-email',
        to: user.email,
        language: user.language,
        data: { firstname: user.firstname, link },
      },
      codeId,
      requestId,
    );
  }

  async passwordResetEmail(
    user: Recipient,
    token: string,
    codeId: string,
    expiresInMinutes: number,
    requestId?: string,
  ) {
    const link = `${this.publicUrl}${localePath(user.language, '/password-reset')}?token=${token}&userId=${user.id}`;
    await this.email(
      {
        template: 'password-reset',
        to: user.email,
        language: user.language,
        data: { firstname: user.firstname, link, expiresInMinutes },
      },
      codeId,
      requestId,
    );
  }

  /** The link that confirms a new address goes to that address, in the member's language. */
  async emailChangeLink(
    user: Recipient,
    newEmail: string,
    token: string,
    codeId: string,
    requestId?: string,
  ) {
    const link = `${this.publicUrl}${localePath(user.language, '/email-verification')}?token=${token}`;
    await this.email(
      {
        template: 'confirm-email-change',
        to: newEmail,
        language: user.language,
        data: { firstname: user.firstname, link },
      },
      codeId,
      requestId,
    );
  }

  /**
   * After a change of phone or email: a word to the address the member had (for an email change,
   * the old one), so a change they did not make does not go unnoticed. One per change (the code's id).
   */
  async contactChanged(
    user: Recipient,
    field: 'email' | 'phoneNumber',
    codeId: string,
    requestId?: string,
  ) {
    await this.email(
      {
        template: 'contact-changed',
        to: user.email,
        language: user.language,
        data: { firstname: user.firstname, field },
      },
      `${codeId}-notice`,
      requestId,
    );
  }

  private async email(job: EmailJob, jobKey: string, requestId?: string) {
    await this.queue.add(QUEUES.email, job.template, requestId ? { ...job, requestId } : job, {
      jobId: `email-${jobKey}`,
    });
  }
}
