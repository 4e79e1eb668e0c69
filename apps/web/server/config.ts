import {
  envBoolean,
  envPort,
  envUrl,
  LogLevel,
  metricsEnv,
  shutdownEnv,
} from '@mepedia/server-config';
import { z } from 'zod';

/** The web server's environment (services mode, Kubernetes): docs/configuration.md. */
export const webEnv = z.object({
  /** `production`: no development pages, production caching. */
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** The pino log level. */
  LOG_LEVEL: LogLevel,
  /** Where to listen. */
  PORT: envPort(3001),
  /** The address to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** Where the server reaches the API (the gateway). */
  GATEWAY_URL: envUrl(['http', 'https']),
  /** Where browsers reach the API; empty when an ingress serves /api on this same origin. */
  PUBLIC_API_URL: z.string().default(''),
  /** The site's address, for canonical and alternate links. */
  PUBLIC_URL: envUrl(['http', 'https']).default('http://localhost:3001'),
  /** Trust `X-Forwarded-*` from the ingress. */
  TRUST_PROXY: envBoolean(false),
  /** The external support chat the site links to. */
  SUPPORT_CHAT_URL: envUrl(['https']).default('https://chat.whatsapp.com/mepedia-support'),
  ...shutdownEnv,
  ...metricsEnv,
});
