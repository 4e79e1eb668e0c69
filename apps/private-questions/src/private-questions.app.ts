import { join } from 'node:path';
import { runMigrations } from '@mepedia/server-database';
import { createHttpApp } from '@mepedia/server-http';
import type { ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { PRIVATE_QUESTIONS_SCHEMA, PrivateQuestionsModule } from './private-questions.module';

export const PRIVATE_QUESTIONS_MIGRATIONS = {
  schema: PRIVATE_QUESTIONS_SCHEMA,
  folder: join(__dirname, 'migrations'),
};

/** Migrate, then build the private-questions app (not yet listening). */
export async function createPrivateQuestionsApp(
  platform: ServicePlatform,
): Promise<NestFastifyApplication> {
  await runMigrations(platform.database, PRIVATE_QUESTIONS_MIGRATIONS);
  return createHttpApp(PrivateQuestionsModule.register(platform), { logger: platform.logger });
}
