import type { AppLogger } from '@mepedia/server-http';
import type { VerificationRepository } from './verification.repository';

export type RequestContext = { ip?: string | undefined; requestId?: string | undefined };

/**
 * Authentication events (logins, codes, resets), stored in users.audit_events
 * and written to the log. Callers pass facts, never secrets.
 */
export class AuditLog {
  constructor(
    private readonly store: Pick<VerificationRepository, 'audit'>,
    private readonly logger: AppLogger,
  ) {}

  async record(
    type: string,
    userId: string | null,
    context: RequestContext,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    this.logger.info(
      { audit: type, userId, ip: context.ip, requestId: context.requestId, ...details },
      'audit',
    );
    await this.store.audit({
      type,
      userId,
      ip: context.ip ?? null,
      requestId: context.requestId ?? null,
      details,
    });
  }
}
