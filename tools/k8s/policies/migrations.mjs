// Each app given a DATABASE_URL has exactly one Job running its migrate entry
// (dist/apps/<app>/src/migrate.js, built from apps/<app>/src/migrate.ts) with its image and the same
// database, bounded (retries, deadline, TTL). A Job's pods are no replica: no Service sends them
// traffic, no PDB counts them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, isWorkload, mainContainersOf, podLabelsOf, selects } from '../k8s.mjs';
import { repoRoot } from '../services.mjs';

const ENTRY = /^(?:\/app\/)?dist\/apps\/([a-z0-9-]+)\/src\/migrate\.js$/;
const migrationOf = (job) =>
  mainContainersOf(job)
    .flatMap((container) =>
      [...(container.command ?? []), ...(container.args ?? [])].map((arg) => ({
        container,
        app: ENTRY.exec(String(arg))?.[1],
      })),
    )
    .find(({ app }) => app);

export default function migrations(v, report) {
  const jobs = v.of('Job').filter(migrationOf);
  const databaseOf = (o) => mainContainersOf(o).find((c) => v.env(o, c, 'DATABASE_URL'));
  for (const job of jobs) {
    const at = (message) => report(job, message);
    const { app, container } = migrationOf(job);
    if (!existsSync(join(repoRoot, 'apps', app, 'src', 'migrate.ts')))
      at(
        `runs dist/apps/${app}/src/migrate.js, but there is no apps/${app}/src/migrate.ts to build it from`,
      );
    for (const field of ['backoffLimit', 'activeDeadlineSeconds', 'ttlSecondsAfterFinished'])
      if (job.spec?.[field] === undefined) at(`set spec.${field}`);
    const deployment = v.workloads(v.ns(job)).find((w) => w.metadata?.name === app);
    const appContainer = deployment && databaseOf(deployment);
    if (!appContainer) {
      at(`migrates ${app}, but no workload ${app} here is given a DATABASE_URL`);
      continue;
    }
    if (container.image !== appContainer.image)
      at(
        `image ${container.image}, but ${describe(deployment)} runs ${appContainer.image}; the migrations must be the release's`,
      );
    const [own, apps] = [
      v.env(job, container, 'DATABASE_URL'),
      v.env(deployment, appContainer, 'DATABASE_URL'),
    ];
    if (!own) at('DATABASE_URL is not set (without it migrate.js migrates an embedded PGlite)');
    else if (own.id !== apps.id)
      at(
        `DATABASE_URL comes from ${own.text}, but ${describe(deployment)} gets it from ${apps.text}`,
      );
  }
  for (const o of v.objects.filter((x) => isWorkload(x) && databaseOf(x))) {
    const count = jobs.filter(
      (j) => v.ns(j) === v.ns(o) && migrationOf(j).app === o.metadata?.name,
    ).length;
    if (count !== 1)
      report(
        o,
        `is given a DATABASE_URL, so it needs exactly one migrations Job running node dist/apps/${o.metadata?.name}/src/migrate.js (found ${count})`,
      );
  }
  for (const job of v.of('Job'))
    for (const other of [...v.of('Service', v.ns(job)), ...v.of('PodDisruptionBudget', v.ns(job))])
      if (selects(other.spec?.selector?.matchLabels ?? other.spec?.selector, podLabelsOf(job)))
        report(job, `its pods are selected by ${describe(other)}; give them labels of their own`);
}
