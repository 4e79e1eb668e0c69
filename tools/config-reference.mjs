#!/usr/bin/env node
// The configuration reference in docs/configuration.md, generated from the apps' zod schemas:
//   node tools/config-reference.mjs           rewrite the tables between the generated markers
//   node tools/config-reference.mjs --check   exit 1 when a table is stale (a test runs this)
// Each variable's meaning is the JSDoc comment above it in the schema's source; its default,
// allowed values and whether it is required come from the compiled schema itself (run
// `npm run build` first). A variable without a comment is an error: every setting is explained.
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(join(root, 'package.json'));
const ts = require('typescript');
const { z } = require('zod');

/**
 * The tables, in the document's order. `source`/`name`: where the schema is written (for the
 * comments); `compiled`/`exported`: the same schema at run time. Spread entries (`...platformEnv`)
 * are another table's rows and are left out; `skip` leaves out rows documented elsewhere.
 */
const TABLES = [
  {
    id: 'platform',
    source: 'libs/server/config/src/config.ts',
    name: 'platformEnv',
    compiled: 'dist/libs/server/config/src/config.js',
    exported: 'platformEnv',
    extra: [
      ['shutdownEnv', 'libs/server/config/src/config.ts'],
      ['metricsEnv', 'libs/server/config/src/config.ts'],
    ],
  },
  {
    id: 'service',
    source: 'libs/server/platform/src/platform.ts',
    name: 'serviceEnv',
    compiled: 'dist/libs/server/platform/src/platform.js',
    exported: 'serviceEnv',
    extra: [['serviceProcessEnv', 'libs/server/config/src/config.ts']],
  },
  {
    id: 'users',
    source: 'apps/users/src/users.options.ts',
    name: 'linkEnv',
    compiled: 'dist/apps/users/src/users.options.js',
    exported: 'linkEnv',
    skip: ['NODE_ENV'],
  },
  {
    id: 'files',
    source: 'apps/files/src/files.options.ts',
    name: 'filesEnv',
    compiled: 'dist/apps/files/src/files.options.js',
    exported: 'filesEnv',
    skip: ['DATA_DIR'],
  },
  {
    id: 'posts',
    source: 'apps/posts/src/posts.options.ts',
    name: 'postsEnv',
    compiled: 'dist/apps/posts/src/posts.options.js',
    exported: 'postsEnv',
  },
  {
    id: 'worker',
    source: 'apps/worker/src/worker.config.ts',
    name: 'workerEnv',
    compiled: 'dist/apps/worker/src/worker.config.js',
    exported: 'workerEnv',
  },
  {
    id: 'gateway',
    source: 'apps/gateway/src/gateway.config.ts',
    name: 'gatewayEnv',
    compiled: 'dist/apps/gateway/src/gateway.config.js',
    exported: 'gatewayEnv',
    skip: ['NODE_ENV', 'LOG_LEVEL', 'REDIS_URL', 'REDIS_PREFIX'],
  },
  {
    id: 'standalone',
    source: 'apps/standalone/src/standalone.ts',
    name: 'standaloneEnv',
    compiled: 'dist/apps/standalone/src/standalone.js',
    exported: 'standaloneEnv',
  },
  {
    id: 'web',
    source: 'apps/web/server/config.ts',
    name: 'webEnv',
    compiled: 'dist/apps/web/server/config.js',
    exported: 'webEnv',
  },
];

const problems = [];

/** The comment above each property of the object literal `name` in `file` (spreads skipped). */
function documentedKeys(file, name) {
  const text = readFileSync(join(root, file), 'utf8');
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  let literal;
  const visit = (node) => {
    if (literal) return;
    if (ts.isVariableDeclaration(node) && node.name.getText() === name && node.initializer) {
      // `{ ... }`, or `z.object({ ... })` with any chain after it (.refine, ...).
      const find = (expression) => {
        if (ts.isObjectLiteralExpression(expression)) return expression;
        for (const child of expression.getChildren()) {
          const found = find(child);
          if (found) return found;
        }
        return undefined;
      };
      literal = find(node.initializer);
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  if (!literal) {
    problems.push(`${file}: no object literal for ${name}`);
    return new Map();
  }
  const keys = new Map();
  for (const property of literal.properties) {
    if (!ts.isPropertyAssignment(property)) continue;
    const key = property.name.getText().replace(/^['"]|['"]$/g, '');
    const docs = ts
      .getJSDocCommentsAndTags(property)
      .map((doc) => ts.getTextOfJSDocComment(doc.comment) ?? '')
      .join(' ')
      .replace(/\s+/g, ' ')
      .trim();
    keys.set(key, docs);
  }
  return keys;
}

/** The compiled schema's shape, as a zod object. */
function shapeOf(table) {
  const loaded = require(join(root, table.compiled))[table.exported];
  if (!loaded) throw new Error(`${table.compiled} exports no ${table.exported} (build first)`);
  return loaded instanceof z.ZodType ? loaded : z.object(loaded);
}

function formatDefault(property, required) {
  if (required) return 'required';
  if (property.default === undefined) return '(unset)';
  if (property.default === '') return "`''`";
  return `\`${String(property.default)}\``;
}

function formatValues(property) {
  if (property.enum) return property.enum.map((value) => `\`${value}\``).join(', ');
  if (property.type === 'integer') {
    const min = property.minimum ?? 0;
    return property.maximum !== undefined && property.maximum < Number.MAX_SAFE_INTEGER
      ? `${min}–${property.maximum}`
      : `whole number ≥ ${min}`;
  }
  return '';
}

const escapeCell = (text) => text.replace(/\|/g, '\\|');

function tableFor(table) {
  const keys = documentedKeys(table.source, table.name);
  for (const [name, file] of table.extra ?? []) {
    for (const [key, docs] of documentedKeys(file, name)) keys.set(key, docs);
  }
  const schema = shapeOf(table);
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  const required = new Set(json.required ?? []);
  const rows = [];
  for (const key of Object.keys(schema.shape)) {
    if (table.skip?.includes(key)) continue;
    if (!keys.has(key)) continue; // from a spread: another table's row
    const docs = keys.get(key);
    if (!docs) problems.push(`${table.source}: ${key} has no comment saying what it is`);
    const property = json.properties[key] ?? {};
    rows.push([
      `\`${key}\``,
      formatDefault(property, required.has(key)),
      formatValues(property),
      escapeCell(docs),
    ]);
  }
  const header = ['variable', 'default', 'values', 'meaning'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => row[column].length)),
  );
  const line = (cells) =>
    `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`;
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join(
    '\n',
  );
}

// --doc <file>: another copy of the document (the test checks that a stale one is caught).
const docArg = process.argv.indexOf('--doc');
const docPath =
  docArg === -1 ? join(root, 'docs/configuration.md') : resolve(process.argv[docArg + 1]);
const original = readFileSync(docPath, 'utf8');
let updated = original;
for (const table of TABLES) {
  const open = `<!-- generated: config ${table.id} -->`;
  const close = `<!-- /generated: config ${table.id} -->`;
  const start = updated.indexOf(open);
  const end = updated.indexOf(close);
  if (start === -1 || end === -1 || end < start) {
    problems.push(`docs/configuration.md: no "${open}" ... "${close}" markers`);
    continue;
  }
  updated = `${updated.slice(0, start + open.length)}\n\n${tableFor(table)}\n\n${updated.slice(end)}`;
}

if (problems.length > 0) {
  console.error(problems.map((problem) => `  - ${problem}`).join('\n'));
  process.exit(1);
}
if (process.argv.includes('--check')) {
  if (updated !== original) {
    console.error(
      'docs/configuration.md is stale: a schema changed. Run `node tools/config-reference.mjs` (after `npm run build`).',
    );
    process.exit(1);
  }
  console.log('docs/configuration.md matches the configuration schemas');
} else {
  writeFileSync(docPath, updated);
  console.log(
    updated === original ? 'docs/configuration.md was up to date' : 'docs/configuration.md updated',
  );
}
