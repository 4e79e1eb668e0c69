/** Site-wide settings the pages share. The magazine's slug is configuration, written once. */
export const PRODUCT_SLUG = 'mepedia';
export const MAGAZINE_PATH = `/${PRODUCT_SLUG}-magazine`;

/** The external support chat when the deployment configures none (SUPPORT_CHAT_URL). */
export const DEFAULT_SUPPORT_CHAT_URL = 'https://chat.whatsapp.com/mepedia-support';

export const SOCIAL_LINKS = [
  { name: 'twitter', label: 'X (Twitter)', href: 'https://twitter.com/mepedia' },
  { name: 'youtube', label: 'YouTube', href: 'https://www.youtube.com/@mepedia' },
  { name: 'linkedin', label: 'LinkedIn', href: 'https://www.linkedin.com/company/mepedia' },
  { name: 'facebook', label: 'Facebook', href: 'https://www.facebook.com/mepedia' },
  { name: 'instagram', label: 'Instagram', href: 'https://www.instagram.com/mepedia' },
  { name: 'whatsapp', label: 'WhatsApp', href: 'https://wa.me/972000000000' },
  { name: 'telegram', label: 'Telegram', href: 'https://t.me/mepedia' },
] as const;

export const SITE_URL_FALLBACK = 'http://localhost:3000';
