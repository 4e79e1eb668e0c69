import type { Locale } from '@mepedia/web-i18n';

export type ContentSection = { heading?: string; paragraphs: string[]; list?: string[] };
export type ContentPage = {
  title: string;
  description: string;
  lead?: string;
  /** A memorial page: a portrait beside the title (the candle until there is one), and dates. */
  memorial?: boolean;
  /** The portrait (a site image) and dates, when the family has given them. */
  portrait?: { src: string; alt: string };
  dates?: string;
  sections: ContentSection[];
};
export type LocalizedContent = Record<Locale, ContentPage>;
