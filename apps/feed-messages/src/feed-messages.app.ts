import { join } from 'node:path';
import { defineService } from '@mepedia/server-platform';
import { FeedMessagesModule } from './feed-messages.module';

/** The feed-messages service: comments and replies under posts and answers. */
export const feedMessagesService = defineService({
  name: 'feed-messages',
  migrations: { folder: join(__dirname, 'migrations') },
  module: (platform) => FeedMessagesModule.register(platform),
});

export const FEED_MESSAGES_MIGRATIONS = feedMessagesService.migrations;
/** Migrate, then build the feed-messages app (not yet listening). */
export const createFeedMessagesApp = feedMessagesService.createApp;
