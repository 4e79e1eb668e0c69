#!/usr/bin/env node
// Offline checks of the Kubernetes manifests under k8s/ (no cluster, no kustomize binary needed):
//   1. every YAML file parses (as YAML 1.1, the way Kubernetes reads it; duplicate keys are errors);
//   2. every object validates against the Kubernetes schemas of kubernetes-models, and has no
//      field the schema does not know (a typo such as `replica:` is an error, as in `kubectl --validate=strict`);
//      patch files are checked the same way, except that required fields may be missing (and
//      `$patch` directives are no fields); KEDA's kinds, which it has no schema for, by structure;
//   3. every kustomization.yaml: known fields only, resources/components/patches/generator files
//      exist on disk, image overrides and patches name something that exists, no YAML file is orphaned;
//   4. the objects of each root kustomization agree with each other (after its patches of
//      plain-merge kinds such as ConfigMap and NetworkPolicy, and `$patch: delete` ones): selectors
//      select a workload, named ports exist, config/secret references resolve, HPAs target a
//      Deployment whose containers request CPU, Ingress backends exist; and Mepedia's rules: every
//      service app (SERVICE_APPS in libs/contracts, component: service) has its <APP>_SERVICE_URL in
//      mepedia-config and nothing else is labelled a service; shared variables (EMAIL_LINK_SECRET,
//      PUBLIC_URL, REDIS_*, IDENTITY_PUBLIC_KEY) come from one place for every app that needs them
//      (and the web app has its GATEWAY_URL); an in-cluster URL in a ConfigMap (http://<service>)
//      names a Service and port of the right app that NetworkPolicies let its readers reach (ingress
//      at the target, egress at the reader), and a NetworkPolicy lets pods of the namespace in only
//      where such a URL uses it (so the worker is shut in production); the pods behind an Ingress
//      accept traffic from outside the namespace (the ingress controller); probes use a path the
//      app serves; a literal PORT is a port the container declares;
//      egress: every pod reaches DNS, every pod given a DATABASE_URL, REDIS_URL or SMTP_URL reaches
//      its port outside the namespace, and files, posts and the worker reach HTTPS (EXTERNAL_HTTPS);
//      metrics: pods annotated prometheus.io/scrape declare that port, get it as METRICS_PORT, expose
//      it through no Service and let another namespace (Prometheus) reach it, and every app given a
//      METRICS_PORT is annotated; shutdown: preStop sleep + SHUTDOWN_TIMEOUT_MS (default 25000) +
//      SHUTDOWN_MARGIN_SECONDS <= terminationGracePeriodSeconds, and the gateway's bound is not below
//      its UPSTREAM_TIMEOUT_MS; every pod (Deployments and Jobs) has the restricted security context;
//      migrations: each app given a DATABASE_URL has exactly one Job running
//      dist/apps/<app>/src/migrate.js (apps/<app>/src/migrate.ts exists) with its image and the same
//      DATABASE_URL source, a retry, deadline and TTL bound, and pods no Service or PDB selects;
//      KEDA (keda.sh/v1alpha1 ScaledObject, TriggerAuthentication; kubernetes-models has no schema
//      for them, so step 2 checks their fields by structure): a ScaledObject targets an existing
//      Deployment that no HPA also scales, its redis triggers name <REDIS_PREFIX>:<queue>:wait for
//      the queues that app consumes (the worker's from apps/worker/src/processors.ts), one each,
//      and its TriggerAuthentication reads Secret keys that exist;
//   5. Grafana dashboards (*.json under the tree): valid JSON, a Prometheus datasource variable
//      used by every panel, PromQL that names only the apps' metrics
//      (libs/server/config/src/metrics.ts) and prom-client's defaults, and a configMapGenerator
//      labelled grafana_dashboard: "1" that lists it;
//   6. when `kubectl` is on PATH, each root is also rendered with `kubectl kustomize` and the result is
//      checked by 2 and 4 (skip with --no-render).
//
// Usage: node tools/k8s/validate.mjs [k8s-dir] [--no-render]. Exits 1 on any problem.
// Secrets are never in the tree: a `*.template.yaml` file holds placeholders, is not a resource of any
// kustomization, and tells the checks which Secret names and keys the cluster is expected to have.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const requireFromRepo = createRequire(join(repoRoot, 'package.json'));

const args = process.argv.slice(2);
const render = !args.includes('--no-render');
const k8sDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(repoRoot, 'k8s'));

let YAML;
try {
  YAML = requireFromRepo('yaml');
  requireFromRepo.resolve('kubernetes-models/v1');
} catch {
  console.error(
    'tools/k8s/validate.mjs needs the dev dependencies yaml and kubernetes-models: run npm ci.',
  );
  process.exit(2);
}
if (!existsSync(k8sDir) || !statSync(k8sDir).isDirectory()) {
  console.error(`No such directory: ${k8sDir}`);
  process.exit(2);
}

const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
const KUSTOMIZATION_FIELDS = new Set([
  'apiVersion',
  'kind',
  'metadata',
  'resources',
  'components',
  'bases',
  'crds',
  'namespace',
  'namePrefix',
  'nameSuffix',
  'labels',
  'commonLabels',
  'commonAnnotations',
  'images',
  'replicas',
  'patches',
  'patchesStrategicMerge',
  'patchesJson6902',
  'replacements',
  'vars',
  'configMapGenerator',
  'secretGenerator',
  'generatorOptions',
  'generators',
  'transformers',
  'validators',
  'configurations',
  'openapi',
  'buildMetadata',
  'sortOptions',
  'helmCharts',
  'helmGlobals',
]);
const TEMPLATE_FILE = /\.(template|example)\.ya?ml$/;

const problems = [];
const rel = (path) => relative(process.cwd(), path) || '.';
const report = (where, message) => problems.push({ where, message });
const stats = { files: 0, objects: 0, kustomizations: 0, dashboards: 0, rendered: [] };

// ---------------------------------------------------------------------------------------------
// Reading YAML

function walk(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(path));
    else if (/\.ya?ml$/.test(entry.name) || entry.name === 'Kustomization') out.push(path);
  }
  return out;
}

/** Every non-empty document of a YAML text, as plain data, or null when it does not parse. */
function parseYaml(text, where) {
  const docs = YAML.parseAllDocuments(text, {
    version: '1.1',
    uniqueKeys: true,
    prettyErrors: true,
  });
  const list = Array.isArray(docs) ? docs : [docs];
  const values = [];
  let ok = true;
  for (const doc of list) {
    for (const issue of [...doc.errors, ...doc.warnings]) {
      report(where, `YAML: ${issue.message.split('\n')[0]}`);
      ok = false;
    }
    if (!ok) continue;
    const value = doc.toJS({ maxAliasCount: 100 });
    if (value !== null && value !== undefined) values.push(value);
  }
  return ok ? values : null;
}

const files = new Map(); // absolute path -> { docs: unknown[] | null }
for (const path of walk(k8sDir)) {
  stats.files += 1;
  files.set(path, { docs: parseYaml(readFileSync(path, 'utf8'), rel(path)) });
}

// ---------------------------------------------------------------------------------------------
// Schema validation with kubernetes-models

function modelFor(apiVersion, kind) {
  if (typeof apiVersion !== 'string' || typeof kind !== 'string') return undefined;
  try {
    const model = requireFromRepo(`kubernetes-models/${apiVersion}`)[kind];
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
  return new Proxy(copy, {
    get(target, key, receiver) {
      if (typeof key === 'string') node.read.add(key);
      return Reflect.get(target, key, receiver);
    },
    has(target, key) {
      if (typeof key === 'string') node.read.add(key);
      return Reflect.has(target, key);
    },
    ownKeys(target) {
      node.enumerated = true;
      return Reflect.ownKeys(target);
    },
  });
}

function formatSchemaError(error) {
  const at = error.instancePath ? error.instancePath.slice(1).replace(/\//g, '.') : '(object)';
  const extra = error.params?.allowedValues ? ` (${error.params.allowedValues.join(', ')})` : '';
  return `${at}: ${error.message}${extra}`;
}

/** A copy without strategic-merge directives (`$patch: delete`, `$retainKeys`, ...): not fields. */
function withoutDirectives(value) {
  if (Array.isArray(value)) return value.map(withoutDirectives);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => !key.startsWith('$'))
      .map(([key, inner]) => [key, withoutDirectives(inner)]),
  );
}

/** Problems of one object: schema errors (minus `required` ones for a patch) and unknown fields. */
function checkObject(original, { partial }) {
  if (original === null || typeof original !== 'object' || Array.isArray(original)) {
    return ['a document must be a mapping with apiVersion and kind'];
  }
  const object = partial ? withoutDirectives(original) : original;
  const custom = CUSTOM_KINDS[`${object.apiVersion}/${object.kind}`];
  if (custom) return custom(object, { partial });
  const Model = modelFor(object.apiVersion, object.kind);
  if (!Model) {
    return [
      `unknown apiVersion/kind ${object.apiVersion}/${object.kind} (not a built-in Kubernetes type)`,
    ];
  }
  const found = [];
  if (!partial) {
    // The plain kubernetes-models check.
    try {
      new Model(object).validate();
    } catch (error) {
      found.push(
        ...(error.errors ?? [{ instancePath: '', message: error.message }]).map(formatSchemaError),
      );
    }
  }
  // The same validator over a recording copy, for unknown fields (and the errors of a patch).
  const nodes = [];
  try {
    Model.prototype.validate.call(track(object, '', nodes));
  } catch (error) {
    if (partial) {
      found.push(
        ...(error.errors ?? []).filter((e) => e.keyword !== 'required').map(formatSchemaError),
      );
    }
  }
  if (found.length === 0) {
    for (const node of nodes) {
      if (node.enumerated) continue;
      for (const key of node.keys) {
        if (!node.read.has(key))
          found.push(`${node.path ? `${node.path}.` : ''}${key}: unknown field`);
      }
    }
  }
  return found;
}

const describe = (o) => `${o?.kind ?? '?'} ${o?.metadata?.name ?? '(no name)'}`;

// ---------------------------------------------------------------------------------------------
// Kinds kubernetes-models has no schema for: KEDA's (https://keda.sh/docs/latest/reference/),
// checked by their structure: the fields KEDA knows, the ones it requires, the types it decodes
// (trigger metadata is a map of strings: a bare number is rejected by the CRD).

const isPlainMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** Problems of `value` at `path` against `shape`: { fields: {name: checker}, required: [...] }. */
function checkShape(value, path, shape, { partial }) {
  const at = (key) => (path ? `${path}.${key}` : key);
  if (!isPlainMap(value)) return [`${path || '(object)'}: must be a mapping`];
  const found = [];
  for (const key of Object.keys(value)) {
    if (!(key in shape.fields)) found.push(`${at(key)}: unknown field`);
    else found.push(...shape.fields[key](value[key], at(key), { partial }));
  }
  if (!partial) {
    for (const key of shape.required ?? [])
      if (value[key] === undefined) found.push(`${at(key)}: required`);
  }
  return found;
}
const any = () => [];
const aString = (v, path) =>
  typeof v === 'string' && v !== '' ? [] : [`${path}: must be a string`];
const aCount = (v, path) =>
  Number.isInteger(v) && v >= 0 ? [] : [`${path}: must be a whole number, 0 or more`];
const aBoolean = (v, path) => (typeof v === 'boolean' ? [] : [`${path}: must be true or false`]);
const shapeOf = (shape) => (v, path, options) => checkShape(v, path, shape, options);
const listOf = (item) => (v, path, options) =>
  Array.isArray(v)
    ? v.flatMap((entry, i) => item(entry, `${path}[${i}]`, options))
    : [`${path}: must be a list`];

/** metadata (and an HPA behavior) through kubernetes-models, by wrapping them in a built-in kind. */
const viaModel = (wrap, strip) => (v, path) =>
  checkObject(wrap(v), { partial: false })
    .filter((message) => message.startsWith(strip))
    .map((message) => `${path}${message.slice(strip.length)}`);
const objectMeta = viaModel(
  (metadata) => ({ apiVersion: 'v1', kind: 'ConfigMap', metadata }),
  'metadata',
);
const hpaBehavior = viaModel(
  (behavior) => ({
    apiVersion: 'autoscaling/v2',
    kind: 'HorizontalPodAutoscaler',
    metadata: { name: 'behavior' },
    spec: { scaleTargetRef: { kind: 'Deployment', name: 'x' }, maxReplicas: 1, behavior },
  }),
  'spec.behavior',
);

// The redis (lists) scaler's metadata, and the TriggerAuthentication parameters it takes.
const REDIS_TRIGGER_METADATA = {
  address: 'text',
  addressFromEnv: 'text',
  host: 'text',
  hostFromEnv: 'text',
  port: 'count',
  portFromEnv: 'text',
  username: 'text',
  usernameFromEnv: 'text',
  passwordFromEnv: 'text',
  listName: 'text',
  listLength: 'positive',
  activationListLength: 'count',
  databaseIndex: 'count',
  enableTLS: 'boolean',
  unsafeSsl: 'boolean',
};
const REDIS_AUTH_PARAMETERS = new Set([
  'address',
  'host',
  'port',
  'username',
  'password',
  'tls',
  'ca',
  'cert',
  'key',
  'keyPassword',
]);
const redisMetadata = (v, path) => {
  if (!isPlainMap(v)) return [`${path}: must be a mapping of strings`];
  const found = [];
  for (const [key, value] of Object.entries(v)) {
    const type = REDIS_TRIGGER_METADATA[key];
    if (!type) found.push(`${path}.${key}: not a field of the redis scaler`);
    else if (typeof value !== 'string')
      found.push(
        `${path}.${key}: must be a string (quote it: KEDA's metadata is a map of strings)`,
      );
    else if (type === 'count' && !/^\d+$/.test(value))
      found.push(`${path}.${key}: must be a whole number, as a string`);
    else if (type === 'positive' && !/^[1-9]\d*$/.test(value))
      found.push(`${path}.${key}: must be a whole number above 0, as a string`);
    else if (type === 'boolean' && !['true', 'false'].includes(value))
      found.push(`${path}.${key}: must be 'true' or 'false'`);
  }
  for (const key of ['listName', 'listLength'])
    if (v[key] === undefined) found.push(`${path}.${key}: required by the redis scaler`);
  return found;
};
const trigger = (v, path, options) => {
  const found = checkShape(
    v,
    path,
    {
      fields: {
        type: aString,
        name: aString,
        metadata: any,
        authenticationRef: shapeOf({
          fields: { name: aString, kind: aString },
          required: ['name'],
        }),
        metricType: (t, p) =>
          ['AverageValue', 'Value', 'Utilization'].includes(t)
            ? []
            : [`${p}: must be AverageValue, Value or Utilization`],
        useCachedMetrics: aBoolean,
      },
      required: ['type', 'metadata'],
    },
    options,
  );
  if (!isPlainMap(v)) return found;
  if (v.type !== undefined && v.type !== 'redis')
    found.push(`${path}.type: ${v.type}: only redis triggers are known to this check`);
  else if (v.metadata !== undefined) found.push(...redisMetadata(v.metadata, `${path}.metadata`));
  return found;
};
const scaledObjectSpec = shapeOf({
  fields: {
    scaleTargetRef: shapeOf({
      fields: {
        apiVersion: aString,
        kind: aString,
        name: aString,
        envSourceContainerName: aString,
      },
      required: ['name'],
    }),
    pollingInterval: aCount,
    cooldownPeriod: aCount,
    initialCooldownPeriod: aCount,
    idleReplicaCount: aCount,
    minReplicaCount: aCount,
    maxReplicaCount: aCount,
    fallback: shapeOf({
      fields: { failureThreshold: aCount, replicas: aCount, behavior: aString },
      required: ['failureThreshold', 'replicas'],
    }),
    advanced: shapeOf({
      fields: {
        restoreToOriginalReplicaCount: aBoolean,
        horizontalPodAutoscalerConfig: shapeOf({
          fields: { name: aString, behavior: hpaBehavior },
        }),
        scalingModifiers: any,
      },
    }),
    triggers: (v, path, options) =>
      Array.isArray(v) && v.length === 0
        ? [`${path}: at least one trigger`]
        : listOf(trigger)(v, path, options),
  },
  required: ['scaleTargetRef', 'triggers'],
});
const triggerAuthenticationSpec = shapeOf({
  fields: {
    secretTargetRef: listOf(
      shapeOf({
        fields: { parameter: aString, name: aString, key: aString },
        required: ['parameter', 'name', 'key'],
      }),
    ),
    configMapTargetRef: listOf(
      shapeOf({
        fields: { parameter: aString, name: aString, key: aString },
        required: ['parameter', 'name', 'key'],
      }),
    ),
    env: listOf(
      shapeOf({
        fields: { parameter: aString, name: aString, containerName: aString },
        required: ['parameter', 'name'],
      }),
    ),
    podIdentity: any,
  },
});
const kedaKind =
  (spec) =>
  (object, { partial }) => {
    const found = checkShape(
      object,
      '',
      { fields: { apiVersion: any, kind: any, metadata: objectMeta, spec }, required: ['spec'] },
      { partial },
    );
    if (!partial && !object.metadata?.name) found.push('metadata.name: required');
    const { minReplicaCount, maxReplicaCount } = object.spec ?? {};
    if (
      Number.isInteger(minReplicaCount) &&
      Number.isInteger(maxReplicaCount) &&
      minReplicaCount > maxReplicaCount
    )
      found.push('spec: minReplicaCount is above maxReplicaCount');
    return found;
  };
const CUSTOM_KINDS = {
  'keda.sh/v1alpha1/ScaledObject': kedaKind(scaledObjectSpec),
  'keda.sh/v1alpha1/TriggerAuthentication': kedaKind(triggerAuthenticationSpec),
};

// ---------------------------------------------------------------------------------------------
// Kustomizations

const kustomizations = new Map(); // dir -> { file, data }
for (const [path, { docs }] of files) {
  if (!KUSTOMIZATION_NAMES.includes(basename(path))) continue;
  stats.kustomizations += 1;
  const dir = dirname(path);
  if (kustomizations.has(dir)) report(rel(path), 'a second kustomization file in this folder');
  if (!docs) continue;
  if (docs.length !== 1 || typeof docs[0] !== 'object' || Array.isArray(docs[0])) {
    report(rel(path), 'a kustomization file holds exactly one mapping');
    continue;
  }
  kustomizations.set(dir, { file: path, data: docs[0] });
}

const referenced = new Set(); // files used by some kustomization (resources, patches, generator inputs)
const generatedFrom = new Map(); // a configMapGenerator's file -> the labels of the ConfigMaps made from it
const patchFiles = new Set();
const inlinePatches = []; // { where, object }
const isRemote = (entry) => /^[a-z]+:\/\/|^github\.com\/|^git@/.test(entry);

function kustomizationIn(dir) {
  return KUSTOMIZATION_NAMES.map((name) => join(dir, name)).find((path) => existsSync(path));
}

for (const [dir, { file, data }] of kustomizations) {
  const where = rel(file);
  const expectedKind =
    data.kind === 'Component'
      ? 'kustomize.config.k8s.io/v1alpha1'
      : 'kustomize.config.k8s.io/v1beta1';
  if (data.apiVersion !== expectedKind || !['Kustomization', 'Component'].includes(data.kind)) {
    report(
      where,
      `apiVersion/kind must be kustomize.config.k8s.io/v1beta1 Kustomization (or v1alpha1 Component), not ${data.apiVersion}/${data.kind}`,
    );
  }
  for (const key of Object.keys(data)) {
    if (!KUSTOMIZATION_FIELDS.has(key)) report(where, `${key}: unknown kustomization field`);
  }
  for (const key of ['bases', 'commonLabels', 'patchesStrategicMerge', 'patchesJson6902', 'vars']) {
    if (key in data) report(where, `${key}: deprecated in kustomize v5; use the current field`);
  }

  const seen = new Set();
  for (const field of ['resources', 'components']) {
    const list = data[field] ?? [];
    if (!Array.isArray(list)) {
      report(where, `${field}: must be a list`);
      continue;
    }
    for (const entry of list) {
      if (typeof entry !== 'string') {
        report(where, `${field}: entries are paths`);
        continue;
      }
      if (isRemote(entry)) {
        report(
          where,
          `${field}: ${entry}: remote resources cannot be checked offline; vendor them`,
        );
        continue;
      }
      const target = resolve(dir, entry);
      if (seen.has(target)) report(where, `${field}: ${entry} is listed twice`);
      seen.add(target);
      if (!existsSync(target)) {
        report(where, `${field}: ${entry} does not exist`);
      } else if (statSync(target).isDirectory()) {
        if (!kustomizationIn(target))
          report(where, `${field}: ${entry} is a folder without a kustomization.yaml`);
        if (field === 'components' && kustomizations.get(target)?.data.kind !== 'Component') {
          report(where, `components: ${entry} is not a kind: Component`);
        }
      } else if (field === 'components') {
        report(where, `components: ${entry} must be a folder`);
      } else {
        referenced.add(target);
      }
    }
  }

  const patches = data.patches ?? [];
  if (!Array.isArray(patches)) report(where, 'patches: must be a list');
  for (const [i, patch] of (Array.isArray(patches) ? patches : []).entries()) {
    const at = `patches[${i}]`;
    if (patch === null || typeof patch !== 'object') {
      report(where, `${at}: must be a mapping with path or patch`);
      continue;
    }
    for (const key of Object.keys(patch)) {
      if (!['path', 'patch', 'target', 'options'].includes(key))
        report(where, `${at}.${key}: unknown field`);
    }
    if ('path' in patch === 'patch' in patch)
      report(where, `${at}: give exactly one of path and patch`);
    if (typeof patch.path === 'string') {
      const target = resolve(dir, patch.path);
      if (!existsSync(target) || statSync(target).isDirectory())
        report(where, `${at}.path: ${patch.path} does not exist`);
      else {
        referenced.add(target);
        patchFiles.add(target);
      }
    }
    if (typeof patch.patch === 'string') {
      const docs = parseYaml(patch.patch, `${where} ${at}.patch`) ?? [];
      for (const doc of docs) {
        if (Array.isArray(doc)) {
          // A JSON 6902 patch: a list of operations, applied to `target`.
          if (!patch.target) report(where, `${at}: a JSON 6902 patch needs a target`);
          for (const op of doc) {
            if (
              !['add', 'remove', 'replace', 'move', 'copy', 'test'].includes(op?.op) ||
              typeof op?.path !== 'string'
            ) {
              report(
                where,
                `${at}.patch: each operation needs op (add, remove, replace, move, copy, test) and path`,
              );
            }
          }
        } else {
          inlinePatches.push({ where: `${where} ${at}.patch`, object: doc, owner: dir });
        }
      }
    }
  }

  for (const [field, inputs] of [
    ['configMapGenerator', ['files', 'envs', 'env']],
    ['secretGenerator', ['files', 'envs', 'env']],
  ]) {
    for (const [i, generator] of (data[field] ?? []).entries()) {
      for (const input of inputs) {
        const list = generator?.[input] === undefined ? [] : [generator[input]].flat();
        for (const entry of list) {
          const path = String(entry).includes('=')
            ? String(entry).split('=').slice(1).join('=')
            : String(entry);
          const target = resolve(dir, path);
          if (!existsSync(target)) report(where, `${field}[${i}].${input}: ${path} does not exist`);
          else referenced.add(target);
          if (field === 'configMapGenerator' && input === 'files')
            generatedFrom.set(target, {
              ...(data.generatorOptions?.labels ?? {}),
              ...(generator?.options?.labels ?? {}),
            });
        }
      }
    }
  }
}

/** Every object a kustomization dir brings in (before patches), following resources and components. */
function collect(dir, trail = []) {
  if (trail.includes(dir)) {
    report(
      rel(kustomizationIn(dir) ?? dir),
      `resource cycle: ${[...trail, dir].map(rel).join(' -> ')}`,
    );
    return { objects: [], patches: [] };
  }
  const entry = kustomizations.get(dir);
  if (!entry) return { objects: [], patches: [] };
  const objects = [];
  const patches = [];
  for (const item of [...(entry.data.resources ?? []), ...(entry.data.components ?? [])]) {
    if (typeof item !== 'string' || isRemote(item)) continue;
    const target = resolve(dir, item);
    if (!existsSync(target)) continue;
    if (statSync(target).isDirectory()) {
      const inner = collect(target, [...trail, dir]);
      objects.push(...inner.objects);
      patches.push(...inner.patches);
    } else {
      for (const doc of files.get(target)?.docs ?? [])
        objects.push({ object: doc, where: rel(target) });
    }
  }
  for (const patch of Array.isArray(entry.data.patches) ? entry.data.patches : []) {
    if (typeof patch?.path === 'string') {
      const target = resolve(dir, patch.path);
      for (const doc of files.get(target)?.docs ?? [])
        patches.push({ object: doc, where: rel(target), target: patch.target, owner: dir });
    }
  }
  patches.push(...inlinePatches.filter((p) => p.owner === dir));
  return {
    objects,
    patches,
    images: entry.data.images ?? [],
    namespace: typeof entry.data.namespace === 'string' ? entry.data.namespace : '',
    where: rel(entry.file),
  };
}

// ---------------------------------------------------------------------------------------------
// Every object, on its own

const templateSecrets = new Map(); // Secret name -> Map of key -> placeholder, from *.template.yaml files
for (const [path, { docs }] of files) {
  if (KUSTOMIZATION_NAMES.includes(basename(path)) || !docs) continue;
  const where = rel(path);
  const partial = patchFiles.has(path);
  if (!referenced.has(path) && !TEMPLATE_FILE.test(basename(path))) {
    report(
      where,
      'not used by any kustomization (list it under resources or patches, or name it *.template.yaml)',
    );
  }
  for (const object of docs) {
    stats.objects += 1;
    for (const message of checkObject(object, { partial }))
      report(where, `${describe(object)}: ${message}`);
    if (!partial && !object?.metadata?.name)
      report(where, `${describe(object)}: metadata.name is required`);
    if (TEMPLATE_FILE.test(basename(path)) && object?.kind === 'Secret') {
      templateSecrets.set(
        object.metadata?.name,
        new Map([
          ...Object.keys(object.data ?? {}).map((key) => [key, undefined]),
          ...Object.entries(object.stringData ?? {}).map(([key, value]) => [key, String(value)]),
        ]),
      );
    }
  }
}
for (const { where, object } of inlinePatches) {
  stats.objects += 1;
  for (const message of checkObject(object, { partial: true }))
    report(where, `${describe(object)}: ${message}`);
}

// ---------------------------------------------------------------------------------------------
// Objects against each other

const WORKLOADS = new Set(['Deployment', 'StatefulSet', 'DaemonSet', 'ReplicaSet']);
const selects = (selector, labels) =>
  !!selector &&
  Object.keys(selector).length > 0 &&
  Object.entries(selector).every(([k, v]) => labels?.[k] === v);
const podSpecOf = (o) =>
  WORKLOADS.has(o.kind) || o.kind === 'Job' ? o.spec?.template?.spec : undefined;
const podLabelsOf = (o) => o.spec?.template?.metadata?.labels ?? {};
const containersOf = (o) => [
  ...(podSpecOf(o)?.initContainers ?? []),
  ...(podSpecOf(o)?.containers ?? []),
];
const portNamesOf = (o) =>
  new Set(containersOf(o).flatMap((c) => (c.ports ?? []).map((p) => p.name).filter(Boolean)));
const portNumbersOf = (o) =>
  new Set(containersOf(o).flatMap((c) => (c.ports ?? []).map((p) => p.containerPort)));

// Mepedia's own knowledge. The service apps the gateway routes to (and reads <APP>_SERVICE_URL for)
// are SERVICE_APPS in libs/contracts; the worker and the gateway are not among them.
const ROUTES_FILE = 'libs/contracts/src/routes.ts';
const serviceApps = (() => {
  try {
    const list = /export const SERVICE_APPS\s*=\s*\[([^\]]*)\]/.exec(
      readFileSync(join(repoRoot, ROUTES_FILE), 'utf8'),
    )?.[1];
    const names = [...(list ?? '').matchAll(/['"]([a-z0-9-]+)['"]/g)].map((m) => m[1]);
    return names.length > 0 ? new Set(names) : undefined;
  } catch {
    return undefined;
  }
})();
if (!serviceApps) report(ROUTES_FILE, 'cannot read the SERVICE_APPS list the checks rely on');
const serviceUrlVariable = (app) => `${app.toUpperCase().replace(/-/g, '_')}_SERVICE_URL`;
const urlTargets = new Map([...(serviceApps ?? [])].map((app) => [serviceUrlVariable(app), app]));

// Variables that apps must agree on, and the apps that must have them: every container that sets
// one must take it from the same place (the same Secret key, ConfigMap key or literal), and each app
// listed must set it. users checks the unsubscribe links the worker signs, both write links to the
// web app (whose canonical links use the same address), and the worker and the services use what
// the others put on Redis under REDIS_PREFIX (the services: their events-<app> queue, which the
// worker fills from the events queue; site only opens it). The services check the
// gateway's identity assertions with the one public key. The web app does not start without
// GATEWAY_URL.
const SHARED_ENV = {
  EMAIL_LINK_SECRET: ['users', 'worker'],
  PUBLIC_URL: ['users', 'worker', 'web'],
  REDIS_URL: [
    'gateway',
    'users',
    'worker',
    'posts',
    'me-answers',
    'private-questions',
    'reactions',
    'feed-messages',
    'files',
    'site',
  ],
  REDIS_PREFIX: [
    'gateway',
    'users',
    'worker',
    'posts',
    'me-answers',
    'private-questions',
    'reactions',
    'feed-messages',
    'files',
    'site',
  ],
  IDENTITY_PUBLIC_KEY: [
    'users',
    'posts',
    'me-answers',
    'private-questions',
    'reactions',
    'feed-messages',
    'site',
    'files',
  ],
  GATEWAY_URL: ['web'],
};

// The app a URL variable must lead to (the Service's pods are that app's): the gateway's
// <APP>_SERVICE_URL lead to <app> (added below from SERVICE_APPS).
const URL_TARGETS = { GATEWAY_URL: 'gateway', WORKER_URL: 'worker' };

// The health paths each app serves: the Nest apps (gateway, service apps, worker) have
// libs/server/http's /health/live and /health/ready; the web server (apps/web/server/main.ts) its
// own two (ready: 503 once stopping): any other path is a page of the site (rendered, calling the
// gateway), which says nothing of the pod's health. A probe elsewhere never succeeds, or checks
// nothing.
const NEST_HEALTH_PATHS = ['/health/live', '/health/ready'];
const HEALTH_PATHS = {
  gateway: NEST_HEALTH_PATHS,
  worker: NEST_HEALTH_PATHS,
  web: ['/health/live', '/health/ready'],
};

// The queues each app consumes, for KEDA's triggers: the worker's from
// apps/worker/src/processors.ts (`queue.process(QUEUES.email, ...)`, `.process('events-worker', ...)`,
// with QUEUES of libs/contracts/src/events.ts); a service app its events-<app> queue.
const EVENTS_FILE = 'libs/contracts/src/events.ts';
const PROCESSORS_FILE = 'apps/worker/src/processors.ts';
const workerQueues = (() => {
  try {
    const block = /export const QUEUES\s*=\s*\{([^}]*)\}/.exec(
      readFileSync(join(repoRoot, EVENTS_FILE), 'utf8'),
    )?.[1];
    const names = new Map(
      [...(block ?? '').matchAll(/([A-Za-z_$][\w$]*)\s*:\s*['"]([\w-]+)['"]/g)].map((m) => [
        m[1],
        m[2],
      ]),
    );
    const code = readFileSync(join(repoRoot, PROCESSORS_FILE), 'utf8');
    const queues = [...code.matchAll(/\.process\(\s*(?:QUEUES\.(\w+)|['"]([\w-]+)['"])/g)].map(
      (m) => (m[1] ? names.get(m[1]) : m[2]),
    );
    return queues.length > 0 && queues.every(Boolean) ? new Set(queues) : undefined;
  } catch {
    return undefined;
  }
})();
if (!workerQueues)
  report(PROCESSORS_FILE, `cannot read the worker's queues (with QUEUES of ${EVENTS_FILE})`);
const queuesOf = (app) =>
  app === 'worker' ? workerQueues : serviceApps?.has(app) ? new Set([`events-${app}`]) : undefined;

// What a stop may take (libs/server/config/src/config.ts, shutdownEnv; the gateway's upstream wait,
// apps/gateway/src/gateway.config.ts), and the time kept between the app's own bound and the
// kubelet's SIGKILL: logs flushed, the exit seen.
const SHUTDOWN_TIMEOUT_DEFAULT_MS = 25_000;
const UPSTREAM_TIMEOUT_DEFAULT_MS = 30_000;
const SHUTDOWN_MARGIN_SECONDS = 5;

// Where a URL's port is not written: the clients' defaults (nodemailer: 587 for smtp://).
const DEFAULT_PORTS = {
  postgres: 5432,
  postgresql: 5432,
  redis: 6379,
  rediss: 6379,
  smtp: 587,
  smtps: 465,
};
// Variables that name a server outside the namespace: whoever is given one must reach it.
const EXTERNAL_URL_VARIABLES = { DATABASE_URL: 'PostgreSQL', REDIS_URL: 'Redis', SMTP_URL: 'SMTP' };
// The apps that call an HTTPS API outside the cluster (no variable of theirs says so: S3_BUCKET and
// TWILIO_FROM are read by every pod from mepedia-config).
const EXTERNAL_HTTPS = {
  files: 'the S3 bucket',
  posts: 'Google Cloud Translation',
  worker: 'the Twilio API',
};

// The metrics the apps serve (libs/server/config/src/metrics.ts: `new Histogram({ name: ... })`),
// with a histogram's _bucket, _sum and _count series, and prom-client's default ones.
const METRICS_FILE = 'libs/server/config/src/metrics.ts';
const PROM_CLIENT_DEFAULT_METRICS = [
  'process_cpu_user_seconds_total',
  'process_cpu_system_seconds_total',
  'process_cpu_seconds_total',
  'process_start_time_seconds',
  'process_resident_memory_bytes',
  'process_virtual_memory_bytes',
  'process_heap_bytes',
  'process_open_fds',
  'process_max_fds',
  'nodejs_eventloop_lag_seconds',
  'nodejs_eventloop_lag_min_seconds',
  'nodejs_eventloop_lag_max_seconds',
  'nodejs_eventloop_lag_mean_seconds',
  'nodejs_eventloop_lag_stddev_seconds',
  'nodejs_eventloop_lag_p50_seconds',
  'nodejs_eventloop_lag_p90_seconds',
  'nodejs_eventloop_lag_p99_seconds',
  'nodejs_active_resources',
  'nodejs_active_resources_total',
  'nodejs_active_handles',
  'nodejs_active_handles_total',
  'nodejs_active_requests',
  'nodejs_active_requests_total',
  'nodejs_heap_size_total_bytes',
  'nodejs_heap_size_used_bytes',
  'nodejs_external_memory_bytes',
  'nodejs_heap_space_size_total_bytes',
  'nodejs_heap_space_size_used_bytes',
  'nodejs_heap_space_size_available_bytes',
  'nodejs_version_info',
  'nodejs_gc_duration_seconds_bucket',
  'nodejs_gc_duration_seconds_sum',
  'nodejs_gc_duration_seconds_count',
];
const knownMetrics = (() => {
  try {
    const code = readFileSync(join(repoRoot, METRICS_FILE), 'utf8');
    const own = [
      ...code.matchAll(
        /new (Histogram|Summary|Counter|Gauge)\(\{\s*name:\s*['"]([a-zA-Z_:][\w:]*)['"]/g,
      ),
    ].flatMap(([, type, name]) =>
      type === 'Histogram'
        ? [`${name}_bucket`, `${name}_sum`, `${name}_count`]
        : type === 'Summary'
          ? [name, `${name}_sum`, `${name}_count`]
          : [name],
    );
    return own.length > 0 ? new Set([...own, ...PROM_CLIENT_DEFAULT_METRICS]) : undefined;
  } catch {
    return undefined;
  }
})();
if (!knownMetrics)
  report(METRICS_FILE, 'cannot read the metric names the dashboard check relies on');
const healthPathsOf = (workload) =>
  HEALTH_PATHS[workload.metadata?.name] ??
  (podLabelsOf(workload)['app.kubernetes.io/component'] === 'service'
    ? NEST_HEALTH_PATHS
    : undefined);

/**
 * Where a container's variable comes from: the `env` entry, else the last `envFrom` source that has
 * the key; undefined when nothing sets it. `id` compares, `text` describes (never a literal value).
 */
function envSource(container, variable, namespace, find) {
  const entry = (container.env ?? []).findLast((e) => e.name === variable);
  if (entry) {
    const from = entry.valueFrom;
    const text = from?.secretKeyRef
      ? `Secret ${from.secretKeyRef.name} key ${from.secretKeyRef.key}`
      : from?.configMapKeyRef
        ? `ConfigMap ${from.configMapKeyRef.name} key ${from.configMapKeyRef.key}`
        : from
          ? `env valueFrom ${JSON.stringify(from)}`
          : 'a value written in its env';
    return { id: from ? text : `value ${JSON.stringify(entry.value ?? '')}`, text };
  }
  let source;
  for (const from of container.envFrom ?? []) {
    const prefix = from.prefix ?? '';
    if (!variable.startsWith(prefix)) continue;
    const key = variable.slice(prefix.length);
    const ref = from.configMapRef ?? from.secretRef;
    const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
    const object = ref ? find(kind, ref.name, namespace) : undefined;
    const keys = object
      ? new Set([...Object.keys(object.data ?? {}), ...Object.keys(object.stringData ?? {})])
      : kind === 'Secret'
        ? templateSecrets.get(ref?.name)
        : undefined;
    if (keys?.has(key)) source = { id: `${kind} ${ref.name} key ${key}` };
  }
  return source && { ...source, text: source.id };
}

/** `http://users`, `http://worker:8080/x`: a Service of the same namespace, by its short name. */
function inClusterUrl(value) {
  const url = /^(https?):\/\/([a-z0-9]([-a-z0-9]*[a-z0-9])?)(:(\d+))?(\/.*)?$/.exec(String(value));
  return url
    ? { service: url[2], port: Number(url[5] ?? (url[1] === 'https' ? 443 : 80)) }
    : undefined;
}

const readsConfigMap = (workload, name) =>
  containersOf(workload).some(
    (c) =>
      (c.envFrom ?? []).some((f) => f.configMapRef?.name === name) ||
      (c.env ?? []).some((e) => e.valueFrom?.configMapKeyRef?.name === name),
  );

/** A LabelSelector (matchLabels and matchExpressions) against labels; `{}` selects everything. */
function labelSelectorMatches(selector, labels = {}) {
  if (!selector || typeof selector !== 'object') return false;
  const has = (key) => Object.prototype.hasOwnProperty.call(labels, key);
  return (
    Object.entries(selector.matchLabels ?? {}).every(([k, v]) => labels[k] === v) &&
    (selector.matchExpressions ?? []).every(({ key, operator, values = [] }) => {
      if (operator === 'In') return has(key) && values.includes(labels[key]);
      if (operator === 'NotIn') return !has(key) || !values.includes(labels[key]);
      if (operator === 'Exists') return has(key);
      if (operator === 'DoesNotExist') return !has(key);
      return false;
    })
  );
}

/** A NetworkPolicy's directions: as given, else Ingress, and Egress when it has egress rules. */
const policyTypesOf = (policy) =>
  policy.spec?.policyTypes ?? ['Ingress', ...(policy.spec?.egress ? ['Egress'] : [])];

/** The number of a container port of `pod` by name (or the number itself). */
const portNumberOn = (pod, port) =>
  typeof port === 'string'
    ? containersOf(pod)
        .flatMap((c) => c.ports ?? [])
        .find((q) => q.name === port)?.containerPort
    : port;

/**
 * Whether the NetworkPolicies let pods of `source` open a connection on `port` (a number) and
 * `protocol` to `to`: `{ pod, namespaceLabels }` for pods of the namespace (podSelector peers, and
 * namespaceSelector ones against the namespace's labels when known; an ipBlock does not count,
 * pod addresses being the CNI's), or `{ outside: true, namespaceLabels?, ownNamespace? }` for a
 * server elsewhere (an ipBlock counts; a namespaceSelector when it matches `namespaceLabels`, or,
 * without them, when it is not just `ownNamespace`). No policy with Egress selecting the pods:
 * everything is allowed.
 */
function egressAdmits(policies, source, to, port, protocol = 'TCP') {
  const selecting = policies.filter(
    (policy) =>
      policyTypesOf(policy).includes('Egress') &&
      labelSelectorMatches(policy.spec?.podSelector ?? {}, podLabelsOf(source)),
  );
  if (selecting.length === 0) return true;
  const portAdmits = (rulePort) => {
    if ((rulePort.protocol ?? 'TCP') !== protocol) return false;
    if (rulePort.port === undefined) return true;
    // A named port is the destination pod's; a server outside has none.
    const from = to.pod
      ? portNumberOn(to.pod, rulePort.port)
      : typeof rulePort.port === 'number'
        ? rulePort.port
        : undefined;
    return from !== undefined && port >= from && port <= (rulePort.endPort ?? from);
  };
  const peerAdmits = (peer) => {
    if (peer.ipBlock) return !!to.outside;
    if (peer.namespaceSelector) {
      const namespaceOk = to.namespaceLabels
        ? labelSelectorMatches(peer.namespaceSelector, to.namespaceLabels)
        : to.outside
          ? !(
              to.ownNamespace &&
              !peer.namespaceSelector.matchExpressions &&
              peer.namespaceSelector.matchLabels?.['kubernetes.io/metadata.name'] ===
                to.ownNamespace
            )
          : true;
      if (!namespaceOk) return false;
      return to.pod ? labelSelectorMatches(peer.podSelector ?? {}, podLabelsOf(to.pod)) : true;
    }
    // A podSelector alone: pods of the source's own namespace.
    return !!to.pod && labelSelectorMatches(peer.podSelector ?? {}, podLabelsOf(to.pod));
  };
  return selecting.some((policy) =>
    (policy.spec?.egress ?? []).some(
      (rule) =>
        ((rule.to ?? []).length === 0 || rule.to.some(peerAdmits)) &&
        ((rule.ports ?? []).length === 0 || rule.ports.some(portAdmits)),
    ),
  );
}

/**
 * The value a container's variable gets, when the tree knows it: a literal, a ConfigMap key here, a
 * Secret key here or the placeholder of a *.template.yaml (which shows the form, e.g. the port).
 */
function envValue(container, variable, namespace, find) {
  const secretValue = (name, key) => {
    const secret = find('Secret', name, namespace);
    if (secret?.stringData?.[key] !== undefined) return String(secret.stringData[key]);
    if (secret?.data?.[key] !== undefined)
      return Buffer.from(String(secret.data[key]), 'base64').toString('utf8');
    return templateSecrets.get(name)?.get(key);
  };
  const entry = (container.env ?? []).findLast((e) => e.name === variable);
  if (entry) {
    if (entry.value !== undefined) return String(entry.value);
    const cm = entry.valueFrom?.configMapKeyRef;
    if (cm) return find('ConfigMap', cm.name, namespace)?.data?.[cm.key];
    const sk = entry.valueFrom?.secretKeyRef;
    return sk ? secretValue(sk.name, sk.key) : undefined;
  }
  let value;
  for (const from of container.envFrom ?? []) {
    const prefix = from.prefix ?? '';
    if (!variable.startsWith(prefix)) continue;
    const key = variable.slice(prefix.length);
    const found = from.configMapRef
      ? find('ConfigMap', from.configMapRef.name, namespace)?.data?.[key]
      : from.secretRef
        ? secretValue(from.secretRef.name, key)
        : undefined;
    if (found !== undefined) value = found;
  }
  return value;
}

/** The port of a URL such as postgres://u:p@host:5432/db, or its scheme's default. */
function urlPort(value, fallback) {
  const url = /^([a-z][a-z0-9+.-]*):\/\/(?:[^@/]*@)?(?:\[[^\]]*\]|[^:/?#]*)(?::(\d+))?/i.exec(
    String(value ?? ''),
  );
  if (!url) return fallback;
  return url[2] ? Number(url[2]) : (DEFAULT_PORTS[url[1].toLowerCase()] ?? fallback);
}

/** The ingress policies that select `target`'s pods, and a test of a rule's ports for `port`. */
function ingressPoliciesFor(policies, target, port) {
  const numberOf = (p) =>
    typeof p === 'string'
      ? containersOf(target)
          .flatMap((c) => c.ports ?? [])
          .find((q) => q.name === p)?.containerPort
      : p;
  const wanted = numberOf(port);
  const selecting = policies.filter(
    (policy) =>
      policyTypesOf(policy).includes('Ingress') &&
      labelSelectorMatches(policy.spec?.podSelector ?? {}, podLabelsOf(target)),
  );
  const portAdmits = (rulePort) => {
    if (rulePort.port === undefined) return true;
    const from = numberOf(rulePort.port);
    return (
      from !== undefined &&
      wanted !== undefined &&
      wanted >= from &&
      wanted <= (rulePort.endPort ?? from)
    );
  };
  const portsAdmit = (rule) => (rule.ports ?? []).length === 0 || rule.ports.some(portAdmits);
  return { selecting, portsAdmit };
}

/**
 * Whether the NetworkPolicies let pods of `reader` into pods of `target` on `port` (a number or a
 * port name of the target's containers). Same-namespace podSelector peers are evaluated, and a
 * namespaceSelector against `namespaceLabels` (the labels of the pods' namespace, with the
 * kubernetes.io/metadata.name label Kubernetes gives each one); when those are unknown, or the
 * selector uses matchExpressions, the peer counts as letting it in.
 */
function admits(policies, target, reader, port, namespaceLabels) {
  const { selecting, portsAdmit } = ingressPoliciesFor(policies, target, port);
  if (selecting.length === 0) return true;
  const peerAdmits = (peer) => {
    if (peer.ipBlock) return false;
    const nsSelector = peer.namespaceSelector;
    if (nsSelector) {
      const labels = nsSelector.matchLabels ?? {};
      if (nsSelector.matchExpressions) return true;
      if (Object.keys(labels).length > 0) {
        if (!namespaceLabels) return true;
        if (!Object.entries(labels).every(([k, v]) => namespaceLabels[k] === v)) return false;
      }
    }
    const podSelector = peer.podSelector;
    if (!podSelector) return true;
    if (podSelector.matchExpressions) return true;
    return Object.entries(podSelector.matchLabels ?? {}).every(
      ([k, v]) => podLabelsOf(reader)[k] === v,
    );
  };
  return selecting.some((policy) =>
    (policy.spec?.ingress ?? []).some(
      (rule) => ((rule.from ?? []).length === 0 || rule.from.some(peerAdmits)) && portsAdmit(rule),
    ),
  );
}

/**
 * Whether the NetworkPolicies let something outside the namespace (the ingress controller) into
 * pods of `target` on `port`: a rule without `from`, or with an ipBlock or a namespaceSelector that
 * is not just this namespace (`namespaceName`, when known).
 */
function admitsFromOutside(policies, target, port, namespaceName) {
  const { selecting, portsAdmit } = ingressPoliciesFor(policies, target, port);
  if (selecting.length === 0) return true;
  const outside = (peer) => {
    if (peer.ipBlock) return true;
    const labels = peer.namespaceSelector?.matchLabels;
    if (!peer.namespaceSelector) return false;
    return !(
      namespaceName &&
      !peer.namespaceSelector.matchExpressions &&
      labels?.['kubernetes.io/metadata.name'] === namespaceName
    );
  };
  return selecting.some((policy) =>
    (policy.spec?.ingress ?? []).some(
      (rule) => ((rule.from ?? []).length === 0 || rule.from.some(outside)) && portsAdmit(rule),
    ),
  );
}

/**
 * `defaultNamespace`: the namespace the root's kustomization puts objects without one in (the
 * unrendered check), so that NetworkPolicy namespaceSelectors can be evaluated.
 */
function crossCheck(entries, label, defaultNamespace = '') {
  const objects = entries.filter(
    (e) => e.object && typeof e.object === 'object' && !Array.isArray(e.object),
  );
  const key = (o) => `${o.kind}/${o.metadata?.namespace ?? ''}/${o.metadata?.name}`;
  const byKey = new Map();
  for (const entry of objects) {
    const k = key(entry.object);
    if (byKey.has(k))
      report(
        entry.where,
        `${label}: ${describe(entry.object)} is defined twice (also in ${byKey.get(k).where})`,
      );
    byKey.set(k, entry);
  }
  const ns = (o) => o.metadata?.namespace ?? '';
  const find = (kind, name, namespace) =>
    objects.find(
      (e) =>
        e.object.kind === kind && e.object.metadata?.name === name && ns(e.object) === namespace,
    )?.object;
  const workloads = (namespace) =>
    objects.map((e) => e.object).filter((o) => WORKLOADS.has(o.kind) && ns(o) === namespace);
  const selected = (selector, namespace) =>
    workloads(namespace).filter((w) => selects(selector, podLabelsOf(w)));
  const namespaceNameOf = (o) => ns(o) || defaultNamespace;
  const namespaceLabelsOf = (o) => {
    const name = namespaceNameOf(o);
    if (!name) return undefined;
    return {
      ...(find('Namespace', name, '')?.metadata?.labels ?? {}),
      'kubernetes.io/metadata.name': name,
    };
  };
  const policiesIn = (namespace) =>
    objects.map((e) => e.object).filter((p) => p.kind === 'NetworkPolicy' && ns(p) === namespace);

  // Mepedia's own rule: the gateway finds each service app by <APP>_SERVICE_URL
  // (serviceUrlVariable in libs/contracts), read from the shared ConfigMap.
  for (const { object: o, where } of objects) {
    if (!WORKLOADS.has(o.kind) || podLabelsOf(o)['app.kubernetes.io/component'] !== 'service')
      continue;
    if (serviceApps && !serviceApps.has(o.metadata?.name)) continue; // reported below
    const config = find('ConfigMap', 'mepedia-config', ns(o));
    const variable = serviceUrlVariable(String(o.metadata?.name));
    if (config && !config.data?.[variable]) {
      report(
        where,
        `${label}: ${describe(o)}: ConfigMap mepedia-config has no ${variable}, so the gateway cannot reach it`,
      );
    }
  }

  if (serviceApps) {
    for (const { object: o, where } of objects) {
      if (
        WORKLOADS.has(o.kind) &&
        podLabelsOf(o)['app.kubernetes.io/component'] === 'service' &&
        !serviceApps.has(o.metadata?.name)
      ) {
        report(
          where,
          `${label}: ${describe(o)}: labelled component: service, but ${ROUTES_FILE} SERVICE_APPS does not list ${o.metadata?.name} (the gateway routes nothing to it; the worker is component: worker)`,
        );
      }
      if (o.kind === 'ConfigMap' && o.metadata?.name === 'mepedia-config') {
        const known = new Set([...serviceApps].map(serviceUrlVariable));
        for (const key of Object.keys(o.data ?? {})) {
          if (key.endsWith('_SERVICE_URL') && !known.has(key))
            report(
              where,
              `${label}: ${describe(o)}: ${key}: the gateway reads no such variable (no such app in ${ROUTES_FILE} SERVICE_APPS)`,
            );
        }
      }
    }
  }

  // Shared variables (SHARED_ENV): one source for all, and present in each app that needs it.
  for (const [variable, apps] of Object.entries(SHARED_ENV)) {
    const sources = []; // { where, at, source }
    for (const { object: o, where } of objects) {
      if (!WORKLOADS.has(o.kind)) continue;
      for (const container of podSpecOf(o)?.containers ?? []) {
        const at = `${describe(o)} container ${container.name}`;
        const source = envSource(container, variable, ns(o), find);
        // A ConfigMap it reads that is not here is reported already; its keys are unknown.
        const unknown = (container.envFrom ?? []).some(
          (f) => f.configMapRef && !find('ConfigMap', f.configMapRef.name, ns(o)),
        );
        if (source) sources.push({ where, at, source });
        else if (apps.includes(o.metadata?.name) && !unknown)
          report(
            where,
            `${label}: ${at}: ${variable} is not set; ${apps.length > 1 ? `${apps.join(' and ')} must all get it (from the same place)` : `${apps[0]} needs it`}`,
          );
      }
    }
    const first = sources[0];
    for (const other of sources.slice(1)) {
      if (other.source.id !== first.source.id)
        report(
          other.where,
          `${label}: ${other.at}: ${variable} comes from ${other.source.text}, but ${first.at} gets it from ${first.source.text}; they must be the same`,
        );
    }
  }

  // In-cluster URLs in a ConfigMap (USERS_SERVICE_URL: http://users, WORKER_URL: http://worker):
  // the Service and port exist, and a NetworkPolicy lets some other pod reading the ConfigMap in.
  for (const { object: config, where } of objects) {
    if (config.kind !== 'ConfigMap') continue;
    for (const [key, value] of Object.entries(config.data ?? {})) {
      const url = inClusterUrl(value);
      if (!key.endsWith('_URL') || !url) continue;
      const at = `${label}: ${describe(config)}: ${key}=${value}`;
      const namespace = ns(config);
      const service = find('Service', url.service, namespace);
      if (!service) {
        report(where, `${at}: there is no Service ${url.service}`);
        continue;
      }
      const number = url.port;
      const port = (service.spec?.ports ?? []).find((p) => p.port === number);
      if (!port) {
        report(where, `${at}: Service ${url.service} has no port ${number}`);
        continue;
      }
      const targets = service.spec?.selector ? selected(service.spec.selector, namespace) : [];
      const app = URL_TARGETS[key] ?? urlTargets.get(key);
      if (
        app &&
        targets.length > 0 &&
        !targets.some(
          (w) => w.metadata?.name === app || podLabelsOf(w)['app.kubernetes.io/name'] === app,
        )
      ) {
        report(
          where,
          `${at}: ${key} must lead to the ${app} app, but Service ${url.service} selects ${targets.map((w) => w.metadata?.name).join(', ')}`,
        );
        continue;
      }
      const readers = workloads(namespace).filter(
        (w) => !targets.includes(w) && readsConfigMap(w, config.metadata?.name),
      );
      if (targets.length === 0 || readers.length === 0) continue;
      const targetPort = port.targetPort ?? port.port;
      const letIn = readers.filter((reader) =>
        targets.every((target) =>
          admits(policiesIn(namespace), target, reader, targetPort, namespaceLabelsOf(reader)),
        ),
      );
      // The same way out: the reader's egress policies must let it send to those pods and port.
      const letOut = letIn.filter((reader) =>
        targets.every((target) => {
          const number = portNumberOn(target, targetPort);
          return (
            number !== undefined &&
            egressAdmits(
              policiesIn(namespace),
              reader,
              { pod: target, namespaceLabels: namespaceLabelsOf(target) },
              number,
            )
          );
        }),
      );
      if (letIn.length === 0)
        report(
          where,
          `${at}: no NetworkPolicy lets any of ${readers.map((r) => r.metadata?.name).join(', ')} reach Service ${url.service}'s pods on port ${port.name ?? number}`,
        );
      else if (letOut.length === 0)
        report(
          where,
          `${at}: ${letIn.map((r) => r.metadata?.name).join(', ')} may enter Service ${url.service}'s pods on port ${port.name ?? number}, but no egress NetworkPolicy lets ${letIn.length > 1 ? 'any of them' : 'it'} send there`,
        );
    }
  }

  // The other way round: a NetworkPolicy that lets pods of this namespace in must be of use: the
  // pods it lets in are given (by a ConfigMap they read, or their env) a URL of a Service of the
  // pods it opens. So the worker, which production's pods never call, stays closed there.
  const urlServicesOf = (w) => {
    const values = [];
    for (const c of containersOf(w)) {
      for (const e of c.env ?? []) {
        if (e.value !== undefined) values.push(e.value);
        const ref = e.valueFrom?.configMapKeyRef;
        if (ref) values.push(find('ConfigMap', ref.name, ns(w))?.data?.[ref.key]);
      }
      for (const f of c.envFrom ?? []) {
        if (f.configMapRef)
          values.push(...Object.values(find('ConfigMap', f.configMapRef.name, ns(w))?.data ?? {}));
      }
    }
    return values
      .map(inClusterUrl)
      .filter(Boolean)
      .map((u) => u.service);
  };
  for (const { object: policy, where } of objects) {
    if (policy.kind !== 'NetworkPolicy') continue;
    const namespace = ns(policy);
    const opened = policy.spec?.podSelector?.matchLabels ?? {};
    if (Object.keys(opened).length === 0 || policy.spec?.podSelector?.matchExpressions) continue;
    const targets = selected(opened, namespace);
    for (const rule of policy.spec?.ingress ?? []) {
      for (const peer of rule.from ?? []) {
        const labels = peer.podSelector?.matchLabels ?? {};
        if (peer.namespaceSelector || peer.podSelector?.matchExpressions) continue;
        if (Object.keys(labels).length === 0) continue;
        for (const source of selected(labels, namespace).filter((w) => !targets.includes(w))) {
          const used = urlServicesOf(source).some((name) => {
            const service = find('Service', name, namespace);
            return (
              !!service?.spec?.selector &&
              targets.some((t) => selects(service.spec.selector, podLabelsOf(t)))
            );
          });
          if (!used)
            report(
              where,
              `${label}: ${describe(policy)}: lets ${describe(source)} in, but no URL it is given names a Service of these pods (an opening nothing uses)`,
            );
        }
      }
    }
  }

  // Every pod (Deployments and Jobs): the restricted security context, and its ways out.
  const hasPods = (o) => WORKLOADS.has(o.kind) || o.kind === 'Job';
  for (const { object: o, where } of objects) {
    if (!hasPods(o)) continue;
    const at = `${label}: ${describe(o)}`;
    const namespace = ns(o);
    const pod = podSpecOf(o) ?? {};
    const podSecurity = pod.securityContext ?? {};
    if (pod.automountServiceAccountToken !== false)
      report(
        where,
        `${at}: automountServiceAccountToken must be false (no pod here talks to the API server)`,
      );
    for (const container of containersOf(o)) {
      const c = `${at}: container ${container.name}`;
      const security = container.securityContext ?? {};
      if ((security.runAsNonRoot ?? podSecurity.runAsNonRoot) !== true)
        report(where, `${c}: runAsNonRoot must be true (the restricted Pod Security Standard)`);
      if (
        !['RuntimeDefault', 'Localhost'].includes(
          (security.seccompProfile ?? podSecurity.seccompProfile)?.type,
        )
      )
        report(
          where,
          `${c}: seccompProfile must be RuntimeDefault (the restricted Pod Security Standard)`,
        );
      if (security.allowPrivilegeEscalation !== false)
        report(
          where,
          `${c}: allowPrivilegeEscalation must be false (the restricted Pod Security Standard)`,
        );
      if (!(security.capabilities?.drop ?? []).includes('ALL'))
        report(where, `${c}: capabilities must drop ALL (the restricted Pod Security Standard)`);
      if (security.readOnlyRootFilesystem !== true)
        report(
          where,
          `${c}: readOnlyRootFilesystem must be true (write to an emptyDir such as /tmp)`,
        );
    }

    const policies = policiesIn(namespace);
    const dns = {
      outside: true,
      namespaceLabels: { 'kubernetes.io/metadata.name': 'kube-system' },
    };
    if (!egressAdmits(policies, o, dns, 53, 'UDP'))
      report(
        where,
        `${at}: no egress NetworkPolicy lets its pods reach DNS (UDP 53 in kube-system)`,
      );
    const outside = { outside: true, ownNamespace: namespaceNameOf(o) };
    for (const container of podSpecOf(o)?.containers ?? []) {
      for (const [variable, what] of Object.entries(EXTERNAL_URL_VARIABLES)) {
        if (!envSource(container, variable, namespace, find)) continue;
        const value = envValue(container, variable, namespace, find);
        const port = urlPort(
          value,
          DEFAULT_PORTS[what === 'PostgreSQL' ? 'postgres' : what === 'Redis' ? 'redis' : 'smtp'],
        );
        if (!egressAdmits(policies, o, outside, port))
          report(
            where,
            `${at}: container ${container.name} is given ${variable}, but no egress NetworkPolicy lets it reach ${what} (TCP ${port}) outside the namespace`,
          );
      }
    }
    const api = o.kind !== 'Job' ? EXTERNAL_HTTPS[o.metadata?.name] : undefined;
    if (api && !egressAdmits(policies, o, outside, 443))
      report(
        where,
        `${at}: calls ${api}, but no egress NetworkPolicy lets it reach HTTPS (TCP 443) outside the namespace`,
      );
  }

  // Metrics: what Prometheus scrapes (the pods' prometheus.io/* annotations) is the port the app
  // serves /metrics on (METRICS_PORT), a port of its own that no Service exposes, open to another
  // namespace (Prometheus'); and an app given METRICS_PORT is scraped.
  for (const { object: o, where } of objects) {
    if (!WORKLOADS.has(o.kind)) continue;
    const at = `${label}: ${describe(o)}`;
    const namespace = ns(o);
    const annotations = o.spec?.template?.metadata?.annotations ?? {};
    const scraped = annotations['prometheus.io/scrape'] === 'true';
    const containers = podSpecOf(o)?.containers ?? [];
    const served = containers
      .map((c) => ({ c, value: envValue(c, 'METRICS_PORT', namespace, find) }))
      .filter(({ value }) => value !== undefined && value !== '');
    if (!scraped) {
      for (const { c, value } of served)
        report(
          where,
          `${at}: container ${c.name} serves metrics (METRICS_PORT=${value}), but the pod template has no prometheus.io/scrape: 'true' annotation`,
        );
      continue;
    }
    const port = Number(annotations['prometheus.io/port']);
    if (!Number.isInteger(port)) {
      report(where, `${at}: prometheus.io/port must name the metrics port (a number)`);
      continue;
    }
    if ((annotations['prometheus.io/path'] ?? '/metrics') !== '/metrics')
      report(
        where,
        `${at}: prometheus.io/path is ${annotations['prometheus.io/path']}, but the apps serve /metrics`,
      );
    if (!portNumbersOf(o).has(port))
      report(where, `${at}: prometheus.io/port ${port} is not a containerPort of its containers`);
    if (!served.some(({ value }) => Number(value) === port))
      report(
        where,
        `${at}: prometheus.io/port is ${port}, but ${served.length > 0 ? `METRICS_PORT is ${served.map(({ value }) => value).join(', ')}` : 'no container gets METRICS_PORT'}`,
      );
    for (const service of objects
      .map((e) => e.object)
      .filter((x) => x.kind === 'Service' && ns(x) === namespace)) {
      if (!service.spec?.selector || !selects(service.spec.selector, podLabelsOf(o))) continue;
      for (const servicePort of service.spec.ports ?? []) {
        if (portNumberOn(o, servicePort.targetPort ?? servicePort.port) === port)
          report(
            where,
            `${at}: Service ${service.metadata?.name} exposes the metrics port ${port}; keep /metrics off the Services (and the Ingress)`,
          );
      }
    }
    if (!admitsFromOutside(policiesIn(namespace), o, port, namespaceNameOf(o)))
      report(
        where,
        `${at}: no NetworkPolicy lets Prometheus (another namespace) reach its metrics port ${port}`,
      );
  }

  // Shutdown: the kubelet waits terminationGracePeriodSeconds from the start of the preStop hook,
  // then kills; the app's own bound (SHUTDOWN_TIMEOUT_MS) starts at SIGTERM, after the hook.
  for (const { object: o, where } of objects) {
    if (!WORKLOADS.has(o.kind)) continue;
    const at = `${label}: ${describe(o)}`;
    const namespace = ns(o);
    const grace = podSpecOf(o)?.terminationGracePeriodSeconds ?? 30;
    for (const container of podSpecOf(o)?.containers ?? []) {
      const preStop = container.lifecycle?.preStop;
      const command = (preStop?.exec?.command ?? []).join(' ');
      const sleep = Number(
        preStop?.sleep?.seconds ?? /\bsleep\s+(\d+(?:\.\d+)?)\b/.exec(command)?.[1] ?? 0,
      );
      const raw = envValue(container, 'SHUTDOWN_TIMEOUT_MS', namespace, find);
      const timeoutMs = raw === undefined || raw === '' ? SHUTDOWN_TIMEOUT_DEFAULT_MS : Number(raw);
      if (!Number.isFinite(timeoutMs)) {
        report(
          where,
          `${at}: container ${container.name}: SHUTDOWN_TIMEOUT_MS ${raw} is not a number`,
        );
        continue;
      }
      const needed = sleep + timeoutMs / 1000 + SHUTDOWN_MARGIN_SECONDS;
      if (needed > grace)
        report(
          where,
          `${at}: container ${container.name}: preStop ${sleep} s + SHUTDOWN_TIMEOUT_MS ${timeoutMs / 1000} s + ${SHUTDOWN_MARGIN_SECONDS} s of margin = ${needed} s, over terminationGracePeriodSeconds ${grace}: the kubelet kills it before its stop ends`,
        );
      if (o.metadata?.name === 'gateway') {
        const upstream = envValue(container, 'UPSTREAM_TIMEOUT_MS', namespace, find);
        const upstreamMs =
          upstream === undefined || upstream === ''
            ? UPSTREAM_TIMEOUT_DEFAULT_MS
            : Number(upstream);
        if (timeoutMs < upstreamMs)
          report(
            where,
            `${at}: SHUTDOWN_TIMEOUT_MS ${timeoutMs} is below UPSTREAM_TIMEOUT_MS ${upstreamMs}: a request waiting on a slow service is cut off at shutdown`,
          );
      }
    }
  }

  // Migrations Jobs: each app given a DATABASE_URL has one Job running its migrate entry, with its
  // image and the same database.
  const MIGRATE_ENTRY = /^(?:\/app\/)?dist\/apps\/([a-z0-9-]+)\/src\/migrate\.js$/;
  const migrationsAppOf = (job) => {
    for (const container of podSpecOf(job)?.containers ?? []) {
      for (const arg of [...(container.command ?? []), ...(container.args ?? [])]) {
        const match = MIGRATE_ENTRY.exec(String(arg));
        if (match) return { app: match[1], container };
      }
    }
    return undefined;
  };
  const migrationJobs = objects.filter((e) => e.object.kind === 'Job' && migrationsAppOf(e.object));
  const dbContainerOf = (w) =>
    (podSpecOf(w)?.containers ?? []).find((c) => envSource(c, 'DATABASE_URL', ns(w), find));
  for (const { object: job, where } of migrationJobs) {
    const at = `${label}: ${describe(job)}`;
    const { app, container } = migrationsAppOf(job);
    if (!existsSync(join(repoRoot, 'apps', app, 'src', 'migrate.ts')))
      report(
        where,
        `${at}: runs dist/apps/${app}/src/migrate.js, but there is no apps/${app}/src/migrate.ts to build it from`,
      );
    for (const field of ['backoffLimit', 'activeDeadlineSeconds', 'ttlSecondsAfterFinished'])
      if (job.spec?.[field] === undefined) report(where, `${at}: set spec.${field}`);
    const deployment = workloads(ns(job)).find((w) => w.metadata?.name === app);
    const appContainer = deployment && dbContainerOf(deployment);
    if (!appContainer) {
      report(where, `${at}: migrates ${app}, but no workload ${app} here is given a DATABASE_URL`);
      continue;
    }
    if (container.image !== appContainer.image)
      report(
        where,
        `${at}: image ${container.image}, but ${describe(deployment)} runs ${appContainer.image}; the migrations must be the release's`,
      );
    const jobSource = envSource(container, 'DATABASE_URL', ns(job), find);
    const appSource = envSource(appContainer, 'DATABASE_URL', ns(job), find);
    if (!jobSource)
      report(
        where,
        `${at}: DATABASE_URL is not set (without it migrate.js migrates an embedded PGlite)`,
      );
    else if (jobSource.id !== appSource.id)
      report(
        where,
        `${at}: DATABASE_URL comes from ${jobSource.text}, but ${describe(deployment)} gets it from ${appSource.text}`,
      );
  }
  for (const { object: o, where } of objects) {
    if (!WORKLOADS.has(o.kind) || !dbContainerOf(o)) continue;
    const jobs = migrationJobs.filter(
      (e) => ns(e.object) === ns(o) && migrationsAppOf(e.object).app === o.metadata?.name,
    );
    if (jobs.length !== 1)
      report(
        where,
        `${label}: ${describe(o)}: is given a DATABASE_URL, so it needs exactly one migrations Job running node dist/apps/${o.metadata?.name}/src/migrate.js (found ${jobs.length})`,
      );
  }
  // A Job's pods are no replica: no Service may send them traffic, no PDB count them.
  for (const { object: job, where } of objects) {
    if (job.kind !== 'Job') continue;
    for (const other of objects.map((e) => e.object)) {
      const selector =
        other.kind === 'Service'
          ? other.spec?.selector
          : other.kind === 'PodDisruptionBudget'
            ? other.spec?.selector?.matchLabels
            : undefined;
      if (ns(other) === ns(job) && selector && selects(selector, podLabelsOf(job)))
        report(
          where,
          `${label}: ${describe(job)}: its pods are selected by ${describe(other)}; give them labels of their own`,
        );
    }
  }

  // KEDA: a ScaledObject scales an existing Deployment that no HPA also scales, on the queues that
  // app consumes (BullMQ's wait list <REDIS_PREFIX>:<queue>:wait), one trigger each, with a
  // TriggerAuthentication that reads keys the Secret has.
  for (const { object: scaled, where } of objects) {
    if (scaled.kind !== 'ScaledObject' || !scaled.spec) continue;
    const at = `${label}: ${describe(scaled)}`;
    const namespace = ns(scaled);
    const ref = scaled.spec.scaleTargetRef ?? {};
    const kind = ref.kind ?? 'Deployment';
    const target = find(kind, ref.name, namespace);
    if (!target) {
      report(where, `${at}: scaleTargetRef ${kind} ${ref.name} does not exist`);
      continue;
    }
    if (target.spec?.replicas !== undefined)
      report(
        where,
        `${at}: ${describe(target)} sets spec.replicas, which fights the autoscaler on every apply`,
      );
    for (const hpa of objects.map((e) => e.object)) {
      const hpaRef = hpa.spec?.scaleTargetRef;
      if (
        hpa.kind === 'HorizontalPodAutoscaler' &&
        ns(hpa) === namespace &&
        hpaRef?.kind === kind &&
        hpaRef?.name === ref.name
      )
        report(
          where,
          `${at}: ${describe(hpa)} scales ${kind} ${ref.name} too; two autoscalers fight (delete the HPA where the ScaledObject is added)`,
        );
    }
    const container = (podSpecOf(target)?.containers ?? [])[0];
    const prefix = (container && envValue(container, 'REDIS_PREFIX', namespace, find)) || 'mepedia';
    const consumed = queuesOf(target.metadata?.name);
    const triggered = new Map();
    for (const [i, trigger] of (scaled.spec.triggers ?? []).entries()) {
      if (trigger?.type !== 'redis') continue;
      const t = `${at}: triggers[${i}]`;
      const listName = String(trigger.metadata?.listName ?? '');
      const match = /^(.*):([^:]+):wait$/.exec(listName);
      if (!match || match[1] !== prefix)
        report(
          where,
          `${t}: listName ${listName} is not ${prefix}:<queue>:wait (BullMQ's wait list under REDIS_PREFIX ${prefix})`,
        );
      else if (!consumed)
        report(
          where,
          `${t}: the queues ${target.metadata?.name} consumes are not known to this check`,
        );
      else if (!consumed.has(match[2]))
        report(
          where,
          `${t}: ${target.metadata?.name} consumes no queue ${match[2]} (it consumes ${[...consumed].join(', ')})`,
        );
      else if (triggered.has(match[2]))
        report(where, `${t}: a second trigger for the queue ${match[2]}`);
      if (match) triggered.set(match[2], true);
      const auth = trigger.authenticationRef;
      const authObject =
        auth && (auth.kind ?? 'TriggerAuthentication') === 'TriggerAuthentication'
          ? find('TriggerAuthentication', auth.name, namespace)
          : undefined;
      if (auth && (auth.kind ?? 'TriggerAuthentication') === 'TriggerAuthentication' && !authObject)
        report(where, `${t}: authenticationRef ${auth.name} is no TriggerAuthentication here`);
      const parameters = new Set((authObject?.spec?.secretTargetRef ?? []).map((r) => r.parameter));
      const metadata = trigger.metadata ?? {};
      const hasServer =
        ['address', 'addressFromEnv', 'host', 'hostFromEnv'].some((k) => metadata[k]) ||
        parameters.has('address') ||
        parameters.has('host');
      if (!hasServer && !(auth && !authObject))
        report(
          where,
          `${t}: no address or host for Redis (in metadata, or a TriggerAuthentication parameter)`,
        );
      for (const parameter of parameters)
        if (!REDIS_AUTH_PARAMETERS.has(parameter))
          report(
            where,
            `${t}: TriggerAuthentication ${auth.name} gives ${parameter}, which the redis scaler does not take`,
          );
    }
    for (const queue of consumed ?? [])
      if (!triggered.has(queue))
        report(
          where,
          `${at}: ${target.metadata?.name} consumes the queue ${queue}, but no trigger watches ${prefix}:${queue}:wait`,
        );
  }
  for (const { object: auth, where } of objects) {
    if (auth.kind !== 'TriggerAuthentication') continue;
    for (const ref of auth.spec?.secretTargetRef ?? []) {
      const secret = find('Secret', ref.name, ns(auth));
      const keys = secret
        ? new Set([...Object.keys(secret.data ?? {}), ...Object.keys(secret.stringData ?? {})])
        : templateSecrets.get(ref.name);
      if (!keys)
        report(
          where,
          `${label}: ${describe(auth)}: reads Secret ${ref.name}, which is neither here nor in a *.template.yaml`,
        );
      else if (!keys.has(ref.key))
        report(
          where,
          `${label}: ${describe(auth)}: ${ref.parameter} reads key ${ref.key}, which Secret ${ref.name} does not have`,
        );
    }
  }

  for (const { object: o, where } of objects) {
    const at = `${label}: ${describe(o)}`;
    const namespace = ns(o);
    if (WORKLOADS.has(o.kind) || o.kind === 'Job') {
      const matchLabels = o.spec?.selector?.matchLabels;
      if (WORKLOADS.has(o.kind) && !selects(matchLabels, podLabelsOf(o))) {
        report(where, `${at}: spec.selector.matchLabels does not match the pod template's labels`);
      }
      const ports = portNamesOf(o);
      for (const container of containersOf(o)) {
        const c = `${at}: container ${container.name}`;
        if (!container.image) report(where, `${c}: no image`);
        const healthPaths = WORKLOADS.has(o.kind) ? healthPathsOf(o) : undefined;
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
          if (typeof port === 'string' && !ports.has(port))
            report(where, `${c}: ${probe} uses port "${port}", which no container declares`);
          const path = container[probe]?.httpGet?.path;
          if (healthPaths && path !== undefined && !healthPaths.includes(path))
            report(
              where,
              `${c}: ${probe} asks ${path}, which ${o.metadata?.name} does not serve (it has ${healthPaths.join(', ')})`,
            );
        }
        const portVariable = (container.env ?? []).findLast((e) => e.name === 'PORT');
        if (
          portVariable?.value !== undefined &&
          !(container.ports ?? []).some((p) => String(p.containerPort) === portVariable.value)
        )
          report(
            where,
            `${c}: listens on PORT=${portVariable.value}, which is not a containerPort of it (the Service and probes would miss it)`,
          );
        const names = new Set();
        for (const variable of container.env ?? []) {
          if (names.has(variable.name)) report(where, `${c}: env ${variable.name} is set twice`);
          names.add(variable.name);
          const ref = variable.valueFrom?.configMapKeyRef ?? variable.valueFrom?.secretKeyRef;
          if (!ref || ref.optional) continue;
          const kind = variable.valueFrom.configMapKeyRef ? 'ConfigMap' : 'Secret';
          const source = find(kind, ref.name, namespace);
          const keys = source
            ? new Set([
                ...Object.keys(source.data ?? {}),
                ...Object.keys(source.stringData ?? {}),
                ...Object.keys(source.binaryData ?? {}),
              ])
            : kind === 'Secret'
              ? templateSecrets.get(ref.name)
              : undefined;
          if (!keys)
            report(
              where,
              `${c}: env ${variable.name} reads ${kind} ${ref.name}, which is neither here nor in a *.template.yaml`,
            );
          else if (!keys.has(ref.key))
            report(
              where,
              `${c}: env ${variable.name} reads key ${ref.key}, which ${kind} ${ref.name} does not have`,
            );
        }
        for (const from of container.envFrom ?? []) {
          const ref = from.configMapRef ?? from.secretRef;
          if (!ref || ref.optional) continue;
          const kind = from.configMapRef ? 'ConfigMap' : 'Secret';
          if (
            !find(kind, ref.name, namespace) &&
            !(kind === 'Secret' && templateSecrets.has(ref.name))
          ) {
            report(
              where,
              `${c}: envFrom reads ${kind} ${ref.name}, which is neither here nor in a *.template.yaml`,
            );
          }
        }
        const mounts = new Set((podSpecOf(o).volumes ?? []).map((v) => v.name));
        for (const mount of container.volumeMounts ?? []) {
          if (!mounts.has(mount.name))
            report(where, `${c}: volumeMount ${mount.name} has no volume`);
        }
      }
    }
    if (o.kind === 'Service' && o.spec?.selector) {
      const targets = selected(o.spec.selector, namespace);
      if (targets.length === 0) report(where, `${at}: its selector matches no workload's pods`);
      for (const port of o.spec.ports ?? []) {
        const target = port.targetPort ?? port.port;
        const known = targets.some((w) =>
          typeof target === 'string' ? portNamesOf(w).has(target) : portNumbersOf(w).has(target),
        );
        if (targets.length > 0 && !known)
          report(
            where,
            `${at}: port ${port.name ?? port.port} targets ${target}, which the selected pods do not declare`,
          );
      }
    }
    if (o.kind === 'HorizontalPodAutoscaler') {
      const ref = o.spec?.scaleTargetRef ?? {};
      const target = find(ref.kind, ref.name, namespace);
      if (!target) report(where, `${at}: scaleTargetRef ${ref.kind} ${ref.name} does not exist`);
      if ((o.spec?.minReplicas ?? 1) > o.spec?.maxReplicas)
        report(where, `${at}: minReplicas is above maxReplicas`);
      if (target && target.spec?.replicas !== undefined) {
        report(
          where,
          `${at}: ${describe(target)} sets spec.replicas, which fights the autoscaler on every apply`,
        );
      }
      for (const metric of o.spec?.metrics ?? []) {
        const resource = metric.resource?.name;
        if (
          target &&
          metric.type === 'Resource' &&
          metric.resource?.target?.type === 'Utilization'
        ) {
          for (const container of podSpecOf(target)?.containers ?? []) {
            if (!container.resources?.requests?.[resource]) {
              report(
                where,
                `${at}: scales on ${resource} utilization, but container ${container.name} requests no ${resource}`,
              );
            }
          }
        }
      }
    }
    if (
      o.kind === 'PodDisruptionBudget' &&
      selected(o.spec?.selector?.matchLabels, namespace).length === 0
    ) {
      report(where, `${at}: its selector matches no workload's pods`);
    }
    if (o.kind === 'NetworkPolicy') {
      // Pods of workloads and Jobs (a migrations Job's pods have policies too).
      const pods = objects.map((e) => e.object).filter((x) => hasPods(x) && ns(x) === namespace);
      const picked = (selector) =>
        pods.filter((w) => labelSelectorMatches(selector, podLabelsOf(w)));
      const podSelector = o.spec?.podSelector ?? {};
      const empty =
        Object.keys(podSelector.matchLabels ?? {}).length === 0 &&
        !podSelector.matchExpressions?.length;
      const targets = picked(podSelector);
      if (!empty && targets.length === 0)
        report(where, `${at}: podSelector matches no workload's pods`);
      for (const [direction, rule] of [
        ...(o.spec?.ingress ?? []).map((r) => ['ingress', r]),
        ...(o.spec?.egress ?? []).map((r) => ['egress', r]),
      ]) {
        const peers = [...(rule.from ?? []), ...(rule.to ?? [])];
        for (const peer of peers) {
          const selector = peer.podSelector;
          const emptyPeer =
            !selector ||
            (Object.keys(selector.matchLabels ?? {}).length === 0 &&
              !selector.matchExpressions?.length);
          if (!emptyPeer && !peer.namespaceSelector && picked(selector).length === 0) {
            report(where, `${at}: a peer podSelector matches no workload's pods`);
          }
        }
        // A named port is the receiving pod's: the selected pods' for ingress, the peers' for
        // egress (checkable when the peers are pods of this namespace).
        const receivers =
          direction === 'ingress'
            ? targets
            : peers
                .filter((p) => p.podSelector && !p.namespaceSelector && !p.ipBlock)
                .flatMap((p) => picked(p.podSelector));
        for (const port of rule.ports ?? []) {
          if (typeof port.port !== 'string') continue;
          if (direction === 'egress' && peers.some((p) => p.ipBlock))
            report(
              where,
              `${at}: egress port "${port.port}" is a name, which an ipBlock peer cannot resolve; give the number`,
            );
          else if (receivers.length > 0 && !receivers.some((w) => portNamesOf(w).has(port.port)))
            report(
              where,
              `${at}: port "${port.port}" is declared by none of the ${direction === 'ingress' ? 'selected' : 'destination'} pods`,
            );
        }
      }
    }
    if (o.kind === 'Ingress') {
      const backends = [
        o.spec?.defaultBackend,
        ...(o.spec?.rules ?? []).flatMap((r) => (r.http?.paths ?? []).map((p) => p.backend)),
      ];
      for (const backend of backends.filter((b) => b?.service)) {
        const service = find('Service', backend.service.name, namespace);
        if (!service) {
          report(where, `${at}: backend Service ${backend.service.name} does not exist`);
          continue;
        }
        const { name, number } = backend.service.port ?? {};
        const servicePort = (service.spec?.ports ?? []).find((p) =>
          name ? p.name === name : p.port === number,
        );
        if (!servicePort) {
          report(
            where,
            `${at}: backend port ${name ?? number} is not a port of Service ${service.metadata.name}`,
          );
          continue;
        }
        // The ingress controller runs in another namespace: the pods must let it in.
        const pods = service.spec?.selector ? selected(service.spec.selector, namespace) : [];
        for (const pod of pods) {
          if (
            !admitsFromOutside(
              policiesIn(namespace),
              pod,
              servicePort.targetPort ?? servicePort.port,
              namespaceNameOf(o),
            )
          )
            report(
              where,
              `${at}: routes to ${describe(pod)}, but no NetworkPolicy lets the ingress controller (another namespace) reach its port ${servicePort.targetPort ?? servicePort.port}`,
            );
        }
      }
    }
  }
}

/**
 * The objects with the strategic-merge patches applied whose merge is plain (maps merge, lists are
 * replaced whole, null deletes): those of the kinds below, given by path or inline, without a
 * target or $patch directive (custom resources such as KEDA's always merge that way). Others (a
 * Deployment's containers, env, ports merge by key) are left to the rendered check. A patch that is
 * just `$patch: delete` removes its object, whatever the kind. So overlay values (a ConfigMap key,
 * a NetworkPolicy rule, a deleted HPA) are checked even where kubectl is not installed.
 */
const PLAIN_MERGE_KINDS = new Set([
  'ConfigMap',
  'NetworkPolicy',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
  'Ingress',
  'ScaledObject',
  'TriggerAuthentication',
]);
function withPlainPatches(entries, patches) {
  const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
  const hasDirective = (v) =>
    Array.isArray(v)
      ? v.some(hasDirective)
      : isMap(v) && Object.entries(v).some(([k, x]) => k.startsWith('$') || hasDirective(x));
  const merge = (base, patch) => {
    if (!isMap(base) || !isMap(patch)) return patch;
    const out = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete out[key];
      else out[key] = merge(base[key], value);
    }
    return out;
  };
  let result = entries.map((entry) => ({ ...entry }));
  const samePatched = (o, patch) =>
    o?.kind === patch.kind &&
    o?.metadata?.name === patch.metadata?.name &&
    (o?.metadata?.namespace ?? '') === (patch.metadata?.namespace ?? '');
  for (const { object: patch, target } of patches) {
    if (!target && isMap(patch) && patch.$patch === 'delete') {
      result = result.filter((entry) => !samePatched(entry.object, patch));
      continue;
    }
    if (target || !isMap(patch) || !PLAIN_MERGE_KINDS.has(patch.kind) || hasDirective(patch))
      continue;
    for (const entry of result) {
      if (samePatched(entry.object, patch)) entry.object = merge(entry.object, patch);
    }
  }
  return result;
}

const childDirs = new Set();
for (const [dir, { data }] of kustomizations) {
  for (const item of [...(data.resources ?? []), ...(data.components ?? [])]) {
    if (typeof item === 'string' && !isRemote(item)) childDirs.add(resolve(dir, item));
  }
}
const roots = [...kustomizations.keys()].filter((dir) => !childDirs.has(dir)).sort();
if (kustomizations.size > 0 && roots.length === 0)
  report(rel(k8sDir), 'no root kustomization (every one is listed by another)');

for (const dir of roots) {
  const tree = collect(dir);
  const label = rel(dir);
  crossCheck(withPlainPatches(tree.objects, tree.patches), label, tree.namespace);
  // Patches must land on something, or they silently do nothing.
  for (const patch of tree.patches) {
    const wanted = patch.target ?? { kind: patch.object?.kind, name: patch.object?.metadata?.name };
    const hits = tree.objects.filter(
      ({ object }) =>
        (!wanted.kind || object?.kind === wanted.kind) &&
        (!wanted.name || object?.metadata?.name === wanted.name),
    );
    if (hits.length === 0)
      report(patch.where, `${label}: patch for ${wanted.kind} ${wanted.name} matches no resource`);
  }
  // So must image overrides; and every image needs a tag from somewhere, or it runs :latest.
  const containerImages = tree.objects.flatMap(({ object, where }) =>
    (WORKLOADS.has(object?.kind) || object?.kind === 'Job' ? containersOf(object) : []).map(
      (c) => ({ ...splitImage(String(c.image)), where, container: c.name }),
    ),
  );
  const overrides = new Map((tree.images ?? []).map((image) => [image.name, image]));
  for (const name of overrides.keys()) {
    if (!containerImages.some((image) => image.name === name)) {
      report(tree.where, `images: ${name} is used by no container`);
    }
  }
  for (const image of containerImages) {
    const override = overrides.get(image.name);
    if (!image.pinned && !override?.newTag && !override?.digest) {
      report(
        tree.where,
        `images: container ${image.container} (${image.where}) uses ${image.name} without a tag; add it here with newTag`,
      );
    }
  }
}

/** `registry:5000/team/app:1.2@sha256:...` -> name `registry:5000/team/app`, pinned by tag or digest. */
function splitImage(reference) {
  const [withoutDigest, digest] = reference.split('@');
  const slash = withoutDigest.lastIndexOf('/');
  const colon = withoutDigest.lastIndexOf(':');
  const tagged = colon > slash;
  const tag = tagged ? withoutDigest.slice(colon + 1) : undefined;
  return {
    name: tagged ? withoutDigest.slice(0, colon) : withoutDigest,
    pinned: !!digest || (!!tag && tag !== 'latest'),
  };
}

// ---------------------------------------------------------------------------------------------
// Grafana dashboards: every *.json file of the tree with `panels`

const PROMQL_WORDS = new Set([
  'sum',
  'min',
  'max',
  'avg',
  'group',
  'stddev',
  'stdvar',
  'count',
  'count_values',
  'bottomk',
  'topk',
  'quantile',
  'limitk',
  'limit_ratio',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'offset',
  'bool',
  'and',
  'or',
  'unless',
  'atan2',
  'inf',
  'nan',
]);
/** The metric names a PromQL expression reads (Grafana's $variables and ${variables} allowed). */
function promqlMetrics(expr) {
  const text = String(expr)
    .replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'|`[^`]*`/g, '""')
    .replace(/\$\{[^}]*\}|\$\w+/g, '1')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = [];
  for (const match of text.matchAll(/(?<![\w.:])[a-zA-Z_:][\w:]*/g)) {
    const after = text.slice(match.index + match[0].length).trimStart();
    if (after.startsWith('(') || PROMQL_WORDS.has(match[0].toLowerCase())) continue;
    names.push(match[0]);
  }
  return names;
}

function walkJson(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return walkJson(path);
    return entry.name.endsWith('.json') ? [path] : [];
  });
}

for (const path of walkJson(k8sDir).sort()) {
  const where = rel(path);
  let dashboard;
  try {
    dashboard = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    report(where, `JSON: ${error.message}`);
    continue;
  }
  if (!Array.isArray(dashboard?.panels)) continue;
  stats.dashboards += 1;
  if (typeof dashboard.schemaVersion !== 'number') report(where, 'schemaVersion: must be a number');
  if (typeof dashboard.uid !== 'string' || !/^[\w-]{1,40}$/.test(dashboard.uid))
    report(
      where,
      'uid: a fixed uid (letters, digits, - and _, up to 40), so links and reloads keep it',
    );
  const labels = generatedFrom.get(path);
  if (!labels) report(where, 'no configMapGenerator lists it (files:), so Grafana never sees it');
  else if (labels.grafana_dashboard !== '1')
    report(
      where,
      'its configMapGenerator lacks the label grafana_dashboard: "1" the Grafana sidecar looks for',
    );

  const variables = dashboard.templating?.list ?? [];
  const source = variables.find((v) => v.type === 'datasource' && v.query === 'prometheus');
  if (!source)
    report(
      where,
      'templating: needs a Prometheus datasource variable (type datasource, query prometheus)',
    );
  const sourceUids = source ? new Set([`\${${source.name}}`, `$${source.name}`]) : new Set();
  const checkDatasource = (datasource, at) => {
    if (datasource === undefined || !source) return;
    const uid = typeof datasource === 'string' ? datasource : datasource?.uid;
    if (!sourceUids.has(uid))
      report(
        where,
        `${at}: datasource ${JSON.stringify(uid)} is not the \${${source.name}} variable (a fixed uid breaks in another Grafana)`,
      );
  };
  const checkExpr = (expr, at) => {
    if (!knownMetrics) return;
    if (/__name__/.test(expr)) report(where, `${at}: select metrics by name, not __name__`);
    const names = promqlMetrics(expr);
    if (names.length === 0) report(where, `${at}: ${expr}: reads no metric`);
    for (const name of names)
      if (!knownMetrics.has(name))
        report(
          where,
          `${at}: ${name} is not a metric the apps serve (${METRICS_FILE}, prom-client defaults)`,
        );
  };
  for (const variable of variables) {
    if (variable.type !== 'query') continue;
    const query = typeof variable.query === 'string' ? variable.query : variable.query?.query;
    const metric = /label_values\(\s*([a-zA-Z_:][\w:]*)/.exec(String(query ?? ''))?.[1];
    if (metric && knownMetrics && !knownMetrics.has(metric))
      report(where, `templating ${variable.name}: ${metric} is not a metric the apps serve`);
    checkDatasource(variable.datasource, `templating ${variable.name}`);
  }
  const ids = new Set();
  const visit = (panel) => {
    const at = `panel ${JSON.stringify(panel.title ?? panel.id)}`;
    if (ids.has(panel.id)) report(where, `${at}: id ${panel.id} is used twice`);
    ids.add(panel.id);
    checkDatasource(panel.datasource, at);
    for (const [i, target] of (panel.targets ?? []).entries()) {
      checkDatasource(target.datasource, `${at} target ${target.refId ?? i}`);
      if (typeof target.expr !== 'string' || target.expr.trim() === '')
        report(where, `${at} target ${target.refId ?? i}: no PromQL expr`);
      else checkExpr(target.expr, `${at} target ${target.refId ?? i}`);
    }
    if (panel.type !== 'row' && (panel.targets ?? []).length === 0)
      report(where, `${at}: no targets`);
    for (const inner of panel.panels ?? []) visit(inner);
  };
  for (const panel of dashboard.panels) visit(panel);
}

// ---------------------------------------------------------------------------------------------
// Rendering with kubectl kustomize, when it is there

const kubectl = render
  ? spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' })
  : undefined;
const canRender = render && kubectl && kubectl.status === 0;
if (canRender) {
  for (const dir of roots) {
    const label = `${rel(dir)} (rendered)`;
    const out = spawnSync('kubectl', ['kustomize', dir], {
      encoding: 'utf8',
      maxBuffer: 64 * 1024 * 1024,
    });
    if (out.status !== 0) {
      const reason = (out.stderr || out.error?.message || '')
        .trim()
        .replace(/^E\d{4} [\d:.]+\s+\d+ \S+\] "command failed" err=/, '');
      report(label, `kubectl kustomize failed: ${reason}`);
      continue;
    }
    const docs = parseYaml(out.stdout, label) ?? [];
    for (const object of docs) {
      for (const message of checkObject(object, { partial: false }))
        report(label, `${describe(object)}: ${message}`);
    }
    crossCheck(
      docs.map((object) => ({ object, where: label })),
      'rendered',
    );
    stats.rendered.push(`${rel(dir)}: ${docs.length} objects`);
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const summary = `${stats.files} files, ${stats.kustomizations} kustomizations, ${stats.objects} objects, ${stats.dashboards} dashboard(s), roots: ${roots.map(rel).join(', ') || 'none'}`;
if (problems.length > 0) {
  const byWhere = new Map();
  for (const { where, message } of problems)
    byWhere.set(where, [...(byWhere.get(where) ?? []), message]);
  for (const [where, messages] of byWhere) {
    console.error(`✗ ${where}`);
    for (const message of [...new Set(messages)]) console.error(`    ${message}`);
  }
  console.error(`\nk8s: ${problems.length} problem(s) in ${rel(k8sDir)} (${summary})`);
  process.exit(1);
}
console.log(`k8s: ok (${summary})`);
if (canRender) for (const line of stats.rendered) console.log(`  kubectl kustomize ${line}, valid`);
else
  console.log(
    render
      ? '  kubectl not found: overlays were checked unrendered only'
      : '  --no-render: overlays were checked unrendered only',
  );
