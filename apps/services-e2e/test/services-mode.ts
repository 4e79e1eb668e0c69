import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE_APPS, SERVICES, serviceUrlVariable, type ServiceApp } from '@mepedia/contracts';
import {
  createTestDatabase,
  startProcess,
  testIdentity,
  testRedisPrefix,
  translationListener,
  withClient,
  type RunningProcess,
} from '@mepedia/server-testing';

/**
 * Every app with a process of its own behind the gateway (the web app aside): the registry's
 * services and the worker.
 */
export const BACKEND_APPS = [...SERVICE_APPS, 'worker'] as const;
export type BackendApp = (typeof BACKEND_APPS)[number];

/** Each app's schema (and its migrations journal's) in the one test database. */
export const SCHEMAS: Record<BackendApp, string> = {
  ...(Object.fromEntries(SERVICE_APPS.map((app) => [app, SERVICES[app].schema])) as Record<
    ServiceApp,
    string
  >),
  worker: 'worker',
};

const LISTENING = /listening on (http:\/\/\S+)/;

export type ServicesMode = {
  gatewayUrl: string;
  databaseUrl: string;
  redis: { url: string; prefix: string };
  filesDir: string;
  translationCalls(): number;
  /** SIGKILL an app (no shutdown at all), then start it again on the same port. */
  crashAndRestart(app: BackendApp): Promise<void>;
  /** SIGTERM to one app, waiting for it to exit; what it exited with. */
  stopApp(app: BackendApp): Promise<number | null>;
  /** Start a stopped app again on its port (with more environment from now on, if given). */
  startApp(app: BackendApp, env?: Record<string, string>): Promise<void>;
  /** SIGKILL one app and leave it down. */
  killApp(app: BackendApp): Promise<void>;
  /** An app's output so far (stdout and stderr, every run of it). */
  output(app: BackendApp | 'gateway'): string;
  /**
   * The apps whose process ended by itself (not stopped or killed here): a drill that says
   * the services recovered on their own asks that this is empty.
   */
  died(): Array<BackendApp | 'gateway'>;
  /** SIGTERM to every process (the gateway first), then what each exited with. */
  stopProcesses(): Promise<Record<string, number | null>>;
  /** Everything gone: processes, database, Redis keys, folder. */
  stop(): Promise<void>;
};

/**
 * Services mode as in production, on this machine: every backend app and the gateway as its own
 * compiled process (`dist/`), on one fresh PostgreSQL database (a schema per app) and one Redis
 * key prefix, images on a throw-away local folder, translation against a listener. Nothing is
 * left behind by `stop()`: processes, database, Redis keys, folder.
 */
export type ServicesModeOptions = {
  /** A database of the drill's own (a private PostgreSQL); by default a fresh one on the shared server. */
  database?: { url: string; drop(): Promise<void> };
  /** A Redis of the drill's own; by default a fresh key prefix on the shared server. */
  redisUrl?: string;
  /** More environment for one app (or the gateway), over the defaults. */
  env?: Partial<Record<BackendApp | 'gateway', Record<string, string>>>;
};

export async function startServicesMode(options: ServicesModeOptions = {}): Promise<ServicesMode> {
  const identity = testIdentity();
  const sharedRedis = testRedisPrefix();
  const redis = options.redisUrl
    ? { url: options.redisUrl, prefix: sharedRedis.prefix, cleanup: async () => undefined }
    : sharedRedis;
  const database = options.database ?? (await createTestDatabase());
  const filesDir = mkdtempSync(join(tmpdir(), 'mepedia-walk-files-'));
  const translation = translationListener();
  const running = new Map<BackendApp | 'gateway', RunningProcess>();
  const earlierOutput = new Map<BackendApp | 'gateway', string>();
  const ports = new Map<BackendApp, string>();
  try {
    const translationUrl = await translation.start();
    const shared = {
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '4',
      PUBLIC_URL: 'http://mepedia.test',
      EMAIL_LINK_SECRET: 'services-walk-link-secret-0123456789abcdef',
      // Its members are all new: review holds (issue 35) are tested where they are made.
      MODERATION_REVIEW_FIRST_LINKS: '0',
      IDENTITY_PUBLIC_KEY: identity.exported.publicKey,
    };
    const laterEnv = new Map<BackendApp, Record<string, string>>();
    const envOf = (app: BackendApp, port: string): Record<string, string> => ({
      ...shared,
      PORT: port,
      ...(app === 'files' ? { FILES_DIR: filesDir } : {}),
      ...(app === 'posts'
        ? {
            TRANSLATION_PROVIDER: 'google',
            GOOGLE_TRANSLATE_KEY: 'walk',
            GOOGLE_TRANSLATE_ENDPOINT: translationUrl,
          }
        : {}),
      ...options.env?.[app],
      ...laterEnv.get(app),
    });
    const start = async (app: BackendApp, port: string) => {
      const started = await startProcess(
        `dist/apps/${app}/src/main.js`,
        envOf(app, port),
        LISTENING,
      );
      running.set(app, started);
      ports.set(app, new URL(started.match[1]!).port);
      return started;
    };
    // Two at a time: each migrates its schema first, and the machine may have two cores.
    for (let index = 0; index < BACKEND_APPS.length; index += 2)
      await Promise.all(BACKEND_APPS.slice(index, index + 2).map((app) => start(app, '0')));

    const urlOf = (app: BackendApp) => `http://127.0.0.1:${ports.get(app)}`;
    const gateway = await startProcess(
      'dist/apps/gateway/src/main.js',
      {
        ...shared,
        PORT: '0',
        IDENTITY_PRIVATE_KEY: identity.exported.privateKey,
        ...Object.fromEntries(SERVICE_APPS.map((app) => [serviceUrlVariable(app), urlOf(app)])),
        WORKER_URL: urlOf('worker'),
        ...options.env?.gateway,
      },
      LISTENING,
    );
    running.set('gateway', gateway);

    async function killApp(app: BackendApp): Promise<void> {
      const victim = running.get(app)!;
      const exited = new Promise((resolve) => victim.child.once('exit', resolve));
      victim.child.kill('SIGKILL');
      await exited;
      earlierOutput.set(app, (earlierOutput.get(app) ?? '') + victim.output());
      running.delete(app);
    }

    return {
      gatewayUrl: gateway.match[1]!,
      databaseUrl: database.url,
      redis: { url: redis.url, prefix: redis.prefix },
      filesDir,
      translationCalls: translation.calls,
      crashAndRestart: async (app) => {
        await killApp(app);
        await start(app, ports.get(app)!);
      },
      stopApp: async (app) => {
        const stopped = running.get(app)!;
        const code = await stopped.stop();
        earlierOutput.set(app, (earlierOutput.get(app) ?? '') + stopped.output());
        running.delete(app);
        return code;
      },
      startApp: async (app, env) => {
        if (env) laterEnv.set(app, env);
        await start(app, ports.get(app)!);
      },
      killApp,
      output: (app) => (earlierOutput.get(app) ?? '') + (running.get(app)?.output() ?? ''),
      died: () =>
        [...running]
          .filter(
            ([, process]) => process.child.exitCode !== null || process.child.signalCode !== null,
          )
          .map(([name]) => name),
      stopProcesses,
      stop: async () => {
        await stopAll();
      },
    };
  } catch (error) {
    await stopAll();
    throw error;
  }

  async function stopProcesses(): Promise<Record<string, number | null>> {
    const codes: Record<string, number | null> = {};
    const gateway = running.get('gateway');
    if (gateway) codes['gateway'] = await gateway.stop();
    await Promise.all(
      [...running]
        .filter(([name]) => name !== 'gateway')
        .map(async ([name, process]) => {
          codes[name] = await process.stop();
        }),
    );
    running.clear();
    return codes;
  }

  async function stopAll() {
    await stopProcesses();
    await translation.close().catch(() => undefined);
    await database.drop();
    await redis.cleanup();
    rmSync(filesDir, { recursive: true, force: true });
  }
}

/** Everything left in the test database's app schemas that mentions any of `needles`. */
export async function rowsMentioning(
  databaseUrl: string,
  needles: string[],
): Promise<Array<{ table: string; rows: number }>> {
  return withClient(databaseUrl, async (client) => {
    const tables = await client.query<{ schema: string; table: string }>(
      `select table_schema as schema, table_name as table from information_schema.tables
        where table_schema = any($1) and table_type = 'BASE TABLE' order by 1, 2`,
      [Object.values(SCHEMAS)],
    );
    const patterns = needles.map((needle) => `%${needle.toLowerCase()}%`);
    const found: Array<{ table: string; rows: number }> = [];
    for (const { schema, table } of tables.rows) {
      // Development only (the walk reads codes from it): what a mail or SMS provider would have
      // been handed. Production sends and keeps nothing.
      if (`${schema}.${table}` === 'worker.dev_outbox') continue;
      const counted = await client.query<{ rows: string }>(
        `select count(*) as rows from "${schema}"."${table}" t where lower(t::text) like any($1)`,
        [patterns],
      );
      const rows = Number(counted.rows[0]?.rows ?? 0);
      if (rows > 0) found.push({ table: `${schema}.${table}`, rows });
    }
    return found;
  });
}
