import { startServiceApp, type TestPlatform } from '@mepedia/server-platform';
import { createPrivateQuestionsApp } from '../src/private-questions.app';

export { testEnvelope as envelope } from '@mepedia/server-testing';

/** The private-questions service on a test platform, listening on a loopback port. */
export const startPrivateQuestionsApp = (options: TestPlatform) =>
  startServiceApp('private-questions', createPrivateQuestionsApp, options);
