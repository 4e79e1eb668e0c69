// The tree itself: every YAML file parses, every one is used by some kustomization (or is a
// *.template.yaml), and some root exists. What kustomize refuses (an unknown or deprecated field,
// a file that does not exist, a patch that matches nothing) the render reports; a remote resource,
// which kubectl would fetch, is refused here.
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
  // Everything is in this repository: kubectl would fetch a remote base over the network, where
  // CI has none and a review sees nothing of it.
  for (const [, { file, data }] of tree.kustomizations)
    for (const entry of [data?.resources ?? [], data?.components ?? []].flat())
      if (typeof entry === 'string' && /^(?:[a-z][a-z+.-]*:\/\/|git@|github\.com\/)/i.test(entry))
        report(rel(file), `${entry}: a remote resource; vendor it into the tree instead`);
  if (tree.kustomizations.size > 0 && tree.roots.length === 0)
    report(rel(tree.dir), 'no root kustomization (every one is listed by another)');
}
