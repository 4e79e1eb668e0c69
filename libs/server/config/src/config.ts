import { z } from 'zod';

/** Raised when the environment does not satisfy an app's configuration schema. */
export class ConfigError extends Error {
  constructor(
    readonly app: string,
    readonly problems: string[],
  ) {
    super(`Invalid configuration for ${app}:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/**
 * Parse the environment with an app's schema. Every problem names its
 * variable, and no value is echoed back (it may be a secret).
 */
export function loadConfig<S extends z.ZodType>(
  app: string,
  schema: S,
  env: Env = process.env,
): z.output<S> {
  // Empty strings mean "unset": `FOO= npm start` should fall back to the default.
  const cleaned: Env = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value !== '') cleaned[key] = value;
  }
  const result = schema.safeParse(cleaned);
  if (result.success) return result.data;
  const problems = result.error.issues.map((issue) => {
    const variable = issue.path.length > 0 ? issue.path.join('.') : '(environment)';
    return `${variable}: ${issue.message}`;
  });
  throw new ConfigError(app, problems);
}

/** Run a process entry point; a configuration problem ends it with a clear message. */
export function runMain(main: () => Promise<unknown>): void {
  main().catch((error: unknown) => {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
    } else {
      process.stderr.write(
        `Fatal: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    process.exit(1);
  });
}

// Reusable variable parsers.
export const envPort = (fallback: number) =>
  z.coerce
    .number({ error: 'must be a TCP port number (0-65535)' })
    .int('must be a whole number')
    .min(0, 'must be a TCP port number (0-65535)')
    .max(65535, 'must be a TCP port number (0-65535)')
    .default(fallback);

export const envInt = (fallback: number, min = 0) =>
  z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .default(fallback);

export const envBoolean = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0', 'yes', 'no'], {
      error: 'must be true or false',
    })
    .transform((value) => value === 'true' || value === '1' || value === 'yes')
    .default(fallback);

export const envUrl = (protocols: string[]) =>
  z.string().refine(
    (value) => {
      try {
        return protocols.includes(new URL(value).protocol.replace(/:$/, ''));
      } catch {
        return false;
      }
    },
    `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
  );

/** A value that `parse` accepts (a key, say); the message never repeats the value. */
export const envParsable = (
  parse: (value: string) => unknown,
  requiredMessage: string,
  invalidMessage: string,
) =>
  z.string({ error: requiredMessage }).refine((value) => {
    try {
      parse(value);
      return true;
    } catch {
      return false;
    }
  }, invalidMessage);

export const NodeEnv = z
  .enum(['development', 'production', 'test'], {
    error: 'must be one of development, production, test',
  })
  .default('development');

export const LogLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
    error: 'must be one of fatal, error, warn, info, debug, trace, silent',
  })
  .default('info');

/** How a process stops on SIGTERM or SIGINT (every app reads them). */
export const shutdownEnv = {
  /**
   * After the signal, how long to go on serving with /health/ready answering 503, so a load
   * balancer that polls it stops sending requests first. Kubernetes needs none (a pod being
   * deleted leaves its Service's endpoints at once, and the preStop hook waits for that).
   */
  SHUTDOWN_DRAIN_MS: envInt(0),
  /** The bound on a stop: in-flight requests and running jobs get this long to finish. */
  SHUTDOWN_TIMEOUT_MS: envInt(25_000, 1_000),
};

/** Where Prometheus scrapes `/metrics`: a port of its own, unset for none (every app reads it). */
export const metricsEnv = {
  /** Serve Prometheus metrics at `/metrics` on this port of its own (`0`: any free port, printed at start); unset: none (docs/operations.md). */
  METRICS_PORT: z.coerce
    .number({ error: 'must be a TCP port number (0-65535)' })
    .int('must be a whole number')
    .min(0, 'must be a TCP port number (0-65535)')
    .max(65535, 'must be a TCP port number (0-65535)')
    .optional(),
};

/** The lifecycle's options from a parsed environment with `shutdownEnv`. */
export function shutdownOptions(env: { SHUTDOWN_DRAIN_MS: number; SHUTDOWN_TIMEOUT_MS: number }): {
  drainDelayMs: number;
  timeoutMs: number;
} {
  return { drainDelayMs: env.SHUTDOWN_DRAIN_MS, timeoutMs: env.SHUTDOWN_TIMEOUT_MS };
}

/** Variables every backend process reads. */
export const platformEnv = {
  ...shutdownEnv,
  ...metricsEnv,
  /** `production` turns on `Secure` `__Host-` cookies, HSTS and the production checks of each app. */
  NODE_ENV: NodeEnv,
  /** The pino log level. */
  LOG_LEVEL: LogLevel,
  /** PostgreSQL connection; when unset the process runs on embedded PGlite. */
  DATABASE_URL: envUrl(['postgres', 'postgresql']).optional(),
  /** Where embedded PGlite keeps its files. */
  DATA_DIR: z.string().default('./.data'),
  /**
   * A folder where an in-memory database (`DATA_DIR=memory://`) keeps a copy of an empty PGlite
   * data directory and starts from it, a second where it would take several (the test suites
   * and the browser suite set it). Unset: each in-memory database is made from scratch.
   */
  PGLITE_TEMPLATE: z.string().optional(),
  /** Redis connection for BullMQ and pub/sub; when unset queues run in-process. */
  REDIS_URL: envUrl(['redis', 'rediss']).optional(),
  /** Prefix for Redis keys, so several deployments (or test runs) can share one Redis. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[\w:-]+$/, 'letters, digits, _ - : only')
    .default('mepedia'),
  /**
   * How long (ms) a queued job stays its worker process's without that process renewing it
   * (BullMQ's lock). A process that dies mid-job has the job taken up by another within about
   * twice this; a shorter lock notices sooner, at the cost of more renewals.
   */
  QUEUE_LOCK_MS: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1000, 'must be between 1000 and 600000')
    .max(600_000, 'must be between 1000 and 600000')
    .default(30_000),
};

/** Variables of a backend process that serves HTTP and holds a database pool. */
export const serviceProcessEnv = {
  /** Where to listen (`0`: any free port, printed at start). */
  PORT: envPort(0),
  /** The address to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** PostgreSQL connections per process. */
  DATABASE_POOL_SIZE: z.coerce
    .number({ error: 'must be a number' })
    .int('must be a whole number')
    .min(1, 'must be between 1 and 100')
    .max(100, 'must be between 1 and 100')
    .default(10),
};
