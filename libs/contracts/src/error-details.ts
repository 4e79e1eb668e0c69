import { z } from 'zod';
import { FieldIssue, type ErrorCode } from './errors';
import { ImageTooBigDetails } from './files';
import { TranslationBudgetSpentDetails } from './posts';
import { NotVerifiedDetails, VerificationState } from './users';

/**
 * The `details` some error codes carry, by code. The error envelope is the same for every
 * code; these are what a client may read in its `details`.
 */
export const errorDetails = {
  VALIDATION_FAILED: z
    .array(FieldIssue)
    .describe(
      'One entry per field: `field` is its path (`(body)` for the body itself), `code` a stable field code (`FIELD_REQUIRED`, `TOO_LONG`, `PASSWORD_RULES`, ...), `message` its words in the caller’s language.',
    ),
  USER_NOT_VERIFIED: NotVerifiedDetails.describe(
    'Where the account stands, so the client can resume its verification.',
  ),
  RESEND_TOO_SOON: z.object({
    retryAfterSeconds: z.number().describe('Seconds before another may be asked for.'),
  }),
  INVALID_VERIFY_CODE: z.object({
    attemptsLeft: z.number().describe('Wrong tries left before the code is void.'),
  }),
  ALREADY_VERIFIED: z.object({ verification: VerificationState }),
  CONTACT_CHANGE_NOT_ALLOWED: z.object({ field: z.enum(['email', 'phoneNumber']) }),
  CONTACT_UNCHANGED: z.object({ field: z.enum(['email', 'phoneNumber']) }),
  IMAGE_TOO_BIG: ImageTooBigDetails,
  TRANSLATION_BUDGET_SPENT: TranslationBudgetSpentDetails.describe(
    'Which daily character budget is spent, how big it is and when it is whole again.',
  ),
  ACCOUNT_SUSPENDED: z.object({
    until: z.string().describe('When the suspension ends (ISO 8601 instant).'),
  }),
  UNSUPPORTED_MEDIA_TYPE: z.object({
    accepted: z.array(z.string()).describe('The media types a body may have.'),
  }),
} as const satisfies Partial<Record<ErrorCode, z.ZodType>>;
