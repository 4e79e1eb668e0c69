import { join } from 'node:path';
import { defineService } from '@mepedia/server-platform';
import { ReactionsModule } from './reactions.module';

/** The reactions service: likes, views and lotties. */
export const reactionsService = defineService({
  name: 'reactions',
  migrations: { folder: join(__dirname, 'migrations') },
  module: (platform) => ReactionsModule.register(platform),
});

export const REACTIONS_MIGRATIONS = reactionsService.migrations;
/** Migrate, then build the reactions app (not yet listening). */
export const createReactionsApp = reactionsService.createApp;
