import { startServiceApp, type TestPlatform } from '@mepedia/server-platform';
import { createMeAnswersApp } from '../src/me-answers.app';

/** The me-answers service on a test platform, listening on a loopback port. */
export const startMeAnswersApp = (options: TestPlatform) =>
  startServiceApp('me-answers', createMeAnswersApp, options);
