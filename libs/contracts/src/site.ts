import { z } from 'zod';
import { Language } from './language';

// The site's own content: interface text overrides, the services it presents, its images and
// its languages. The same for everyone, changed only by a deployment.

/** A non-empty text in each interface language. */
const SiteLocalized = z.object({ en: z.string().min(1), he: z.string().min(1) });

/**
 * A path on this site, from its root: `/logo.svg`, `/profile/edit-me/1`. Never `//host` or
 * `/\host`, which browsers read as another site.
 */
export const SitePath = z
  .string()
  .regex(/^\/(?![/\\])/)
  .describe(
    'A path on this site from its root (`/logo.svg`), never `//` or `/\\`: the web app prefixes it with its own origin and, for pages, the locale (`/he/...`).',
  );
export type SitePath = z.infer<typeof SitePath>;

/** A key of the web app's interface texts: `app.tagline`, `auth.gender.non-binary`. */
export const ApplicationTextKey = z
  .string()
  .regex(/^[A-Za-z0-9]+(?:[.-][A-Za-z0-9]+)*$/)
  .describe('A key of the web app’s interface messages (`app.tagline`).');

const Overrides = z
  .record(ApplicationTextKey, z.string().min(1))
  .describe(
    'Message key to text (ICU MessageFormat, as the built-in messages), for this language only.',
  );

/** Per-language message overrides, laid over the web app's built-in interface texts. */
export const ApplicationText = z.object({ en: Overrides, he: Overrides });
export type ApplicationText = z.infer<typeof ApplicationText>;

/** One of the things the site offers, for the pages that present them. */
export const ApplicationService = z.object({
  id: z.string().describe('Stable: a later migration that rewords a service keeps its id.'),
  title: SiteLocalized,
  description: SiteLocalized,
  link: SitePath.optional().describe(
    'Where the service starts on the site, without a locale prefix; absent when it has no page of its own (it is reached from a profile or a post).',
  ),
});
export type ApplicationService = z.infer<typeof ApplicationService>;

export const ApplicationServices = z
  .array(ApplicationService)
  .describe('In the order the site presents them.');
export type ApplicationServices = z.infer<typeof ApplicationServices>;

/** The site's images; the field names (spelling included) are the product's. */
export const ApplicationImages = z.object({
  logo: SitePath.describe('The header logo.'),
  subLogo: SitePath.describe('The smaller logo mark.'),
  memorialImageFotter: SitePath.describe('The memorial block’s image (home page and footer).'),
});
export type ApplicationImages = z.infer<typeof ApplicationImages>;

/** An interface language as clients list it (the product's Language entity). */
export const ClientLanguage = z.object({
  name: Language,
  label: z.string().describe('The language’s name in itself: `עברית`.'),
  enLabel: z.string().describe('Its name in English: `Hebrew`.'),
  direction: z.enum(['rtl', 'ltr']),
  isDefault: z.boolean().describe('Exactly one language is the default.'),
  temporary: z.boolean().describe('Offered for a trial period; none is now.'),
});
export type ClientLanguage = z.infer<typeof ClientLanguage>;

export const ClientLanguages = z.array(ClientLanguage);
export type ClientLanguages = z.infer<typeof ClientLanguages>;

/**
 * The interface languages, in the order the language switcher lists them. Code, not data: a
 * language the web app has no messages for cannot be switched on by a row in a table.
 */
export const ORGANIZATION_CLIENT_LANGUAGES: readonly ClientLanguage[] = [
  {
    name: 'he',
    label: 'עברית',
    enLabel: 'Hebrew',
    direction: 'rtl',
    isDefault: false,
    temporary: false,
  },
  {
    name: 'en',
    label: 'English',
    enLabel: 'English',
    direction: 'ltr',
    isDefault: true,
    temporary: false,
  },
];
