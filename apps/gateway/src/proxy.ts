import { API_PREFIX, appForPrefix, type ServiceApp } from '@mepedia/contracts';
import {
  AppError,
  parseCookies,
  sendProblem,
  serializeCookie,
  type AppLogger,
} from '@mepedia/server-http';
import {
  IDENTITY_HEADER,
  sessionCookieName,
  type Identity,
  type IdentitySigner,
} from '@mepedia/server-identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Dispatcher } from 'undici';
import type { GatewayConfig } from './gateway.config';
import type { RateLimitStore } from './rate-limiter';
import { UsersUnavailableError, type SessionResolver } from './session-resolver';

// Hop-by-hop headers (RFC 9110 section 7.6.1) and ones the gateway sets itself.
const DROP_REQUEST_HEADERS = new Set([
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
  'x-request-id',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  IDENTITY_HEADER,
]);
const DROP_RESPONSE_HEADERS = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'trailer',
  'proxy-authenticate',
  'content-length',
  'date',
  'x-request-id',
]);

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Calls after which the caller's session is gone: drop it from the cache at once. */
const ENDS_SESSION = new Set([
  '/api/users/logout',
  '/api/users/deleteUserById',
  '/api/users/login',
]);

export type ProxyDeps = {
  config: GatewayConfig;
  logger: AppLogger;
  signer: IdentitySigner;
  sessions: SessionResolver;
  rateLimits: RateLimitStore;
  upstreams: Partial<Record<ServiceApp, Dispatcher>>;
  /** The worker, for /dev/outbox (never in production). */
  devOutbox?: Dispatcher | undefined;
};

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** `/api/users/login?x=1` -> `{ prefix: 'users', path: '/api/users/login' }`. */
export function splitApiPath(url: string): { prefix: string; path: string } | undefined {
  const path = url.split('?')[0] ?? '';
  if (!path.startsWith(`${API_PREFIX}/`)) return undefined;
  const prefix = path.slice(API_PREFIX.length + 1).split('/')[0] ?? '';
  return { prefix, path };
}

/**
 * Cross-site request forgery guard for state-changing calls: a browser always
 * sends Origin on such requests; it must be this site or the configured web app.
 * Non-browser clients send no Origin and no Sec-Fetch-Site, and pass.
 */
export function originAllowed(request: FastifyRequest, webOrigins: string[]): boolean {
  if (!MUTATING.has(request.method)) return true;
  const origin = firstHeader(request.headers.origin);
  const fetchSite = firstHeader(request.headers['sec-fetch-site']);
  if (!origin) return fetchSite === undefined || fetchSite !== 'cross-site';
  if (webOrigins.includes(origin)) return true;
  const host = firstHeader(request.headers.host);
  return host !== undefined && origin === `${request.protocol}://${host}`;
}

function emailFromBody(body: unknown): string | undefined {
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { email?: unknown };
    return typeof parsed.email === 'string'
      ? parsed.email.trim().toLowerCase().slice(0, 254)
      : undefined;
  } catch {
    return undefined;
  }
}

type RateRule = {
  bucket: string;
  by: 'ip' | 'email';
  limit: (limits: GatewayConfig['rateLimits']) => number;
};

/** Which calls are rate-limited, by what, how much (see docs/api/users.md). */
export const RATE_RULES: Record<string, RateRule[]> = {
  '/api/users/login': [
    { bucket: 'login', by: 'ip', limit: (l) => l.loginPerIp },
    { bucket: 'login', by: 'email', limit: (l) => l.loginPerEmail },
  ],
  '/api/users/register': [{ bucket: 'register', by: 'ip', limit: (l) => l.registerPerIp }],
  '/api/users/sendPasswordResetEmail': [
    { bucket: 'reset', by: 'ip', limit: (l) => l.resetPerIp },
    { bucket: 'reset', by: 'email', limit: (l) => l.resetPerEmail },
  ],
  '/api/users/sendPhoneCode': [{ bucket: 'messages', by: 'ip', limit: (l) => l.messagesPerIp }],
  '/api/users/sendVerificationEmailToUser': [
    { bucket: 'messages', by: 'ip', limit: (l) => l.messagesPerIp },
  ],
  '/api/users/changePhonenumber': [{ bucket: 'messages', by: 'ip', limit: (l) => l.messagesPerIp }],
  '/api/users/verifyUserByPhone': [{ bucket: 'verify', by: 'ip', limit: (l) => l.verifyPerIp }],
  '/api/users/verifyUserByEmail': [{ bucket: 'verify', by: 'ip', limit: (l) => l.verifyPerIp }],
  '/api/users/updateUserPassword': [{ bucket: 'verify', by: 'ip', limit: (l) => l.verifyPerIp }],
};

async function checkRateLimits(
  request: FastifyRequest,
  path: string,
  deps: ProxyDeps,
): Promise<void> {
  const rules = request.method === 'GET' ? undefined : RATE_RULES[path];
  if (!rules) return;
  const { rateLimits: limits } = deps.config;
  for (const rule of rules) {
    const subject = rule.by === 'ip' ? request.ip : emailFromBody(request.body);
    if (!subject) continue;
    const decision = await deps.rateLimits.hit(
      `${rule.bucket}:${rule.by}:${subject}`,
      rule.limit(limits),
      limits.windowSeconds,
    );
    if (!decision.allowed) {
      throw Object.assign(new AppError('RATE_LIMITED'), {
        retryAfterSeconds: decision.retryAfterSeconds,
      });
    }
  }
}

function upstreamProblem(error: unknown): AppError {
  const code = (error as { code?: unknown }).code;
  if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
    return new AppError('UPSTREAM_TIMEOUT');
  return new AppError('SERVICE_UNAVAILABLE');
}

/** `/api/<prefix>/*` -> the owning service, with the caller's identity signed for it. */
export function registerProxy(fastify: FastifyInstance, deps: ProxyDeps): void {
  const { config, logger } = deps;
  const cookieName = sessionCookieName(config.production);

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const target = splitApiPath(request.url);
    const app = target ? appForPrefix(target.prefix) : undefined;
    if (!target || !app) throw new AppError('ROUTE_NOT_FOUND');
    const upstream = deps.upstreams[app];
    if (!upstream) throw new AppError('SERVICE_UNAVAILABLE');
    if (!originAllowed(request, config.webOrigins)) throw new AppError('ORIGIN_NOT_ALLOWED');
    await checkRateLimits(request, target.path, deps);

    const cookies = parseCookies(firstHeader(request.headers.cookie));
    const token = cookies.get(cookieName);
    let identity: Identity = { kind: 'guest' };
    let staleCookie = false;
    if (token) {
      try {
        const member = await deps.sessions.resolve(token);
        if (member) identity = member;
        else staleCookie = true;
      } catch (error) {
        if (error instanceof UsersUnavailableError || (error as { code?: unknown }).code) {
          logger.warn({ err: error, requestId: request.id }, 'session lookup failed');
          throw new AppError('SERVICE_UNAVAILABLE');
        }
        throw error;
      }
    }

    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (value === undefined || DROP_REQUEST_HEADERS.has(name)) continue;
      headers[name] = value;
    }
    // The session token stops here: services see the signed identity, never the cookie.
    if (token) {
      const rest = firstHeader(request.headers.cookie)
        ?.split(';')
        .filter((part) => part.split('=')[0]?.trim() !== cookieName)
        .join(';')
        .trim();
      if (rest) headers.cookie = rest;
      else delete headers.cookie;
    }
    headers['x-request-id'] = String(request.id);
    headers['x-forwarded-for'] = request.ip;
    headers['x-forwarded-proto'] = request.protocol;
    const host = firstHeader(request.headers.host);
    if (host) headers['x-forwarded-host'] = host;
    headers[IDENTITY_HEADER] = deps.signer.sign(identity, app, { ip: request.ip });

    const body =
      Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    if (body) headers['content-length'] = String(body.length);

    let response: Dispatcher.ResponseData;
    try {
      response = await upstream.request({
        method: request.method,
        path: request.url,
        headers,
        body: body ?? null,
        headersTimeout: config.upstreamTimeoutMs,
        bodyTimeout: config.upstreamTimeoutMs,
      });
    } catch (error) {
      logger.warn({ err: error, requestId: request.id, app }, 'upstream request failed');
      throw upstreamProblem(error);
    }

    if (token && ENDS_SESSION.has(target.path) && response.statusCode < 400)
      deps.sessions.forgetToken(token);

    void reply.status(response.statusCode);
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined || DROP_RESPONSE_HEADERS.has(name)) continue;
      void reply.header(name, value);
    }
    if (staleCookie && response.headers['set-cookie'] === undefined) {
      // A cookie for a session that no longer exists: tell the browser to drop it.
      void reply.header(
        'set-cookie',
        serializeCookie(cookieName, '', {
          maxAgeSeconds: 0,
          secure: config.production,
          sameSite: 'Lax',
        }),
      );
    }
    return reply.send(response.body);
  };

  const outbox = config.production ? undefined : deps.devOutbox;
  if (outbox) {
    // Development only: the worker's outbox of messages it did not really send.
    fastify.get('/dev/outbox', async (request, reply) => {
      const response = await outbox.request({
        method: 'GET',
        path: '/dev/outbox',
        headers: {
          accept: firstHeader(request.headers.accept) ?? '*/*',
          'x-request-id': String(request.id),
        },
      });
      void reply.status(response.statusCode);
      const type = response.headers['content-type'];
      if (type) void reply.header('content-type', type);
      return reply.send(response.body);
    });
  }

  fastify.register(async (scope) => {
    // Bodies are forwarded as they came, as bytes; the size limit still applies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: config.bodyLimitBytes },
      (_req, body, done) => done(null, body),
    );
    scope.setErrorHandler((error, request, reply) => {
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
      sendProblem(request, reply, error, logger);
    });
    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${API_PREFIX}/*`,
      handler,
    });
  });
}
