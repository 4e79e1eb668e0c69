// Compile every app and library to dist/ with swc (type checking is `npm run typecheck`).
// Path aliases are rewritten by swc (see .swcrc); SQL migrations are copied beside the code.
import { spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';

const started = Date.now();
rmSync('dist', { recursive: true, force: true });
const result = spawnSync(
  process.execPath,
  [
    'node_modules/@swc/cli/bin/swc.js',
    'apps',
    'libs',
    '--out-dir',
    'dist',
    '--copy-files',
    '--ignore',
    '**/*.spec.ts,**/test/**,**/*.int-spec.ts,**/*.e2e-spec.ts',
    '--quiet',
  ],
  { stdio: 'inherit' },
);
if (result.status !== 0) process.exit(result.status ?? 1);
process.stdout.write(`Built dist/ in ${Date.now() - started} ms\n`);
