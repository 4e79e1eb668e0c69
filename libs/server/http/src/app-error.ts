import { errorCatalog, type ErrorCode } from '@mepedia/contracts';

/** A domain error: a stable code from the catalogue, its HTTP status, optional details for the client. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly details?: unknown,
  ) {
    super(errorCatalog[code].en);
    this.name = 'AppError';
    this.status = errorCatalog[code].status;
  }
}

/** VALIDATION_FAILED for one field, with a message key from the contracts' validation messages. */
export function fieldError(field: string, code: string): AppError {
  return new AppError('VALIDATION_FAILED', [{ field, code }]);
}
