import type { PipeTransform } from '@nestjs/common';
import { ZodError, type z } from 'zod';

/**
 * Text no database column can keep as sent: NUL (PostgreSQL refuses it in text) and a UTF-16
 * surrogate without its pair (it would come back as U+FFFD, not as what was sent).
 */
// eslint-disable-next-line no-control-regex -- finding the control character is the point
const UNKEEPABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

type Visit = { value: unknown; key?: string | number; parent?: Visit };

const pathOf = (visit: Visit): Array<string | number> => {
  const path: Array<string | number> = [];
  for (let at: Visit | undefined = visit; at?.key !== undefined; at = at.parent) path.push(at.key);
  return path.reverse();
};

/**
 * Where in a parsed body or query the first unkeepable text is (a value or a key), if any.
 * Walked with a stack, not recursion, and paths are made only for a find: a body nested a
 * hundred thousand deep is only data.
 */
export function unkeepableTextAt(value: unknown): Array<string | number> | undefined {
  const pending: Visit[] = [{ value }];
  for (let visit = pending.pop(); visit !== undefined; visit = pending.pop()) {
    const current = visit.value;
    if (typeof current === 'string') {
      if (UNKEEPABLE.test(current)) return pathOf(visit);
    } else if (Array.isArray(current)) {
      const parent = visit;
      current.forEach((entry, key) => pending.push({ value: entry, key, parent }));
    } else if (current !== null && typeof current === 'object') {
      for (const [key, entry] of Object.entries(current)) {
        if (UNKEEPABLE.test(key)) return [...pathOf(visit), key];
        pending.push({ value: entry, key, parent: visit });
      }
    }
  }
  return undefined;
}

/** Parse a body or param with a contract schema; a failure becomes VALIDATION_FAILED in the filter. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    // Refused whole, before any schema trims or cleans it: nothing half-kept.
    const at = unkeepableTextAt(value);
    if (at)
      throw new ZodError([
        { code: 'custom', path: at, message: 'UNSUPPORTED_CHARACTER', input: undefined },
      ]);
    return this.schema.parse(value ?? {});
  }
}
