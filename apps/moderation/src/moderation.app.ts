import { join } from 'node:path';
import { defineService, type ServicePlatform } from '@mepedia/server-platform';
import { ModerationModule } from './moderation.module';
import { loadModerationOptions } from './moderation.options';
import type { ModerationOptions } from './moderation.service';

/** The moderation service (issue 35): reports, notices, decisions, appeals, transparency. */
export const moderationService = defineService({
  name: 'moderation',
  migrations: { folder: join(__dirname, 'migrations') },
  loadOptions: loadModerationOptions,
  module: (platform, options) => ModerationModule.register(platform, options),
});

/** Migrate, then build the moderation app (not yet listening); its options from the environment unless given. */
export const createModerationApp = (
  platform: ServicePlatform,
  options: ModerationOptions = loadModerationOptions(),
) => moderationService.createApp(platform, options);
