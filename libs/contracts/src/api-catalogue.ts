import type { ApiRoute, ApiService } from './api-route';
import { feedMessagesApi } from './feed-messages.api';
import { filesApi } from './files.api';
import { meAnswersApi } from './me-answers.api';
import { postsApi } from './posts.api';
import { privateQuestionsApi } from './private-questions.api';
import { reactionsApi } from './reactions.api';
import { siteApi } from './site.api';
import { usersApi } from './users.api';

/**
 * Every service's routes, in the order the reference lists them. A new service adds its
 * `<service>.api.ts` here; the route test (apps/standalone/test/api-catalogue.int-spec.ts) boots
 * every service and fails while a route it registers has no entry here, or the reverse.
 */
export const apiCatalogue: readonly ApiService[] = [
  usersApi,
  postsApi,
  meAnswersApi,
  feedMessagesApi,
  privateQuestionsApi,
  reactionsApi,
  filesApi,
  siteApi,
];

/** Every route of every service. */
export function catalogueRoutes(
  catalogue: readonly ApiService[] = apiCatalogue,
): Array<ApiRoute & { service: ApiService['service'] }> {
  return catalogue.flatMap((entry) =>
    entry.routes.map((route) => ({ ...route, service: entry.service })),
  );
}
