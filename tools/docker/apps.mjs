// The apps a Docker image can be built for, and their entries: the one list tools/docker/prune.mjs
// and tools/docker/check.mjs read. They are the services of the registry
// (libs/contracts/src/services.json) and the apps below; check.mjs holds the folders of apps/ to
// that. `node tools/docker/apps.mjs` prints their names, one a line (docker/README.md builds each).
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The apps with an image that are no service of the registry. */
export const OTHER_APPS = ['gateway', 'worker', 'web', 'standalone'];

/**
 * Each folder of apps/ with an entry, src/main.ts (or server/main.ts, the web app's Node server),
 * src/migrate.ts as a second entry where it exists (the migrations-only process of the
 * Kubernetes Job), and src/admin.ts where it exists (users: the operator's command, the admin
 * Job's). Test projects have none.
 */
export function listApps(root = REPO) {
  return readdirSync(join(root, 'apps'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => {
      const main = ['src', 'server'].find((dir) =>
        existsSync(join(root, 'apps', name, dir, 'main.ts')),
      );
      if (!main) return [];
      const entries = [`dist/apps/${name}/${main}/main.js`];
      if (existsSync(join(root, 'apps', name, 'src/migrate.ts')))
        entries.push(`dist/apps/${name}/src/migrate.js`);
      if (existsSync(join(root, 'apps', name, 'src/admin.ts')))
        entries.push(`dist/apps/${name}/src/admin.js`);
      return [{ name, entries }];
    });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  console.log(
    listApps()
      .map((app) => app.name)
      .join('\n'),
  );
