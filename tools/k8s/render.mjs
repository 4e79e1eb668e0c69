// Renders a root kustomization to its objects: with `kubectl kustomize` (kustomize v5 inside)
// when kubectl is on the PATH, else with the small renderer below, which knows the part of
// kustomize that k8s/ uses: resources and components (files and folders), namespace, labels, images,
// configMapGenerator (files, labels), and strategic-merge patches by path or inline (maps
// merge, lists of named items merge by name, other lists are replaced, null deletes,
// `$patch: delete` removes the object). Anything else it refuses, naming what to install.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { describe } from './k8s.mjs';
import { isRemote, parseYaml, rel } from './tree.mjs';

export const hasKubectl = () =>
  spawnSync('kubectl', ['version', '--client'], { encoding: 'utf8' }).status === 0;

/** `{ objects }`, or `{ error }` when the root does not render. */
export function render(root, tree, { kubectl }) {
  if (!kubectl) {
    try {
      return { objects: build(root, tree, []) };
    } catch (error) {
      return { error: error.message };
    }
  }
  const out = spawnSync('kubectl', ['kustomize', root], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (out.status !== 0)
    return {
      error: (out.stderr || out.error?.message || '')
        .trim()
        .replace(/^E\d{4} [\d:.]+\s+\d+ \S+\] "command failed" err=/, ''),
    };
  const { docs, errors } = parseYaml(out.stdout);
  return docs ? { objects: docs } : { error: errors.join('; ') };
}

const isMap = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);
const named = (list) => list.every((item) => isMap(item) && typeof item.name === 'string');
function merge(base, patch) {
  if (Array.isArray(base) && Array.isArray(patch) && named(base) && named(patch)) {
    const out = base.map((item) => merge(item, patch.find((p) => p.name === item.name) ?? {}));
    return [...out, ...patch.filter((p) => !base.some((item) => item.name === p.name))];
  }
  if (!isMap(base) || !isMap(patch)) return patch;
  const out = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key];
    else out[key] = merge(base[key], value);
  }
  return out;
}
const same = (a, b) => a.kind === b.kind && a.metadata?.name === b.metadata?.name;

function build(dir, tree, objects, trail = []) {
  const k = tree.kustomizations.get(dir);
  if (!k) throw new Error(`${rel(dir)}: no kustomization.yaml`);
  if (trail.includes(dir))
    throw new Error(`resource cycle: ${[...trail, dir].map(rel).join(' -> ')}`);
  const { data } = k;
  const add = (object) => {
    if (objects.some((o) => same(o, object)))
      throw new Error(`${describe(object)} is defined twice (${rel(k.file)})`);
    objects.push(structuredClone(object));
  };
  const path = (entry) => {
    if (typeof entry !== 'string' || isRemote(entry))
      throw new Error(`${rel(k.file)}: ${entry}: not a local path`);
    const target = resolve(dir, entry);
    if (!existsSync(target)) throw new Error(`${rel(k.file)}: ${entry} does not exist`);
    return target;
  };
  for (const entry of data.resources ?? []) {
    const target = path(entry);
    if (statSync(target).isDirectory()) build(target, tree, [], [...trail, dir]).forEach(add);
    else (tree.files.get(target)?.docs ?? []).forEach(add);
  }
  for (const entry of data.components ?? [])
    objects = build(path(entry), tree, objects, [...trail, dir]);
  for (const generator of data.configMapGenerator ?? []) {
    const files = (generator.files ?? []).map((f) => [
      String(f).split('=').at(-2) ?? basename(String(f)),
      path(String(f).split('=').at(-1)),
    ]);
    const labels = { ...data.generatorOptions?.labels, ...generator.options?.labels };
    if (
      generator.envs ||
      generator.literals ||
      !(data.generatorOptions?.disableNameSuffixHash || generator.options?.disableNameSuffixHash)
    )
      throw new Error(
        `${rel(k.file)}: configMapGenerator ${generator.name}: only files without a name hash are known to the built-in renderer; install kubectl`,
      );
    add({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: generator.name, ...(Object.keys(labels).length ? { labels } : {}) },
      data: Object.fromEntries(files.map(([key, file]) => [key, readFileSync(file, 'utf8')])),
    });
  }
  for (const patch of data.patches ?? []) {
    if (patch.target || patch.options)
      throw new Error(
        `${rel(k.file)}: patches with a target are not known to the built-in renderer; install kubectl`,
      );
    const docs =
      typeof patch.path === 'string'
        ? (tree.files.get(path(patch.path))?.docs ?? [])
        : (parseYaml(String(patch.patch)).docs ?? []);
    for (const doc of docs) {
      const at = objects.findIndex((o) => same(o, doc));
      if (at < 0) throw new Error(`${rel(k.file)}: patch for ${describe(doc)} matches no resource`);
      if (doc.$patch === 'delete') objects.splice(at, 1);
      else objects[at] = merge(objects[at], doc);
    }
  }
  for (const { pairs, includeSelectors, includeTemplates } of data.labels ?? []) {
    if (includeSelectors)
      throw new Error(
        `${rel(k.file)}: labels with includeSelectors are not known to the built-in renderer; install kubectl`,
      );
    for (const o of objects) {
      o.metadata = { ...o.metadata, labels: { ...o.metadata?.labels, ...pairs } };
      const template = includeTemplates && o.spec?.template;
      if (template)
        template.metadata = {
          ...template.metadata,
          labels: { ...template.metadata?.labels, ...pairs },
        };
    }
  }
  for (const o of objects) {
    if (data.namespace && o.kind !== 'Namespace')
      o.metadata = { ...o.metadata, namespace: data.namespace };
    for (const c of [
      ...(o.spec?.template?.spec?.initContainers ?? []),
      ...(o.spec?.template?.spec?.containers ?? []),
    ]) {
      const [, name, tag] = /^(.*?)(?::([^:/@]+))?$/.exec(String(c.image).split('@')[0]);
      const image = (data.images ?? []).find((i) => i.name === name);
      const pin = image?.digest
        ? `@${image.digest}`
        : (image?.newTag ?? tag) && `:${image.newTag ?? tag}`;
      if (image) c.image = `${image.newName ?? name}${pin || ''}`;
    }
  }
  return objects;
}
