import registry from './services.json';

/**
 * The service registry: every backend application that serves a part of the API, with the
 * `/api/<prefix>/`es it owns and its PostgreSQL schema. The data is `services.json`, plain JSON
 * so that what runs without TypeScript (ESLint's config, the k8s and Docker checks, through
 * `tools/services.mjs`) reads the same list; each app's server side (its module, options and
 * migrations) is its `<app>.app.ts` definition, composed by `apps/standalone/src/services.ts`.
 */
export type ServiceApp = keyof typeof registry;
export type ServiceEntry = {
  /** Its PostgreSQL schema (a hyphen is no identifier: `me_answers`). */
  readonly schema: string;
  /** The `/api/<prefix>/`es the gateway sends to it. */
  readonly prefixes: readonly string[];
};
export const SERVICES: { readonly [App in ServiceApp]: ServiceEntry } = registry;
export const SERVICE_APPS = Object.keys(SERVICES) as readonly ServiceApp[];

export const API_PREFIX = '/api';

/**
 * The route table: each `/api/<prefix>/` of the product's API and the app that owns it.
 * The gateway routes by it; nothing else decides where a call goes.
 */
export const apiRoutes: Readonly<Record<string, ServiceApp>> = Object.fromEntries(
  SERVICE_APPS.flatMap((app) => SERVICES[app].prefixes.map((prefix) => [prefix, app])),
);
export type ApiPrefix = string;

export function appForPrefix(prefix: string): ServiceApp | undefined {
  return Object.prototype.hasOwnProperty.call(apiRoutes, prefix) ? apiRoutes[prefix] : undefined;
}

export function prefixesOf(app: ServiceApp): ApiPrefix[] {
  return [...SERVICES[app].prefixes];
}

/** `users` -> `USERS_SERVICE_URL`, `me-answers` -> `ME_ANSWERS_SERVICE_URL`. */
export function serviceUrlVariable(app: ServiceApp): string {
  return `${app.toUpperCase().replace(/-/g, '_')}_SERVICE_URL`;
}
