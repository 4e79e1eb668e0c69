import { join } from 'node:path';
import { runMigrations } from '@mepedia/server-database';
import { createHttpApp } from '@mepedia/server-http';
import type { ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { USERS_SERVICE_NAME, UsersModule } from './users.module';
import type { UsersOptions } from './users.options';

export const USERS_MIGRATIONS = {
  schema: USERS_SERVICE_NAME,
  folder: join(__dirname, 'migrations'),
};

/** Migrate, then build the users app (not yet listening). */
export async function createUsersApp(
  platform: ServicePlatform,
  options: UsersOptions,
): Promise<NestFastifyApplication> {
  await runMigrations(platform.database, USERS_MIGRATIONS);
  return createHttpApp(UsersModule.register(platform, options), { logger: platform.logger });
}
