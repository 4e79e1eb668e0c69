import type { z } from 'zod';
import { LANGUAGES } from './locale';
import { requiredEnum } from './zod-helpers';

/** An interface language in a request: `en` or `he`. */
export const Language = requiredEnum(LANGUAGES);
export type Language = z.infer<typeof Language>;
