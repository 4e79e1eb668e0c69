import { join } from 'node:path';
import { defineService, type ServicePlatform } from '@mepedia/server-platform';
import { FeedMessagesModule } from './feed-messages.module';
import { loadFeedMessagesOptions, type FeedMessagesOptions } from './feed-messages.options';

/** The feed-messages service: comments and replies under posts and answers. */
export const feedMessagesService = defineService({
  name: 'feed-messages',
  migrations: { folder: join(__dirname, 'migrations') },
  loadOptions: loadFeedMessagesOptions,
  module: (platform, options) => FeedMessagesModule.register(platform, options),
});

export const FEED_MESSAGES_MIGRATIONS = feedMessagesService.migrations;
/**
 * Migrate, then build the feed-messages app (not yet listening); `options` as the environment
 * gives them when not given.
 */
export const createFeedMessagesApp = (
  platform: ServicePlatform,
  options: FeedMessagesOptions = loadFeedMessagesOptions(),
) => feedMessagesService.createApp(platform, options);
