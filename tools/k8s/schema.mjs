// Every rendered object against its schema: Kubernetes' kinds from kubernetes-models, KEDA's from
// @kubernetes-models/keda; and no field the schema does not know (a typo such as `replica:` is
// an error, as with `kubectl --validate=strict`).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { repoRoot } from './services.mjs';

const require = createRequire(join(repoRoot, 'package.json'));
const PACKAGES = { 'keda.sh': '@kubernetes-models/keda' };

function modelFor(apiVersion, kind) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  try {
    const group = apiVersion.split('/')[0];
    const model = require(`${PACKAGES[group] ?? 'kubernetes-models'}/${apiVersion}`)[kind];
    return typeof model === 'function' && model.kind === kind ? model : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Wraps a value so that every property the schema validator reads is recorded. Structured objects
 * are read key by key; maps (labels, data, resources.limits) are enumerated. A key of a structured
 * object that the validator never read is one the schema does not define.
 */
function track(value, path, nodes) {
  if (Array.isArray(value)) return value.map((item, i) => track(item, `${path}[${i}]`, nodes));
  if (value === null || typeof value !== 'object') return value;
  const node = { path, keys: Object.keys(value), read: new Set(), enumerated: false };
  nodes.push(node);
  const copy = {};
  for (const key of node.keys) copy[key] = track(value[key], path ? `${path}.${key}` : key, nodes);
  const note = (key) => typeof key === 'string' && node.read.add(key);
  return new Proxy(copy, {
    get: (target, key, receiver) => (note(key), Reflect.get(target, key, receiver)),
    has: (target, key) => (note(key), Reflect.has(target, key)),
    ownKeys: (target) => ((node.enumerated = true), Reflect.ownKeys(target)),
  });
}

const format = (e) =>
  `${e.instancePath ? e.instancePath.slice(1).replace(/\//g, '.') : '(object)'}: ${e.message}${e.params?.allowedValues ? ` (${e.params.allowedValues.join(', ')})` : ''}`;

/** The problems of one object: its kind unknown, schema errors, unknown fields, no name. */
export function checkSchema(object) {
  if (object === null || typeof object !== 'object' || Array.isArray(object))
    return ['a document must be a mapping with apiVersion and kind'];
  const Model = modelFor(object.apiVersion, object.kind);
  if (!Model)
    return [`unknown apiVersion/kind ${object.apiVersion}/${object.kind} (no schema for it)`];
  const nodes = [];
  try {
    Model.prototype.validate.call(track(object, '', nodes));
  } catch (error) {
    return (error.errors ?? [{ instancePath: '', message: error.message }]).map(format);
  }
  const unknown = nodes
    .filter((node) => !node.enumerated)
    .flatMap((node) =>
      node.keys
        .filter((key) => !node.read.has(key))
        .map((key) => `${node.path ? `${node.path}.` : ''}${key}: unknown field`),
    );
  return object.metadata?.name ? unknown : [...unknown, 'metadata.name is required'];
}
