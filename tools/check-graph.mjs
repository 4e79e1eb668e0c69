// Fails when Nx's project graph misses an import, so `nx affected`, caching and the module
// boundary rule never work from a wrong graph:
//   - every import of another project (an @mepedia/* alias or a relative path into another
//     project's folder) must be an edge of `nx graph`;
//   - every @mepedia/* alias must come from tsconfig.base.json, the one source of path aliases,
//     and point at a file that exists;
//   - the copies the tools need (.swcrc, jest.config.js, the web app's vite and vitest configs)
//     must map each alias they know exactly as tsconfig.base.json does.
// Usage: node tools/check-graph.mjs [--graph graph.json]   (npm run check:graph)
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, normalize, relative, resolve } from 'node:path';

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');
process.chdir(root);
const problems = [];

// The graph, as Nx computes it.
let graphFile = process.argv.includes('--graph')
  ? process.argv[process.argv.indexOf('--graph') + 1]
  : undefined;
let scratch;
if (!graphFile) {
  scratch = mkdtempSync(join(tmpdir(), 'mepedia-graph-'));
  graphFile = join(scratch, 'graph.json');
  const result = spawnSync('node_modules/.bin/nx', ['graph', `--file=${graphFile}`], {
    encoding: 'utf8',
    env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' },
  });
  if (result.status !== 0) {
    process.stderr.write(result.stdout + result.stderr);
    rmSync(scratch, { recursive: true, force: true });
    process.exit(1);
  }
}
const { graph } = JSON.parse(readFileSync(graphFile, 'utf8'));
if (scratch) rmSync(scratch, { recursive: true, force: true });
const projects = Object.values(graph.nodes).map((node) => ({
  name: node.name,
  root: node.data.root,
}));
const edges = new Set(
  Object.entries(graph.dependencies).flatMap(([source, deps]) =>
    deps.map((dep) => `${source} -> ${dep.target}`),
  ),
);
// The project that owns a path: the one with the deepest root above it.
const owner = (path) =>
  projects
    .filter((project) => path === project.root || path.startsWith(`${project.root}/`))
    .sort((a, b) => b.root.length - a.root.length)[0];

// The one alias source.
const aliases = JSON.parse(readFileSync('tsconfig.base.json', 'utf8')).compilerOptions.paths;
for (const [alias, [target]] of Object.entries(aliases)) {
  if (!existsSync(target)) problems.push(`tsconfig.base.json: ${alias} -> ${target}: no such file`);
}

// Every import of another project is an edge.
const sources = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return entry.name === 'node_modules' || entry.name.startsWith('.') ? [] : sources(path);
    return /\.(ts|tsx|mts|cts|js|mjs|cjs)$/.test(entry.name) ? [path] : [];
  });
const specifiers = (text) =>
  [
    ...text.matchAll(/(?:^|[\s;}])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/(?:^|[\s;])import\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\b(?:import|require)\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((match) => match[1]);
let crossing = 0;
for (const project of projects) {
  for (const file of sources(project.root)) {
    if (owner(file) !== project) continue;
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      let target;
      if (spec.startsWith('@mepedia/')) {
        const mapped = aliases[spec]?.[0];
        if (!mapped) {
          problems.push(`${file}: imports ${spec}, which is not an alias of tsconfig.base.json`);
          continue;
        }
        target = owner(mapped);
      } else if (spec.startsWith('.')) {
        target = owner(normalize(relative(root, resolve(dirname(file), spec))));
      }
      if (!target || target === project) continue;
      crossing += 1;
      if (!edges.has(`${project.name} -> ${target.name}`))
        problems.push(
          `${file}: imports ${spec} (project ${target.name}), but the graph has no edge ${project.name} -> ${target.name}`,
        );
    }
  }
}

// The copies agree with the source.
const same = (where, alias, path) => {
  if (aliases[alias]?.[0] !== path)
    problems.push(
      `${where}: ${alias} -> ${path}, but tsconfig.base.json says ${aliases[alias]?.[0] ?? 'nothing'}`,
    );
};
for (const [alias, [path]] of Object.entries(
  JSON.parse(readFileSync('.swcrc', 'utf8')).jsc.paths ?? {},
))
  same('.swcrc', alias, path);
const { moduleNameMapper } = createRequire(import.meta.url)(join(root, 'jest.config.js'))
  .projects[0];
for (const [pattern, replacement] of Object.entries(moduleNameMapper ?? {})) {
  const regex = new RegExp(pattern);
  const matched = Object.keys(aliases).filter((alias) => regex.test(alias));
  if (matched.length === 0) problems.push(`jest.config.js: ${pattern} maps no alias`);
  for (const alias of matched)
    same('jest.config.js', alias, alias.replace(regex, replacement).replace('<rootDir>/', ''));
}
for (const config of ['apps/web/vite.config.ts', 'apps/web/vitest.config.ts']) {
  for (const [, alias, path] of readFileSync(config, 'utf8').matchAll(
    /['"](@mepedia\/[^'"]+)['"]\s*:\s*root\(\s*['"]([^'"]+)['"]\s*\)/g,
  ))
    same(config, alias, path);
}

if (problems.length > 0) {
  process.stderr.write(`The project graph is not true:\n  ${problems.join('\n  ')}\n`);
  process.exit(1);
}
process.stdout.write(
  `graph: ${projects.length} projects, ${crossing} imports across projects, every one an edge; aliases agree\n`,
);
