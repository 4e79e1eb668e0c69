// Summarise a V8 .cpuprofile (node --cpu-prof): self time by function and by package/folder,
// the top entries only. `node tools/bench/profile-summary.mjs prof/CPU.*.cpuprofile`
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
const deltas = profile.timeDeltas;
for (let i = 0; i < profile.samples.length; i++) {
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
