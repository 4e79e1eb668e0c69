#!/usr/bin/env node
// Fault drills, long form: `node tools/drills/run.mjs [drill...] [--short]` (README.md here).
// Builds, then runs the drills of apps/services-e2e/test/drills.e2e-spec.ts with DRILLS=full
// (more load, longer outages), each printing what it did and what it found. `npm test` runs the
// same drills in their short form.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Each drill's name, and the words of its test's title that pick it. */
const DRILLS = {
  'postgres-restart': 'PostgreSQL restarted under load',
  'redis-restart': 'Redis restarted with jobs queued',
  'worker-killed-mid-job': 'the worker killed mid-send',
  'deletion-interrupted': 'a service killed during a profile deletion',
  's3-unavailable': 'S3 away during uploads',
  'upload-memory': 'guests pressing uploads on the gateway',
};

const args = process.argv.slice(2);
const short = args.includes('--short');
const names = args.filter((arg) => !arg.startsWith('--'));
const unknown = names.filter((name) => !(name in DRILLS));
if (unknown.length > 0) {
  process.stderr.write(
    `unknown drill: ${unknown.join(', ')}\ndrills: ${Object.keys(DRILLS).join(', ')}\n`,
  );
  process.exit(2);
}

const run = (command, commandArgs, env = {}) =>
  spawnSync(command, commandArgs, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ...env },
  }).status ?? 1;

if (run(process.execPath, ['tools/build.mjs']) !== 0) process.exit(1);
const pattern = names.map((name) => DRILLS[name].replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|');
const status = run(
  process.execPath,
  [
    'node_modules/jest/bin/jest.js',
    'apps/services-e2e/test/drills.e2e-spec.ts',
    ...(pattern ? ['-t', pattern] : []),
  ],
  {
    DRILLS: short ? 'short' : 'full',
    NODE_OPTIONS: '--experimental-vm-modules --no-warnings=ExperimentalWarning',
    NX_TASK_TARGET_PROJECT: 'services-e2e',
  },
);
process.exit(status);
