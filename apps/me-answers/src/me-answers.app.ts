import { join } from 'node:path';
import { runMigrations } from '@mepedia/server-database';
import { createHttpApp } from '@mepedia/server-http';
import type { ServicePlatform } from '@mepedia/server-platform';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ME_ANSWERS_SERVICE_NAME, MeAnswersModule } from './me-answers.module';

export const ME_ANSWERS_MIGRATIONS = {
  schema: 'me_answers',
  folder: join(__dirname, 'migrations'),
};

/** Migrate (the questionnaire is data its migrations write), then build the app (not listening). */
export async function createMeAnswersApp(
  platform: ServicePlatform,
): Promise<NestFastifyApplication> {
  await runMigrations(platform.database, ME_ANSWERS_MIGRATIONS);
  return createHttpApp(MeAnswersModule.register(platform), { logger: platform.logger });
}

export { ME_ANSWERS_SERVICE_NAME };
