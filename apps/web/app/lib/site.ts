/** Site-wide settings the pages share. The magazine's slug is configuration, written once. */
export const PRODUCT_SLUG = 'mepedia';
export const MAGAZINE_PATH = `/${PRODUCT_SLUG}-magazine`;

/** The external support chat when the deployment configures none (SUPPORT_CHAT_URL). */
export const DEFAULT_SUPPORT_CHAT_URL = 'https://chat.whatsapp.com/mepedia-support';

/** The site's own accounts; each one's name is the message `footer.social.<name>` (brand names are
 * written in Hebrew letters on Hebrew pages, as Hebrew sites do). */
export const SOCIAL_LINKS = [
  { name: 'twitter', href: 'https://twitter.com/mepedia' },
  { name: 'youtube', href: 'https://www.youtube.com/@mepedia' },
  { name: 'linkedin', href: 'https://www.linkedin.com/company/mepedia' },
  { name: 'facebook', href: 'https://www.facebook.com/mepedia' },
  { name: 'instagram', href: 'https://www.instagram.com/mepedia' },
  { name: 'whatsapp', href: 'https://wa.me/972000000000' },
  { name: 'telegram', href: 'https://t.me/mepedia' },
] as const;

export const SITE_URL_FALLBACK = 'http://localhost:3000';
