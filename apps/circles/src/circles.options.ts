import { envUrl, loadConfig } from '@mepedia/server-config';
import { z } from 'zod';
import type { CirclesOptions } from './circles.service';

const env = z.object({
  /** The site's address: invitation links point there. */
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:3000'),
});

/** The circles service's options, from the environment. */
export function loadCirclesOptions(
  from: Record<string, string | undefined> = process.env,
): CirclesOptions {
  const config = loadConfig('circles', env, from);
  return { publicUrl: config.PUBLIC_URL.replace(/\/+$/, '') };
}
