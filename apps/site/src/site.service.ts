import {
  ApplicationImages,
  ApplicationServices,
  ApplicationText,
  ClientLanguages,
  ORGANIZATION_CLIENT_LANGUAGES,
} from '@mepedia/contracts';
import { toApplicationImages, toApplicationService, toApplicationText } from './site.mapper';
import type { SiteRepository } from './site.repository';

/** What the service serves: checked against the contracts once, then only read. */
export type SiteContent = {
  text: ApplicationText;
  services: ApplicationServices;
  images: ApplicationImages;
  languages: ClientLanguages;
};

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** The database's text overrides with `extra`'s laid over them, per language. */
function withExtra(text: ApplicationText, extra: unknown): ApplicationText {
  if (extra === undefined) return text;
  const more = ApplicationText.partial().parse(extra);
  return { en: { ...text.en, ...more.en }, he: { ...text.he, ...more.he } };
}

/**
 * The site's content. Only migrations change it, and a migration comes with a restart: it is
 * read once per process and served from memory. Content that breaks a contract (an empty text,
 * a path to another site) fails the load, so a bad migration stops the boot instead of reaching
 * clients.
 */
export class SiteService {
  private content: Promise<SiteContent> | undefined;

  /**
   * `extraTexts`: overrides laid over the database's (development and tests only: the standalone
   * process's SITE_TEXT_OVERRIDES), checked by the same contract.
   */
  constructor(
    private readonly repository: SiteRepository,
    private readonly extraTexts?: unknown,
  ) {}

  /** Read and check everything (at boot); later calls get the same content. */
  load(): Promise<SiteContent> {
    this.content ??= this.read().catch((error: unknown) => {
      // A failed read (the database away) is tried again by the next call.
      this.content = undefined;
      throw error;
    });
    return this.content;
  }

  async getFormattedText(): Promise<ApplicationText> {
    return (await this.load()).text;
  }

  async getAllServices(): Promise<ApplicationServices> {
    return (await this.load()).services;
  }

  async getImages(): Promise<ApplicationImages> {
    return (await this.load()).images;
  }

  async organizationClientLanguages(): Promise<ClientLanguages> {
    return (await this.load()).languages;
  }

  private async read(): Promise<SiteContent> {
    const rows = await this.repository.all();
    return deepFreeze({
      text: ApplicationText.parse(withExtra(toApplicationText(rows.texts), this.extraTexts)),
      services: ApplicationServices.parse(rows.services.map(toApplicationService)),
      images: ApplicationImages.parse(toApplicationImages(rows.images)),
      languages: ClientLanguages.parse(ORGANIZATION_CLIENT_LANGUAGES),
    });
  }
}
