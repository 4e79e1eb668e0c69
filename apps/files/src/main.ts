import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runServiceProcess } from '@mepedia/server-platform';
import { createFilesApp } from './files.app';
import { FILES_SERVICE_NAME } from './files.module';
import { loadFilesOptions } from './files.options';

// The files service (members' images) as its own process (services mode, Kubernetes).
runMain(async () => {
  const options = loadFilesOptions();
  await runServiceProcess(FILES_SERVICE_NAME, (platform) => createFilesApp(platform, options));
});
