// Summarise a V8 .cpuprofile (node --cpu-prof): self time by function and by package/folder,
// the top entries only, and inclusive time of our own code's functions.
//   node tools/bench/profile-summary.mjs prof/CPU.*.cpuprofile [top]
//   LAST=10 node tools/bench/profile-summary.mjs …   (only the profile's last 10 s: the load,
//                                                     not the start-up and the seeding)
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const self = new Map();
const deltas = profile.timeDeltas;
const from = profile.endTime - Number(process.env.LAST ?? Infinity) * 1e6;
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += deltas[i] ?? 0;
  if (at < from) continue;
  const id = profile.samples[i];
  self.set(id, (self.get(id) ?? 0) + (deltas[i] ?? 0));
}
const total = [...self.values()].reduce((a, b) => a + b, 0);
const byFunction = new Map();
const byPlace = new Map();
for (const [id, micros] of self) {
  const frame = byId.get(id).callFrame;
  const where = frame.url
    ? frame.url.replace(/^file:\/\//, '').replace(process.cwd(), '.')
    : `(${frame.functionName || 'native'})`;
  const fn = `${frame.functionName || '(anonymous)'} ${where}:${frame.lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + micros);
  const place = where.includes('node_modules/')
    ? where.replace(/.*node_modules\/((@[^/]+\/)?[^/]+).*/, '$1')
    : where.startsWith('./dist/')
      ? where.split('/').slice(1, 4).join('/')
      : where.startsWith('node:')
        ? 'node internals'
        : where;
  byPlace.set(place, (byPlace.get(place) ?? 0) + micros);
}
const print = (title, map) => {
  process.stdout.write(`\n${title} (of ${(total / 1000).toFixed(0)} ms sampled)\n`);
  for (const [name, micros] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top))
    process.stdout.write(`${((100 * micros) / total).toFixed(1).padStart(5)}%  ${name}\n`);
};
print('self time by place', byPlace);
print('self time by function', byFunction);

// Inclusive: a sample counts once for every distinct function of ours (dist/) on its stack.
const inclusive = new Map();
for (const [id, micros] of self) {
  const seen = new Set();
  for (let node = id; node !== undefined; node = parentOf.get(node)) {
    const frame = byId.get(node).callFrame;
    if (!frame.url.includes('/dist/')) continue;
    const name = `${frame.functionName || '(anonymous)'} ${frame.url.replace(/.*\/dist\//, '')}:${frame.lineNumber + 1}`;
    if (seen.has(name)) continue;
    seen.add(name);
    inclusive.set(name, (inclusive.get(name) ?? 0) + micros);
  }
}
print('inclusive time of our functions', inclusive);
