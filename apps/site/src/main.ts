import './instrument';
import 'reflect-metadata';
import { runMain } from '@mepedia/server-config';
import { runServiceProcess } from '@mepedia/server-platform';
import { createSiteApp } from './site.app';
import { SITE_SERVICE_NAME } from './site.module';

// The site service as its own process (services mode, Kubernetes).
runMain(async () => {
  await runServiceProcess(SITE_SERVICE_NAME, (platform) => createSiteApp(platform));
});
