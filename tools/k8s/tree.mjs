// The k8s/ tree as files: every YAML file parsed (as YAML 1.1, the way Kubernetes reads it;
// duplicate keys are errors), its kustomizations, the files they use and their roots (the ones no
// other lists), where each object is defined, and the Secrets of *.template.yaml files (a template
// is no resource: it tells the checks which Secret names and keys the cluster is expected to have).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from './services.mjs';

const YAML = createRequire(join(repoRoot, 'package.json'))('yaml');
export const KUSTOMIZATION = /^(kustomization\.ya?ml|Kustomization)$/;
export const TEMPLATE_FILE = /\.(template|example)\.ya?ml$/;
export const rel = (path) => relative(process.cwd(), path) || '.';

/** Every non-empty document of a YAML text as plain data (null on any error), and the errors. */
export function parseYaml(text) {
  const options = { version: '1.1', uniqueKeys: true, prettyErrors: true };
  const docs = [YAML.parseAllDocuments(text, options)].flat();
  const errors = docs.flatMap((d) => [...d.errors, ...d.warnings]);
  const values = () => docs.map((d) => d.toJS({ maxAliasCount: 100 })).filter((v) => v != null);
  return {
    docs: errors.length > 0 ? null : values(),
    errors: errors.map((e) => `YAML: ${e.message.split('\n')[0]}`),
  };
}

export const walk = (dir, pattern) =>
  readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory()
        ? walk(join(dir, e.name), pattern)
        : pattern.test(e.name)
          ? [join(dir, e.name)]
          : [],
    );

export function readTree(k8sDir) {
  const dir = resolve(k8sDir);
  const files = new Map(
    walk(dir, /\.ya?ml$|^Kustomization$/).map((p) => [p, parseYaml(readFileSync(p, 'utf8'))]),
  );
  const kustomizations = new Map(); // dir -> { file, data }
  const templateSecrets = new Map(); // Secret name -> Map of key -> placeholder
  const origins = new Map(); // `${kind}/${name}` -> the file that defines it
  for (const [path, { docs }] of files) {
    const template = TEMPLATE_FILE.test(path);
    if (KUSTOMIZATION.test(basename(path))) {
      if (docs?.length === 1 && !kustomizations.has(dirname(path)))
        kustomizations.set(dirname(path), { file: path, data: docs[0] });
      continue;
    }
    for (const o of docs ?? []) {
      if (template && o?.kind === 'Secret')
        templateSecrets.set(
          o.metadata?.name,
          new Map([
            ...Object.keys(o.data ?? {}).map((key) => [key, undefined]),
            ...Object.entries(o.stringData ?? {}).map(([key, value]) => [key, String(value)]),
          ]),
        );
      const key = `${o?.kind}/${o?.metadata?.name}`;
      if (!template && !origins.has(key)) origins.set(key, rel(path));
    }
  }
  const used = new Set(); // what kustomizations list: resources, components, patches, generators' files
  const generated = new Map(); // a generator's file -> the labels of the ConfigMap or Secret made of it
  for (const [d, { data }] of kustomizations) {
    const patches = (data?.patches ?? []).map((p) => p?.path).filter(Boolean);
    for (const entry of [data?.resources ?? [], data?.components ?? [], patches].flat())
      used.add(resolve(d, String(entry)));
    for (const g of [data?.configMapGenerator ?? [], data?.secretGenerator ?? []].flat())
      for (const entry of [g?.files ?? [], g?.envs ?? [], g?.env ?? []].flat()) {
        const path = resolve(d, String(entry).split('=').at(-1));
        used.add(path);
        generated.set(path, { ...data.generatorOptions?.labels, ...g.options?.labels });
      }
  }
  const roots = [...kustomizations.keys()].filter((d) => !used.has(d)).sort();
  return { dir, files, kustomizations, roots, used, generated, templateSecrets, origins };
}
