import { z } from 'zod';

// Missing (undefined/null) answers read "Field is required" (FIELD_REQUIRED); other
// type mismatches read "The value is not valid" (INVALID_VALUE).
export const requiredError = (issue: { input?: unknown }): 'FIELD_REQUIRED' | 'INVALID_VALUE' =>
  issue.input === undefined || issue.input === null ? 'FIELD_REQUIRED' : 'INVALID_VALUE';

/** One of a fixed list; a missing value reads "Field is required". */
export function requiredEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: requiredError });
}

/** An optional whole number from `min` to `max` (a page number, a page size); numeric strings accepted. */
export function optionalCount(min: number, max: number) {
  return z.coerce
    .number({ error: 'INVALID_VALUE' })
    .int('INVALID_VALUE')
    .min(min, 'INVALID_VALUE')
    .max(max, 'INVALID_VALUE')
    .optional();
}
