// First: tracing, when asked for, patches http, pg and ioredis before they load.
import './instrument';
// Then: decides which build of React every later import gets.
import { appEnv } from './library-mode';
import 'reflect-metadata';
import { processLifecycle, runMain } from '@mepedia/server-config';
import { startStandalone } from './standalone';

runMain(async () => {
  const started = Date.now();
  const standalone = await startStandalone(appEnv);
  process.stdout.write(
    `Mepedia is ready at ${standalone.url} (started in ${Date.now() - started} ms)\n`,
  );
  // SIGTERM or Ctrl-C: not ready, requests and jobs in flight finish, then the database closes.
  processLifecycle.exitOnSignals(standalone.close, standalone.shutdown, standalone.logger);
});
