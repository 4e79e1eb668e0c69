import { envInt, envUrl, loadConfig } from '@mepedia/server-config';
import { reviewHoldsEnv, type ReviewHolds } from '@mepedia/server-platform';
import { z } from 'zod';

export const TRANSLATION_PROVIDERS = ['google', 'deepl', 'libretranslate'] as const;

export type TranslationProviderOptions =
  | { provider: 'google'; key: string; endpoint: string }
  | { provider: 'deepl'; key: string; endpoint: string }
  | { provider: 'libretranslate'; endpoint: string; key: string | null }
  | { provider: 'off' };

/** Characters a day that may be sent to the provider, per member and for the whole site. */
export type TranslationBudget = { memberDailyCharacters: number; siteDailyCharacters: number };

export type PostsOptions = {
  translation: TranslationProviderOptions;
  /** Defaults: DEFAULT_TRANSLATION_BUDGET. */
  translationBudget?: TranslationBudget;
  /** A new member's first posts with a link wait for review (issue 35). Default: DEFAULT_REVIEW_HOLDS. */
  reviewHolds?: ReviewHolds;
};

export const DEFAULT_TRANSLATION_BUDGET: TranslationBudget = {
  memberDailyCharacters: 200_000,
  siteDailyCharacters: 2_000_000,
};

/** DeepL's two hosts: keys of free accounts end in `:fx` and work only on the free one. */
export const deeplEndpointFor = (key: string) =>
  key.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';

export const postsEnv = z
  .object({
    /** The machine translation provider; unset: translation is not offered (TRANSLATION_UNAVAILABLE). */
    TRANSLATION_PROVIDER: z
      .enum(TRANSLATION_PROVIDERS, {
        error: 'must be google, deepl or libretranslate (or unset for none)',
      })
      .optional(),
    /** A Google Cloud Translation API key: required with `TRANSLATION_PROVIDER=google`. */
    GOOGLE_TRANSLATE_KEY: z.string().optional(),
    /** The provider's address: for a proxy, or the tests' listener. */
    GOOGLE_TRANSLATE_ENDPOINT: envUrl(['http', 'https']).default(
      'https://translation.googleapis.com',
    ),
    /** A DeepL API authentication key: required with `TRANSLATION_PROVIDER=deepl`. */
    DEEPL_AUTH_KEY: z.string().optional(),
    /** DeepL's address; unset: `https://api-free.deepl.com` for a key ending in `:fx`, else `https://api.deepl.com`. */
    DEEPL_ENDPOINT: envUrl(['http', 'https']).optional(),
    /** A LibreTranslate server's address (self-hosted): required with `TRANSLATION_PROVIDER=libretranslate`. */
    LIBRETRANSLATE_URL: envUrl(['http', 'https']).optional(),
    /** The LibreTranslate server's API key, if it asks for one. */
    LIBRETRANSLATE_API_KEY: z.string().optional(),
    /** Characters a member may send to the provider a day (UTC); stored translations are free. */
    TRANSLATION_MEMBER_DAILY_CHARACTERS: envInt(
      DEFAULT_TRANSLATION_BUDGET.memberDailyCharacters,
      1,
    ),
    /** Characters the whole site may send to the provider a day (UTC), every member together. */
    TRANSLATION_SITE_DAILY_CHARACTERS: envInt(DEFAULT_TRANSLATION_BUDGET.siteDailyCharacters, 1),
    ...reviewHoldsEnv,
  })
  .refine((env) => env.TRANSLATION_PROVIDER !== 'google' || Boolean(env.GOOGLE_TRANSLATE_KEY), {
    path: ['GOOGLE_TRANSLATE_KEY'],
    message: 'is required when TRANSLATION_PROVIDER=google',
  })
  .refine((env) => env.TRANSLATION_PROVIDER !== 'deepl' || Boolean(env.DEEPL_AUTH_KEY), {
    path: ['DEEPL_AUTH_KEY'],
    message: 'is required when TRANSLATION_PROVIDER=deepl',
  })
  .refine(
    (env) => env.TRANSLATION_PROVIDER !== 'libretranslate' || Boolean(env.LIBRETRANSLATE_URL),
    {
      path: ['LIBRETRANSLATE_URL'],
      message: 'is required when TRANSLATION_PROVIDER=libretranslate',
    },
  );

const withoutSlash = (url: string) => url.replace(/\/+$/, '');

function providerOptions(config: z.output<typeof postsEnv>): TranslationProviderOptions {
  switch (config.TRANSLATION_PROVIDER) {
    case 'google':
      return {
        provider: 'google',
        key: config.GOOGLE_TRANSLATE_KEY as string,
        endpoint: withoutSlash(config.GOOGLE_TRANSLATE_ENDPOINT),
      };
    case 'deepl': {
      const key = config.DEEPL_AUTH_KEY as string;
      return {
        provider: 'deepl',
        key,
        endpoint: withoutSlash(config.DEEPL_ENDPOINT ?? deeplEndpointFor(key)),
      };
    }
    case 'libretranslate':
      return {
        provider: 'libretranslate',
        endpoint: withoutSlash(config.LIBRETRANSLATE_URL as string),
        key: config.LIBRETRANSLATE_API_KEY || null,
      };
    case undefined:
      return { provider: 'off' };
  }
}

export function loadPostsOptions(
  env: Record<string, string | undefined> = process.env,
): PostsOptions {
  const config = loadConfig('posts', postsEnv, env);
  return {
    translation: providerOptions(config),
    translationBudget: {
      memberDailyCharacters: config.TRANSLATION_MEMBER_DAILY_CHARACTERS,
      siteDailyCharacters: config.TRANSLATION_SITE_DAILY_CHARACTERS,
    },
    reviewHolds: { firstItems: config.MODERATION_REVIEW_FIRST_LINKS },
  };
}
