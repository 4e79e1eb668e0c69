// The tree itself: every YAML file parses, each kustomization.yaml has known, current fields,
// lists files that exist (no remote ones: the check is offline) and is one of a folder, every
// YAML file is used by some kustomization (or is a *.template.yaml), and some root exists.
// What kustomize itself refuses (a patch that matches nothing, a duplicate object) the render reports.
import { existsSync, statSync } from 'node:fs';
import { basename, dirname, resolve } from 'node:path';
import { KUSTOMIZATION_NAMES, TEMPLATE_FILE, isRemote, parseYaml, rel } from '../tree.mjs';

const FIELDS = new Set(
  (
    'apiVersion kind metadata resources components bases crds namespace namePrefix nameSuffix labels commonLabels ' +
    'commonAnnotations images replicas patches patchesStrategicMerge patchesJson6902 replacements vars ' +
    'configMapGenerator secretGenerator generatorOptions generators transformers validators configurations ' +
    'openapi buildMetadata sortOptions helmCharts helmGlobals'
  ).split(' '),
);
const DEPRECATED = ['bases', 'commonLabels', 'patchesStrategicMerge', 'patchesJson6902', 'vars'];
const OPERATIONS = ['add', 'remove', 'replace', 'move', 'copy', 'test'];

export default {
  name: 'kustomizations',
  checkTree(tree) {
    const out = [];
    const referenced = new Set();
    for (const [path, { docs, errors }] of tree.files) {
      errors.forEach((message) => out.push({ where: rel(path), message }));
      if (
        KUSTOMIZATION_NAMES.includes(basename(path)) &&
        docs &&
        tree.kustomizations.get(dirname(path))?.file !== path
      )
        out.push({
          where: rel(path),
          message:
            docs.length === 1 && !Array.isArray(docs[0])
              ? 'a second kustomization file in this folder'
              : 'a kustomization file holds exactly one mapping',
        });
    }
    for (const [dir, { file, data }] of tree.kustomizations) {
      const report = (message) => out.push({ where: rel(file), message });
      const component = data.kind === 'Component';
      if (
        data.apiVersion !== `kustomize.config.k8s.io/${component ? 'v1alpha1' : 'v1beta1'}` ||
        !['Kustomization', 'Component'].includes(data.kind)
      )
        report(
          `apiVersion/kind must be kustomize.config.k8s.io/v1beta1 Kustomization (or v1alpha1 Component), not ${data.apiVersion}/${data.kind}`,
        );
      Object.keys(data)
        .filter((key) => !FIELDS.has(key))
        .forEach((key) => report(`${key}: unknown kustomization field`));
      DEPRECATED.filter((key) => key in data).forEach((key) =>
        report(`${key}: deprecated in kustomize v5; use the current field`),
      );
      const seen = new Set();
      for (const field of ['resources', 'components']) {
        if (!Array.isArray(data[field] ?? [])) report(`${field}: must be a list`);
        for (const entry of Array.isArray(data[field]) ? data[field] : []) {
          const target =
            typeof entry === 'string' && !isRemote(entry) ? resolve(dir, entry) : undefined;
          if (typeof entry !== 'string') report(`${field}: entries are paths`);
          else if (!target)
            report(`${field}: ${entry}: remote resources cannot be checked offline; vendor them`);
          else if (seen.has(target)) report(`${field}: ${entry} is listed twice`);
          else if (!existsSync(target)) report(`${field}: ${entry} does not exist`);
          else if (!statSync(target).isDirectory()) {
            if (field === 'components') report(`components: ${entry} must be a folder`);
            referenced.add(target);
          } else if (!tree.kustomizations.has(target))
            report(`${field}: ${entry} is a folder without a kustomization.yaml`);
          else if (
            field === 'components' &&
            tree.kustomizations.get(target).data.kind !== 'Component'
          )
            report(`components: ${entry} is not a kind: Component`);
          if (target) seen.add(target);
        }
      }
      const patches = data.patches ?? [];
      if (!Array.isArray(patches)) report('patches: must be a list');
      for (const [i, patch] of (Array.isArray(patches) ? patches : []).entries()) {
        const at = `patches[${i}]`;
        if (patch === null || typeof patch !== 'object') {
          report(`${at}: must be a mapping with path or patch`);
          continue;
        }
        Object.keys(patch)
          .filter((key) => !['path', 'patch', 'target', 'options'].includes(key))
          .forEach((key) => report(`${at}.${key}: unknown field`));
        if ('path' in patch === 'patch' in patch)
          report(`${at}: give exactly one of path and patch`);
        const target = typeof patch.path === 'string' && resolve(dir, patch.path);
        if (target && (!existsSync(target) || statSync(target).isDirectory()))
          report(`${at}.path: ${patch.path} does not exist`);
        else if (target) referenced.add(target);
        const { docs, errors } =
          typeof patch.patch === 'string' ? parseYaml(patch.patch) : { docs: [], errors: [] };
        errors.forEach((message) => report(`${at}.patch: ${message}`));
        for (const operations of (docs ?? []).filter(Array.isArray)) {
          if (!patch.target) report(`${at}: a JSON 6902 patch needs a target`);
          if (operations.some((op) => !OPERATIONS.includes(op?.op) || typeof op?.path !== 'string'))
            report(`${at}.patch: each operation needs op (${OPERATIONS.join(', ')}) and path`);
        }
      }
      for (const field of ['configMapGenerator', 'secretGenerator'])
        for (const [i, generator] of (data[field] ?? []).entries())
          for (const input of ['files', 'envs', 'env'])
            for (const entry of generator?.[input] === undefined ? [] : [generator[input]].flat()) {
              const path = String(entry).split('=').at(-1);
              if (!existsSync(resolve(dir, path)))
                report(`${field}[${i}].${input}: ${path} does not exist`);
              else referenced.add(resolve(dir, path));
            }
    }
    for (const path of tree.files.keys())
      if (
        !KUSTOMIZATION_NAMES.includes(basename(path)) &&
        !referenced.has(path) &&
        !TEMPLATE_FILE.test(basename(path))
      )
        out.push({
          where: rel(path),
          message:
            'not used by any kustomization (list it under resources or patches, or name it *.template.yaml)',
        });
    if (tree.kustomizations.size > 0 && tree.roots.length === 0)
      out.push({
        where: rel(tree.dir),
        message: 'no root kustomization (every one is listed by another)',
      });
    return out;
  },
};
