import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runServiceProcess } from '@mepedia/server-platform';
import { createUsersApp } from './users.app';
import { loadUsersOptions } from './users.options';

// The users service as its own process (services mode, Kubernetes).
runMain(async () => {
  const options = loadUsersOptions();
  await runServiceProcess('users', (platform) => createUsersApp(platform, options));
});
