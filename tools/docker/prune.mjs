// What one app's Docker image needs, and nothing else (docker/Dockerfile runs this in its build
// stage, after `npm run build`):
//   node tools/docker/prune.mjs <app> <out-dir>
// writes into <out-dir>:
//   package.json       the root's name (-<app>), version, license and engines, its `overrides`, and
//                      as `dependencies` exactly the packages the app's compiled code loads, at the
//                      root package.json's versions;
//   package-lock.json  the root lockfile pruned to those by npm itself (`npm install
//                      --package-lock-only --offline` over a copy of it): the monorepo's exact
//                      versions and places, and only what they need;
//   dist/              the dist/ folders the app runs from: the folder of each project its code
//                      reaches, and dist/web when it serves the site.
// What the code loads is read by @vercel/nft from the app's entries (see apps.mjs), following every
// require(), import and import() through dist/, also inside functions (tracing loads @opentelemetry/*
// only when an endpoint is set; the image must have them) and computed paths nft can evaluate (the
// web host imports dist/web/server/index.mjs by its path). Exits 1 with every problem: an unknown
// app or missing build, a file that does not resolve, a load of a computed path not in
// COMPUTED_LOADS, an @mepedia/* alias swc did not rewrite (an image has no workspace links), a
// package the root package.json does not list in `dependencies`.
import { nodeFileTrace } from '@vercel/nft';
import { spawn } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO, listApps } from './apps.mjs';

export { REPO, listApps };

/** Where the web app's Vite build is (client assets, and the server bundle the host imports). */
export const WEB_BUILD = 'dist/web';

/** Files that load a module by a computed path, and what that path is (nft must reach it too). */
const COMPUTED_LOADS = new Map([
  ['dist/apps/web/server/web-host.js', `${WEB_BUILD}/server/index.mjs`],
]);

export const JS = /\.(js|mjs|cjs)$/;
// (node_modules may be a link out of the repository: nft then names it by its real path.)
const PACKAGE = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)/;
const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));

export class PruneError extends Error {
  constructor(problems) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/** A compiled file's source without comments, as the loads check and check.mjs read it. */
export const codeOf = (root, file) =>
  readFileSync(join(root, file), 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/^\s*\/\/.*$/gm, '');

/** The first `file:line` of the traced files that names a package in a string, for messages. */
function whereLoaded(root, files, name) {
  for (const file of files) {
    if (!JS.test(file)) continue;
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    const at = lines.findIndex((line) => line.includes(`"${name}"`) || line.includes(`"${name}/`));
    if (at !== -1) return `${file}:${at + 1}`;
  }
  return 'the app';
}

/**
 * An app's compiled module graph, as nft traces it without entering node_modules: its files, the
 * packages they load, the dist/ folders the image needs, and the problems found. `cache` is nft's,
 * shared between apps.
 */
export async function traceApp(name, { root = REPO, cache } = {}) {
  const apps = listApps(root);
  const app = apps.find((candidate) => candidate.name === name);
  if (!app)
    return { problems: [`No app named '${name}' (apps: ${apps.map((a) => a.name).join(', ')})`] };
  const problems = app.entries
    .filter((entry) => !existsSync(join(root, entry)))
    .map((entry) => `${entry} is missing: build first (npm run build)`);
  if (problems.length > 0) return { app, problems };
  const trace = await nodeFileTrace(
    app.entries.map((entry) => join(root, entry)),
    {
      base: root,
      cache,
      // Packages are named, not entered; the site's browser code is copied, never loaded by Node.
      ignore: (path) => /^node_modules(\/|$)/.test(path) || path.startsWith(`${WEB_BUILD}/client/`),
    },
  );
  const files = [...trace.fileList].sort();
  const inDist = (path) => relative(root, path).startsWith('dist/');
  for (const warning of trace.warnings) {
    const unresolved = warning.message.match(
      /^Failed to resolve dependency "(.+)":[\s\S]* loaded from (\S+)$/,
    );
    const unparsed = warning.message.match(/^Failed to parse (\S+) as/);
    if (unresolved && inDist(unresolved[2]))
      problems.push(
        `${relative(root, unresolved[2])}: '${unresolved[1]}' is not in dist/ (build again?)`,
      );
    else if (unparsed && inDist(unparsed[1]) && JS.test(unparsed[1]))
      problems.push(`${relative(root, unparsed[1])} cannot be parsed: ${warning.message}`);
  }
  const packages = new Set();
  for (const [path, reason] of trace.reasons) {
    const pkg = reason.ignored && path.match(PACKAGE)?.[1];
    if (!pkg) continue;
    if (pkg.startsWith('@mepedia/'))
      problems.push(
        `'${pkg}' (${whereLoaded(root, files, pkg)}) was not rewritten to a relative path by the ` +
          'build: add the alias to the paths of .swcrc (an image has no workspace links)',
      );
    else packages.add(pkg);
  }
  // The root's package.json is there as the type boundary of dist/web's .mjs files.
  const outside = files.filter((file) => !file.startsWith('dist/') && file !== 'package.json');
  if (outside.length > 0)
    problems.push(
      `${outside.length} files outside dist/, first ${outside[0]}: an @mepedia/* alias the build ` +
        'did not rewrite?',
    );
  const folders = new Set();
  for (const file of files.filter((f) => f.startsWith('dist/'))) {
    let folder = file.startsWith(`${WEB_BUILD}/`) ? WEB_BUILD : undefined;
    for (let dir = dirname(file.slice(5)); !folder && dir !== '.'; dir = dirname(dir))
      if (existsSync(join(root, dir, 'project.json'))) folder = `dist/${dir}`;
    if (folder) folders.add(folder);
    else problems.push(`${file} belongs to no project (no project.json above its source)`);
    if (!JS.test(file)) continue;
    const computed = [
      ...codeOf(root, file).matchAll(/(?<![\w$.])(?:require|import)\s*\(\s*(?!['"`])/g),
    ];
    const declared = COMPUTED_LOADS.get(file);
    if (computed.length > 0 && !declared)
      problems.push(
        `${file}: require() or import() of a computed path, which the trace may not follow: load a ` +
          'package by its name in a string, or say what it loads in COMPUTED_LOADS (tools/docker/prune.mjs)',
      );
    else if (declared && !trace.fileList.has(declared))
      problems.push(`${file} loads ${declared}, which is not built or which nft no longer follows`);
  }
  const where = (pkg) => whereLoaded(root, files, pkg);
  return { app, files, packages, folders: [...folders].sort(), where, problems };
}

/** Runs npm in `cwd`; resolves to its exit code and output. */
export function npm(args, cwd) {
  return new Promise((done) => {
    const child = spawn('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], {
      cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => done({ code: 1, output: `npm: ${error.message}` }));
    child.on('close', (code) => done({ code, output: output.trim() }));
  });
}

/**
 * Traces an app and writes its package.json, package-lock.json and (unless `dist` is false) dist/
 * into outDir. `locks` (a Map) lets apps that load the same packages share npm's one pruning.
 * Throws a PruneError listing every problem.
 */
export async function pruneApp(name, outDir, { root = REPO, dist = true, cache, locks } = {}) {
  const graph = await traceApp(name, { root, cache });
  const problems = [...graph.problems];
  if (!graph.app || !graph.files) throw new PruneError(problems);
  const rootPackage = readJson(join(root, 'package.json'));
  const dependencies = {};
  for (const pkg of [...graph.packages].sort()) {
    if (rootPackage.dependencies?.[pkg]) dependencies[pkg] = rootPackage.dependencies[pkg];
    else if (rootPackage.devDependencies?.[pkg])
      problems.push(
        `${graph.where(pkg)} loads ${pkg}, a devDependency of package.json: an image has ` +
          'dependencies only (move it to dependencies, or stop loading it from app code)',
      );
    else
      problems.push(
        `${graph.where(pkg)} loads ${pkg}, which package.json does not list in dependencies`,
      );
  }
  if (problems.length > 0) throw new PruneError(problems);
  const { license, engines, overrides, version } = rootPackage;
  const packageJson = {
    name: `${rootPackage.name}-${name}`,
    version,
    private: true,
    ...(license ? { license } : {}),
    ...(engines ? { engines } : {}),
    dependencies,
    ...(overrides ? { overrides } : {}),
  };
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(packageJson, null, 2)}\n`);
  const key = JSON.stringify(dependencies);
  let pruning = locks?.get(key);
  if (!pruning) {
    pruning = (async () => {
      copyFileSync(join(root, 'package-lock.json'), join(outDir, 'package-lock.json'));
      const args = ['install', '--package-lock-only', '--offline', '--ignore-scripts'];
      const run = await npm(args, outDir);
      if (run.code !== 0)
        throw new PruneError([`npm could not prune package-lock.json:\n${run.output}`]);
      return readJson(join(outDir, 'package-lock.json'));
    })();
    locks?.set(key, pruning);
  }
  const lock = structuredClone(await pruning);
  lock.name = lock.packages[''].name = packageJson.name;
  writeFileSync(join(outDir, 'package-lock.json'), `${JSON.stringify(lock, null, 2)}\n`);
  if (dist) {
    rmSync(join(outDir, 'dist'), { recursive: true, force: true });
    for (const folder of graph.folders)
      cpSync(join(root, folder), join(outDir, folder), {
        recursive: true,
        // Build stamps (dist/web/.inputs) are not part of the app.
        filter: (source) => !source.slice(join(root, folder).length).includes('/.'),
      });
  }
  return { graph, packageJson, lock, folders: graph.folders };
}

const invoked = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invoked) {
  const [app, outDir, ...rest] = process.argv.slice(2);
  if (!app || !outDir || rest.length > 0) {
    const names = listApps().map((a) => a.name);
    process.stderr.write(
      `Usage: node tools/docker/prune.mjs <app> <out-dir>\nApps: ${names.join(', ')}\n`,
    );
    process.exit(2);
  }
  try {
    const { packageJson, lock, folders } = await pruneApp(app, resolve(outDir));
    process.stdout.write(
      `${app}: ${Object.keys(packageJson.dependencies).length} dependencies, ` +
        `${Object.keys(lock.packages).length - 1} packages in package-lock.json; ${folders.join(', ')}\n`,
    );
  } catch (error) {
    if (!(error instanceof PruneError)) throw error;
    process.stderr.write(
      `Cannot prune ${app}:\n${error.problems.map((p) => `  - ${p}`).join('\n')}\n`,
    );
    process.exit(1);
  }
}
