#!/usr/bin/env node
// Offline checks of the per-app Docker images (docker/Dockerfile); CI runs it, and needs no
// Docker engine. For every app (see listApps in tools/docker/prune.mjs), it prunes the app into a
// temporary folder the way the image's build stage does (tools/docker/prune.mjs), then checks:
//   a. every package the app's compiled code loads is a dependency of the pruned package.json, at
//      the root package.json's version, and the pruned lock installs it (node_modules/<name>, at
//      that version); the package.json lists nothing else; and a plain text search of the same
//      files finds no package the pruning's scan missed;
//   b. the pruned lock holds together: lockfileVersion 3, its root entry is the package.json; every
//      entry is the root lock's, unchanged but for its dev/optional flags; no workspace package and
//      no dev flag; every dependency and non-optional peer of every entry resolves inside it (as
//      Node resolves through nested node_modules/) to the same entry as in the root lock, and so do
//      optional dependencies the root lock has (the platform binaries of sharp, argon2, ...);
//      nothing in it is unreachable; an entry is marked optional exactly when only optional
//      dependencies lead to it; the root's overrides about its packages are in the package.json;
//      and `npm ci --omit=dev --dry-run --offline`, with an empty cache, accepts the pair (so npm
//      needs nothing that is not in the lock; skip with --no-npm);
//   c. the image is smaller where it should be: nothing the root lock marks dev (or devOptional),
//      none of the build and test tools, and the packages of EXPECTED_ONLY_IN only in the apps
//      named there (the site's React in web and standalone, ...); every app but standalone has
//      fewer packages than standalone, and none more than the root lock's production packages;
//      the app's dist folders hold its entries (copied for COPY_DIST, as the image gets them),
//      dist/web is there only where the site is served, and no testing library;
//   d. docker/Dockerfile lists every app (and only apps) on its `# Apps:` line, keeps its runtime
//      stage non-root with a HEALTHCHECK, and runs the pruning; docker/compose.yaml builds apps
//      only, and docker/README.md has each app's build command.
// It also breaks one pruned result on purpose in a few ways and fails unless (a)-(c) notice each.
// Prints a table (app, direct dependencies, packages in its lock, packages npm would install
// here, dist folders) and exits 1 with every problem.
//
// Usage: node tools/docker/check.mjs [--no-npm]
//        node tools/docker/check.mjs --verify <app> <dir>   check a pruned <dir> (package.json and
//                                                            package-lock.json) instead of pruning
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { isBuiltin } from 'node:module';
import { isDeepStrictEqual } from 'node:util';
import {
  PruneError,
  REPO,
  WEB_BUILD,
  appGraph,
  edgesOf,
  listApps,
  nameOfKey,
  packageNameOf,
  resolveInLock,
  writePruned,
} from './prune.mjs';

const started = Date.now();
const args = process.argv.slice(2);
const runNpm = !args.includes('--no-npm');
const verifyAt = args.indexOf('--verify');

// Build and test tools: never in an image (a * ends a scope).
const DEV_TOOLS = [
  'typescript',
  'jest',
  'vite',
  'vitest',
  'nx',
  '@nx/*',
  '@swc/*',
  '@playwright/test',
  'playwright',
  '@react-router/dev',
  'eslint',
  'prettier',
  'drizzle-kit',
  'esbuild',
  'rollup',
  '@babel/core',
];

// Packages that only these apps may have: each is big, or belongs to one side of the system. An app
// that starts to need one legitimately is added here, on purpose.
const EXPECTED_ONLY_IN = [
  [
    ['react', 'react-dom', 'react-router', '@react-router/node'],
    ['web', 'standalone'],
  ],
  [
    ['@tanstack/react-query', 'lucide-react'],
    ['web', 'standalone'],
  ],
  [
    ['@aws-sdk/client-s3', 'sharp', '@fastify/multipart'],
    ['files', 'standalone'],
  ],
  [['nodemailer'], ['worker', 'standalone']],
  [
    ['@node-rs/argon2', 'passport', 'passport-local'],
    ['users', 'standalone'],
  ],
];
// And what the web app's server (no database, no queue, no Nest) must not have.
const NOT_IN_WEB = [
  '@nestjs/core',
  '@nestjs/common',
  'pg',
  'bullmq',
  'ioredis',
  'drizzle-orm',
  '@electric-sql/pglite',
];

const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
const matches = (name, pattern) =>
  pattern.endsWith('/*') ? name.startsWith(pattern.slice(0, -1)) : name === pattern;
const EXACT_VERSION = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** The root lock's entry without its flags, to compare with a pruned entry. */
const unflagged = (entry) =>
  Object.fromEntries(
    Object.entries(entry ?? {}).filter(
      ([field]) => !['dev', 'optional', 'devOptional', 'peer'].includes(field),
    ),
  );

/** The keys `names` lead to from the root of `packages`, following optional edges or not. */
function reachable(packages, names, optional) {
  const keys = new Set();
  const queue = [];
  const reach = (from, name) => {
    const key = resolveInLock(packages, from, name);
    if (key && !keys.has(key)) {
      keys.add(key);
      queue.push(key);
    }
  };
  for (const name of names) reach('', name);
  while (queue.length > 0) {
    const key = queue.shift();
    for (const edge of edgesOf(packages[key]))
      if (optional || !edge.optional) reach(key, edge.name);
  }
  return keys;
}

/**
 * A second, cruder reading of the graph's files than prune.mjs's scan, to catch a bug in it: a
 * regular expression over the text without its comments. It may miss things (a string that looks
 * like a comment), but any package it finds that the scan did not is a problem.
 */
function crossCheck(graph) {
  const problems = [];
  const pattern =
    /(?:\brequire(?:\.resolve)?\s*\(\s*|\bfrom\s*|\bimport\s*\(?\s*)(["'`])([^"'`]+)\1/g;
  for (const file of graph.files) {
    if (!/\.(js|mjs|cjs)$/.test(file)) continue;
    const text = readFileSync(join(REPO, file), 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const [, , specifier] of text.matchAll(pattern)) {
      if (/^[./]/.test(specifier) || isBuiltin(specifier)) continue;
      const name = packageNameOf(specifier);
      if (!/^(@[\w.-]+\/)?[\w.-]+$/.test(name) || name.startsWith('@mepedia/')) continue;
      if (!graph.packages.has(name))
        problems.push(`${file} seems to load ${name}, which the scan of prune.mjs did not see`);
    }
  }
  return problems;
}

/** Checks (a) to (c) of one pruned package.json and lock; returns the problems. */
function verify({ app, graph, packageJson, lock, rootPackage, rootLock }) {
  const problems = [];
  const all = rootLock.packages;
  const packages = lock.packages ?? {};
  const root = packages[''] ?? {};
  const deps = packageJson.dependencies ?? {};

  // (a) What the code loads is there.
  for (const [name, where] of graph.packages) {
    const pin = rootPackage.dependencies?.[name];
    if (deps[name] !== pin)
      problems.push(
        `${name} (loaded at ${where}) is ${deps[name] ? `at ${deps[name]}` : 'missing'} in the ` +
          `pruned package.json; the root has ${pin ?? 'no such dependency'}`,
      );
    const installed = packages[`node_modules/${name}`];
    if (!installed) problems.push(`${name} (loaded at ${where}) is not in the pruned lock`);
    else if (pin && EXACT_VERSION.test(pin) && installed.version !== pin)
      problems.push(`the pruned lock installs ${name}@${installed.version}, not ${pin}`);
  }
  for (const name of Object.keys(deps))
    if (!graph.packages.has(name))
      problems.push(`the pruned package.json lists ${name}, which the app's code never loads`);

  // (b) The lock holds together, and matches the package.json.
  if (lock.lockfileVersion !== 3)
    problems.push(`lockfileVersion is ${lock.lockfileVersion}, not 3`);
  if (lock.name !== packageJson.name || root.name !== packageJson.name)
    problems.push(
      `the lock is named ${lock.name} (root entry ${root.name}), not ${packageJson.name}`,
    );
  if (!isDeepStrictEqual(root.dependencies ?? {}, deps))
    problems.push("the lock's root entry and the package.json list different dependencies");
  if (!isDeepStrictEqual(packageJson.engines, rootPackage.engines))
    problems.push("the pruned package.json's engines are not the root's");
  for (const [key, entry] of Object.entries(packages)) {
    if (key === '') continue;
    if (key.includes('node_modules/@mepedia/') || entry.link)
      problems.push(`${key}: a workspace package (or link) in the lock`);
    else if (!all[key]) problems.push(`${key} is not in the root lock`);
    else if (!isDeepStrictEqual(unflagged(entry), unflagged(all[key])))
      problems.push(`${key} differs from the root lock's entry`);
    for (const flag of ['dev', 'devOptional', 'peer'])
      if (entry[flag]) problems.push(`${key} carries the root lock's ${flag} flag`);
    for (const edge of edgesOf(entry)) {
      const expected = resolveInLock(all, key, edge.name);
      const got = resolveInLock(packages, key, edge.name);
      if (got === expected) continue;
      if (!edge.optional || expected)
        problems.push(
          `${key} needs ${edge.name}: ${got ? `the lock resolves ${got}` : 'not in the lock'}` +
            (expected ? `, the root lock ${expected}` : ''),
        );
    }
  }
  const every = reachable(packages, Object.keys(deps), true);
  const required = reachable(packages, Object.keys(deps), false);
  for (const key of Object.keys(packages)) {
    if (key === '') continue;
    if (!every.has(key)) problems.push(`${key} is in the lock, but nothing leads to it`);
    else if (Boolean(packages[key].optional) === required.has(key))
      problems.push(
        `${key} is ${packages[key].optional ? '' : 'not '}marked optional, but ` +
          `${required.has(key) ? 'a required' : 'only an optional'} dependency leads to it`,
      );
  }
  const names = new Set(Object.keys(packages).map(nameOfKey));
  for (const key of Object.keys(rootPackage.overrides ?? {})) {
    const name = key.slice(0, key.indexOf('@', 1) === -1 ? undefined : key.indexOf('@', 1));
    if (names.has(name) && !packageJson.overrides?.[key])
      problems.push(`the root's override of ${key} is missing from the pruned package.json`);
  }

  // (c) Smaller where it should be.
  for (const key of Object.keys(packages)) {
    if (key === '' || !all[key]) continue;
    const name = nameOfKey(key);
    if (all[key].dev || all[key].devOptional)
      problems.push(`${key} is a development-only package in the root lock`);
    const tool = DEV_TOOLS.find((pattern) => matches(name, pattern));
    if (tool) problems.push(`${key} is a build or test tool (${tool})`);
    for (const [group, allowed] of EXPECTED_ONLY_IN)
      if (group.includes(name) && !allowed.includes(app))
        problems.push(`${key}: ${name} belongs in ${allowed.join(' and ')} only`);
    if (app === 'web' && NOT_IN_WEB.includes(name))
      problems.push(`${key}: the web app's server has no use for ${name}`);
  }
  return problems;
}

// The apps whose dist/ is copied too, as the image gets it: a service, and the web app with its Vite
// build. The others' folders are checked as a list (copying them all takes long on a busy disk).
const COPY_DIST = ['users', 'web'];

/**
 * Checks of the dist/ folders an image gets: each entry is in one of them (and was copied, for
 * COPY_DIST), dist/web is there where the site is served and only there, no testing library.
 */
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
  if (servesSite && copied && !existsSync(join(dir, WEB_BUILD, 'server/index.mjs')))
    problems.push(`${WEB_BUILD}/server/index.mjs was not copied`);
  if (servesSite && copied && !existsSync(join(dir, WEB_BUILD, 'client')))
    problems.push(`${WEB_BUILD}/client was not copied`);
  if (folders.some((folder) => folder.includes('/testing')))
    problems.push('a testing library is in the image');
  return problems;
}

/** Checks (d): the Dockerfile, compose and README against the apps. */
function verifyDockerFiles(apps) {
  const problems = [];
  const names = apps.map((app) => app.name);
  const dockerfile = readFileSync(join(REPO, 'docker/Dockerfile'), 'utf8');
  const listed =
    dockerfile
      .match(/^# Apps: (.+)$/m)?.[1]
      .trim()
      .split(/[\s,]+/) ?? [];
  if (listed.length === 0) problems.push('docker/Dockerfile has no `# Apps:` line');
  for (const name of names)
    if (!listed.includes(name)) problems.push(`docker/Dockerfile's # Apps: line lacks ${name}`);
  for (const name of listed)
    if (!names.includes(name))
      problems.push(`docker/Dockerfile's # Apps: line has ${name}, no app`);
  const stages = dockerfile.split(/^FROM /m);
  const runtime = stages[stages.length - 1];
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
  for (const name of names)
    if (!new RegExp(`--build-arg APP=${name}\\s`).test(readme))
      problems.push(`docker/README.md has no build command for ${name}`);
  return problems;
}

/** `npm ci --omit=dev --dry-run --offline` in dir with an empty cache: how many it would add. */
function npmDryRun(dir, cache) {
  return new Promise((done) => {
    const child = spawn(
      'npm',
      [
        'ci',
        '--omit=dev',
        '--ignore-scripts',
        '--dry-run',
        '--offline',
        `--cache=${cache}`,
        '--no-audit',
        '--no-fund',
        '--loglevel=error',
      ],
      { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => done({ error: `npm: ${error.message} (or use --no-npm)` }));
    child.on('close', (code) => {
      const added = output.match(/added (\d+) packages?/)?.[1];
      if (code === 0 && added) done({ added: Number(added) });
      else
        done({ error: `npm ci --dry-run refused it:\n${output.trim().replace(/^/gm, '      ')}` });
    });
  });
}

/** Runs tasks with at most `limit` at a time (the CI machine has 2 cores). */
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

/** Breaks a pruned result in ways (a)-(c) must notice; returns the ways they did not. */
function selfTest(context) {
  const { lock, packageJson } = context;
  const required = Object.keys(lock.packages).filter(
    (key) => key && !lock.packages[key].optional && !packageJson.dependencies[nameOfKey(key)],
  );
  const optional = Object.keys(lock.packages).find((key) => lock.packages[key].optional);
  const devOnly = Object.keys(context.rootLock.packages).find(
    (key) => context.rootLock.packages[key].dev,
  );
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
      (c) => (c.lock.packages[devOnly] = structuredClone(c.rootLock.packages[devOnly])),
    ],
    ['the lock at lockfileVersion 2', (c) => (c.lock.lockfileVersion = 2)],
  ];
  if (optional)
    breakages.push(['a platform binary dropped', (c) => delete c.lock.packages[optional]]);
  const missed = [];
  for (const [what, breakIt] of breakages) {
    const copy = {
      ...context,
      lock: structuredClone(lock),
      packageJson: structuredClone(packageJson),
    };
    breakIt(copy);
    if (verify(copy).length === 0) missed.push(what);
  }
  return { missed, count: breakages.length };
}

function table(rows) {
  const widths = rows[0].map((_, column) =>
    Math.max(...rows.map((row) => `${row[column]}`.length)),
  );
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? `${cell}`.padEnd(widths[column]) : `${cell}`.padStart(widths[column]),
        )
        .join('  '),
    )
    .join('\n');
}

async function main() {
  const apps = listApps();
  const rootPackage = readJson(join(REPO, 'package.json'));
  const rootLock = readJson(join(REPO, 'package-lock.json'));
  // What the one image for every app installed before: npm ci --omit=dev of the root lock (which
  // keeps devOptional entries, TypeScript among them).
  const production = Object.entries(rootLock.packages).filter(
    ([key, entry]) => key.startsWith('node_modules/') && !entry.dev && !entry.link,
  ).length;
  const problems = [];
  const report = (app, list) => problems.push(...list.map((problem) => `${app}: ${problem}`));

  if (verifyAt !== -1) {
    const [appName, dir] = args.slice(verifyAt + 1);
    const graph = appGraph(appName ?? '');
    if (!dir || graph.problems.length > 0) {
      process.stderr.write(
        `Usage: node tools/docker/check.mjs --verify <app> <dir>\n${graph.problems.join('\n')}\n`,
      );
      process.exit(2);
    }
    const packageJson = readJson(join(dir, 'package.json'));
    const lock = readJson(join(dir, 'package-lock.json'));
    report(appName, verify({ app: appName, graph, packageJson, lock, rootPackage, rootLock }));
    if (runNpm) {
      const scratch = mkdtempSync(join(tmpdir(), 'mepedia-docker-check-'));
      try {
        const npm = await npmDryRun(resolve(dir), join(scratch, 'npm-cache'));
        if (npm.error) report(appName, [npm.error]);
      } finally {
        rmSync(scratch, { recursive: true, force: true });
      }
    }
    return finish(problems, []);
  }

  report('docker files', verifyDockerFiles(apps));
  const scratch = mkdtempSync(join(tmpdir(), 'mepedia-docker-check-'));
  const cleanUp = () => rmSync(scratch, { recursive: true, force: true });
  for (const signal of ['SIGINT', 'SIGTERM'])
    process.once(signal, () => {
      cleanUp();
      process.exit(130);
    });
  try {
    const results = [];
    for (const app of apps) {
      const dir = join(scratch, app.name);
      try {
        const copied = COPY_DIST.includes(app.name);
        const pruned = writePruned(app.name, dir, { dist: copied });
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
        results.push({ app, dir, context, folders: pruned.folders });
      } catch (error) {
        if (!(error instanceof PruneError)) throw error;
        report(app.name, error.problems);
      }
    }
    // Apps that load the same packages get the same lock but for its name: npm checks one of them.
    const sameAs = (r) => {
      const { dependencies, overrides } = r.context.packageJson;
      return JSON.stringify({ dependencies, overrides });
    };
    const distinct = [...new Map(results.map((r) => [sameAs(r), r])).values()];
    const outcomes = runNpm
      ? await pooled(
          distinct.map(
            ({ dir, app }) =>
              () =>
                npmDryRun(dir, join(scratch, `npm-${app.name}`)),
          ),
          2,
        )
      : [];
    const byKey = new Map(distinct.map((r, index) => [sameAs(r), outcomes[index]]));
    const npm = runNpm ? results.map((r) => byKey.get(sameAs(r))) : [];
    npm.forEach((outcome, index) => {
      if (outcome.error) report(results[index].app.name, [outcome.error]);
    });

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
    results.forEach((r, index) =>
      rows.push([
        r.app.name,
        Object.keys(r.context.packageJson.dependencies).length,
        sizes.get(r.app.name),
        runNpm ? (npm[index].added ?? 'refused') : 'skipped',
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
    const notes = [
      table(rows),
      `self-test: ${self.count - self.missed.length} of ${self.count} deliberate breakages noticed`,
    ];
    return finish(problems, notes);
  } finally {
    cleanUp();
  }
}

function finish(problems, notes) {
  for (const note of notes) process.stdout.write(`${note}\n`);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    process.stderr.write(
      `\nThe Docker images' checks failed (${problems.length} problems, ${seconds} s):\n` +
        `${problems.map((problem) => `  - ${problem}`).join('\n')}\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(`The Docker images' checks passed (${seconds} s)\n`);
  }
}

await main();
