import type { ServerResponse } from 'node:http';
import { createHash, createHmac } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import {
  API_PREFIX,
  appForPrefix,
  catalogueRoutes,
  IMAGE_MAX_PIXELS,
  isEventStream,
  matchesEtag,
  NEW_VISITOR_HEADER,
  type ApiRoute,
  type ServiceApp,
} from '@mepedia/contracts';
import {
  AppError,
  EVENT_STREAM_DEFAULTS,
  mediaTypeOf,
  parseCookies,
  parseJsonBody,
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
import { normalizeApiPath, routeTemplateMatcher, type ApiPath } from './api-path';
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

/**
 * The `email` of a JSON body, read by the very function the services parse bodies with (a
 * byte-order mark, escapes, whitespace: what a service reads is what is counted). A body the
 * services would refuse is refused here (415, or 400 INVALID_JSON), so none reaches them
 * uncounted.
 */
function emailFromBody(request: FastifyRequest): string | undefined {
  const body = request.body;
  if (!Buffer.isBuffer(body) || body.length === 0) return undefined;
  if (mediaTypeOf(firstHeader(request.headers['content-type'])) !== 'application/json')
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', { accepted: ['application/json'] });
  const parsed = parseJsonBody(body);
  const email =
    typeof parsed === 'object' && parsed !== null
      ? (parsed as { email?: unknown }).email
      : undefined;
  return typeof email === 'string' ? email.trim().toLowerCase().slice(0, 254) : undefined;
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

/** Whether a path has a limit keyed by its body's email (its body must then be read first). */
function limitsByEmail(path: string): boolean {
  const limited = rateRulesPath('ANY', path);
  return (limited ? RATE_RULES[limited] : undefined)?.some((rule) => rule.by === 'email') ?? false;
}

/**
 * The limits of a call: `before-body` those by address and member (before a byte of the body is
 * read), `body` those by the body's email.
 */
async function checkRateLimits(
  request: FastifyRequest,
  path: string,
  identity: Identity,
  deps: ProxyDeps,
  phase: 'before-body' | 'body',
): Promise<void> {
  const limited = rateRulesPath('ANY', path);
  const rules = limited ? RATE_RULES[limited] : undefined;
  if (!rules) return;
  const { rateLimits: limits } = deps.config;
  for (const rule of rules) {
    if ((rule.by === 'email') !== (phase === 'body')) continue;
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

/**
 * A stream of server-sent events may be silent between events, but never longer than a few of
 * its heartbeats: then the service is gone and the client reconnects.
 */
const STREAM_SILENCE_MS = EVENT_STREAM_DEFAULTS.heartbeatMs * 3;

/** Answers up to this size are read whole and sent in one piece (see the handler's end). */
const WHOLE_ANSWER_MAX_BYTES = 64 * 1024;

/** Room in an upload's body for the multipart boundaries and text fields around the file. */
export const UPLOAD_FORM_ALLOWANCE_BYTES = 64 * 1024;

/** What a busy upload answer asks the client to wait. */
const UPLOAD_RETRY_AFTER_SECONDS = 5;

function tooBig(maxBytes: number): AppError {
  return new AppError('IMAGE_TOO_BIG', { maxBytes, maxPixels: IMAGE_MAX_PIXELS });
}

/** What the gateway decided about a call before its body (onRequest), for the handler. */
type Admitted = {
  /** A route answering server-sent events (`isEventStream`). */
  stream: boolean;
  target: ApiPath;
  app: ServiceApp;
  upstream: Upstream;
  visitorId: string | undefined;
  /** A signed visitor cookie to hand a caller that sent none the gateway signed. */
  newVisitor: string | undefined;
  token: string | undefined;
  identity: Identity;
  staleCookie: boolean;
};

/**
 * Uploads passed on at once, in this process and per member: each holds a connection to the
 * files service and that service's memory for the image, so a bounded number are let through.
 */
export class UploadsInFlight {
  private total = 0;
  private readonly byMember = new Map<string, number>();

  constructor(private readonly caps: { process: number; perMember: number }) {}

  /** Takes a place for the member's upload, or says why there is none. */
  take(memberId: string): 'UPLOADS_IN_PROGRESS' | 'UPLOADS_BUSY' | undefined {
    const mine = this.byMember.get(memberId) ?? 0;
    if (mine >= this.caps.perMember) return 'UPLOADS_IN_PROGRESS';
    if (this.total >= this.caps.process) return 'UPLOADS_BUSY';
    this.total += 1;
    this.byMember.set(memberId, mine + 1);
    return undefined;
  }

  give(memberId: string): void {
    const mine = this.byMember.get(memberId) ?? 0;
    if (mine <= 0) return;
    this.total -= 1;
    if (mine === 1) this.byMember.delete(memberId);
    else this.byMember.set(memberId, mine - 1);
  }

  /**
   * Takes a place for the upload answered by `response`, given back once, when its connection
   * closes (the answer sent, or the caller gone). A caller who left while the gateway was still
   * deciding (the session and limit look-ups are awaited) has had its `close` already: the place
   * goes back at once, or every such drop would keep one for good.
   */
  takeFor(
    memberId: string,
    response: Pick<ServerResponse, 'destroyed' | 'once'>,
  ): 'UPLOADS_IN_PROGRESS' | 'UPLOADS_BUSY' | undefined {
    const refused = this.take(memberId);
    if (refused) return refused;
    let held = true;
    const release = () => {
      if (!held) return;
      held = false;
      this.give(memberId);
    };
    response.once('close', release);
    if (response.destroyed) release();
    return undefined;
  }

  /** Places taken now, in the whole process. */
  get inFlight(): number {
    return this.total;
  }
}

/**
 * An upload's body as it arrives, passed on chunk by chunk, ended with IMAGE_TOO_BIG (kept in
 * `tooBig`) the moment it passes `maxBytes`: the limit holds without the body ever being whole.
 */
export type BoundedBody = Transform & { tooBig?: AppError };

export function boundedBody(
  source: Readable,
  maxBytes: number,
  error: () => AppError,
): BoundedBody {
  let seen = 0;
  const bounded: BoundedBody = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) {
        bounded.tooBig = error();
        done(bounded.tooBig);
        return;
      }
      done(null, chunk);
    },
  });
  source.on('error', (cause) => bounded.destroy(cause));
  source.on('aborted', () => bounded.destroy(new Error('the client went away')));
  return source.pipe(bounded);
}

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
  const routeByTemplate = new Map<string, ApiRoute>(
    catalogueRoutes().map((route) => [`${route.method} ${route.path}`, route]),
  );
  const uploads = new UploadsInFlight(config.uploadsInFlight);
  const admitted = new WeakMap<FastifyRequest, Admitted>();

  // Who is calling, and whether they may, decided from the request line and headers alone
  // (onRequest): a guest on a members' route, a caller past a limit or an upload past its caps
  // is answered before a byte of the body is read. The handler then forwards.
  const admit = async (request: FastifyRequest, reply: FastifyReply) => {
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
    await checkRateLimits(request, target.path, identity, deps, 'before-body');

    // The catalogue's auth decision, as the service would take it, but before the body.
    const template = templateOf(request.method, target.path);
    const route = template ? routeByTemplate.get(`${request.method} ${template}`) : undefined;
    if (route && route.auth !== 'anyone' && identity.kind !== 'member') {
      if (staleCookie)
        void reply.header(
          'set-cookie',
          serializeCookie(cookieName, '', {
            maxAgeSeconds: 0,
            secure: config.production,
            sameSite: 'Lax',
          }),
        );
      throw new AppError(route.guestError ?? 'AUTH_REQUIRED');
    }
    if (route?.upload && identity.kind === 'member') {
      const declared = Number(firstHeader(request.headers['content-length']) ?? 0);
      if (declared > route.upload.maxBytes + UPLOAD_FORM_ALLOWANCE_BYTES) {
        // Never to be read: the connection ends with the answer.
        void reply.header('connection', 'close');
        throw tooBig(route.upload.maxBytes);
      }
      // Given back when the answer is sent or the connection goes, whichever comes first.
      const refused = uploads.takeFor(identity.userId, reply.raw);
      if (refused)
        throw Object.assign(new AppError(refused), {
          retryAfterSeconds: UPLOAD_RETRY_AFTER_SECONDS,
        });
    }
    admitted.set(request, {
      stream: route !== undefined && isEventStream(route),
      target,
      app,
      upstream,
      visitorId,
      newVisitor,
      token,
      identity,
      staleCookie,
    });
  };

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const call = admitted.get(request);
    if (!call) throw new AppError('INTERNAL');
    const { stream, target, app, upstream, visitorId, newVisitor, token, identity, staleCookie } =
      call;
    if (limitsByEmail(target.path))
      await checkRateLimits(request, target.path, identity, deps, 'body');

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

    // An upload streams on as it comes (never whole in memory), its size still bounded; any
    // other body was read whole (BODY_LIMIT_BYTES).
    const streamed: BoundedBody | undefined =
      request.body instanceof Transform ? request.body : undefined;
    const body = Buffer.isBuffer(request.body) && request.body.length > 0 ? request.body : streamed;
    if (Buffer.isBuffer(body)) headers['content-length'] = String(body.length);
    else if (streamed) {
      const length = firstHeader(request.headers['content-length']);
      if (length) headers['content-length'] = length;
    }

    // A stream of events stays open as long as the client does: when its connection goes, the
    // call to the service is aborted, so the service lets go of it too (in one process as well).
    let leaving: AbortController | undefined;
    if (stream) {
      const controller = new AbortController();
      reply.raw.once('close', () => controller.abort());
      leaving = controller;
    }
    let response: UpstreamResponse;
    try {
      response = await upstream.request({
        method: request.method,
        path: target.forward,
        headers,
        body: body ?? null,
        headersTimeout: config.upstreamTimeoutMs,
        bodyTimeout: stream ? STREAM_SILENCE_MS : config.upstreamTimeoutMs,
        ...(leaving ? { signal: leaving.signal } : {}),
      });
    } catch (error) {
      // The upload passed its limit on the way: the member's IMAGE_TOO_BIG, not a service fault.
      const tooLarge = streamed?.tooBig;
      if (tooLarge) throw tooLarge;
      if (streamed && request.raw.destroyed) throw error;
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
    // Identity, limits and the auth decision come before the body is read (see admit).
    scope.addHook('onRequest', admit);
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
      // Answered before the body was read (a guest's upload, a limit): Node reads the rest and
      // drops it, holding none of it, so a client still sending (a browser, fetch) gets the
      // answer rather than a broken pipe; REQUEST_TIMEOUT_MS bounds one that never finishes.
      sendProblem(request, reply, error, logger);
    };
    scope.setErrorHandler(problem);
    scope.route({
      method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      url: `${API_PREFIX}/*`,
      handler,
    });
    // Uploads: their own, larger limit (the file's, plus room for the form around it); every
    // other call keeps BODY_LIMIT_BYTES. Their bodies stream on to the service as they come,
    // never whole in this process; past the limit they end as an image too big, in the member's
    // words, not a bare 413.
    scope.register(async (uploadScope) => {
      uploadScope.removeAllContentTypeParsers();
      const uploadOf = new Map<string, NonNullable<ApiRoute['upload']>>();
      for (const route of catalogueRoutes()) {
        const upload = route.upload;
        if (!upload) continue;
        uploadOf.set(route.path, upload);
        uploadScope.route({
          method: route.method,
          url: route.path,
          handler,
          errorHandler: (error, request, reply) =>
            problem(
              (error as { code?: unknown }).code === 'FST_ERR_CTP_BODY_TOO_LARGE'
                ? tooBig(upload.maxBytes)
                : error,
              request,
              reply,
            ),
        });
      }
      uploadScope.addContentTypeParser('*', (request, payload, done) => {
        const fileBytes = uploadOf.get(request.routeOptions.url ?? '')?.maxBytes ?? 0;
        done(
          null,
          boundedBody(payload, fileBytes + UPLOAD_FORM_ALLOWANCE_BYTES, () => tooBig(fileBytes)),
        );
      });
    });
  });
}
