import './instrument';
import 'reflect-metadata';
import {
  processLifecycle,
  runMain,
  serveMetrics,
  shutdownOptions,
  stopTracing,
} from '@mepedia/server-config';
import { openDatabase } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { openQueue, watchDatabase } from '@mepedia/server-platform';
import { createWorkerApp } from './worker.app';
import { loadWorkerConfig } from './worker.config';

// The worker as its own process: email, SMS and event fan-out from the queues.
runMain(async () => {
  const { config, env } = loadWorkerConfig();
  const logger = createLogger({ name: 'worker', level: env.LOG_LEVEL });
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    template: env.PGLITE_TEMPLATE,
    poolSize: env.DATABASE_POOL_SIZE,
    applicationName: 'mepedia-worker',
  });
  watchDatabase('worker', database);
  const queue = openQueue(env, logger);
  const worker = await createWorkerApp({ logger, database, queue }, config);
  await worker.app.listen({ port: env.PORT, host: env.HOST });
  process.stdout.write(`Mepedia worker listening on ${await worker.app.getUrl()}\n`);
  const closeMetrics = await serveMetrics('worker', env);
  // SIGTERM: not ready first; running jobs finish (no new ones start), then the HTTP side and
  // the database close. A job cut off by the bound is retried by another worker (BullMQ's
  // stalled-job check), so it runs again rather than being lost.
  processLifecycle.exitOnSignals(
    async () => {
      await queue.close();
      await worker.close();
      await database.close();
      await closeMetrics();
      await stopTracing();
    },
    shutdownOptions(env),
    logger,
  );
});
