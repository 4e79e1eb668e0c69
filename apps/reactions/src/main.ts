import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runServiceProcess } from '@mepedia/server-platform';
import { createReactionsApp } from './reactions.app';
import { REACTIONS_SERVICE_NAME } from './reactions.module';

// The reactions service (likes, views, lotties) as its own process (services mode, Kubernetes).
runMain(async () => {
  await runServiceProcess(REACTIONS_SERVICE_NAME, (platform) => createReactionsApp(platform));
});
