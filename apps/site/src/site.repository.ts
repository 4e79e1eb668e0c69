import type { Db } from '@mepedia/server-database';
import { asc } from 'drizzle-orm';
import {
  images,
  services,
  texts,
  type ImageRow,
  type ServiceRow,
  type TextRow,
} from './site.schema';

export type SiteRows = { texts: TextRow[]; services: ServiceRow[]; images: ImageRow[] };

/** Data access for the site schema: reads only (migrations write it). */
export class SiteRepository {
  constructor(private readonly db: Db) {}

  /** Everything the service serves, in the order it serves it. */
  async all(): Promise<SiteRows> {
    const [textRows, serviceRows, imageRows] = await Promise.all([
      this.db.select().from(texts).orderBy(asc(texts.language), asc(texts.messageKey)),
      this.db.select().from(services).orderBy(asc(services.position), asc(services.serviceId)),
      this.db.select().from(images).orderBy(asc(images.name)),
    ]);
    return { texts: textRows, services: serviceRows, images: imageRows };
  }
}
