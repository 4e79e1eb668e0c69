import { join } from 'node:path';
import { runMigrations } from '@mepedia/server-database';
import { createHttpApp } from '@mepedia/server-http';
import type { ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { FEED_MESSAGES_SCHEMA, FeedMessagesModule } from './feed-messages.module';

export const FEED_MESSAGES_MIGRATIONS = {
  schema: FEED_MESSAGES_SCHEMA,
  folder: join(__dirname, 'migrations'),
};

/** Migrate, then build the feed-messages app (not yet listening). */
export async function createFeedMessagesApp(
  platform: ServicePlatform,
): Promise<NestFastifyApplication> {
  await runMigrations(platform.database, FEED_MESSAGES_MIGRATIONS);
  return createHttpApp(FeedMessagesModule.register(platform), { logger: platform.logger });
}
