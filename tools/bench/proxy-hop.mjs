// What one proxy hop costs with nothing of Mepedia's in it (a measurement, not a test): a bare
// Fastify "hello" (calibration-server.mjs) asked directly, through the bare undici proxy
// (KIND=proxy) and through a bare @fastify/reply-from one (KIND=reply-from), in interleaved
// rounds so a busy machine's swings fall on both proxies alike; the order is reversed every other
// round. Prints each round and the medians. docs/adr/0008 reads it.
//
//   node tools/bench/proxy-hop.mjs
//   ROUNDS=8 DURATION=5 node tools/bench/proxy-hop.mjs
import { readFileSync } from 'node:fs';
import { drive, startServer } from './calibration.mjs';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const DURATION = Number(process.env.DURATION ?? 5);
const log = (message) => process.stdout.write(`${message}\n`);

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

const hello = await startServer('hello', {});
const servers = [hello];
try {
  servers.push(await startServer('proxy', { TARGET: hello.url }));
  servers.push(await startServer('reply-from', { TARGET: hello.url }));
  const names = ['"hello" directly', 'undici proxy', 'reply-from proxy'];
  const rows = names.map(() => []);
  for (const server of servers) await drive(server.url, { duration: 2 });
  for (let round = 0; round < ROUNDS; round += 1) {
    const order = round % 2 === 0 ? [0, 1, 2] : [2, 1, 0];
    for (const index of order) {
      const { url, child } = servers[index];
      const before = cpuMs(child.pid);
      const result = await drive(url, { duration: DURATION });
      const row = {
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        cpu: (cpuMs(child.pid) - before) / result.requests.total,
        errors: result.errors + result.non2xx,
      };
      rows[index].push(row);
      log(
        `round ${round + 1}, ${names[index]}: ${row.rps} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${row.cpu.toFixed(3)} ms CPU a call, errors ${row.errors}`,
      );
    }
  }
  for (const [index, name] of names.entries()) {
    const of = (field) => median(rows[index].map((row) => row[field]));
    log(
      `median, ${name}: ${of('rps')} req/s, p50 ${of('p50')} ms, p99 ${of('p99')} ms, ${of('cpu').toFixed(3)} ms CPU a call`,
    );
  }
  const ratios = (field) => rows[2].map((row, round) => row[field] / rows[1][round][field]);
  for (const [field, label] of [
    ['rps', 'req/s'],
    ['cpu', 'CPU a call'],
  ]) {
    const each = ratios(field);
    log(
      `reply-from ÷ undici, ${label}, by round: ${each.map((x) => x.toFixed(2)).join(' ')}; median ${median(each).toFixed(2)}`,
    );
  }
} finally {
  for (const server of servers) server.child.kill('SIGTERM');
}
