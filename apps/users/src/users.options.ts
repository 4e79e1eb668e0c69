import { envUrl, loadConfig } from '@mepedia/server-config';
import { z } from 'zod';

export const USERS_OPTIONS = Symbol('USERS_OPTIONS');

export type UsersOptions = {
  production: boolean;
  /** Where the web app lives; links in emails point there. */
  publicUrl: string;
  /** Signs unsubscribe links (shared with the worker, which writes them into emails). */
  linkSecret: string;
};

/** Outside production a fixed secret keeps dev links working across restarts; production must set its own. */
export const DEV_LINK_SECRET = 'mepedia-development-link-secret';

export const linkEnv = z.object({
  NODE_ENV: z.string().optional(),
  /** The site's address: links in emails point there. */
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:3000'),
  /** Signs unsubscribe links: at least 32 characters, required in production, the same for users and the worker. */
  EMAIL_LINK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
});

export function loadUsersOptions(
  env: Record<string, string | undefined> = process.env,
): UsersOptions {
  const config = loadConfig(
    'users',
    linkEnv.refine(
      (value) => value.NODE_ENV !== 'production' || value.EMAIL_LINK_SECRET !== undefined,
      {
        path: ['EMAIL_LINK_SECRET'],
        message:
          'is required in production (at least 32 random characters, shared with the worker)',
      },
    ),
    env,
  );
  return {
    production: config.NODE_ENV === 'production',
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    linkSecret: config.EMAIL_LINK_SECRET ?? DEV_LINK_SECRET,
  };
}
