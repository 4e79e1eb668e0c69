// The service registry's data for scripts that run without TypeScript (ESLint's config, the k8s
// and Docker checks): libs/contracts/src/services.json, the file routes.ts types and the
// servers use, with each service's <APP>_SERVICE_URL spelled as serviceUrlVariable spells it
// (apps/standalone/src/services.spec.ts holds the two to the same answer).
import { readFileSync } from 'node:fs';

const registry = JSON.parse(
  readFileSync(new URL('../libs/contracts/src/services.json', import.meta.url), 'utf8'),
);

/** `users` -> `USERS_SERVICE_URL`, `me-answers` -> `ME_ANSWERS_SERVICE_URL`. */
export const serviceUrlVariable = (name) => `${name.toUpperCase().replace(/-/g, '_')}_SERVICE_URL`;

/** Every service: `{ name, schema, prefixes, urlVariable }`, in the registry's order. */
export const services = Object.entries(registry).map(([name, { schema, prefixes }]) => ({
  name,
  schema,
  prefixes,
  urlVariable: serviceUrlVariable(name),
}));

/** The services' names (apps/<name>), in the registry's order. */
export const serviceNames = services.map((service) => service.name);
