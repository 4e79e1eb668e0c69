import { envUrl, loadConfig } from '@mepedia/server-config';
import { z } from 'zod';
import { DEV_LINK_SECRET } from './weekly-question.links';
import type { WeeklyQuestionOptions } from './weekly-question.service';

/** The secret outside production (weekly-question.links). */
export { DEV_LINK_SECRET };

const env = z
  .object({
    NODE_ENV: z.string().optional(),
    /** The site's address: the weekly question's links point there. */
    PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:3000'),
    /** Signs the email's links: the deployment's email link secret (users and the worker share it). */
    EMAIL_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  })
  .refine((value) => value.NODE_ENV !== 'production' || value.EMAIL_LINK_SECRET !== undefined, {
    path: ['EMAIL_LINK_SECRET'],
    message: 'is required in production (at least 32 random characters, shared with the worker)',
  });

/** The notifications service's options for the weekly question, from the environment. */
export function loadWeeklyQuestionOptions(
  from: Record<string, string | undefined> = process.env,
): WeeklyQuestionOptions {
  const config = loadConfig('notifications', env, from);
  return {
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    linkSecret: config.EMAIL_LINK_SECRET ?? DEV_LINK_SECRET,
  };
}
