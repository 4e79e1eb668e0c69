// First: decides which build of React every later import gets.
import { appEnv } from './library-mode';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { startStandalone } from './standalone';

runMain(async () => {
  const started = Date.now();
  const standalone = await startStandalone(appEnv);
  process.stdout.write(
    `Mepedia is ready at ${standalone.url} (started in ${Date.now() - started} ms)\n`,
  );
  const stop = () => void standalone.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
});
