import {
  isLanguage,
  type ApplicationImages,
  type ApplicationService,
  type ApplicationText,
} from '@mepedia/contracts';
import type { ImageRow, ServiceRow, TextRow } from './site.schema';

/** Overrides by language; both languages present, with or without overrides. */
export function toApplicationText(rows: readonly TextRow[]): ApplicationText {
  const text: ApplicationText = { en: {}, he: {} };
  for (const row of rows) {
    if (!isLanguage(row.language)) throw new Error(`site.texts: unknown language ${row.language}`);
    text[row.language][row.messageKey] = row.message;
  }
  return text;
}

export function toApplicationService(row: ServiceRow): ApplicationService {
  return {
    id: row.serviceId,
    title: { en: row.titleEn, he: row.titleHe },
    description: { en: row.descriptionEn, he: row.descriptionHe },
    ...(row.linkPath === null ? {} : { link: row.linkPath }),
  };
}

/** All three images, or an error naming the one a migration left out. */
export function toApplicationImages(rows: readonly ImageRow[]): ApplicationImages {
  const byName = new Map(rows.map((row) => [row.name, row.path]));
  const pathOf = (name: keyof ApplicationImages): string => {
    const path = byName.get(name);
    if (path === undefined) throw new Error(`site.images: no ${name}`);
    return path;
  };
  return {
    logo: pathOf('logo'),
    subLogo: pathOf('subLogo'),
    memorialImageFotter: pathOf('memorialImageFotter'),
  };
}
