#!/usr/bin/env node
// Offline checks of the Kubernetes manifests under k8s/ (no cluster, no kustomize binary needed):
//   1. every YAML file parses (as YAML 1.1, the way Kubernetes reads it; duplicate keys are errors);
//   2. every object validates against the Kubernetes schemas of kubernetes-models, and has no
//      field the schema does not know (a typo such as `replica:` is an error, as in `kubectl --validate=strict`);
//      patch files are checked the same way, except that required fields may be missing;
//   3. every kustomization.yaml: known fields only, resources/components/patches/generator files
//      exist on disk, image overrides and patches name something that exists, no YAML file is orphaned;
//   4. the objects of each root kustomization agree with each other: selectors select a workload,
//      named ports exist, config/secret references resolve, HPAs target a Deployment whose containers
//      request CPU, Ingress backends exist, every service app has its <APP>_SERVICE_URL in mepedia-config;
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
  return { objects, patches, images: entry.data.images ?? [], where: rel(entry.file) };
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

function crossCheck(entries, label) {
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

  // Mepedia's own rule: the gateway finds each service app by <APP>_SERVICE_URL
  // (serviceUrlVariable in libs/contracts), read from the shared ConfigMap.
  for (const { object: o, where } of objects) {
    if (!WORKLOADS.has(o.kind) || podLabelsOf(o)['app.kubernetes.io/component'] !== 'service')
      continue;
    const config = find('ConfigMap', 'mepedia-config', ns(o));
    const variable = `${String(o.metadata?.name).toUpperCase().replace(/-/g, '_')}_SERVICE_URL`;
    if (config && !config.data?.[variable]) {
      report(
        where,
        `${label}: ${describe(o)}: ConfigMap mepedia-config has no ${variable}, so the gateway cannot reach it`,
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
        for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe']) {
          const port = container[probe]?.httpGet?.port ?? container[probe]?.tcpSocket?.port;
          if (typeof port === 'string' && !ports.has(port))
            report(where, `${c}: ${probe} uses port "${port}", which no container declares`);
        }
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
        if (
          !(service.spec?.ports ?? []).some((p) => (name ? p.name === name : p.port === number))
        ) {
          report(
            where,
            `${at}: backend port ${name ?? number} is not a port of Service ${service.metadata.name}`,
          );
        }
      }
    }
  }
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
  crossCheck(tree.objects, label);
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
