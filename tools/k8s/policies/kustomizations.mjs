// The tree itself: every YAML file parses, every one is used by some kustomization (or is a
// *.template.yaml), and some root exists. What kustomize refuses (an unknown or deprecated field,
// a file that does not exist, a patch that matches nothing) the render reports.
import { basename } from 'node:path';
import { KUSTOMIZATION, TEMPLATE_FILE, rel } from '../tree.mjs';

export default function kustomizations(tree, context, report) {
  for (const [path, { errors }] of tree.files)
    errors.forEach((message) => report(rel(path), message));
  for (const path of tree.files.keys())
    if (!KUSTOMIZATION.test(basename(path)) && !TEMPLATE_FILE.test(path) && !tree.used.has(path))
      report(
        rel(path),
        'not used by any kustomization (list it under resources or patches, or name it *.template.yaml)',
      );
  if (tree.kustomizations.size > 0 && tree.roots.length === 0)
    report(rel(tree.dir), 'no root kustomization (every one is listed by another)');
}
