import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runServiceProcess } from '@mepedia/server-platform';
import { createFeedMessagesApp } from './feed-messages.app';
import { FEED_MESSAGES_SERVICE_NAME } from './feed-messages.module';

// The feed-messages service (comments and replies) as its own process (services mode, Kubernetes).
runMain(async () => {
  await runServiceProcess(FEED_MESSAGES_SERVICE_NAME, (platform) =>
    createFeedMessagesApp(platform),
  );
});
