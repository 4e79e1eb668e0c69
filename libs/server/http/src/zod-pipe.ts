import type { PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/** Parse a body or param with a contract schema; a failure becomes VALIDATION_FAILED in the filter. */
export class ZodPipe<S extends z.ZodType> implements PipeTransform<unknown, z.output<S>> {
  constructor(private readonly schema: S) {}

  transform(value: unknown): z.output<S> {
    return this.schema.parse(value ?? {});
  }
}
