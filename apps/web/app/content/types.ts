import type { Locale } from '@mepedia/web-i18n';

export type ContentSection = { heading?: string; paragraphs: string[]; list?: string[] };
export type ContentPage = {
  title: string;
  description: string;
  lead?: string;
  /** A memorial page: the portrait, the name and the years above the text, and a way to write. */
  memorial?: Memorial;
  sections: ContentSection[];
};
/**
 * Who a memorial page remembers, as the family has given it. What is not given is left out: the
 * page never shows a guessed date or a stand-in face.
 */
export type Memorial = {
  /** "In memory of", set above the name in the page's heading. */
  label: string;
  name: string;
  /** ISO dates (`1948` or `1948-03-02`): the page writes the years, `<time>` keeps the dates. */
  born?: string;
  died?: string;
  /** The portrait, a site image; without one, the memorial candle holds its place. */
  portrait?: { src: string; alt: string };
  /** The candle's description, when it stands in for the portrait. */
  candleAlt: string;
  /** The closing invitation, and the words of its link to the support page. */
  share: { text: string; link: string };
};
export type LocalizedContent = Record<Locale, ContentPage>;
