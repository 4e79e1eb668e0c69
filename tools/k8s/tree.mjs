// The k8s/ tree as files: every YAML file parsed (as YAML 1.1, the way Kubernetes reads it;
// duplicate keys are errors), its kustomizations, their roots, and the Secrets of
// *.template.yaml files (a template is no resource: it tells the checks which Secret names and
// keys the cluster is expected to have).
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join, relative, resolve } from 'node:path';
import { repoRoot } from './services.mjs';

const YAML = createRequire(join(repoRoot, 'package.json'))('yaml');
export const KUSTOMIZATION_NAMES = ['kustomization.yaml', 'kustomization.yml', 'Kustomization'];
export const TEMPLATE_FILE = /\.(template|example)\.ya?ml$/;
export const isRemote = (entry) => /^[a-z]+:\/\/|^github\.com\/|^git@/.test(entry);
export const rel = (path) => relative(process.cwd(), path) || '.';

/** Every non-empty document of a YAML text as plain data, and the parser's complaints. */
export function parseYaml(text) {
  const docs = YAML.parseAllDocuments(text, {
    version: '1.1',
    uniqueKeys: true,
    prettyErrors: true,
  });
  const errors = [];
  const values = [];
  for (const doc of Array.isArray(docs) ? docs : [docs]) {
    const issues = [...doc.errors, ...doc.warnings].map((e) => `YAML: ${e.message.split('\n')[0]}`);
    errors.push(...issues);
    const value = issues.length === 0 ? doc.toJS({ maxAliasCount: 100 }) : undefined;
    if (value !== null && value !== undefined) values.push(value);
  }
  return { docs: errors.length === 0 ? values : null, errors };
}

export function walk(dir, pattern) {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) =>
      e.isDirectory()
        ? walk(join(dir, e.name), pattern)
        : pattern.test(e.name)
          ? [join(dir, e.name)]
          : [],
    );
}

export function readTree(k8sDir) {
  const dir = resolve(k8sDir);
  const files = new Map(); // path -> { docs: unknown[] | null, errors: string[] }
  for (const path of walk(dir, /\.ya?ml$|^Kustomization$/))
    files.set(path, parseYaml(readFileSync(path, 'utf8')));
  const kustomizations = new Map(); // dir -> { file, data }
  for (const [path, { docs }] of files) {
    const data = docs?.[0];
    if (
      KUSTOMIZATION_NAMES.includes(basename(path)) &&
      docs?.length === 1 &&
      data &&
      typeof data === 'object' &&
      !Array.isArray(data)
    )
      if (!kustomizations.has(dirname(path)))
        kustomizations.set(dirname(path), { file: path, data });
  }
  const listed = (data) =>
    [...(data.resources ?? []), ...(data.components ?? [])].filter(
      (e) => typeof e === 'string' && !isRemote(e),
    );
  const children = new Set(
    [...kustomizations].flatMap(([d, { data }]) => listed(data).map((e) => resolve(d, e))),
  );
  const roots = [...kustomizations.keys()].filter((d) => !children.has(d)).sort();
  const templateSecrets = new Map(); // Secret name -> Map of key -> placeholder
  const origins = new Map(); // `${kind}/${name}` -> the file that defines it
  for (const [path, { docs }] of files) {
    if (KUSTOMIZATION_NAMES.includes(basename(path))) continue;
    for (const o of docs ?? []) {
      const template = TEMPLATE_FILE.test(basename(path));
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
  return { dir, files, kustomizations, roots, templateSecrets, origins };
}
