// What the checks know of the repository: the service apps, the queues each app consumes and the
// metrics the apps serve. serviceApps() is the one place the service list is read: the service
// registry (libs/contracts/src/services.json, through tools/services.mjs).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const repoRoot = join(import.meta.dirname, '../..');
const read = (file) => readFileSync(join(repoRoot, file), 'utf8');

export const REGISTRY_FILE = 'libs/contracts/src/services.json';
const registry = await import(pathToFileURL(join(repoRoot, 'tools/services.mjs')).href);
/** The apps the gateway routes to (component: service), or undefined when there are none. */
export const serviceApps = () =>
  registry.serviceNames.length > 0 ? new Set(registry.serviceNames) : undefined;
/** `users` -> `USERS_SERVICE_URL`, as the gateway reads it. */
export const serviceUrlVariable = registry.serviceUrlVariable;

// The worker's queues: `queue.process(QUEUES.email, ...)` or `.process('events-worker', ...)` in
// apps/worker/src/processors.ts, with QUEUES of libs/contracts/src/events.ts.
export const EVENTS_FILE = 'libs/contracts/src/events.ts';
export const PROCESSORS_FILE = 'apps/worker/src/processors.ts';
export function workerQueues() {
  const block = /export const QUEUES\s*=\s*\{([^}]*)\}/.exec(read(EVENTS_FILE))?.[1] ?? '';
  const names = new Map(
    [...block.matchAll(/([\w$]+)\s*:\s*['"]([\w-]+)['"]/g)].map((m) => [m[1], m[2]]),
  );
  const queues = [
    ...read(PROCESSORS_FILE).matchAll(/\.process\(\s*(?:QUEUES\.(\w+)|['"]([\w-]+)['"])/g),
  ];
  const list = queues.map((m) => (m[1] ? names.get(m[1]) : m[2]));
  return list.length > 0 && list.every(Boolean) ? new Set(list) : undefined;
}

// The metrics the apps serve: `new Histogram({ name: ... })` of libs/server/config/src/metrics.ts
// (a histogram as its _bucket, _sum and _count series), and prom-client's default metrics.
export const METRICS_FILE = 'libs/server/config/src/metrics.ts';
const series = (type, name) =>
  type.toLowerCase() === 'histogram'
    ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
    : type.toLowerCase() === 'summary'
      ? [name, `${name}_sum`, `${name}_count`]
      : [name];
export async function knownMetrics() {
  const pattern = /new (Histogram|Summary|Counter|Gauge)\(\{\s*name:\s*['"]([a-zA-Z_:][\w:]*)['"]/g;
  const own = [...read(METRICS_FILE).matchAll(pattern)].flatMap(([, type, name]) =>
    series(type, name),
  );
  if (own.length === 0) return undefined;
  const { Registry, collectDefaultMetrics } = createRequire(join(repoRoot, 'package.json'))(
    'prom-client',
  );
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const defaults = (await registry.getMetricsAsJSON()).flatMap((m) => series(m.type, m.name));
  return new Set([...own, ...defaults]);
}
