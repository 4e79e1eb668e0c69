import { join } from 'node:path';
import { defineService } from '@mepedia/server-platform';
import { MeAnswersModule } from './me-answers.module';

/** The me-answers service: the questionnaire (data its migrations write) and members' answers. */
export const meAnswersService = defineService({
  name: 'me-answers',
  migrations: { folder: join(__dirname, 'migrations') },
  module: (platform) => MeAnswersModule.register(platform),
});

export const ME_ANSWERS_MIGRATIONS = meAnswersService.migrations;
/** Migrate, then build the me-answers app (not yet listening). */
export const createMeAnswersApp = meAnswersService.createApp;
