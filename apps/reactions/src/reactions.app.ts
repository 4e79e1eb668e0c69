import { join } from 'node:path';
import { runMigrations } from '@mepedia/server-database';
import { createHttpApp } from '@mepedia/server-http';
import type { ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { REACTIONS_SCHEMA, ReactionsModule } from './reactions.module';

export const REACTIONS_MIGRATIONS = {
  schema: REACTIONS_SCHEMA,
  folder: join(__dirname, 'migrations'),
};

/** Migrate, then build the reactions app (not yet listening). */
export async function createReactionsApp(
  platform: ServicePlatform,
): Promise<NestFastifyApplication> {
  await runMigrations(platform.database, REACTIONS_MIGRATIONS);
  return createHttpApp(ReactionsModule.register(platform), { logger: platform.logger });
}
