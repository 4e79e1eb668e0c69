import { createHash, createHmac } from 'node:crypto';
import {
  API_PREFIX,
  appForPrefix,
  catalogueRoutes,
  IMAGE_MAX_PIXELS,
  matchesEtag,
  NEW_VISITOR_HEADER,
  type ServiceApp,
} from '@mepedia/contracts';
import {
  AppError,
  mediaTypeOf,
  parseCookies,
  sendProblem,
  serializeCookie,
  type AppLogger,
} from '@mepedia/server-http';
import {
  IDENTITY_HEADER,
  VISITOR_TTL_SECONDS,
  sessionCookieName,
  visitorCookieName,
  type Identity,
  type IdentitySigner,
} from '@mepedia/server-identity';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { addressKey } from './address-key';
import { normalizeApiPath, routeTemplateMatcher } from './api-path';
import type { GatewayConfig } from './gateway.config';
import { RATE_RULES } from './rate-rules';
import type { RateLimitStore } from './rate-limiter';
import type { Upstream, UpstreamResponse } from './upstream';
import { UsersUnavailableError, type SessionResolver } from './session-resolver';
import { VisitorCookies } from './visitor-cookie';

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
  // The trace context: the gateway's own call to the service carries it (the HTTP client's
  // instrumentation continues the caller's trace). Copied as well, it went twice, the service
  // could read neither, and the request's trace broke in two.
  'traceparent',
  'tracestate',
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
/**
 * Calls after which the caller's session is gone: drop it from the cache at once. A password
 * change ends it too (the browser goes on with a new token).
 */
const ENDS_SESSION = new Set([
  '/api/users/logout',
  '/api/users/deleteUserById',
  '/api/users/login',
  '/api/users/updateUserPassword',
]);

export type ProxyDeps = {
  config: GatewayConfig;
  logger: AppLogger;
  signer: IdentitySigner;
  sessions: SessionResolver;
  rateLimits: RateLimitStore;
  upstreams: Partial<Record<ServiceApp, Upstream>>;
  /** The worker, for /dev/outbox (never in production). */
  devOutbox?: Upstream | undefined;
};

/** The socket's own peer (never X-Forwarded-For): 127.0.0.0/8 or ::1. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address;
  return v4.startsWith('127.') || address === '::1';
}

function firstHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
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

/** The email of a JSON body; other body types never reach a service (415), so JSON is all. */
function emailFromBody(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  if (mediaTypeOf(firstHeader(request.headers['content-type'])) !== 'application/json')
    return undefined;
  try {
    const parsed = JSON.parse(body.toString('utf8')) as { email?: unknown };
    return typeof parsed.email === 'string'
      ? parsed.email.trim().toLowerCase().slice(0, 254)
      : undefined;
  } catch {
    return undefined;
  }
}

const subjectSecrets = new WeakMap<GatewayConfig, Buffer>();

/**
 * What a counter is keyed by: a keyed digest of the address, email or member id, never the
 * value itself, so Redis holds no one's email or id (a deleted member leaves none behind) and a
 * dictionary of emails does not undo it. The key comes from the gateway's signing key, the same
 * on every replica.
 */
function rateSubjectKey(config: GatewayConfig, subject: string): string {
  let secret = subjectSecrets.get(config);
  if (!secret) {
    secret = createHash('sha256')
      .update(`mepedia:rate-limit-subjects:${config.identityPrivateKey}`)
      .digest();
    subjectSecrets.set(config, secret);
  }
  return createHmac('sha256', secret).update(subject).digest('base64url').slice(0, 22);
}

/** The rules for a normalised path, whatever its method: `deletePost/abc` has `deletePost/{id}`'s. */
const rateRulesPath = routeTemplateMatcher(
  Object.keys(RATE_RULES).map((path) => ({ method: 'ANY', path })),
);

async function checkRateLimits(
  request: FastifyRequest,
  path: string,
  identity: Identity,
  deps: ProxyDeps,
): Promise<void> {
  const limited = rateRulesPath('ANY', path);
  const rules = limited ? RATE_RULES[limited] : undefined;
  if (!rules) return;
  const { rateLimits: limits } = deps.config;
  for (const rule of rules) {
    const subject =
      rule.by === 'ip'
        ? addressKey(request.ip)
        : rule.by === 'email'
          ? emailFromBody(request)
          : identity.kind === 'member'
            ? identity.userId
            : undefined;
    if (!subject) continue;
    const decision = await deps.rateLimits.hit(
      `${rule.bucket}:${rule.by}:${rateSubjectKey(deps.config, subject)}`,
      rule.limit(limits),
      rule.windowSeconds?.(limits) ?? limits.windowSeconds,
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

/** Answers up to this size are read whole and sent in one piece (see the handler's end). */
const WHOLE_ANSWER_MAX_BYTES = 64 * 1024;

/** Room in an upload's body for the multipart boundaries and text fields around the file. */
export const UPLOAD_FORM_ALLOWANCE_BYTES = 64 * 1024;

/** A service's answer, whole (for a validator of it). */
async function readBody(body: UpstreamResponse['body']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body as AsyncIterable<Buffer | string>)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks);
}

/** `/api/<prefix>/*` -> the owning service, with the caller's identity signed for it. */
export function registerProxy(fastify: FastifyInstance, deps: ProxyDeps): void {
  const { config, logger } = deps;
  const cookieName = sessionCookieName(config.production);
  const visitorCookie = visitorCookieName(config.production);
  const visitors = new VisitorCookies(config.identityPrivateKey);
  const countsVisitors = new Set(
    catalogueRoutes()
      .filter((route) => route.reads?.includes('visitor'))
      .map((route) => route.path),
  );

  const templateOf = routeTemplateMatcher(catalogueRoutes());

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // One form of the path for routing, limits and the service: `%6cogin` is `login` everywhere.
    const target = normalizeApiPath(request.url);
    // Metrics: the catalogue's template; a call it does not list keeps the catch-all's.
    if (target) request.metricsRoute = templateOf(request.method, target.path);
    const app = target ? appForPrefix(target.prefix) : undefined;
    if (!target || !app) throw new AppError('ROUTE_NOT_FOUND');
    const upstream = deps.upstreams[app];
    if (!upstream) throw new AppError('SERVICE_UNAVAILABLE');
    if (!originAllowed(request, config.webOrigins)) throw new AppError('ORIGIN_NOT_ALLOWED');

    const cookies = parseCookies(firstHeader(request.headers.cookie));
    // A route that counts visitors (views, shares: the catalogue's `reads: ['visitor']`) gets a
    // visitor id only from a cookie the gateway signed (visitor-cookie.ts) and the caller kept.
    // A caller without one (a script keeping no cookies, a made-up or tampered value) gets a
    // signed cookie and counts nothing on this call. Other calls carry none: a guest's
    // assertion is then the same for every guest, signed and checked once for all of them.
    let visitorId: string | undefined;
    let newVisitor: string | undefined;
    if (countsVisitors.has(target.path)) {
      visitorId = visitors.verify(cookies.get(visitorCookie));
      if (!visitorId) newVisitor = visitors.issue();
    }
    const token = cookies.get(cookieName);
    let identity: Identity = { kind: 'guest' };
    let staleCookie = false;
    if (token) {
      try {
        const member = await deps.sessions.resolve(token);
        if (member) {
          identity = member;
          // For the request log line (member id, never the session token).
          request.identity = member;
        } else staleCookie = true;
      } catch (error) {
        if (error instanceof UsersUnavailableError || (error as { code?: unknown }).code) {
          logger.warn({ err: error, requestId: request.id }, 'session lookup failed');
          throw new AppError('SERVICE_UNAVAILABLE');
        }
        throw error;
      }
    }
    await checkRateLimits(request, target.path, identity, deps);

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
    headers[IDENTITY_HEADER] = deps.signer.sign(identity, app, { ip: request.ip, visitorId });

    const body =
      Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : undefined;
    if (body) headers['content-length'] = String(body.length);

    let response: UpstreamResponse;
    try {
      response = await upstream.request({
        method: request.method,
        path: target.forward,
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
    // API answers are personal unless the service says otherwise: no browser or proxy keeps them.
    if (response.headers['cache-control'] === undefined)
      void reply.header('cache-control', 'no-store');
    const setCookies: string[] = [];
    if (staleCookie && response.headers['set-cookie'] === undefined) {
      // A cookie for a session that no longer exists: tell the browser to drop it.
      setCookies.push(
        serializeCookie(cookieName, '', {
          maxAgeSeconds: 0,
          secure: config.production,
          sameSite: 'Lax',
        }),
      );
    }
    if (newVisitor) {
      setCookies.push(
        serializeCookie(visitorCookie, newVisitor, {
          maxAgeSeconds: VISITOR_TTL_SECONDS,
          secure: config.production,
          sameSite: 'Lax',
        }),
      );
      // Tells the site's client this call counted nothing and may be sent again, once, with the
      // cookie (libs/web/api): a browser's first view still counts.
      void reply.header(NEW_VISITOR_HEADER, 'new');
    }
    if (setCookies.length > 0) {
      const upstreamCookies = response.headers['set-cookie'];
      const existing =
        upstreamCookies === undefined
          ? []
          : Array.isArray(upstreamCookies)
            ? upstreamCookies
            : [upstreamCookies];
      void reply.header('set-cookie', [...existing, ...setCookies]);
    }
    // A public read the service marked shareable (e.g. the questionnaire): a validator, so a
    // browser or CDN holding it asks again cheaply and gets 304 while it has not changed. Not for
    // what never changes (`immutable`, an image variant): nobody asks again, so it streams on.
    const cacheControl = String(response.headers['cache-control'] ?? '');
    if (
      (request.method === 'GET' || request.method === 'HEAD') &&
      response.statusCode === 200 &&
      setCookies.length === 0 &&
      /\bpublic\b/.test(cacheControl) &&
      !/\bimmutable\b/.test(cacheControl)
    ) {
      const body = await readBody(response.body);
      const etag = `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      void reply.header('etag', etag);
      if (matchesEtag(firstHeader(request.headers['if-none-match']), etag)) {
        void reply.status(304).removeHeader('content-length').removeHeader('content-type');
        return reply.send();
      }
      return reply.send(body);
    }
    // A small answer (every JSON one) goes on whole, in one write with its headers: piping the
    // stream costs more than the bytes (a listener set and a write per chunk). Images and other
    // large or open-ended answers stream on.
    const length = Number(response.headers['content-length'] ?? Number.NaN);
    if (request.method !== 'HEAD' && length <= WHOLE_ANSWER_MAX_BYTES)
      return reply.send(await readBody(response.body));
    return reply.send(response.body);
  };

  const outbox = config.production ? undefined : deps.devOutbox;
  if (outbox) {
    // Development only: the worker's outbox of messages it did not really send.
    fastify.get('/dev/outbox', async (request, reply) => {
      // Codes and reset links: for the developer at this machine only, whatever HOST is.
      if (!isLoopback(request.socket.remoteAddress)) throw new AppError('ROUTE_NOT_FOUND');
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
    const problem = (error: unknown, request: FastifyRequest, reply: FastifyReply) => {
      const retryAfter = (error as { retryAfterSeconds?: unknown }).retryAfterSeconds;
      if (typeof retryAfter === 'number') void reply.header('retry-after', String(retryAfter));
      sendProblem(request, reply, error, logger);
    };
    scope.setErrorHandler(problem);
    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${API_PREFIX}/*`,
      handler,
    });
    // Uploads: their own, larger limit (the file's, plus room for the form around it); every
    // other call keeps BODY_LIMIT_BYTES.
    // A body past that limit is an image too big, in the member's words, not a bare 413.
    for (const route of catalogueRoutes()) {
      const upload = route.upload;
      if (!upload) continue;
      scope.route({
        method: route.method,
        url: route.path,
        bodyLimit: upload.maxBytes + UPLOAD_FORM_ALLOWANCE_BYTES,
        handler,
        errorHandler: (error, request, reply) =>
          problem(
            (error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
              ? new AppError('IMAGE_TOO_BIG', {
                  maxBytes: upload.maxBytes,
                  maxPixels: IMAGE_MAX_PIXELS,
                })
              : error,
            request,
            reply,
          ),
      });
    }
  });
}
