import { startServiceApp, type TestPlatform } from '@mepedia/server-platform';
import { createFeedMessagesApp } from '../src/feed-messages.app';

export { testEnvelope as envelope } from '@mepedia/server-testing';

/** The feed-messages service on a test platform, listening on a loopback port. */
export const startFeedMessagesApp = (options: TestPlatform) =>
  startServiceApp('feed-messages', createFeedMessagesApp, options);
