/** Every backend application that serves a part of the API. */
export const SERVICE_APPS = [
  'users',
  'posts',
  'me-answers',
  'feed-messages',
  'reactions',
  'private-questions',
  'files',
  'site',
] as const;
export type ServiceApp = (typeof SERVICE_APPS)[number];

export const API_PREFIX = '/api';

/**
 * The route table: each `/api/<prefix>/` of the product's API and the app that owns it.
 * The gateway routes by it; nothing else decides where a call goes.
 */
export const apiRoutes = {
  users: 'users',
  posts: 'posts',
  profileQuestions: 'me-answers',
  meAnswers: 'me-answers',
  feedMessages: 'feed-messages',
  userLikes: 'reactions',
  userViews: 'reactions',
  lotties: 'reactions',
  privateQuestions: 'private-questions',
  files: 'files',
  applicationServices: 'site',
  applicationImages: 'site',
  applicationText: 'site',
  configuration: 'site',
} as const satisfies Record<string, ServiceApp>;
export type ApiPrefix = keyof typeof apiRoutes;

export function appForPrefix(prefix: string): ServiceApp | undefined {
  return Object.prototype.hasOwnProperty.call(apiRoutes, prefix)
    ? apiRoutes[prefix as ApiPrefix]
    : undefined;
}

export function prefixesOf(app: ServiceApp): ApiPrefix[] {
  return (Object.keys(apiRoutes) as ApiPrefix[]).filter((prefix) => apiRoutes[prefix] === app);
}

/** `users` -> `USERS_SERVICE_URL`, `me-answers` -> `ME_ANSWERS_SERVICE_URL`. */
export function serviceUrlVariable(app: ServiceApp): string {
  return `${app.toUpperCase().replace(/-/g, '_')}_SERVICE_URL`;
}
