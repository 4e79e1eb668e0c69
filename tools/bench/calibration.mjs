// Calibration for every benchmark table: what this machine does, in the same run, with no
// Mepedia code at all. Machines here differ several-fold; figures are read against these.
//   - a bare Fastify "hello" (its own process, 50 connections);
//   - a bare `select 1` answered over HTTP by a bare Fastify process, on PGlite and (when a
//     server is reachable) on PostgreSQL.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const SERVER = fileURLToPath(new URL('./calibration-server.mjs', import.meta.url));

export function startServer(kind, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SERVER], {
      env: { PATH: process.env.PATH, KIND: kind, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /listening on (\S+)/.exec(output);
      if (match) resolve({ child, url: match[1] });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`calibration server exited ${code}: ${output}`)));
  });
}

/** autocannon's run; `onResponse(status, ms)` sees each answer as it comes (for a timeline). */
export function drive(url, { onResponse, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      { url, connections: 50, duration: 10, pipelining: 1, ...options },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (onResponse)
      instance.on('response', (_client, status, _bytes, ms) => onResponse(status, ms));
  });
}

export const row = (name, result) => ({
  name,
  rps: Math.round(result.requests.average),
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.non2xx,
});

/** Rows for "hello" and "select 1" (PGlite, and PostgreSQL when `databaseUrl` is given). */
export async function calibrate({ databaseUrl, duration = 10 } = {}) {
  const rows = [];
  {
    const kinds = [
      ['bare Fastify "hello"', 'hello', {}],
      ['bare Fastify + PGlite `select 1`', 'pglite', {}],
      ...(databaseUrl
        ? [['bare Fastify + PostgreSQL `select 1`', 'postgres', { DATABASE_URL: databaseUrl }]]
        : []),
    ];
    for (const [name, kind, env] of kinds) {
      const server = await startServer(kind, env);
      try {
        await drive(server.url, { duration: 2 });
        rows.push(row(name, await drive(server.url, { duration })));
      } finally {
        server.child.kill('SIGTERM');
      }
    }
  }
  return rows;
}

export function table(rows) {
  const lines = ['| call | req/s | p50 ms | p99 ms | errors |', '| --- | --- | --- | --- | --- |'];
  for (const r of rows) lines.push(`| ${r.name} | ${r.rps} | ${r.p50} | ${r.p99} | ${r.errors} |`);
  return lines.join('\n');
}
