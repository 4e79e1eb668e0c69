import { join } from 'node:path';
import { defineService } from '@mepedia/server-platform';
import { PrivateQuestionsModule } from './private-questions.module';

/** The private-questions service: a member's own extra questions and answers. */
export const privateQuestionsService = defineService({
  name: 'private-questions',
  migrations: { folder: join(__dirname, 'migrations') },
  module: (platform) => PrivateQuestionsModule.register(platform),
});

export const PRIVATE_QUESTIONS_MIGRATIONS = privateQuestionsService.migrations;
/** Migrate, then build the private-questions app (not yet listening). */
export const createPrivateQuestionsApp = privateQuestionsService.createApp;
