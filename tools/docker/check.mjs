// Offline checks of the per-app Docker images (docker/Dockerfile); CI runs it (`nx run
// docker:check`) and it needs no Docker engine. Every app (apps.mjs) is pruned into a temporary
// folder as the image's build stage does (prune.mjs), then:
//   a. the pruned package.json lists exactly the packages nft traced, at the root's versions, and
//      the lock installs each at node_modules/<name>, at that version; a plain text search of the
//      traced files finds no package the trace missed;
//   b. the lock holds together: lockfileVersion 3, its root entry is the package.json, every entry
//      is the root lock's but for its flags, no workspace package or dev flag; every
//      dependency and non-optional peer resolves in it (as Node resolves through nested
//      node_modules/) to the entry the root lock resolves, and so do the optional ones the root lock
//      has (the platform builds of sharp, argon2, ...); nothing unreachable; an entry is optional
//      exactly when only optional dependencies lead to it; the package.json has the root's
//      overrides; and `npm ci --omit=dev --dry-run --offline` with an empty cache accepts the pair
//      (skip with --no-npm);
//   c. the image is smaller where it should be: nothing the root lock marks dev, no build or test
//      tool, EXPECTED_ONLY_IN's packages only in the apps named there, NOT_IN_WEB not in web; every
//      app but standalone has fewer packages than standalone, none more than the root lock's
//      production packages; the dist folders hold the entries (copied, for COPY_DIST), dist/web
//      only where the site is served, no testing library;
//   d. every service of the registry (tools/services.mjs) is an app, and every app a service or one
//      of OTHER_APPS (apps.mjs); docker/Dockerfile's last stage runs as USER 1000:1000 with a
//      HEALTHCHECK on /health/live, it runs prune.mjs and installs with npm ci --omit=dev;
//      docker/compose.yaml builds apps only; docker/README.md builds what apps.mjs prints.
// It also breaks one pruned result on purpose in several ways and fails unless (a)-(c) notice each.
// Prints a table and exits 1 with every problem.
//   node tools/docker/check.mjs [--no-npm]
//   node tools/docker/check.mjs --verify <app> <dir>   check a pruned <dir> instead of pruning
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import {
  JS,
  PruneError,
  REPO,
  WEB_BUILD,
  codeOf,
  listApps,
  npm,
  pruneApp,
  traceApp,
} from './prune.mjs';
import { OTHER_APPS } from './apps.mjs';

// The service registry's names (a path, not an import: tools/ is no Nx project to import from).
const { serviceNames } = await import(pathToFileURL(join(REPO, 'tools/services.mjs')).href);
const started = Date.now();
const args = process.argv.slice(2);
const runNpm = !args.includes('--no-npm');
const verifyAt = args.indexOf('--verify');

// Build and test tools: never in an image (a * ends a scope).
const DEV_TOOLS = [
  'typescript jest vite vitest nx @nx/* @swc/* @playwright/test playwright @react-router/dev',
  'eslint prettier drizzle-kit esbuild rollup @babel/core @vercel/nft',
].flatMap((line) => line.split(' '));
// Packages only these apps may have: each is big, or belongs to one side of the system. An app
// that starts to need one legitimately is added here, on purpose.
const EXPECTED_ONLY_IN = Object.entries({
  'react react-dom react-router @react-router/node @tanstack/react-query lucide-react':
    'web standalone',
  '@aws-sdk/client-s3 sharp @fastify/multipart': 'files standalone',
  nodemailer: 'worker standalone',
  '@node-rs/argon2 passport passport-local': 'users standalone',
}).map(([names, apps]) => [names.split(' '), apps.split(' ')]);
// What the web app's server (no database, no queue, no Nest) must not have.
const NOT_IN_WEB = '@nestjs/core @nestjs/common pg bullmq ioredis drizzle-orm @electric-sql/pglite';
// The apps whose dist/ is copied too, as the image gets it (copying them all is slow on a busy disk).
const COPY_DIST = ['users', 'web'];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const nameOfKey = (key) => key.slice(key.lastIndexOf('node_modules/') + 13);
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const FLAGS = ['dev', 'optional', 'devOptional', 'peer'];
const unflagged = (entry) =>
  Object.fromEntries(Object.entries(entry ?? {}).filter(([f]) => !FLAGS.includes(f)));

/** The key Node loads `name` from when the package at `from` ('' is the root) requires it. */
function resolveInLock(packages, from, name) {
  for (let base = from; ;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return undefined;
    base = base.includes('/node_modules/') ? base.slice(0, base.lastIndexOf('/node_modules/')) : '';
  }
}

/** An entry's edges: dependencies, optional dependencies, peers not marked optional. */
const edgesOf = (entry) => [
  ...Object.keys(entry.dependencies ?? {}).map((name) => ({ name, optional: false })),
  ...Object.keys(entry.optionalDependencies ?? {}).map((name) => ({ name, optional: true })),
  ...Object.keys(entry.peerDependencies ?? {})
    .filter((name) => !entry.peerDependenciesMeta?.[name]?.optional)
    .map((name) => ({ name, optional: false })),
];

/** The keys `names` lead to from the lock's root, following optional edges or not. */
function reachable(packages, names, optional) {
  const keys = new Set();
  const visit = (from, name) => {
    const key = resolveInLock(packages, from, name);
    if (!key || keys.has(key)) return;
    keys.add(key);
    for (const edge of edgesOf(packages[key]))
      if (optional || !edge.optional) visit(key, edge.name);
  };
  names.forEach((name) => visit('', name));
  return keys;
}

/** A second, cruder reading than nft's: every package a string load names in the traced files. */
function crossCheck(graph) {
  const problems = [];
  const load = /(?:\brequire(?:\.resolve)?\s*\(\s*|\bfrom\s*|\bimport\s*\(?\s*)(["'`])([^"'`]+)\1/g;
  for (const file of graph.files.filter((f) => JS.test(f)))
    for (const [, , specifier] of codeOf(REPO, file).matchAll(load)) {
      const name = packageOf(specifier);
      if (/^[./]/.test(specifier) || isBuiltin(specifier) || name.startsWith('@mepedia/')) continue;
      if (/^(@[\w.-]+\/)?[\w.-]+$/.test(name) && !graph.packages.has(name))
        problems.push(`${file} seems to load ${name}, which the trace did not see`);
    }
  return problems;
}

/** Checks (a) to (c) of one pruned package.json and lock; returns the problems. */
function verify({ app, graph, packageJson, lock, rootPackage, rootLock }) {
  const problems = [];
  const all = rootLock.packages;
  const packages = lock.packages ?? {};
  const deps = packageJson.dependencies ?? {};
  // (a) What the code loads is there, and nothing else.
  for (const name of graph.packages) {
    const pin = rootPackage.dependencies?.[name];
    if (deps[name] !== pin)
      problems.push(
        `${name} is ${deps[name] ? `at ${deps[name]}` : 'missing'} in the package.json; the root has ${pin}`,
      );
    const installed = packages[`node_modules/${name}`];
    if (!installed)
      problems.push(`${name} (loaded at ${graph.where(name)}) is not in the pruned lock`);
    else if (/^\d+\.\d+\.\d+(-[\w.-]+)?$/.test(pin) && installed.version !== pin)
      problems.push(`the pruned lock installs ${name}@${installed.version}, not ${pin}`);
  }
  for (const name of Object.keys(deps))
    if (!graph.packages.has(name))
      problems.push(`the package.json lists ${name}, which the code never loads`);
  // (b) The lock holds together, and matches the package.json.
  if (lock.lockfileVersion !== 3)
    problems.push(`lockfileVersion is ${lock.lockfileVersion}, not 3`);
  if (lock.name !== packageJson.name || packages['']?.name !== packageJson.name)
    problems.push(
      `the lock is named ${lock.name} (root entry ${packages['']?.name}), not ${packageJson.name}`,
    );
  if (!isDeepStrictEqual(packages['']?.dependencies ?? {}, deps))
    problems.push("the lock's root entry and the package.json list different dependencies");
  if (!isDeepStrictEqual(packageJson.engines, rootPackage.engines))
    problems.push('engines are not the root’s');
  if (!isDeepStrictEqual(packageJson.overrides, rootPackage.overrides))
    problems.push('overrides are not the root’s');
  for (const [key, entry] of Object.entries(packages)) {
    if (key === '') continue;
    if (key.includes('node_modules/@mepedia/') || entry.link)
      problems.push(`${key}: a workspace package in the lock`);
    else if (!all[key]) problems.push(`${key} is not in the root lock`);
    else if (!isDeepStrictEqual(unflagged(entry), unflagged(all[key])))
      problems.push(`${key} differs from the root lock's entry`);
    // (npm marks `peer` what only peers lead to, rxjs for Nest: --omit=dev installs it.)
    for (const flag of ['dev', 'devOptional'])
      if (entry[flag]) problems.push(`${key} carries the ${flag} flag`);
    for (const edge of edgesOf(entry)) {
      const expected = resolveInLock(all, key, edge.name);
      const got = resolveInLock(packages, key, edge.name);
      if (got !== expected && (!edge.optional || expected))
        problems.push(
          `${key} needs ${edge.name}: ${got ?? 'not in the lock'}, the root lock ${expected}`,
        );
    }
  }
  const every = reachable(packages, Object.keys(deps), true);
  const required = reachable(packages, Object.keys(deps), false);
  for (const key of Object.keys(packages).filter(Boolean)) {
    if (!every.has(key)) problems.push(`${key} is in the lock, but nothing leads to it`);
    else if (Boolean(packages[key].optional) === required.has(key))
      problems.push(`${key} is ${packages[key].optional ? '' : 'not '}marked optional, wrongly`);
  }
  // (c) Smaller where it should be.
  for (const key of Object.keys(packages).filter((k) => k && all[k])) {
    const name = nameOfKey(key);
    if (all[key].dev || all[key].devOptional)
      problems.push(`${key} is a development-only package in the root lock`);
    const tool = DEV_TOOLS.find((p) =>
      p.endsWith('/*') ? name.startsWith(p.slice(0, -1)) : name === p,
    );
    if (tool) problems.push(`${key} is a build or test tool (${tool})`);
    for (const [group, allowed] of EXPECTED_ONLY_IN)
      if (group.includes(name) && !allowed.includes(app))
        problems.push(`${key} belongs in ${allowed.join(' and ')} only`);
    if (app === 'web' && NOT_IN_WEB.split(' ').includes(name))
      problems.push(`${key}: the web app's server has no use for it`);
  }
  return problems;
}

/** Checks of the dist/ folders an image gets. */
function verifyDist(app, dir, folders, copied) {
  const problems = [];
  for (const entry of app.entries) {
    if (!folders.some((folder) => entry.startsWith(`${folder}/`)))
      problems.push(`${entry} is in none of its dist folders`);
    if (copied && !existsSync(join(dir, entry))) problems.push(`${entry} was not copied`);
  }
  const servesSite = folders.includes(WEB_BUILD);
  if (servesSite !== ['web', 'standalone'].includes(app.name))
    problems.push(`${WEB_BUILD} is ${servesSite ? '' : 'not '}in the image`);
  for (const part of ['server/index.mjs', 'client'])
    if (servesSite && copied && !existsSync(join(dir, WEB_BUILD, part)))
      problems.push(`${WEB_BUILD}/${part} was not copied`);
  if (folders.some((folder) => folder.includes('/testing')))
    problems.push('a testing library is in the image');
  return problems;
}

/** Checks (d): the Dockerfile, compose and README against the apps. */
function verifyDockerFiles(names) {
  const problems = [];
  for (const name of serviceNames.filter((n) => !names.includes(n)))
    problems.push(
      `the service registry's ${name} is no app with an entry (apps/${name}/src/main.ts)`,
    );
  // An app is a service of the registry or one of OTHER_APPS; the Dockerfile takes any of them.
  for (const name of names.filter((n) => !serviceNames.includes(n) && !OTHER_APPS.includes(n)))
    problems.push(
      `apps/${name} has an entry but is no service of the registry, nor in OTHER_APPS (tools/docker/apps.mjs)`,
    );
  for (const name of OTHER_APPS.filter((n) => !names.includes(n)))
    problems.push(`OTHER_APPS (tools/docker/apps.mjs) names ${name}, no app with an entry`);
  const dockerfile = readFileSync(join(REPO, 'docker/Dockerfile'), 'utf8');
  const runtime = dockerfile.split(/^FROM /m).at(-1);
  if (!/^USER 1000:1000$/m.test(runtime))
    problems.push("docker/Dockerfile's last stage does not run as USER 1000:1000");
  if (!/^HEALTHCHECK .*\n?.*\/health\/live/m.test(runtime))
    problems.push("docker/Dockerfile's last stage has no HEALTHCHECK on /health/live");
  if (!dockerfile.includes('tools/docker/prune.mjs'))
    problems.push('docker/Dockerfile does not run tools/docker/prune.mjs');
  if (!/npm ci --omit=dev/.test(dockerfile))
    problems.push('docker/Dockerfile does not install with npm ci --omit=dev');
  const compose = readFileSync(join(REPO, 'docker/compose.yaml'), 'utf8');
  for (const [, name] of compose.matchAll(/^\s+APP: ['"]?([\w-]+)/gm))
    if (!names.includes(name)) problems.push(`docker/compose.yaml builds APP=${name}, no app`);
  const readme = readFileSync(join(REPO, 'docker/README.md'), 'utf8');
  if (!/for app in \$\(node tools\/docker\/apps\.mjs\); do/.test(readme))
    problems.push('docker/README.md does not build every app that tools/docker/apps.mjs prints');
  return problems;
}

/** `npm ci --omit=dev --dry-run --offline` in dir with an empty cache: how many it would add. */
async function npmDryRun(dir, cache) {
  const args = [
    'ci',
    '--omit=dev',
    '--ignore-scripts',
    '--dry-run',
    '--offline',
    `--cache=${cache}`,
  ];
  const { code, output } = await npm(args, dir);
  const added = output.match(/added (\d+) packages?/)?.[1];
  return code === 0 && added
    ? { added: Number(added) }
    : { error: `npm ci --dry-run refused it:\n${output}` };
}

/** Runs the tasks at most `limit` at a time (the CI machine has 2 cores). */
async function pooled(tasks, limit) {
  const results = [];
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await tasks[index]();
    }
  };
  await Promise.all(Array.from({ length: limit }, worker));
  return results;
}

/** Breaks a pruned result in ways (a)-(c) must notice; returns what they did not. */
function selfTest(context) {
  const { lock, packageJson, rootLock } = context;
  const keys = Object.keys(lock.packages);
  const required = keys.filter(
    (k) => k && !lock.packages[k].optional && !packageJson.dependencies[nameOfKey(k)],
  );
  const optional = keys.find((k) => lock.packages[k].optional);
  const devOnly = Object.keys(rootLock.packages).find((k) => rootLock.packages[k].dev);
  const direct = Object.keys(packageJson.dependencies)[0];
  const breakages = [
    [
      'a direct dependency left out of the lock',
      (c) => delete c.lock.packages[`node_modules/${direct}`],
    ],
    ['a transitive dependency left out of the lock', (c) => delete c.lock.packages[required[0]]],
    ['a dependency left out of the package.json', (c) => delete c.packageJson.dependencies[direct]],
    ['an entry marked dev', (c) => (c.lock.packages[required[0]].dev = true)],
    [
      'a development-only package added',
      (c) => (c.lock.packages[devOnly] = structuredClone(rootLock.packages[devOnly])),
    ],
    ['the lock at lockfileVersion 2', (c) => (c.lock.lockfileVersion = 2)],
    ...(optional ? [['a platform binary dropped', (c) => delete c.lock.packages[optional]]] : []),
  ];
  const missed = breakages.filter(([, breakIt]) => {
    const copy = {
      ...context,
      lock: structuredClone(lock),
      packageJson: structuredClone(packageJson),
    };
    breakIt(copy);
    return verify(copy).length === 0;
  });
  return { missed: missed.map(([what]) => what), count: breakages.length };
}

const table = (rows) => {
  const widths = rows[0].map((_, c) => Math.max(...rows.map((row) => `${row[c]}`.length)));
  const cell = (value, c) =>
    c === 0 ? `${value}`.padEnd(widths[c]) : `${value}`.padStart(widths[c]);
  return rows.map((row) => row.map(cell).join('  ')).join('\n');
};

function finish(problems, notes) {
  for (const note of notes) process.stdout.write(`${note}\n`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length === 0)
    return process.stdout.write(`The Docker images' checks passed (${seconds} s)\n`);
  const list = problems.map((problem) => `  - ${problem}`).join('\n');
  process.stderr.write(
    `\nThe Docker images' checks failed (${problems.length} problems, ${seconds} s):\n${list}\n`,
  );
  process.exitCode = 1;
}

async function main() {
  const apps = listApps();
  const rootPackage = readJson(join(REPO, 'package.json'));
  const rootLock = readJson(join(REPO, 'package-lock.json'));
  // What one image for every app installs: npm ci --omit=dev of the root lock.
  const production = Object.entries(rootLock.packages).filter(
    ([key, entry]) => key.startsWith('node_modules/') && !entry.dev && !entry.link,
  ).length;
  const problems = [];
  const report = (app, list) => problems.push(...list.map((problem) => `${app}: ${problem}`));
  const scratch = mkdtempSync(join(tmpdir(), 'mepedia-docker-check-'));
  const cleanUp = () => rmSync(scratch, { recursive: true, force: true });
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      cleanUp();
      process.exit(130);
    });
  try {
    if (verifyAt !== -1) {
      const [name, dir] = args.slice(verifyAt + 1);
      const graph = await traceApp(name ?? '');
      if (!dir || graph.problems.length > 0) {
        process.stderr.write(
          `Usage: node tools/docker/check.mjs --verify <app> <dir>\n${graph.problems.join('\n')}\n`,
        );
        process.exit(2);
      }
      const pair = {
        packageJson: readJson(join(dir, 'package.json')),
        lock: readJson(join(dir, 'package-lock.json')),
      };
      report(name, verify({ app: name, graph, ...pair, rootPackage, rootLock }));
      const dry = runNpm ? await npmDryRun(resolve(dir), join(scratch, 'npm')) : {};
      if (dry.error) report(name, [dry.error]);
      return finish(problems, []);
    }
    report('docker files', verifyDockerFiles(apps.map((app) => app.name)));
    const cache = {};
    const locks = new Map();
    const dryRuns = new Map();
    const results = await pooled(
      apps.map((app) => async () => {
        const dir = join(scratch, app.name);
        const copied = COPY_DIST.includes(app.name);
        try {
          const pruned = await pruneApp(app.name, dir, { dist: copied, cache, locks });
          // Read back what was written: that is what the image's deps stage installs from.
          const context = {
            app: app.name,
            graph: pruned.graph,
            packageJson: readJson(join(dir, 'package.json')),
            lock: readJson(join(dir, 'package-lock.json')),
            rootPackage,
            rootLock,
          };
          report(app.name, verify(context));
          report(app.name, crossCheck(pruned.graph));
          report(app.name, verifyDist(app, dir, pruned.folders, copied));
          // Apps that load the same packages get the same lock but for its name: npm checks one.
          const key = JSON.stringify(context.packageJson.dependencies);
          if (runNpm && !dryRuns.has(key))
            dryRuns.set(key, npmDryRun(dir, join(scratch, `npm-${app.name}`)));
          const npm = runNpm ? await dryRuns.get(key) : undefined;
          if (npm?.error) report(app.name, [npm.error]);
          return { app, dir, context, folders: pruned.folders, npm };
        } catch (error) {
          if (!(error instanceof PruneError)) throw error;
          report(app.name, error.problems);
          return undefined;
        }
      }),
      2,
    ).then((all) => all.filter(Boolean));
    const sizes = new Map(
      results.map((r) => [r.app.name, Object.keys(r.context.lock.packages).length - 1]),
    );
    const largest = sizes.get('standalone');
    for (const [name, size] of sizes) {
      if (size > production)
        report(name, [
          `${size} packages, more than npm ci --omit=dev of the root lock (${production})`,
        ]);
      if (name !== 'standalone' && largest !== undefined && size >= largest)
        report(name, [`${size} packages, no fewer than standalone's ${largest}`]);
    }
    const sample = results.find((r) => r.app.name === 'users') ?? results[0];
    const self = sample ? selfTest(sample.context) : { missed: [], count: 0 };
    for (const what of self.missed)
      problems.push(`self-test: the checks did not notice ${what} (${sample.app.name})`);
    const rows = [['app', 'direct deps', 'packages in lock', 'npm would add here', 'dist folders']];
    results.forEach((r) =>
      rows.push([
        r.app.name,
        Object.keys(r.context.packageJson.dependencies).length,
        sizes.get(r.app.name),
        runNpm ? (r.npm.added ?? 'refused') : 'skipped',
        r.folders.length,
      ]),
    );
    rows.push([
      '(root lock, --omit=dev)',
      Object.keys(rootPackage.dependencies).length,
      production,
      '',
      '',
    ]);
    const noticed = `self-test: ${self.count - self.missed.length} of ${self.count} deliberate breakages noticed`;
    return finish(problems, [table(rows), noticed]);
  } finally {
    cleanUp();
  }
}

await main();
