// The npm registry these machines reach carries only the Linux builds of a few
// native packages (@swc/core, msgpackr-extract, unrs-resolver). `npm install`
// then leaves the other platforms' optional builds out of package-lock.json,
// and `npm ci` refuses the lockfile as out of sync. This adds an entry for each
// missing optional platform build, marked with its os/cpu (read off its name),
// so npm ci skips it here and fetches it by name and version elsewhere.
//
// Run after any `npm install` that changes dependencies: node tools/complete-lockfile.mjs
import { readFileSync, writeFileSync } from 'node:fs';

const path = 'package-lock.json';
const lock = JSON.parse(readFileSync(path, 'utf8'));
const packages = lock.packages;

const OS = [
  'darwin',
  'win32',
  'linux',
  'android',
  'freebsd',
  'openharmony',
  'sunos',
  'aix',
  'netbsd',
  'openbsd',
];
const CPU = ['arm64', 'x64', 'ia32', 'arm', 'ppc64', 's390x', 'loong64', 'riscv64', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS.includes(part));
  const cpu =
    parts.find((part) => CPU.includes(part)) ?? (parts.includes('arm') ? 'arm' : undefined);
  const libc = parts.find(
    (part) =>
      part === 'gnu' ||
      part === 'musl' ||
      part.startsWith('gnueabihf') ||
      part.startsWith('musleabihf'),
  );
  if (!os || !cpu) return undefined;
  const platform = { os: [os], cpu: [cpu] };
  if (os === 'linux' && libc) platform.libc = [libc.startsWith('musl') ? 'musl' : 'glibc'];
  return platform;
}

function present(parentKey, name) {
  // Node's resolution: the parent's own node_modules, then each ancestor's, then the root.
  let base = parentKey;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

let added = 0;
for (const [key, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (present(key, name)) continue;
    const platform = platformOf(name);
    if (!platform) {
      console.warn(
        `left alone (no platform in its name): ${name}@${version} wanted by ${key || 'root'}`,
      );
      continue;
    }
    packages[`node_modules/${name}`] = { version, optional: true, ...platform };
    added += 1;
  }
}

const sorted = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
lock.packages = sorted;
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform build(s) recorded`);
