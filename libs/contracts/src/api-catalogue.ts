import type { ApiRoute, ApiService, RouteKey } from './api-route';
import type { ServiceApp } from './routes';
import { feedMessagesApi, feedMessagesRoutes } from './feed-messages.api';
import { circlesApi, circlesRoutes } from './circles.api';
import { emailPreferencesRoutes, withEmailPreferences } from './email-preferences.api';
import { filesApi, filesRoutes } from './files.api';
import { meAnswersApi, meAnswersRoutes } from './me-answers.api';
import { blocksRoutes, moderationApi, moderationRoutes } from './moderation.api';
import { notificationsApi, notificationsRoutes } from './notifications.api';
import { postsApi, postsRoutes } from './posts.api';
import { privateQuestionsApi, privateQuestionsRoutes } from './private-questions.api';
import { reactionsApi, reactionsRoutes } from './reactions.api';
import { searchApi, searchRoutes } from './search.api';
import { siteApi, siteRoutes } from './site.api';
import { usersApi, usersRoutes } from './users.api';
import { weeklyQuestionRoutes, withWeeklyQuestion } from './weekly-question.api';

// Each service's routes by name, for the handlers that serve them (`@Endpoint(postsRoutes.create)`).
export {
  blocksRoutes,
  circlesRoutes,
  emailPreferencesRoutes,
  feedMessagesRoutes,
  filesRoutes,
  meAnswersRoutes,
  moderationRoutes,
  notificationsRoutes,
  postsRoutes,
  privateQuestionsRoutes,
  reactionsRoutes,
  searchRoutes,
  siteRoutes,
  usersRoutes,
  weeklyQuestionRoutes,
};

/**
 * Every service's routes, in the order the reference lists them. A new service adds its
 * `<service>.api.ts` here, under its name in the registry (services.json: the typecheck fails
 * while one is missing), and its routes to `CatalogueRoute` below; the route test
 * (apps/standalone/test/api-catalogue.int-spec.ts) boots every service and fails while a route
 * it registers was not bound by `@Endpoint` to an entry here, or the reverse.
 */
export const apiCatalogue: readonly ApiService[] = Object.values({
  users: usersApi,
  posts: postsApi,
  'me-answers': meAnswersApi,
  'feed-messages': feedMessagesApi,
  'private-questions': privateQuestionsApi,
  reactions: reactionsApi,
  files: filesApi,
  notifications: withEmailPreferences(withWeeklyQuestion(notificationsApi)),
  circles: circlesApi,
  moderation: moderationApi,
  search: searchApi,
  site: siteApi,
} satisfies Record<ServiceApp, ApiService>);

/** Every route of every service. */
export function catalogueRoutes(
  catalogue: readonly ApiService[] = apiCatalogue,
): Array<ApiRoute & { service: ApiService['service'] }> {
  return catalogue.flatMap((entry) =>
    entry.routes.map((route) => ({ ...route, service: entry.service })),
  );
}

type ValueOf<T> = T[keyof T];

/** Every catalogued route, each with its literal method, path and schemas. */
export type CatalogueRoute =
  | ValueOf<typeof usersRoutes>
  | ValueOf<typeof postsRoutes>
  | ValueOf<typeof meAnswersRoutes>
  | ValueOf<typeof feedMessagesRoutes>
  | ValueOf<typeof privateQuestionsRoutes>
  | ValueOf<typeof reactionsRoutes>
  | ValueOf<typeof filesRoutes>
  | ValueOf<typeof notificationsRoutes>
  | ValueOf<typeof weeklyQuestionRoutes>
  | ValueOf<typeof emailPreferencesRoutes>
  | ValueOf<typeof circlesRoutes>
  | ValueOf<typeof moderationRoutes>
  | ValueOf<typeof blocksRoutes>
  | ValueOf<typeof searchRoutes>
  | ValueOf<typeof siteRoutes>;

/**
 * The catalogue by `METHOD /path`: the web client imports this type only, so the schemas and
 * descriptions stay out of the browser's bundle while every call is typed by its entry.
 */
export type ApiRoutesByKey = { [R in CatalogueRoute as RouteKey<R>]: R };
export type ApiRouteKey = keyof ApiRoutesByKey;
