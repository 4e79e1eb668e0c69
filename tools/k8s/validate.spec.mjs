// The whole check on k8s/ as it is (it passes, with either renderer, and the two agree) and on
// broken copies of it (each fails, naming the break).
import { afterAll, beforeAll, expect, it } from '@jest/globals';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hasKubectl, render } from './render.mjs';
import { repoRoot } from './services.mjs';
import { readTree } from './tree.mjs';
import { validate } from './validate.mjs';

const k8s = join(repoRoot, 'k8s');
const kubectl = hasKubectl();
let scratch;
beforeAll(() => (scratch = mkdtempSync(join(tmpdir(), 'mepedia-k8s-'))));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

it.each([
  ['kubectl kustomize', kubectl],
  ['the built-in renderer', false],
])('passes k8s/ rendered by %s', async (_, withKubectl) => {
  expect((await validate(k8s, { kubectl: withKubectl })).problems).toEqual([]);
});

(kubectl ? it : it.skip)('renders each root of k8s/ as kubectl kustomize does', () => {
  const tree = readTree(k8s);
  const sorted = (objects) =>
    objects
      .map((o) =>
        JSON.stringify(o, (_, v) =>
          v && typeof v === 'object' && !Array.isArray(v)
            ? Object.fromEntries(Object.entries(v).sort())
            : v,
        ),
      )
      .sort();
  for (const root of tree.roots)
    expect(sorted(render(root, tree, { kubectl: false }).objects)).toEqual(
      sorted(render(root, tree, { kubectl: true }).objects),
    );
});

const BREAKS = [
  [
    'base/apps/users/deployment.yaml',
    'runAsNonRoot: true',
    'runAsNonRoot: false',
    /Deployment users: container users: runAsNonRoot must be true/,
  ],
  [
    'base/services/service-urls.yaml',
    /^\s*USERS_SERVICE_URL:.*$/m,
    '',
    /ConfigMap mepedia-config has no USERS_SERVICE_URL/,
  ],
  [
    'base/apps/gateway/deployment.yaml',
    'revisionHistoryLimit',
    'revisionHistoryLimits',
    /spec.revisionHistoryLimits: unknown field/,
  ],
  [
    'components/keda-worker/scaledobject.yaml',
    ':email:wait',
    ':mail:wait',
    /worker consumes no queue mail/,
  ],
  ['components/keda-worker/kustomization.yaml', 'name: worker', 'name: workerr', /workerr/],
  // What kustomize refuses, the renderer refuses too: a misspelt field, a file that is not there.
  ['overlays/dev/kustomization.yaml', /^resources:/m, 'resourcez:', /resourcez/],
  [
    'overlays/dev/kustomization.yaml',
    /^resources:\n/m,
    'resources:\n  - forgotten.yaml\n',
    /forgotten.yaml does not exist/,
  ],
  [
    'monitoring/grafana-dashboard.json',
    /("expr": "[^"]*)process_start_time_seconds/,
    '$1process_begin_seconds',
    /process_begin_seconds is not a metric the apps serve/,
  ],
  [
    'monitoring/grafana-dashboard.json',
    '"expr": "count by (app) (',
    '"expr": "count by (app) ((',
    /count by \(app\) \(\(process_start_time_seconds.*: not PromQL/,
  ],
];
it.each(BREAKS)('fails a copy of k8s/ with %s changed', async (file, from, to, reason) => {
  const copy = mkdtempSync(join(scratch, 'k8s-'));
  cpSync(k8s, copy, { recursive: true });
  writeFileSync(join(copy, file), readFileSync(join(copy, file), 'utf8').replace(from, to));
  // The built-in renderer, which renders k8s/ as kubectl does (above), for speed.
  const { problems } = await validate(copy, { kubectl: false });
  expect(problems.map((p) => p.message).join('\n')).toMatch(reason);
});
