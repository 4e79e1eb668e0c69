import { SERVICE_APPS, serviceUrlVariable, type ServiceApp } from '@mepedia/contracts';
import {
  envInt,
  envParsable,
  envPort,
  envUrl,
  loadConfig,
  metricsEnv,
  platformEnv,
  shutdownEnv,
  shutdownOptions,
} from '@mepedia/server-config';
import { parsePrivateKey } from '@mepedia/server-identity';
import { z } from 'zod';

const serviceUrls = Object.fromEntries(
  SERVICE_APPS.map((app) => [serviceUrlVariable(app), envUrl(['http', 'https']).optional()]),
) as Record<string, z.ZodOptional<ReturnType<typeof envUrl>>>;

const origins = z
  .string()
  .transform((value) =>
    value
      .split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
  )
  .refine(
    (list) =>
      list.every((origin) => {
        try {
          return new URL(origin).origin === origin;
        } catch {
          return false;
        }
      }),
    'must be a comma-separated list of origins like https://mepedia.example (scheme and host, no path)',
  );

export const gatewayEnv = z.object({
  NODE_ENV: platformEnv.NODE_ENV,
  LOG_LEVEL: platformEnv.LOG_LEVEL,
  REDIS_URL: platformEnv.REDIS_URL,
  REDIS_PREFIX: platformEnv.REDIS_PREFIX,
  ...shutdownEnv,
  ...metricsEnv,
  /** Where to listen. */
  PORT: envPort(3000),
  /** The address to listen on. */
  HOST: z.string().default('0.0.0.0'),
  /** The Ed25519 key the gateway signs identity assertions with (base64 PKCS#8 DER or PEM). */
  IDENTITY_PRIVATE_KEY: envParsable(
    parsePrivateKey,
    'is required: the gateway signing key (npm run keys makes a pair)',
    'must be an Ed25519 private key (base64 PKCS#8 DER or PEM)',
  ),
  /** Browser origins allowed to call the API with credentials (the web app). */
  WEB_ORIGIN: origins.default([]),
  /** The largest request body (uploads have their own limit). */
  BODY_LIMIT_BYTES: envInt(1024 * 1024, 1024),
  /** Proxy hops in front of the gateway whose X-Forwarded-For is trusted (0: none). */
  TRUST_PROXY_HOPS: envInt(0),
  /** How long to wait for a service. */
  UPSTREAM_TIMEOUT_MS: envInt(30_000, 100),
  /** How long a client may send one request, body included (then 408, closed); 10 MiB at 1 Mbit/s: 90 s. */
  REQUEST_TIMEOUT_MS: envInt(120_000, 100),
  /** How long a client may take to send a request's headers (at most REQUEST_TIMEOUT_MS). */
  HEADERS_TIMEOUT_MS: envInt(20_000, 100),
  /** A connection silent both ways this long is closed (keep it above UPSTREAM_TIMEOUT_MS). */
  IDLE_TIMEOUT_MS: envInt(60_000, 100),
  /** How long a kept-alive connection waits for its next request (above a load balancer's idle timeout). */
  KEEP_ALIVE_TIMEOUT_MS: envInt(72_000, 100),
  /** Uploads the gateway passes on at once; one more is answered 503 UPLOADS_BUSY, with Retry-After. */
  UPLOADS_IN_FLIGHT: envInt(16, 1),
  /** Uploads one member may have in flight at once; one more is 429 UPLOADS_IN_PROGRESS, with Retry-After. */
  UPLOADS_IN_FLIGHT_PER_MEMBER: envInt(2, 1),
  /** How long a resolved session is cached (a revocation drops it at once). */
  SESSION_CACHE_TTL_MS: envInt(5_000),
  /** The rate limits' window (docs/security.md). */
  RATE_LIMIT_WINDOW_SECONDS: envInt(300, 1),
  /** Login attempts per IP per window. */
  RATE_LIMIT_LOGIN_PER_IP: envInt(25, 1),
  /** Login attempts per email per window. */
  RATE_LIMIT_LOGIN_PER_EMAIL: envInt(10, 1),
  /** Registrations per IP per window. */
  RATE_LIMIT_REGISTER_PER_IP: envInt(25, 1),
  /** Password reset requests per IP per window. */
  RATE_LIMIT_RESET_PER_IP: envInt(25, 1),
  /** Password reset requests per email per window. */
  RATE_LIMIT_RESET_PER_EMAIL: envInt(5, 1),
  /** Calls that send an SMS or an email (codes, links), per IP. */
  RATE_LIMIT_MESSAGES_PER_IP: envInt(10, 1),
  /** Code and link checks, password changes and deletions, per IP (each code also allows only 5 wrong tries). */
  RATE_LIMIT_VERIFY_PER_IP: envInt(50, 1),
  /** translateOutput calls per member per window: each new text is a paid provider call. */
  RATE_LIMIT_TRANSLATE_PER_MEMBER: envInt(60, 1),
  /** translateOutput calls per IP per window. */
  RATE_LIMIT_TRANSLATE_PER_IP: envInt(120, 1),
  /** View and share counting calls per IP. */
  RATE_LIMIT_COUNTERS_PER_IP: envInt(600, 1),
  /** Comments (sendMessage) per member in their own, short window: a flood stops, a talk goes on. */
  RATE_LIMIT_COMMENTS_PER_MEMBER: envInt(9, 1),
  /** Image uploads per member per window. */
  RATE_LIMIT_UPLOADS_PER_MEMBER: envInt(30, 1),
  /** Image uploads per address per window. */
  RATE_LIMIT_UPLOADS_PER_IP: envInt(60, 1),
  /** The comments' window (Forem's measure: nine comments in thirty seconds). */
  RATE_LIMIT_COMMENTS_WINDOW_SECONDS: envInt(30, 1),
  /** Comments, edits and deletions of comments per address, in the comments' window. */
  RATE_LIMIT_COMMENTS_PER_IP: envInt(30, 1),
  /** Posts written, changed, hidden or deleted per member per window. */
  RATE_LIMIT_POSTS_PER_MEMBER: envInt(30, 1),
  /** Posts written, changed, hidden or deleted per address per window. */
  RATE_LIMIT_POSTS_PER_IP: envInt(60, 1),
  /** Likes and reactions given or taken back, per member per window. */
  RATE_LIMIT_REACTIONS_PER_MEMBER: envInt(120, 1),
  /** Likes and reactions given or taken back, per address per window. */
  RATE_LIMIT_REACTIONS_PER_IP: envInt(300, 1),
  /** Questionnaire and private-question saves (the editors autosave) per member per window. */
  RATE_LIMIT_ANSWERS_PER_MEMBER: envInt(300, 1),
  /** Questionnaire and private-question saves per address per window. */
  RATE_LIMIT_ANSWERS_PER_IP: envInt(1200, 1),
  /** Reports and appeals per member per window (issue 35). */
  RATE_LIMIT_REPORTS_PER_MEMBER: envInt(10, 1),
  /** Reports and appeals per address per window. */
  RATE_LIMIT_REPORTS_PER_IP: envInt(30, 1),
  /** Notices of illegal content (anyone may send one, guests too) per address per window. */
  RATE_LIMIT_NOTICES_PER_IP: envInt(5, 1),
  /** Moderators' decisions per moderator per window. */
  RATE_LIMIT_MODERATION_PER_MEMBER: envInt(300, 1),
  /** Moderators' decisions per address per window. */
  RATE_LIMIT_MODERATION_PER_IP: envInt(1200, 1),
  /** Profile, language and session changes per member per window. */
  RATE_LIMIT_ACCOUNT_PER_MEMBER: envInt(60, 1),
  /** Profile, language and session changes per address per window. */
  RATE_LIMIT_ACCOUNT_PER_IP: envInt(120, 1),
  /** Look-ups of a member by email (getUserIdByEmail) per member per window: each maps an email to a profile. */
  RATE_LIMIT_LOOKUPS_PER_MEMBER: envInt(30, 1),
  /** Look-ups of a member by email per address per window. */
  RATE_LIMIT_LOOKUPS_PER_IP: envInt(60, 1),
  /** Searches (issue 36) per member per window: each ranks the matches of a full-text query. */
  RATE_LIMIT_SEARCH_PER_MEMBER: envInt(300, 1),
  /** Searches per address per window (guests search too; suggestions while typing count). */
  RATE_LIMIT_SEARCH_PER_IP: envInt(600, 1),
  /** The worker, for /dev/outbox outside production. */
  WORKER_URL: envUrl(['http', 'https']).optional(),
  ...serviceUrls,
});

/**
 * Every rate limit of the gateway (the RATE_LIMIT_* counts, not their windows) set to `limit`,
 * as environment variables: for suites, drills and benches that put one member's load from one
 * address far past what a person may, or that meet every rule after a few calls.
 */
export function everyRateLimitAt(limit: number): Record<string, string> {
  return Object.fromEntries(
    Object.keys(gatewayEnv.shape)
      .filter((name) => name.startsWith('RATE_LIMIT_') && !name.endsWith('_WINDOW_SECONDS'))
      .map((name) => [name, String(limit)]),
  );
}

export type GatewayConfig = {
  production: boolean;
  logLevel: string;
  port: number;
  host: string;
  redisUrl: string | undefined;
  redisPrefix: string;
  identityPrivateKey: string;
  webOrigins: string[];
  bodyLimitBytes: number;
  trustProxyHops: number;
  upstreamTimeoutMs: number;
  /** The server's own timeouts for its clients (libs/server/http). */
  timeouts: { requestMs: number; headersMs: number; idleMs: number; keepAliveMs: number };
  /** Uploads passed on at once: by the whole process and by one member. */
  uploadsInFlight: { process: number; perMember: number };
  sessionCacheTtlMs: number;
  shutdown: { drainDelayMs: number; timeoutMs: number };
  /** Where /metrics is served (a port of its own); unset for none. */
  metricsPort: number | undefined;
  rateLimits: {
    windowSeconds: number;
    loginPerIp: number;
    loginPerEmail: number;
    registerPerIp: number;
    resetPerIp: number;
    resetPerEmail: number;
    messagesPerIp: number;
    verifyPerIp: number;
    translatePerMember: number;
    translatePerIp: number;
    countersPerIp: number;
    commentsPerMember: number;
    commentsWindowSeconds: number;
    uploadsPerMember: number;
    uploadsPerIp: number;
    commentsPerIp: number;
    postsPerMember: number;
    postsPerIp: number;
    reactionsPerMember: number;
    reactionsPerIp: number;
    answersPerMember: number;
    answersPerIp: number;
    reportsPerMember: number;
    reportsPerIp: number;
    noticesPerIp: number;
    moderationPerMember: number;
    moderationPerIp: number;
    accountPerMember: number;
    accountPerIp: number;
    lookupsPerMember: number;
    lookupsPerIp: number;
    searchPerMember: number;
    searchPerIp: number;
  };
  workerUrl: string | undefined;
  /** Base URL of each running service app; an app without one answers 503. */
  services: Partial<Record<ServiceApp, string>>;
};

export function loadGatewayConfig(
  env: Record<string, string | undefined> = process.env,
): GatewayConfig {
  const parsed = loadConfig('gateway', gatewayEnv, env);
  const services: Partial<Record<ServiceApp, string>> = {};
  for (const app of SERVICE_APPS) {
    const url = (parsed as Record<string, unknown>)[serviceUrlVariable(app)];
    if (typeof url === 'string') services[app] = url.replace(/\/+$/, '');
  }
  return {
    production: parsed.NODE_ENV === 'production',
    logLevel: parsed.LOG_LEVEL,
    port: parsed.PORT,
    host: parsed.HOST,
    redisUrl: parsed.REDIS_URL,
    redisPrefix: parsed.REDIS_PREFIX,
    identityPrivateKey: parsed.IDENTITY_PRIVATE_KEY,
    webOrigins: parsed.WEB_ORIGIN,
    bodyLimitBytes: parsed.BODY_LIMIT_BYTES,
    trustProxyHops: parsed.TRUST_PROXY_HOPS,
    upstreamTimeoutMs: parsed.UPSTREAM_TIMEOUT_MS,
    timeouts: {
      requestMs: parsed.REQUEST_TIMEOUT_MS,
      headersMs: Math.min(parsed.HEADERS_TIMEOUT_MS, parsed.REQUEST_TIMEOUT_MS),
      idleMs: parsed.IDLE_TIMEOUT_MS,
      keepAliveMs: parsed.KEEP_ALIVE_TIMEOUT_MS,
    },
    uploadsInFlight: {
      process: parsed.UPLOADS_IN_FLIGHT,
      perMember: parsed.UPLOADS_IN_FLIGHT_PER_MEMBER,
    },
    sessionCacheTtlMs: parsed.SESSION_CACHE_TTL_MS,
    shutdown: shutdownOptions(parsed),
    metricsPort: parsed.METRICS_PORT,
    rateLimits: {
      windowSeconds: parsed.RATE_LIMIT_WINDOW_SECONDS,
      loginPerIp: parsed.RATE_LIMIT_LOGIN_PER_IP,
      loginPerEmail: parsed.RATE_LIMIT_LOGIN_PER_EMAIL,
      registerPerIp: parsed.RATE_LIMIT_REGISTER_PER_IP,
      resetPerIp: parsed.RATE_LIMIT_RESET_PER_IP,
      resetPerEmail: parsed.RATE_LIMIT_RESET_PER_EMAIL,
      messagesPerIp: parsed.RATE_LIMIT_MESSAGES_PER_IP,
      verifyPerIp: parsed.RATE_LIMIT_VERIFY_PER_IP,
      translatePerMember: parsed.RATE_LIMIT_TRANSLATE_PER_MEMBER,
      translatePerIp: parsed.RATE_LIMIT_TRANSLATE_PER_IP,
      countersPerIp: parsed.RATE_LIMIT_COUNTERS_PER_IP,
      commentsPerMember: parsed.RATE_LIMIT_COMMENTS_PER_MEMBER,
      commentsWindowSeconds: parsed.RATE_LIMIT_COMMENTS_WINDOW_SECONDS,
      uploadsPerMember: parsed.RATE_LIMIT_UPLOADS_PER_MEMBER,
      uploadsPerIp: parsed.RATE_LIMIT_UPLOADS_PER_IP,
      commentsPerIp: parsed.RATE_LIMIT_COMMENTS_PER_IP,
      postsPerMember: parsed.RATE_LIMIT_POSTS_PER_MEMBER,
      postsPerIp: parsed.RATE_LIMIT_POSTS_PER_IP,
      reactionsPerMember: parsed.RATE_LIMIT_REACTIONS_PER_MEMBER,
      reactionsPerIp: parsed.RATE_LIMIT_REACTIONS_PER_IP,
      answersPerMember: parsed.RATE_LIMIT_ANSWERS_PER_MEMBER,
      answersPerIp: parsed.RATE_LIMIT_ANSWERS_PER_IP,
      reportsPerMember: parsed.RATE_LIMIT_REPORTS_PER_MEMBER,
      reportsPerIp: parsed.RATE_LIMIT_REPORTS_PER_IP,
      noticesPerIp: parsed.RATE_LIMIT_NOTICES_PER_IP,
      moderationPerMember: parsed.RATE_LIMIT_MODERATION_PER_MEMBER,
      moderationPerIp: parsed.RATE_LIMIT_MODERATION_PER_IP,
      accountPerMember: parsed.RATE_LIMIT_ACCOUNT_PER_MEMBER,
      accountPerIp: parsed.RATE_LIMIT_ACCOUNT_PER_IP,
      lookupsPerMember: parsed.RATE_LIMIT_LOOKUPS_PER_MEMBER,
      lookupsPerIp: parsed.RATE_LIMIT_LOOKUPS_PER_IP,
      searchPerMember: parsed.RATE_LIMIT_SEARCH_PER_MEMBER,
      searchPerIp: parsed.RATE_LIMIT_SEARCH_PER_IP,
    },
    workerUrl: parsed.WORKER_URL?.replace(/\/+$/, ''),
    services,
  };
}
