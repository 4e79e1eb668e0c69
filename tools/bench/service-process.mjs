// What the benchmarks that run the apps as their own processes share (posts, notifications,
// moderation): a one-off statement on a PostgreSQL database, and a compiled app started as its
// own process, answered once it says where it listens.
import { spawn } from 'node:child_process';
import pg from 'pg';

/** One statement on the database at `url`, on a connection of its own. */
export async function sql(url, text, params) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text, params);
  } finally {
    await client.end();
  }
}

/**
 * A compiled app (`script`) as its own process with `env` (and only PATH from here), resolved
 * with the process and its address once it logs "listening on"; rejected with its output if it
 * exits first. `name` says which in that error.
 */
export function startService(script, env, name, nodeArgs = []) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, script], {
      env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', NODE_ENV: 'production', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match) resolve({ child, url: match[1].replace('[::1]', '127.0.0.1') });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`${name} exited ${code}:\n${output}`)));
  });
}
