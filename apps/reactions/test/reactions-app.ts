import { startServiceApp, type TestPlatform } from '@mepedia/server-platform';
import { createReactionsApp } from '../src/reactions.app';

export { testEnvelope as envelope } from '@mepedia/server-testing';
export { BROWSER_HEADERS as BROWSER } from '@mepedia/server-testing';

/** The reactions service on a test platform, listening on a loopback port. */
export const startReactionsApp = (options: TestPlatform) =>
  startServiceApp('reactions', createReactionsApp, options);
