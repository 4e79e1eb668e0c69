import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { BUS_CHANNELS, LOCALE_COOKIE, apiCookieNames, matchesEtag } from '@mepedia/contracts';
import type { FastifyInstance } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import {
  GzipTemplate,
  MIN_COMPRESSED_BYTES,
  acceptsEncoding,
  compressBody,
  isCompressible,
  pickEncoding,
  sendResponse,
  varyOnEncoding,
} from './compression';
import { contentSecurityPolicy, createNonce, isEmbeddable, referrerPolicy } from './csp';
import { PageCache, isShareable, pageEtag, type StoredPage } from './page-cache';
import { RenderQueue } from './render-queue';
import { withCodedErrors } from './route-errors';

/** What every loader gets (see apps/web/app/lib/context.ts). */
export type WebContext = {
  apiBaseUrl: string;
  publicApiUrl: string;
  siteUrl: string;
  production: boolean;
  supportChatUrl: string;
  /** How loaders reach the API: in one process, without a socket (the standalone process). */
  apiFetch?: typeof fetch;
};

/** What React Router hands every loader and entry.server (AppLoadContext in app/lib/context.ts). */
export type WebLoadContext = { web: WebContext; cspNonce: string; clientIp: string };

/** Where the data behind pages announces changes (the message bus): the page cache listens. */
export type ChangeFeed = {
  subscribe(channel: string, handler: (message: unknown) => void): Promise<void>;
};

export type WebOptions = {
  buildDir?: string;
  /** Pages drawn at once (render-queue.ts): 2 in one process with the services, more alone. */
  renderConcurrency?: number;
  /** Without it, guest pages still expire after seconds; with it, a change clears them at once. */
  changes?: ChangeFeed;
};

/**
 * The Fetch request React Router reads, from Node's: its method, URL, headers and (for a form's
 * POST) its body as a stream; aborted when the visitor goes.
 */
function requestOf(raw: IncomingMessage, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < raw.rawHeaders.length; i += 2)
    headers.append(raw.rawHeaders[i]!, raw.rawHeaders[i + 1]!);
  const url = new URL(raw.url ?? '/', `http://${headers.get('host') ?? 'localhost'}`);
  const method = raw.method ?? 'GET';
  if (method === 'GET' || method === 'HEAD') return new Request(url, { method, headers, signal });
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      raw.on('data', (chunk: Buffer) => controller.enqueue(new Uint8Array(chunk)));
      raw.once('end', () => controller.close());
      raw.once('error', (error) => controller.error(error));
    },
  });
  return new Request(url, { method, headers, signal, body, duplex: 'half' });
}

/** The web app's build folder: dist/web, beside the compiled servers. */
export const WEB_BUILD_DIR = resolve(__dirname, '../../../web');

const PAGE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
};

type PageContext = {
  request: { raw: IncomingMessage; ip: string };
  reply: { hijack(): void; raw: ServerResponse };
};

/**
 * Serve the server-rendered web app from a Fastify instance: hashed assets
 * with a year's cache, and every other GET/HEAD/POST through React Router.
 * `context` is read per request, so values known only after listen (the port) work.
 *
 * Guests' plain reads go through a short page cache (page-cache.ts), drawn whole and served with
 * a fresh nonce; everything else (members, forms, other cookies) is drawn for the request and
 * streamed. Either way at most `renderConcurrency` pages are drawn at once (render-queue.ts).
 */
export async function registerWeb(
  fastify: FastifyInstance,
  context: () => WebContext,
  options: WebOptions = {},
): Promise<void> {
  const buildDir = options.buildDir ?? WEB_BUILD_DIR;
  const serverEntry = join(buildDir, 'server', 'index.mjs');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run npm run build`);
  }
  // Loaders' coded API errors reach the error page with their status and message (route-errors.ts).
  const build = withCodedErrors((await import(pathToFileURL(serverEntry).href)) as ServerBuild);
  const mode = context().production ? 'production' : 'development';
  const draw = createRequestHandler(build, mode);
  const queue = new RenderQueue(options.renderConcurrency ?? 16);
  const cookies = apiCookieNames(context().production);
  const cache = new PageCache({ locale: LOCALE_COOKIE, visitor: cookies.visitor });
  for (const channel of [
    BUS_CHANNELS.postsChanged,
    BUS_CHANNELS.peopleChanged,
    BUS_CHANNELS.answersChanged,
  ])
    await options.changes?.subscribe(channel, () => cache.clear());
  const drawing = new Map<string, Promise<StoredPage & { shareable: boolean }>>();

  await fastify.register(fastifyStatic, {
    root: join(buildDir, 'client'),
    prefix: '/',
    wildcard: false,
    index: false,
    // The build writes .br and .gz beside each asset; browsers get the smallest they accept.
    preCompressed: true,
    setHeaders: (reply, path) => {
      // Vite names assets by content hash: they never change, so they may be kept a year.
      const immutable = path.includes(join('client', 'assets'));
      void reply.header(
        'cache-control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
      );
      void reply.header('x-content-type-options', 'nosniff');
    },
  });

  /** The headers every page answer carries, with this answer's nonce. */
  const pageHeaders = (raw: ServerResponse, nonce: string, web: WebContext, url: string) => {
    const embeddable = isEmbeddable(url);
    for (const [name, value] of Object.entries(PAGE_HEADERS))
      if (!(embeddable && name === 'x-frame-options')) raw.setHeader(name, value);
    raw.setHeader('referrer-policy', referrerPolicy(url));
    raw.setHeader(
      'content-security-policy',
      contentSecurityPolicy(nonce, { publicApiUrl: web.publicApiUrl, embeddable }),
    );
    if (web.production)
      raw.setHeader('strict-transport-security', 'max-age=63072000; includeSubDomains');
  };

  /** Draw a guest's page whole (for the cache): one drawing per key at a time. */
  const drawWhole = (key: string, raw: IncomingMessage, clientIp: string) => {
    let pending = drawing.get(key);
    if (pending) return pending;
    const mark = cache.mark();
    pending = queue
      .run(async () => {
        const nonce = createNonce();
        const headers = new Headers();
        for (const [name, value] of Object.entries(raw.headers))
          if (typeof value === 'string') headers.set(name, value);
        const url = new URL(raw.url ?? '/', `http://${raw.headers.host ?? 'localhost'}`);
        const response = await draw(new Request(url, { headers }), {
          web: context(),
          cspNonce: nonce,
          clientIp,
        } satisfies WebLoadContext);
        const body = await response.text();
        const shareable = isShareable(response.status, response.headers);
        const page = {
          status: response.status,
          headers: [...response.headers],
          body,
          nonce,
          etag: pageEtag(body, nonce),
          shareable,
        };
        cache.settle(key, page, shareable, mark);
        return page;
      })
      .finally(() => drawing.delete(key));
    drawing.set(key, pending);
    return pending;
  };

  // Each kept page's gzip, made once (compression.ts); gone with the page.
  const templates = new WeakMap<StoredPage, GzipTemplate>();

  /** Answer with a drawn page, its nonce swapped for a fresh one (or 304 when unchanged). */
  const send = (page: StoredPage, shareable: boolean, { request, reply }: PageContext) => {
    const raw = reply.raw;
    const web = context();
    if (shareable) {
      const vary = [
        raw.getHeader('vary'),
        'Cookie',
        request.raw.url?.split('?')[0] === '/' ? 'Accept-Language' : undefined,
      ]
        .filter(Boolean)
        .join(', ');
      raw.setHeader('vary', vary);
      raw.setHeader('cache-control', cache.cacheControl());
      raw.setHeader('etag', page.etag);
      // A 304 carries no CSP: the browser keeps the one that came with the page it kept.
      if (matchesEtag(request.raw.headers['if-none-match'], page.etag)) {
        raw.writeHead(304);
        raw.end();
        return;
      }
    }
    const nonce = createNonce();
    pageHeaders(raw, nonce, web, request.raw.url ?? '/');
    for (const [name, value] of page.headers) {
      if (name === 'content-length' || (shareable && name === 'cache-control')) continue;
      raw.appendHeader(name, value);
    }
    const withNonce = () => Buffer.from(page.body.replaceAll(page.nonce, nonce));
    let body: Buffer<ArrayBufferLike>;
    if (page.body.length >= MIN_COMPRESSED_BYTES && isCompressible(raw.getHeader('content-type'))) {
      const accepted = request.raw.headers['accept-encoding'];
      varyOnEncoding(raw);
      // gzip from the page's template (some microseconds) over brotli per answer (half a
      // millisecond, for a tenth fewer bytes); brotli for a client that takes nothing else.
      if (acceptsEncoding(accepted, 'gzip')) {
        let template = templates.get(page);
        if (!template) templates.set(page, (template = new GzipTemplate(page.body, page.nonce)));
        body = template.render(nonce);
        raw.setHeader('content-encoding', 'gzip');
      } else if (pickEncoding(accepted) === 'br') {
        body = compressBody(withNonce(), 'br');
        raw.setHeader('content-encoding', 'br');
      } else body = withNonce();
    } else body = withNonce();
    raw.setHeader('content-length', body.length);
    raw.writeHead(page.status);
    raw.end(request.raw.method === 'HEAD' ? undefined : body);
  };

  /** Draw and stream the page for this request alone (members, forms, other cookies). */
  const stream = ({ request, reply }: PageContext) =>
    queue.run(async () => {
      // The visitor left while waiting: nothing to draw.
      if (request.raw.socket.destroyed) return;
      const nonce = createNonce();
      const aborted = new AbortController();
      reply.raw.once('close', () => aborted.abort());
      pageHeaders(reply.raw, nonce, context(), request.raw.url ?? '/');
      const response = await draw(requestOf(request.raw, aborted.signal), {
        web: context(),
        cspNonce: nonce,
        clientIp: request.ip,
      } satisfies WebLoadContext);
      await sendResponse(request.raw, reply.raw, response);
    });

  const page = async (request: PageContext['request'], reply: PageContext['reply']) => {
    reply.hijack();
    // `//host/x` or `/\host/x` would become the request's origin (new URL(path, base)): one slash.
    if (request.raw.url) request.raw.url = request.raw.url.replace(/^[/\\]+/, '/');
    const key = cache.keyOf({
      method: request.raw.method ?? 'GET',
      url: request.raw.url ?? '/',
      cookie: request.raw.headers.cookie,
      acceptLanguage: request.raw.headers['accept-language'],
    });
    const target = { request, reply };
    try {
      if (key === null) return await stream(target);
      const kept = cache.get(key);
      if (kept) {
        // Served as kept; a stale page is drawn again behind it for the next guests, unless
        // pages are waiting to be drawn: visitors waiting go first, and the stale one stays
        // good until its time is up.
        if (!kept.fresh && queue.queued === 0)
          void drawWhole(key, request.raw, request.ip).catch(() => undefined);
        return send(kept.page, true, target);
      }
      const drawn = await drawWhole(key, request.raw, request.ip);
      return send(drawn, drawn.shareable, target);
    } catch (error) {
      fastify.log.error({ err: error }, 'page failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'text/plain' });
      reply.raw.end('Internal Server Error');
    }
  };
  // Forms post to pages (React Router actions); the body stays a stream for React Router to read.
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({ method: ['GET', 'HEAD', 'POST'], url: '/', handler: page });
    scope.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler: page });
  });
}
