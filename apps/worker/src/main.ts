import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { openDatabase } from '@mepedia/server-database';
import { createLogger } from '@mepedia/server-http';
import { openQueue } from '@mepedia/server-platform';
import { createWorkerApp } from './worker.app';
import { loadWorkerConfig } from './worker.config';

// The worker as its own process: email, SMS and event fan-out from the queues.
runMain(async () => {
  const { config, env } = loadWorkerConfig();
  const logger = createLogger({ name: 'worker', level: env.LOG_LEVEL });
  const database = await openDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    poolSize: env.DATABASE_POOL_SIZE,
    applicationName: 'mepedia-worker',
  });
  const queue = openQueue(env, logger);
  const worker = await createWorkerApp({ logger, database, queue }, config);
  await worker.app.listen({ port: env.PORT, host: env.HOST });
  process.stdout.write(`Mepedia worker listening on ${await worker.app.getUrl()}\n`);
  const close = async () => {
    // Active jobs finish first; then the HTTP side and the database.
    await queue.close();
    await worker.close();
    await database.close();
  };
  process.once('SIGTERM', () => void close().then(() => process.exit(0)));
  process.once('SIGINT', () => void close().then(() => process.exit(0)));
});
