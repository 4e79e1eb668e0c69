// Every rendered object against its schema: Kubernetes' kinds from kubernetes-models, KEDA's from
// @kubernetes-models/keda; and no field the schema does not know (a typo such as `replica:` is
// an error, as with `kubectl --validate=strict`).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './services.mjs';

const require = createRequire(join(repoRoot, 'package.json'));

function modelFor({ apiVersion, kind }) {
  try {
    const models = require(
      `${apiVersion.startsWith('keda.sh/') ? '@kubernetes-models/keda' : 'kubernetes-models'}/${apiVersion}`,
    );
    return models[kind]?.kind === kind ? models[kind] : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A copy of `value` that records which properties the schema validator reads. Structured objects
 * are read key by key, maps (labels, data, resources.limits) enumerated: a key of an object that
 * was neither read nor enumerated is one the schema does not define.
 */
function track(value, path, unread) {
  if (Array.isArray(value)) return value.map((item, i) => track(item, `${path}[${i}]`, unread));
  if (value === null || typeof value !== 'object') return value;
  const keys = new Set(Object.keys(value));
  unread.push([path, keys]);
  const copy = Object.fromEntries(
    [...keys].map((k) => [k, track(value[k], path ? `${path}.${k}` : k, unread)]),
  );
  return new Proxy(copy, {
    get: (target, key) => (keys.delete(key), target[key]),
    has: (target, key) => (keys.delete(key), key in target),
    ownKeys: (target) => (keys.clear(), Reflect.ownKeys(target)),
  });
}

const format = (e) =>
  `${e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '(object)'}: ${e.message}${e.params?.allowedValues ? ` (${e.params.allowedValues.join(', ')})` : ''}`;

/** The problems of one object: its kind unknown, schema errors, unknown fields, no name. */
export function checkSchema(object) {
  if (object === null || typeof object !== 'object' || Array.isArray(object))
    return ['a document must be a mapping with apiVersion and kind'];
  const Model = typeof object.apiVersion === 'string' && modelFor(object);
  if (!Model)
    return [`unknown apiVersion/kind ${object.apiVersion}/${object.kind} (no schema for it)`];
  const unread = [];
  try {
    Model.prototype.validate.call(track(object, '', unread));
  } catch (error) {
    return (error.errors ?? [{ instancePath: '', message: error.message }]).map(format);
  }
  const unknown = unread.flatMap(([path, keys]) =>
    [...keys].map((k) => `${path ? `${path}.` : ''}${k}: unknown field`),
  );
  return object.metadata?.name ? unknown : [...unknown, 'metadata.name is required'];
}
