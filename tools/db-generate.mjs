// A service's next SQL migration from its Drizzle schema:
//   npm run db:generate -- <service> <name>      e.g. npm run db:generate -- posts content_sanitizer
//   npm run db:generate -- <service> <name> --custom   (an empty migration, for data: see me-answers)
// Runs drizzle-kit with apps/<service>/drizzle.config.ts; review the SQL before committing it.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const [service, name, ...extra] = process.argv.slice(2);
const config = `apps/${service}/drizzle.config.ts`;
if (!service || !name || !existsSync(config)) {
  console.error(
    'usage: npm run db:generate -- <service> <migration-name>  (apps/<service>/drizzle.config.ts)',
  );
  process.exit(2);
}
const run = spawnSync(
  'npx',
  ['drizzle-kit', 'generate', '--config', config, '--name', name, ...extra],
  {
    stdio: 'inherit',
  },
);
process.exit(run.status ?? 1);
