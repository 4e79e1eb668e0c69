import { errorCatalog, type ErrorCode } from '@mepedia/contracts';
import { errorMessagesEn } from '@mepedia/messages/errors';

/**
 * A domain error: a stable code from the contracts, its HTTP status, optional details for the
 * client. Its `message` is the code's English text (libs/messages/src/errors.ts), for the logs.
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(errorMessagesEn[`error.${code}`]);
    this.name = 'AppError';
    this.status = errorCatalog[code].status;
  }
}

/** VALIDATION_FAILED for one field, with a message key from the contracts' validation messages. */
export function fieldError(field: string, code: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ field, code }]);
}
