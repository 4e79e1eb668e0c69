import { envInt, envUrl, loadConfig } from '@mepedia/server-config';
import { z } from 'zod';
import type { ModerationOptions } from './moderation.service';

const env = z.object({
  /** The site's address: a statement of reasons links to the member's decisions page there. */
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:3000'),
  /** How many different members' reports hide an item until a moderator reviews it (issue 35). */
  MODERATION_HOLD_AFTER_REPORTS: envInt(3, 1),
});

/** The moderation service's options, from the environment. */
export function loadModerationOptions(
  from: Record<string, string | undefined> = process.env,
): ModerationOptions {
  const config = loadConfig('moderation', env, from);
  return {
    publicUrl: config.PUBLIC_URL.replace(/\/+$/, ''),
    holdAfterReports: config.MODERATION_HOLD_AFTER_REPORTS,
  };
}
