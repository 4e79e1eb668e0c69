import type { Locale } from '@mepedia/web-i18n';

export type ContentSection = { heading?: string; paragraphs: string[]; list?: string[] };
export type ContentPage = {
  title: string;
  description: string;
  lead?: string;
  sections: ContentSection[];
};
export type LocalizedContent = Record<Locale, ContentPage>;
