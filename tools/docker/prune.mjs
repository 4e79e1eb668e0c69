#!/usr/bin/env node
// What one app's Docker image needs, and nothing else (docker/Dockerfile runs this in its build
// stage, after `npm run build`):
//   node tools/docker/prune.mjs <app> <out-dir>
// writes into <out-dir>:
//   package.json       name, private, the root's engines, and as `dependencies` exactly the packages
//                      the app's compiled code loads, at the root package.json's versions (plus the
//                      root's `overrides` that concern the packages kept, so the lock stays valid);
//   package-lock.json  the root lockfile cut down to those packages and everything they need
//                      (dependencies, optional dependencies, non-optional peers, found the way Node
//                      resolves them through the lockfile's nested node_modules/... keys), every one
//                      a production package: `npm ci --omit=dev` installs the monorepo's exact
//                      versions, and only those;
//   dist/              the dist/ folders the app runs from: the folder of each project its code
//                      reaches (dist/apps/<app>, the dist/libs/... it requires, the other apps for
//                      standalone) and dist/web when it serves the site.
//
// The package set is read from the compiled code, not declared: starting at the app's entries
// (dist/apps/<app>/src/main.js, and src/migrate.js where the app has one: the services and the
// worker; dist/apps/web/server/main.js for the web app), every require("x"), require.resolve("x"),
// import ... from "x", import "x" and import("x") with a string is followed: relative paths to the
// next file in dist/, package names into the set. A require inside a function counts like any
// other (tracing's @opentelemetry/* packages are loaded only when an OTLP endpoint is set, but the
// image must have them). swc rewrites the @mepedia/* aliases into relative requires at build time
// (the paths of .swcrc), so compiled code reaches the libraries through dist/libs; an alias left in
// dist/ would load TypeScript sources through a workspace link in development, and nothing in an
// image (it has no workspace links), so it is an error here. So is a require() or import() of a
// computed path, unless COMPUTED_LOADS below says what it loads.
//
// Exits 1 with every problem found (an unknown app, a missing build, a package the root
// package.json does not list in `dependencies`, a lockfile that lacks something).
// tools/docker/check.mjs runs this for every app and checks the result.
import {
  cpSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where the web app's Vite build is (client assets, and the server bundle the host imports). */
export const WEB_BUILD = 'dist/web';

/**
 * Files that load modules by a computed path, which no scan can read: the file, the dist/ folder
 * the image must then have, and the folder whose modules join the graph. The web host imports
 * React Router's server bundle (dist/web/server/index.mjs) by its path at start.
 */
const COMPUTED_LOADS = new Map([
  ['dist/apps/web/server/web-host.js', { folder: WEB_BUILD, modules: `${WEB_BUILD}/server` }],
]);

const MODULE_FILE = /\.(js|mjs|cjs)$/;

export class PruneError extends Error {
  constructor(problems) {
    super(problems.join('\n'));
    this.problems = problems;
  }
}

/** Repository-relative path (with /) to an absolute one. */
const abs = (root, path) => join(root, ...path.split('/'));
const isFile = (root, path) => statSync(abs(root, path), { throwIfNoEntry: false })?.isFile();
const isDir = (root, path) => statSync(abs(root, path), { throwIfNoEntry: false })?.isDirectory();
const readJson = (root, path) => JSON.parse(readFileSync(abs(root, path), 'utf8'));

// ---------------------------------------------------------------------------------------------
// Apps and projects

/**
 * The apps an image can be built for: each folder of apps/ with an entry, src/main.ts (or
 * server/main.ts, the web app's Node server), with src/migrate.ts as a second entry where it
 * exists (the migrations-only process of the Kubernetes Job). Test projects have neither.
 */
export function listApps(root = REPO) {
  return readdirSync(abs(root, 'apps'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort()
    .flatMap((name) => {
      const main = ['src', 'server'].find((dir) => isFile(root, `apps/${name}/${dir}/main.ts`));
      if (!main) return [];
      const entries = [`dist/apps/${name}/${main}/main.js`];
      if (isFile(root, `apps/${name}/src/migrate.ts`))
        entries.push(`dist/apps/${name}/src/migrate.js`);
      return [{ name, entries }];
    });
}

/** The dist/ folder of every project (a folder of apps/ or libs/ with a project.json). */
function projectFolders(root) {
  const found = [];
  const walk = (dir, depth) => {
    if (isFile(root, `${dir}/project.json`)) found.push(`dist/${dir}`);
    if (depth === 0 || !isDir(root, dir)) return;
    for (const entry of readdirSync(abs(root, dir), { withFileTypes: true })) {
      if (!entry.isDirectory() || entry.name === 'node_modules' || entry.name.startsWith('.'))
        continue;
      walk(`${dir}/${entry.name}`, depth - 1);
    }
  };
  walk('apps', 3);
  walk('libs', 3);
  // Longest first: a file of dist/apps/web/server belongs to that project, not to apps/web.
  return [...found, WEB_BUILD].sort((a, b) => b.length - a.length);
}

// ---------------------------------------------------------------------------------------------
// Reading a module's imports

// After these words a `/` starts a regular expression, not a division.
const WORDS_BEFORE_EXPRESSION = new Set([
  'return',
  'typeof',
  'instanceof',
  'in',
  'of',
  'new',
  'delete',
  'void',
  'throw',
  'case',
  'do',
  'else',
  'yield',
  'await',
  'export',
  'default',
  'extends',
]);

const isNameStart = (code) =>
  (code >= 97 && code <= 122) ||
  (code >= 65 && code <= 90) ||
  code === 36 || // $
  code === 95 || // _
  code === 35 || // # (private names)
  code > 127;
const isNamePart = (code) => isNameStart(code) || (code >= 48 && code <= 57);
const isDigit = (code) => code >= 48 && code <= 57;

/**
 * The tokens of a JavaScript file that matter to find its imports: names, strings (templates
 * without substitutions count as strings), other templates, regular expressions, numbers and
 * punctuation, each with its line. Comments and the contents of strings, templates and regular
 * expressions are skipped, so a `require('x')` in a comment or a string is not an import.
 */
function tokenize(source) {
  const tokens = [];
  const braces = []; // per open brace: true when it is a template's `${`
  const n = source.length;
  let i = 0;
  let line = 1;
  const push = (type, value, at = line) => tokens.push({ type, value, line: at });
  const regexAllowed = () => {
    const last = tokens[tokens.length - 1];
    if (!last) return true;
    if (last.type === 'name') return WORDS_BEFORE_EXPRESSION.has(last.value);
    if (last.type === 'punct') return last.value !== ')' && last.value !== ']';
    return false;
  };
  // From just after a ` or a template's closing }, to its next ` or ${.
  const template = (head) => {
    const start = line;
    let value = '';
    while (i < n) {
      const c = source[i];
      if (c === '\\') {
        if (source[i + 1] === '\n') line++;
        value += source[i + 1] ?? '';
        i += 2;
      } else if (c === '`') {
        i++;
        push(head ? 'string' : 'template', head ? value : undefined, start);
        return;
      } else if (c === '$' && source[i + 1] === '{') {
        i += 2;
        push('template', undefined, start);
        push('punct', '${');
        braces.push(true);
        return;
      } else {
        if (c === '\n') line++;
        value += c;
        i++;
      }
    }
  };
  if (source.startsWith('#!')) while (i < n && source[i] !== '\n') i++;
  while (i < n) {
    const c = source[i];
    const code = source.charCodeAt(i);
    if (c === '\n') {
      line++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v') {
      i++;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < n && source[i] !== '\n') i++;
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? n : end + 2;
      for (let k = i; k < stop; k++) if (source[k] === '\n') line++;
      i = stop;
    } else if (c === '"' || c === "'") {
      const start = line;
      let value = '';
      i++;
      while (i < n && source[i] !== c && source[i] !== '\n') {
        if (source[i] === '\\') {
          if (source[i + 1] === '\n') line++;
          value += source[i + 1] ?? '';
          i += 2;
        } else value += source[i++];
      }
      i++;
      push('string', value, start);
    } else if (c === '`') {
      i++;
      template(true);
    } else if (c === '{') {
      braces.push(false);
      push('punct', c);
      i++;
    } else if (c === '}') {
      i++;
      if (braces.pop()) template(false);
      else push('punct', c);
    } else if (c === '/' && regexAllowed()) {
      const start = line;
      let inClass = false;
      i++;
      while (i < n) {
        const r = source[i];
        if (r === '\\') i += 2;
        else if (r === '\n') break;
        else if (inClass) {
          if (r === ']') inClass = false;
          i++;
        } else if (r === '[') {
          inClass = true;
          i++;
        } else if (r === '/') {
          i++;
          break;
        } else i++;
      }
      while (i < n && isNamePart(source.charCodeAt(i))) i++; // flags
      push('regex', undefined, start);
    } else if (isNameStart(code)) {
      const start = i;
      while (i < n && isNamePart(source.charCodeAt(i))) i++;
      push('name', source.slice(start, i));
    } else if (isDigit(code) || (c === '.' && isDigit(source.charCodeAt(i + 1)))) {
      while (i < n && (isNamePart(source.charCodeAt(i)) || source[i] === '.')) i++;
      push('number');
    } else {
      push('punct', c);
      i++;
    }
  }
  return tokens;
}

/**
 * The module specifiers a JavaScript file loads, with their lines: `require('x')`,
 * `require.resolve('x')`, `import ... from 'x'`, `export ... from 'x'`, `import 'x'`,
 * `import('x')`; and the lines of any require() or import() whose argument is not a string.
 */
export function scanModules(source) {
  const tokens = tokenize(source);
  const imports = [];
  const computed = [];
  const isPunct = (token, value) => token?.type === 'punct' && token.value === value;
  // A call's argument: a string followed by `)` or `,` (require.resolve's options), or not.
  const call = (open, line) => {
    const arg = tokens[open + 1];
    const after = tokens[open + 2];
    if (arg?.type === 'string' && (isPunct(after, ')') || isPunct(after, ',')))
      imports.push({ specifier: arg.value, line });
    else computed.push(line);
  };
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k];
    if (token.type !== 'name') continue;
    // `x.require(...)`, `x.import`, `x.from` are properties, not the module system (`...x` is not).
    const member = isPunct(tokens[k - 1], '.') && !isPunct(tokens[k - 2], '.');
    if (member) continue;
    const next = tokens[k + 1];
    if (token.value === 'require') {
      if (tokens[k - 1]?.type === 'name' && tokens[k - 1].value === 'function') continue;
      if (isPunct(next, '(')) call(k + 1, token.line);
      else if (
        isPunct(next, '.') &&
        tokens[k + 2]?.value === 'resolve' &&
        isPunct(tokens[k + 3], '(')
      )
        call(k + 3, token.line);
    } else if (token.value === 'import') {
      if (isPunct(next, '(')) call(k + 1, token.line);
      else if (next?.type === 'string') imports.push({ specifier: next.value, line: token.line });
    } else if (token.value === 'from' && next?.type === 'string') {
      imports.push({ specifier: next.value, line: token.line });
    }
  }
  return { imports, computed };
}

/** `drizzle-orm/pg-core` -> `drizzle-orm`, `@nestjs/core/x` -> `@nestjs/core`. */
export function packageNameOf(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}

const VALID_PACKAGE_NAME = /^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/i;

/** The file Node loads for a relative specifier, as require() finds it, or undefined. */
function resolveFile(root, from, specifier) {
  const base = posix.normalize(posix.join(posix.dirname(from), specifier));
  for (const candidate of ['', '.js', '.mjs', '.cjs', '.json', '.node'].map((ext) => base + ext))
    if (isFile(root, candidate)) return candidate;
  if (!isDir(root, base)) return undefined;
  if (isFile(root, `${base}/package.json`)) {
    const { main } = readJson(root, `${base}/package.json`);
    const target = main && resolveFile(root, `${base}/package.json`, `./${main}`);
    if (target) return target;
  }
  return ['index.js', 'index.mjs', 'index.cjs', 'index.json']
    .map((index) => `${base}/${index}`)
    .find((candidate) => isFile(root, candidate));
}

function modulesUnder(root, folder) {
  if (!isDir(root, folder)) return [];
  return readdirSync(abs(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return modulesUnder(root, path);
    return MODULE_FILE.test(entry.name) ? [path] : [];
  });
}

/**
 * An app's compiled module graph: its files, the packages they load (each with the first place
 * that loads it), the dist/ folders the image needs, and the problems found.
 */
export function appGraph(app, root = REPO) {
  const apps = listApps(root);
  const found = apps.find((candidate) => candidate.name === app);
  if (!found)
    return {
      problems: [`No app named '${app}' (apps: ${apps.map((a) => a.name).join(', ')})`],
    };
  const projects = projectFolders(root);
  const problems = [];
  const files = new Set();
  const packages = new Map();
  const folders = new Set();
  const queue = [];
  const visit = (file) => {
    if (files.has(file)) return;
    files.add(file);
    queue.push(file);
    const project = projects.find((folder) => file.startsWith(`${folder}/`));
    if (project) folders.add(project);
    else problems.push(`${file} belongs to no project (no project.json above its source)`);
  };
  for (const entry of found.entries) {
    if (isFile(root, entry)) visit(entry);
    else problems.push(`${entry} is missing: build first (npm run build)`);
  }
  while (queue.length > 0) {
    const file = queue.shift();
    if (!MODULE_FILE.test(file)) continue;
    const { imports, computed } = scanModules(readFileSync(abs(root, file), 'utf8'));
    for (const { specifier, line } of imports) {
      const where = `${file}:${line}`;
      if (specifier.startsWith('.') || specifier.startsWith('/')) {
        const target = resolveFile(root, file, specifier);
        if (!target) problems.push(`${where}: '${specifier}' is not in dist/ (build again?)`);
        else if (!target.startsWith('dist/'))
          problems.push(`${where}: '${specifier}' is outside dist/ (${target})`);
        else visit(target);
      } else if (isBuiltin(specifier)) {
        continue;
      } else if (specifier.startsWith('@mepedia/')) {
        problems.push(
          `${where}: '${specifier}' was not rewritten to a relative path by the build: add the alias ` +
            'to the paths of .swcrc (an image has no workspace links to resolve it)',
        );
      } else if (!VALID_PACKAGE_NAME.test(packageNameOf(specifier))) {
        problems.push(`${where}: cannot follow '${specifier}'`);
      } else {
        const name = packageNameOf(specifier);
        if (!packages.has(name)) packages.set(name, where);
      }
    }
    if (computed.length === 0) continue;
    const load = COMPUTED_LOADS.get(file);
    if (!load) {
      for (const line of computed)
        problems.push(
          `${file}:${line}: require() or import() of a computed path, which this scan cannot ` +
            'follow: load a package by its name in a string, or say what the file loads in ' +
            'COMPUTED_LOADS (tools/docker/prune.mjs)',
        );
      continue;
    }
    const modules = modulesUnder(root, load.modules);
    if (modules.length === 0) problems.push(`${file} loads ${load.modules}, which is not built`);
    folders.add(load.folder);
    modules.forEach(visit);
  }
  return { app: found, files, packages, folders, problems };
}

// ---------------------------------------------------------------------------------------------
// The lockfile

/**
 * The lockfile key Node would load `name` from when required by the package at key `from` ('' is
 * the root): from's own node_modules, then each enclosing node_modules up to the root's.
 */
export function resolveInLock(packages, from, name) {
  let base = from;
  for (;;) {
    const key = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[key]) return key;
    if (!base) return undefined;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

/** A lockfile entry's edges: dependencies, optional dependencies, and peers not marked optional. */
export function edgesOf(entry) {
  const edges = [];
  for (const name of Object.keys(entry.dependencies ?? {})) edges.push({ name, optional: false });
  for (const name of Object.keys(entry.optionalDependencies ?? {}))
    edges.push({ name, optional: true });
  for (const name of Object.keys(entry.peerDependencies ?? {}))
    if (!entry.peerDependenciesMeta?.[name]?.optional) edges.push({ name, optional: false });
  return edges;
}

/** The name a lockfile key installs: node_modules/a/node_modules/@s/b -> @s/b. */
export const nameOfKey = (key) => key.slice(key.lastIndexOf('node_modules/') + 13);

/**
 * The lockfile keys `roots` (names the root requires) lead to, following optional edges or not;
 * a required edge that resolves to nothing, or to a workspace link, is a problem.
 */
export function closureOf(packages, roots, { optional }) {
  const keys = new Set();
  const problems = [];
  const queue = [];
  const reach = (from, name, isOptional) => {
    const key = resolveInLock(packages, from, name);
    const who = from || 'the app';
    if (!key) {
      if (!isOptional) problems.push(`${who} needs ${name}, which package-lock.json does not have`);
    } else if (packages[key].link) {
      problems.push(
        `${who} needs ${name}, a workspace package (${key} links to ${packages[key].resolved}): ` +
          'an image runs workspace code from dist/, never from node_modules',
      );
    } else if (!keys.has(key)) {
      keys.add(key);
      queue.push(key);
    }
  };
  for (const name of roots) reach('', name, false);
  while (queue.length > 0) {
    const key = queue.shift();
    for (const edge of edgesOf(packages[key]))
      if (optional || !edge.optional) reach(key, edge.name, edge.optional);
  }
  return { keys, problems };
}

const FLAGS = new Set(['dev', 'optional', 'devOptional', 'peer']);

/** An entry without the root lockfile's dev/optional flags, marked optional when it is here. */
function reflagged(entry, optional) {
  // Where npm writes its flags: after integrity (or what comes first of resolved and version).
  const anchor = ['integrity', 'resolved', 'version'].find((field) => field in entry);
  const out = {};
  for (const [field, value] of Object.entries(entry)) {
    if (FLAGS.has(field)) continue;
    out[field] = value;
    if (field === anchor && optional) out.optional = true;
  }
  if (optional && !anchor) out.optional = true;
  return out;
}

/** The package name an `overrides` key is about: `a@^1` -> a, `@s/b@2` -> @s/b. */
const overrideName = (key) => {
  const at = key.indexOf('@', 1);
  return at === -1 ? key : key.slice(0, at);
};

/**
 * The root's overrides about packages that are kept (npm ci checks the lock against them: without
 * @fastify/static's override, its content-disposition would not satisfy its range). A `$name`
 * reference becomes the root's spec for that name, which the pruned package.json may not list.
 */
function overridesFor(rootPackage, names) {
  const specs = { ...rootPackage.devDependencies, ...rootPackage.dependencies };
  const expand = (value) =>
    typeof value === 'string'
      ? value.startsWith('$') && specs[value.slice(1)]
        ? specs[value.slice(1)]
        : value
      : Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, expand(inner)]));
  const kept = Object.entries(rootPackage.overrides ?? {}).filter(([key]) =>
    names.has(overrideName(key)),
  );
  return kept.length > 0 ? expand(Object.fromEntries(kept)) : undefined;
}

/**
 * The pruned package.json and package-lock.json of an app (objects), with what they were computed
 * from. Throws a PruneError listing every problem.
 */
export function pruneApp(app, root = REPO) {
  const graph = appGraph(app, root);
  const problems = [...graph.problems];
  if (!graph.app) throw new PruneError(problems);
  const rootPackage = readJson(root, 'package.json');
  const rootLock = readJson(root, 'package-lock.json');
  const all = rootLock.packages;
  if (rootLock.lockfileVersion !== 3)
    problems.push(`package-lock.json is lockfileVersion ${rootLock.lockfileVersion}, not 3`);

  const dependencies = {};
  for (const [name, where] of [...graph.packages].sort(([a], [b]) => a.localeCompare(b))) {
    const spec = rootPackage.dependencies?.[name];
    if (spec) {
      dependencies[name] = spec;
      if (all['']?.dependencies?.[name] !== spec)
        problems.push(`package.json's ${name}@${spec} is not in package-lock.json: npm install`);
    } else if (rootPackage.devDependencies?.[name]) {
      problems.push(
        `${where} loads ${name}, a devDependency of package.json: an image has dependencies only ` +
          '(move it to dependencies, or stop loading it from app code)',
      );
    } else {
      problems.push(`${where} loads ${name}, which package.json does not list in dependencies`);
    }
  }
  const names = Object.keys(dependencies);
  const every = closureOf(all, names, { optional: true });
  const required = closureOf(all, names, { optional: false });
  problems.push(...every.problems);
  if (problems.length > 0) throw new PruneError(problems);

  const name = `${rootPackage.name}-${app}`;
  const packageJson = {
    name,
    version: rootPackage.version,
    private: true,
    ...(rootPackage.license ? { license: rootPackage.license } : {}),
    ...(rootPackage.engines ? { engines: rootPackage.engines } : {}),
    dependencies,
  };
  const overrides = overridesFor(rootPackage, new Set([...every.keys].map(nameOfKey)));
  if (overrides) packageJson.overrides = overrides;

  const packages = {
    '': {
      name,
      version: rootPackage.version,
      ...(rootPackage.license ? { license: rootPackage.license } : {}),
      dependencies,
      ...(rootPackage.engines ? { engines: rootPackage.engines } : {}),
    },
  };
  // The root lockfile's order (npm's), every entry as it is but for its flags.
  for (const [key, entry] of Object.entries(all))
    if (every.keys.has(key)) packages[key] = reflagged(entry, !required.keys.has(key));
  const lock = { name, version: rootPackage.version, lockfileVersion: 3, requires: true, packages };
  return { graph, packageJson, lock, folders: [...graph.folders].sort() };
}

/** pruneApp, written to outDir (package.json, package-lock.json and, unless told not to, dist/). */
export function writePruned(app, outDir, { root = REPO, dist = true } = {}) {
  const result = pruneApp(app, root);
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'package.json'), `${JSON.stringify(result.packageJson, null, 2)}\n`);
  writeFileSync(join(outDir, 'package-lock.json'), `${JSON.stringify(result.lock, null, 2)}\n`);
  if (dist) {
    rmSync(join(outDir, 'dist'), { recursive: true, force: true });
    for (const folder of result.folders)
      cpSync(abs(root, folder), join(outDir, ...folder.split('/')), {
        recursive: true,
        // Build stamps (dist/web/.inputs) are not part of the app.
        filter: (source) => !source.slice(abs(root, folder).length).includes(`/.`),
      });
  }
  return result;
}

const invoked = process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invoked) {
  const [app, outDir, ...rest] = process.argv.slice(2);
  if (!app || !outDir || rest.length > 0) {
    process.stderr.write(
      'Usage: node tools/docker/prune.mjs <app> <out-dir>\n' +
        `Apps: ${listApps()
          .map((a) => a.name)
          .join(', ')}\n`,
    );
    process.exit(2);
  }
  try {
    const { packageJson, lock, folders } = writePruned(app, resolve(outDir));
    process.stdout.write(
      `${app}: ${Object.keys(packageJson.dependencies).length} dependencies, ` +
        `${Object.keys(lock.packages).length - 1} packages in package-lock.json; ` +
        `${folders.join(', ')}\n`,
    );
  } catch (error) {
    if (!(error instanceof PruneError)) throw error;
    process.stderr.write(
      `Cannot prune ${app}:\n${error.problems.map((p) => `  - ${p}`).join('\n')}\n`,
    );
    process.exit(1);
  }
}
