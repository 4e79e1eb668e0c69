import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '@mepedia/server-testing';

// ---------------------------------------------------------------------------
// What the fault drills break: a Redis and a PostgreSQL of their own (never the machine's shared
// servers, which other tests use at the same time), each on a free port and a throw-away folder,
// killed and started again on the same port; and a report of what a drill did and found.
// ---------------------------------------------------------------------------

/** Spawn `command` and resolve once its output matches `ready`. */
function spawnUntil(
  command: string,
  args: string[],
  ready: RegExp,
  options: { uid?: number; gid?: number; timeoutMs?: number } = {},
): Promise<{ child: ChildProcess; exited: Promise<number | null> }> {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(options.uid === undefined ? {} : { uid: options.uid, gid: options.gid }),
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`${command} was not ready in time:\n${output}`));
    }, options.timeoutMs ?? 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve({ child, exited });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`${command} exited with ${code} before it was ready:\n${output}`));
    });
  });
}

export type PrivateRedis = {
  url: string;
  /** SIGKILL: no shutdown, no final save; what it had is in its append-only file. */
  kill(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/**
 * A Redis as docs/operations.md asks for one (append-only file, every write synced, no eviction),
 * so a restart keeps the queues.
 */
export async function startPrivateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'mepedia-drill-redis-'));
  let current: Awaited<ReturnType<typeof spawnUntil>> | undefined;
  const start = async () => {
    current = await spawnUntil(
      'redis-server',
      [
        '--port',
        String(port),
        '--bind',
        '127.0.0.1',
        '--dir',
        dir,
        '--save',
        '',
        '--appendonly',
        'yes',
        '--appendfsync',
        'always',
        '--maxmemory-policy',
        'noeviction',
      ],
      /Ready to accept connections/,
    );
  };
  const kill = async () => {
    if (!current) return;
    current.child.kill('SIGKILL');
    await current.exited;
    current = undefined;
  };
  await start();
  return {
    url: `redis://127.0.0.1:${port}`,
    kill,
    start,
    stop: async () => {
      await kill();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PrivatePostgres = {
  /** A fresh database on it, for one services mode. */
  database(name: string): { url: string; drop(): Promise<void> };
  /** A fast shutdown (connections ended, as `pg_ctl restart -m fast`), `downMs` away, then back. */
  restart(downMs: number): Promise<void>;
  stop(): Promise<void>;
};

const POSTGRES_BIN = ['16', '15', '17', '14']
  .map((version) => `/usr/lib/postgresql/${version}/bin`)
  .find((dir) => existsSync(join(dir, 'postgres')));

/** The `postgres` account when this runs as root (PostgreSQL refuses root), else ourselves. */
function postgresUser(): { uid?: number; gid?: number } {
  if (process.getuid?.() !== 0) return {};
  const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
  return { uid, gid };
}

/** A PostgreSQL server of the drill's own, made with initdb in a throw-away folder. */
export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  if (!POSTGRES_BIN) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
  const user = postgresUser();
  const dir = mkdtempSync(join(tmpdir(), 'mepedia-drill-postgres-'));
  if (user.uid !== undefined) chownSync(dir, user.uid, user.gid ?? user.uid);
  const data = join(dir, 'data');
  execFileSync(
    join(POSTGRES_BIN, 'initdb'),
    ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '--encoding', 'UTF8'],
    { stdio: 'ignore', ...user },
  );
  const port = await freePort();
  let current: Awaited<ReturnType<typeof spawnUntil>> | undefined;
  const start = async () => {
    current = await spawnUntil(
      join(POSTGRES_BIN, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-k',
        dir,
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'max_connections=200',
      ],
      /database system is ready to accept connections/,
      user,
    );
  };
  const shutdown = async () => {
    if (!current) return;
    // SIGINT: PostgreSQL's fast shutdown, ending every connection.
    current.child.kill('SIGINT');
    await current.exited;
    current = undefined;
  };
  await start();
  const admin = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  return {
    database: (name) => {
      execFileSync(join(POSTGRES_BIN, 'createdb'), [
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        name,
      ]);
      return { url: admin(name), drop: async () => undefined };
    },
    restart: async (downMs) => {
      await shutdown();
      await new Promise((resolve) => setTimeout(resolve, downMs));
      await start();
    },
    stop: async () => {
      await shutdown();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What a drill did and what it found, printed as it ends (tools/drills/README.md). */
export function drillReport(name: string) {
  const lines: string[] = [];
  const started = Date.now();
  const stamp = () => `${((Date.now() - started) / 1000).toFixed(1).padStart(5)} s`;
  return {
    did: (text: string) => void lines.push(`${stamp()}  did    ${text}`),
    found: (text: string) => void lines.push(`${stamp()}  found  ${text}`),
    print: () => void process.stdout.write(`\n── drill: ${name} ──\n${lines.join('\n')}\n`),
  };
}
