// Build everything into dist/:
//  - the servers (apps/*/src, apps/web/server, libs/*) with swc, in well under a second;
//  - the web app (apps/web/app) with React Router's Vite build into dist/web, skipped when
//    none of its inputs changed since the last build (it takes tens of seconds).
// Type checking is `npm run typecheck`.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { join } from 'node:path';

const started = Date.now();
const run = (args, options = {}) => {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// Compile beside dist/ and swap the result in: a test run or server started from dist/ by
// another build never finds it half-deleted.
const staging = `dist/.staging-${process.pid}`;
rmSync(staging, { recursive: true, force: true });
mkdirSync('dist', { recursive: true });
run([
  'node_modules/@swc/cli/bin/swc.js',
  'apps',
  'libs',
  '--out-dir',
  staging,
  '--copy-files',
  '--ignore',
  [
    '**/*.spec.ts',
    '**/test/**',
    '**/*.test.ts',
    '**/*.test.tsx',
    '**/*.tsx',
    'apps/web/app/**',
    'apps/web/public/**',
    'apps/web/*.ts',
    'libs/web/**',
  ].join(','),
  '--quiet',
]);
for (const folder of ['apps', 'libs']) {
  const old = `dist/.old-${process.pid}-${folder}`;
  if (existsSync(`dist/${folder}`)) renameSync(`dist/${folder}`, old);
  renameSync(`${staging}/${folder}`, `dist/${folder}`);
  rmSync(old, { recursive: true, force: true });
}
rmSync(staging, { recursive: true, force: true });
process.stdout.write(`Built the servers in ${Date.now() - started} ms\n`);

// The web app's inputs: its sources, the libraries it bundles, and the build's own config.
function files(dir) {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : files(path);
    return [path];
  });
}
const inputs = [
  ...files('apps/web/app'),
  ...files('apps/web/public'),
  ...files('libs/web'),
  ...files('libs/contracts/src'),
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'package-lock.json',
].sort();
const hash = createHash('sha256');
for (const file of inputs) hash.update(file).update(readFileSync(file));
const digest = hash.digest('hex');
const stamp = 'dist/web/.inputs';
if (
  existsSync(stamp) &&
  readFileSync(stamp, 'utf8') === digest &&
  statSync('dist/web/server/index.mjs', { throwIfNoEntry: false })
) {
  process.stdout.write('The web app is up to date\n');
} else {
  const webStarted = Date.now();
  rmSync('dist/web', { recursive: true, force: true });
  run([join(process.cwd(), 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: 'apps/web',
    env: { ...process.env, NODE_ENV: 'production' },
  });
  // Compressed copies beside each asset, served as they are (@fastify/static preCompressed).
  for (const file of files('dist/web/client')) {
    if (!/\.(js|css|svg|json)$/.test(file)) continue;
    const body = readFileSync(file);
    writeFileSync(
      `${file}.br`,
      brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
    );
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  }
  writeFileSync(stamp, digest);
  process.stdout.write(`Built the web app in ${Date.now() - webStarted} ms\n`);
}
