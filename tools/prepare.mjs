// `npm ci` / `npm install` run this (the `prepare` script): the web app is built once at install,
// so the first `npm start` does not wait for Vite. Skipped where the build tools are not
// installed (`npm ci --omit=dev`, as in the Docker image's runtime stage) or when asked
// (MEPEDIA_SKIP_PREPARE=1). A failure here never fails the install: `npm start` builds anyway.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

if (process.env.MEPEDIA_SKIP_PREPARE === '1' || !existsSync('node_modules/@react-router/dev')) {
  process.exit(0);
}
const result = spawnSync(process.execPath, ['tools/build.mjs'], { stdio: 'inherit' });
if (result.status !== 0)
  process.stderr.write('The build at install failed; npm start will try again.\n');
