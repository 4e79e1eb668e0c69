// Build into dist/:
//   node tools/build.mjs                   everything: every server project, then the web app
//   node tools/build.mjs apps/users …      only these server projects (what each project's Nx
//                                          `build` target runs: it writes dist/<root> and nothing else)
//   node tools/build.mjs --web             only the web app (the `web` project's Nx `build` target)
//   node tools/build.mjs --servers         every server project, not the web app (what `npm run admin`
//                                          needs), skipped like a whole build's when nothing changed;
//                                          it reports on stderr, so the command's output stays its own
//
// A server project (apps/*, libs/contracts, libs/server/*, apps/web/server) is compiled file by
// file with swc into dist/<its root>, in well under a second; SQL migrations and package.json are
// copied beside the code, project.json and tsconfig.json are not. Imports of other projects become
// relative requires into their own dist/ folders (the paths of .swcrc), so an app runs once its
// libraries are built too: Nx's `build` depends on `^build` for that.
// The web app (apps/web/app with libs/web/*) is React Router's Vite build into dist/web, skipped
// when none of its inputs changed since the last build (it takes tens of seconds).
// Type checking is `npm run typecheck` (or `nx run-many -t typecheck`).
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { files, webInputs } from '../apps/web/build-inputs.mjs';

const run = (args, options = {}) => {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', ...options });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

// Every folder with a project.json under apps/ and libs/, except the Vite-built web app and the
// web libraries it bundles.
function serverProjects() {
  return [...files('apps'), ...files('libs')]
    .filter((file) => file.endsWith('/project.json'))
    .map((file) => dirname(file))
    .filter((root) => root !== 'apps/web' && !root.startsWith('libs/web/'))
    .sort();
}

// Compile beside dist/ and swap each project's folder in: a test run or server started from
// dist/ by another build never finds it half-deleted.
function buildServers(roots) {
  const started = Date.now();
  const staging = `dist/.staging-${process.pid}`;
  rmSync(staging, { recursive: true, force: true });
  mkdirSync('dist', { recursive: true });
  run([
    'node_modules/@swc/cli/bin/swc.js',
    ...roots,
    '--out-dir',
    staging,
    '--copy-files',
    '--ignore',
    [
      '**/project.json',
      '**/tsconfig.json',
      '**/*.spec.ts',
      '**/test/**',
      '**/*.test.ts',
      '**/*.test.tsx',
      '**/*.tsx',
    ].join(','),
    '--quiet',
  ]);
  for (const root of roots) {
    const target = `dist/${root}`;
    const old = `dist/.old-${process.pid}-${root.replaceAll('/', '-')}`;
    mkdirSync(dirname(target), { recursive: true });
    if (!existsSync(`${staging}/${root}`)) mkdirSync(`${staging}/${root}`, { recursive: true });
    if (existsSync(target)) renameSync(target, old);
    renameSync(`${staging}/${root}`, target);
    rmSync(old, { recursive: true, force: true });
  }
  rmSync(staging, { recursive: true, force: true });
  process.stdout.write(`Built ${roots.join(', ')} in ${Date.now() - started} ms\n`);
}

/** A digest of files' names and contents: a build whose inputs did not change is skipped. */
function digestOf(inputs) {
  const hash = createHash('sha256');
  for (const file of [...inputs].sort()) hash.update(file).update(readFileSync(file));
  return hash.digest('hex');
}

/** Every server project, unless nothing they are built from changed since the last such build. */
function buildAllServers(roots) {
  const inputs = [...roots.flatMap((root) => files(root)), '.swcrc', 'package-lock.json'];
  const digest = digestOf(inputs.filter((file) => existsSync(file)));
  const stamp = 'dist/.servers-inputs';
  if (
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === digest &&
    roots.every((root) => existsSync(`dist/${root}`))
  ) {
    process.stdout.write('The servers are up to date\n');
    return;
  }
  buildServers(roots);
  writeFileSync(stamp, digest);
}

function buildWeb() {
  const inputs = webInputs();
  const digest = digestOf(inputs);
  const stamp = 'dist/web/.inputs';
  if (
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8') === digest &&
    statSync('dist/web/server/index.mjs', { throwIfNoEntry: false })
  ) {
    process.stdout.write('The web app is up to date\n');
    return;
  }
  const started = Date.now();
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
  process.stdout.write(`Built the web app in ${Date.now() - started} ms\n`);
}

const args = process.argv.slice(2);
const known = serverProjects();
if (args.length === 0) {
  buildAllServers(known);
  buildWeb();
} else if (args.length === 1 && args[0] === '--servers') {
  process.stdout.write = process.stderr.write.bind(process.stderr);
  buildAllServers(known);
} else {
  const roots = args.filter((arg) => arg !== '--web').map((arg) => arg.replace(/\/+$/, ''));
  const unknown = roots.filter((root) => !known.includes(root));
  if (unknown.length > 0) {
    process.stderr.write(
      `Not a server project: ${unknown.join(', ')} (known: ${known.join(', ')})\n`,
    );
    process.exit(1);
  }
  if (roots.length > 0) {
    // A partial build leaves the whole-build stamp behind: the next full build redoes everything.
    rmSync('dist/.servers-inputs', { force: true });
    buildServers(roots);
  }
  if (args.includes('--web')) buildWeb();
}
