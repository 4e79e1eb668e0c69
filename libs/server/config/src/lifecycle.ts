/** Where the lifecycle reports (a pino logger fits). */
export type LifecycleLogger = {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
};

export type ShutdownOptions = {
  /**
   * How long to keep serving after readiness turns false, so a load balancer that polls
   * `/health/ready` stops sending new requests before the server stops taking them.
   */
  drainDelayMs: number;
  /** The whole stop's bound: past it the process exits anyway (code 1). */
  timeoutMs: number;
};

type Exit = (code: number) => void;

/**
 * The process's one lifecycle: running, then stopping. `/health/ready` answers 503 from the
 * moment a stop begins (the `shutdown` check), before anything closes.
 */
export class ProcessLifecycle {
  private stopping: Promise<void> | undefined;

  get isStopping(): boolean {
    return this.stopping !== undefined;
  }

  /**
   * Stop once, in order: readiness false, the drain delay, then `close` (the caller's order:
   * the HTTP server first, so in-flight requests finish; then queues, so running jobs finish;
   * then pools). Resolves with the exit code: 0 when `close` finished in time, 1 otherwise.
   */
  stop(
    close: () => Promise<void>,
    options: ShutdownOptions,
    logger?: LifecycleLogger,
  ): Promise<number> {
    if (this.stopping) return this.stopping.then(() => 0);
    let timer: NodeJS.Timeout | undefined;
    const started = Date.now();
    const run = (async () => {
      logger?.info({ drainDelayMs: options.drainDelayMs }, 'shutting down: not ready any more');
      if (options.drainDelayMs > 0) await delay(options.drainDelayMs);
      await close();
    })();
    this.stopping = run.catch(() => undefined);
    const bound = new Promise<number>((resolve) => {
      timer = setTimeout(() => {
        logger?.error({ timeoutMs: options.timeoutMs }, 'shutdown took too long: exiting anyway');
        resolve(1);
      }, options.timeoutMs);
      timer.unref();
    });
    const finished = run.then(
      () => {
        logger?.info({ ms: Date.now() - started }, 'shut down');
        return 0;
      },
      (error: unknown) => {
        logger?.error({ err: error }, 'shutdown failed');
        return 1;
      },
    );
    return Promise.race([finished, bound]).finally(() => clearTimeout(timer));
  }

  /**
   * SIGTERM and SIGINT stop the process gracefully, then exit. A second signal while stopping
   * exits at once (an impatient Ctrl-C). Returns a function that removes the handlers.
   */
  exitOnSignals(
    close: () => Promise<void>,
    options: ShutdownOptions,
    logger?: LifecycleLogger,
    exit: Exit = (code) => process.exit(code),
  ): () => void {
    const onSignal = (signal: NodeJS.Signals) => {
      if (this.isStopping) {
        logger?.info({ signal }, 'second signal: exiting now');
        exit(1);
        return;
      }
      logger?.info({ signal }, 'signal received');
      void this.stop(close, options, logger).then(exit);
    };
    process.on('SIGTERM', onSignal);
    process.on('SIGINT', onSignal);
    return () => {
      process.off('SIGTERM', onSignal);
      process.off('SIGINT', onSignal);
    };
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

export const processLifecycle = new ProcessLifecycle();
