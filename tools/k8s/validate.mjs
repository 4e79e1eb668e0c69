#!/usr/bin/env node
// Offline checks of the Kubernetes manifests under k8s/ (k8s/README.md, "Checking"):
//   1. the tree: every YAML file parses and is used, every Grafana dashboard is sound (the tree
//      policies: policies/kustomizations.mjs, policies/dashboards.mjs);
//   2. each root kustomization (one no other lists) is rendered: by `kubectl kustomize` when
//      kubectl is on the PATH, else by render.mjs's own renderer (--built-in forces it);
//   3. every rendered object, and each *.template.yaml Secret, validates against its schema
//      (schema.mjs: kubernetes-models and @kubernetes-models/keda, no unknown fields);
//   4. every policy of policies/ checks the rendered objects of each root.
// Usage: node tools/k8s/validate.mjs [k8s-dir] [--built-in]. Exits 1 on any problem.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, run } from './k8s.mjs';
import { policies, treePolicies } from './policies/index.mjs';
import { hasKubectl, render } from './render.mjs';
import { checkSchema } from './schema.mjs';
import * as repo from './services.mjs';
import { TEMPLATE_FILE, readTree, rel } from './tree.mjs';

/** What the policies know of the repository; `problems` says what could not be read. */
export async function readContext() {
  const problems = [];
  const read = async (load, where, what) => {
    const value = await Promise.resolve()
      .then(load)
      .catch(() => undefined);
    if (!value) problems.push({ where, message: `cannot read ${what} the checks rely on` });
    return value;
  };
  const context = {
    services: (await read(repo.serviceApps, repo.REGISTRY_FILE, 'the service list')) ?? new Set(),
    workerQueues: await read(
      repo.workerQueues,
      repo.PROCESSORS_FILE,
      `the worker's queues (with QUEUES of ${repo.EVENTS_FILE})`,
    ),
    metrics: await read(repo.knownMetrics, repo.METRICS_FILE, 'the metric names'),
  };
  return { context, problems };
}

export async function validate(k8sDir, { kubectl = hasKubectl() } = {}) {
  const tree = readTree(k8sDir);
  const { context, problems } = await readContext();
  context.templateSecrets = tree.templateSecrets;
  const add = (where, message) => problems.push({ where, message });
  for (const policy of Object.values(treePolicies)) policy(tree, context, add);
  // Templates are no resources, but their Secrets are what the cluster is told to make.
  for (const [path, { docs }] of tree.files)
    for (const o of TEMPLATE_FILE.test(path) ? (docs ?? []) : [])
      checkSchema(o).forEach((message) => add(rel(path), `${describe(o)}: ${message}`));
  const renderer = kubectl ? 'kubectl kustomize' : 'the built-in renderer';
  let rendered = 0;
  for (const root of tree.roots) {
    const { file, data } = tree.kustomizations.get(root);
    const whereOf = (o) => (o && tree.origins.get(`${o.kind}/${o.metadata?.name}`)) ?? rel(file);
    const at = (o, message) =>
      add(whereOf(o), `${rel(root)}: ${o ? `${describe(o)}: ` : ''}${message}`);
    const { objects, warnings, error } = render(root, tree, { kubectl });
    if (error) {
      add(rel(root), `${renderer} failed: ${error}`);
      continue;
    }
    warnings.forEach((warning) => add(rel(file), `${renderer}: ${warning}`));
    rendered += objects.length;
    for (const o of objects) checkSchema(o).forEach((message) => at(o, message));
    const rootContext = { ...context, images: data.images ?? [] };
    for (const { object, message } of run(Object.values(policies), objects, rootContext))
      at(object, message);
  }
  const summary = `${tree.files.size} files, ${tree.kustomizations.size} kustomizations, ${rendered} objects rendered by ${renderer}, roots: ${tree.roots.map(rel).join(', ') || 'none'}`;
  return { problems, summary };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const k8sDir = resolve(args.find((arg) => !arg.startsWith('--')) ?? join(repo.repoRoot, 'k8s'));
  const { problems, summary } = await validate(
    k8sDir,
    args.includes('--built-in') ? { kubectl: false } : {},
  );
  const byWhere = new Map();
  for (const { where, message } of problems)
    byWhere.set(where, new Set([...(byWhere.get(where) ?? []), message]));
  for (const [where, messages] of byWhere)
    console.error(`✗ ${where}\n    ${[...messages].join('\n    ')}`);
  if (problems.length > 0)
    console.error(`\nk8s: ${problems.length} problem(s) in ${rel(k8sDir)} (${summary})`);
  else console.log(`k8s: ok (${summary})`);
  process.exitCode = problems.length > 0 ? 1 : 0;
}
