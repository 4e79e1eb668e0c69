#!/usr/bin/env node
// Offline checks of the Kubernetes manifests under k8s/ (no cluster, no kustomize binary needed):
//   1. every YAML file parses (as YAML 1.1, the way Kubernetes reads it; duplicate keys are errors);
//   2. every object validates against the Kubernetes schemas of kubernetes-models, and has no
//      field the schema does not know (a typo such as `replica:` is an error, as in `kubectl --validate=strict`);
//      patch files are checked the same way, except that required fields may be missing;
//   3. every kustomization.yaml: known fields only, resources/components/patches/generator files
//      exist on disk, image overrides and patches name something that exists, no YAML file is orphaned;
//   4. the objects of each root kustomization agree with each other (after its patches of plain-merge
//      kinds such as ConfigMap and NetworkPolicy): selectors select a workload, named ports exist,
//      config/secret references resolve, HPAs target a Deployment whose containers request CPU,
//      Ingress backends exist; and Mepedia's rules: every service app (SERVICE_APPS in
//      libs/contracts, component: service) has its <APP>_SERVICE_URL in mepedia-config and nothing else
//      is labelled a service; shared variables (EMAIL_LINK_SECRET, PUBLIC_URL, REDIS_*,
//      IDENTITY_PUBLIC_KEY) come from one place for every app that needs them (and the web app has
//      its GATEWAY_URL); an in-cluster URL in a ConfigMap (http://<service>) names a Service and port of the right app that a
//      NetworkPolicy lets its readers reach, and a NetworkPolicy lets pods of the namespace in only
//      where such a URL uses it (so the worker is shut in production); the pods behind an Ingress
//      accept traffic from outside the namespace (the ingress controller); probes use a path the
//      app serves (the web app has no /health/ready); a literal PORT is a port the container declares;
//   5. when `kubectl` is on PATH, each root is also rendered with `kubectl kustomize` and the result is
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
const stats = { files: 0, objects: 0, kustomizations: 0, rendered: [] };

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

/** Problems of one object: schema errors (minus `required` ones for a patch) and unknown fields. */
function checkObject(object, { partial }) {
  if (object === null || typeof object !== 'object' || Array.isArray(object)) {
    return ['a document must be a mapping with apiVersion and kind'];
  }
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

const templateSecrets = new Map(); // Secret name -> Set of keys, from *.template.yaml files
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
        new Set([...Object.keys(object.data ?? {}), ...Object.keys(object.stringData ?? {})]),
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
// libs/server/http's /health/live and /health/ready; the web server (apps/web/server/main.ts)
// only /health/live: any other path is a page of the site (rendered, calling the gateway), which
// says nothing of the pod's health. A probe elsewhere never succeeds, or checks nothing.
const NEST_HEALTH_PATHS = ['/health/live', '/health/ready'];
const HEALTH_PATHS = {
  gateway: NEST_HEALTH_PATHS,
  worker: NEST_HEALTH_PATHS,
  web: ['/health/live'],
};
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

/** The ingress policies that select `target`'s pods, and a test of a rule's ports for `port`. */
function ingressPoliciesFor(policies, target, port) {
  const numberOf = (p) =>
    typeof p === 'string'
      ? containersOf(target)
          .flatMap((c) => c.ports ?? [])
          .find((q) => q.name === p)?.containerPort
      : p;
  const wanted = numberOf(port);
  const selecting = policies.filter((policy) => {
    const selector = policy.spec?.podSelector ?? {};
    const types = policy.spec?.policyTypes ?? ['Ingress'];
    if (!types.includes('Ingress')) return false;
    if (selector.matchExpressions) return true;
    const labels = selector.matchLabels ?? {};
    return Object.entries(labels).every(([k, v]) => podLabelsOf(target)[k] === v);
  });
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
      const open = readers.some((reader) =>
        targets.every((target) =>
          admits(
            policiesIn(namespace),
            target,
            reader,
            port.targetPort ?? port.port,
            namespaceLabelsOf(reader),
          ),
        ),
      );
      if (!open)
        report(
          where,
          `${at}: no NetworkPolicy lets any of ${readers.map((r) => r.metadata?.name).join(', ')} reach Service ${url.service}'s pods on port ${port.name ?? number}`,
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
      const podSelector = o.spec?.podSelector?.matchLabels ?? {};
      const targets =
        Object.keys(podSelector).length === 0
          ? workloads(namespace)
          : selected(podSelector, namespace);
      if (Object.keys(podSelector).length > 0 && targets.length === 0)
        report(where, `${at}: podSelector matches no workload's pods`);
      for (const rule of [...(o.spec?.ingress ?? []), ...(o.spec?.egress ?? [])]) {
        for (const peer of [...(rule.from ?? []), ...(rule.to ?? [])]) {
          const labels = peer.podSelector?.matchLabels;
          if (
            labels &&
            Object.keys(labels).length > 0 &&
            !peer.namespaceSelector &&
            selected(labels, namespace).length === 0
          ) {
            report(where, `${at}: a peer podSelector matches no workload's pods`);
          }
        }
        for (const port of rule.ports ?? []) {
          if (
            typeof port.port === 'string' &&
            targets.length > 0 &&
            !targets.some((w) => portNamesOf(w).has(port.port))
          ) {
            report(where, `${at}: port "${port.port}" is declared by none of the selected pods`);
          }
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
 * target or $patch directive. Others (a Deployment's containers, env, ports merge by key) are left
 * to the rendered check. So overlay values (a ConfigMap key, a NetworkPolicy rule) are checked
 * even where kubectl is not installed.
 */
const PLAIN_MERGE_KINDS = new Set([
  'ConfigMap',
  'NetworkPolicy',
  'HorizontalPodAutoscaler',
  'PodDisruptionBudget',
  'Ingress',
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
  const result = entries.map((entry) => ({ ...entry }));
  for (const { object: patch, target } of patches) {
    if (target || !isMap(patch) || !PLAIN_MERGE_KINDS.has(patch.kind) || hasDirective(patch))
      continue;
    for (const entry of result) {
      const o = entry.object;
      if (
        o?.kind === patch.kind &&
        o?.metadata?.name === patch.metadata?.name &&
        (o?.metadata?.namespace ?? '') === (patch.metadata?.namespace ?? '')
      )
        entry.object = merge(o, patch);
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

const summary = `${stats.files} files, ${stats.kustomizations} kustomizations, ${stats.objects} objects, roots: ${roots.map(rel).join(', ') || 'none'}`;
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
