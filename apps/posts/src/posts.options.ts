import { envUrl, loadConfig } from '@mepedia/server-config';
import { z } from 'zod';

export type PostsOptions = {
  translation: { provider: 'google'; key: string; endpoint: string } | { provider: 'off' };
};

export const postsEnv = z
  .object({
    /** `google` for Google Cloud Translation; unset: translation answers TRANSLATION_UNAVAILABLE. */
    TRANSLATION_PROVIDER: z
      .enum(['google'], { error: 'must be google (or unset for none)' })
      .optional(),
    /** A Google Cloud Translation API key: required with `TRANSLATION_PROVIDER=google`. */
    GOOGLE_TRANSLATE_KEY: z.string().optional(),
    /** The provider's address: for a proxy, or the tests' listener. */
    GOOGLE_TRANSLATE_ENDPOINT: envUrl(['http', 'https']).default(
      'https://translation.googleapis.com',
    ),
  })
  .refine((env) => env.TRANSLATION_PROVIDER !== 'google' || Boolean(env.GOOGLE_TRANSLATE_KEY), {
    path: ['GOOGLE_TRANSLATE_KEY'],
    message: 'is required when TRANSLATION_PROVIDER=google',
  });

export function loadPostsOptions(
  env: Record<string, string | undefined> = process.env,
): PostsOptions {
  const config = loadConfig('posts', postsEnv, env);
  return {
    translation:
      config.TRANSLATION_PROVIDER === 'google'
        ? {
            provider: 'google',
            key: config.GOOGLE_TRANSLATE_KEY as string,
            endpoint: config.GOOGLE_TRANSLATE_ENDPOINT.replace(/\/+$/, ''),
          }
        : { provider: 'off' },
  };
}
