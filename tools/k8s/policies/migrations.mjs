// Each app given a DATABASE_URL has exactly one Job running its migrate entry
// (dist/apps/<app>/src/migrate.js, built from apps/<app>/src/migrate.ts) with its image and the same
// database, bounded (retries, deadline, TTL). A Job's pods are no replica: no Service sends them
// traffic, no PDB counts them.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import {
  WORKLOADS,
  describe,
  mainContainersOf,
  podLabelsOf,
  problem,
  selects,
  view,
} from '../k8s.mjs';
import { repoRoot } from '../services.mjs';

const MIGRATE_ENTRY = /^(?:\/app\/)?dist\/apps\/([a-z0-9-]+)\/src\/migrate\.js$/;
const migrationsOf = (job) => {
  for (const container of mainContainersOf(job))
    for (const arg of [...(container.command ?? []), ...(container.args ?? [])]) {
      const match = MIGRATE_ENTRY.exec(String(arg));
      if (match) return { app: match[1], container };
    }
  return undefined;
};

export default {
  name: 'migrations',
  check(objects, context) {
    const v = view(objects, context);
    const out = [];
    const jobs = v.of('Job').filter(migrationsOf);
    const databaseContainer = (w) =>
      mainContainersOf(w).find((c) => v.envSource(c, 'DATABASE_URL', v.ns(w)));
    for (const job of jobs) {
      const report = (message) => out.push(problem(job, message));
      const { app, container } = migrationsOf(job);
      if (!existsSync(join(repoRoot, 'apps', app, 'src', 'migrate.ts')))
        report(
          `runs dist/apps/${app}/src/migrate.js, but there is no apps/${app}/src/migrate.ts to build it from`,
        );
      for (const field of ['backoffLimit', 'activeDeadlineSeconds', 'ttlSecondsAfterFinished'])
        if (job.spec?.[field] === undefined) report(`set spec.${field}`);
      const deployment = v.workloads(v.ns(job)).find((w) => w.metadata?.name === app);
      const appContainer = deployment && databaseContainer(deployment);
      if (!appContainer) {
        report(`migrates ${app}, but no workload ${app} here is given a DATABASE_URL`);
        continue;
      }
      if (container.image !== appContainer.image)
        report(
          `image ${container.image}, but ${describe(deployment)} runs ${appContainer.image}; the migrations must be the release's`,
        );
      const jobSource = v.envSource(container, 'DATABASE_URL', v.ns(job));
      const appSource = v.envSource(appContainer, 'DATABASE_URL', v.ns(job));
      if (!jobSource)
        report('DATABASE_URL is not set (without it migrate.js migrates an embedded PGlite)');
      else if (jobSource.id !== appSource.id)
        report(
          `DATABASE_URL comes from ${jobSource.text}, but ${describe(deployment)} gets it from ${appSource.text}`,
        );
    }
    for (const o of objects.filter((x) => WORKLOADS.has(x.kind) && databaseContainer(x))) {
      const count = jobs.filter(
        (j) => v.ns(j) === v.ns(o) && migrationsOf(j).app === o.metadata?.name,
      ).length;
      if (count !== 1)
        out.push(
          problem(
            o,
            `is given a DATABASE_URL, so it needs exactly one migrations Job running node dist/apps/${o.metadata?.name}/src/migrate.js (found ${count})`,
          ),
        );
    }
    for (const job of v.of('Job'))
      for (const other of objects) {
        const selector =
          other.kind === 'Service'
            ? other.spec?.selector
            : other.kind === 'PodDisruptionBudget'
              ? other.spec?.selector?.matchLabels
              : undefined;
        if (v.ns(other) === v.ns(job) && selects(selector, podLabelsOf(job)))
          out.push(
            problem(
              job,
              `its pods are selected by ${describe(other)}; give them labels of their own`,
            ),
          );
      }
    return out;
  },
};
