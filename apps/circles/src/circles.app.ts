import { join } from 'node:path';
import { defineService, type ServicePlatform } from '@mepedia/server-platform';
import { CirclesModule } from './circles.module';
import { loadCirclesOptions } from './circles.options';
import type { CirclesOptions } from './circles.service';

/** The circles service (issue 34): a member's circle and its invitations. */
export const circlesService = defineService({
  name: 'circles',
  migrations: { folder: join(__dirname, 'migrations') },
  loadOptions: loadCirclesOptions,
  module: (platform, options) => CirclesModule.register(platform, options),
});

/** Migrate, then build the circles app (not yet listening); its options from the environment unless given. */
export const createCirclesApp = (
  platform: ServicePlatform,
  options: CirclesOptions = loadCirclesOptions(),
) => circlesService.createApp(platform, options);
