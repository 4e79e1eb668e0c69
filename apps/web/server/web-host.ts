import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import { createRequestListener } from '@react-router/node';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { contentSecurityPolicy, createNonce } from './csp';

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
export type WebLoadContext = { web: WebContext; cspNonce: string };

/** The web app's build folder: dist/web, beside the compiled servers. */
export const WEB_BUILD_DIR = resolve(__dirname, '../../../web');

const PAGE_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'SAMEORIGIN',
  'permissions-policy': 'camera=(), microphone=(), geolocation=()',
  'cross-origin-opener-policy': 'same-origin',
};

/**
 * Serve the server-rendered web app from a Fastify instance: hashed assets
 * with a year's cache, and every other GET/HEAD/POST through React Router.
 * `context` is read per request, so values known only after listen (the port) work.
 */
export async function registerWeb(
  fastify: FastifyInstance,
  context: () => WebContext,
  buildDir = WEB_BUILD_DIR,
): Promise<void> {
  const serverEntry = join(buildDir, 'server', 'index.mjs');
  if (!existsSync(serverEntry)) {
    throw new Error(`The web app is not built (${serverEntry} is missing): run npm run build`);
  }
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  // getLoadContext sees only the Fetch request: the response's nonce reaches it through here.
  const nonces = new AsyncLocalStorage<string>();
  const listener = createRequestListener({
    build,
    mode: context().production ? 'production' : 'development',
    getLoadContext: (): WebLoadContext => ({ web: context(), cspNonce: nonces.getStore() ?? '' }),
  });

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

  const page = (
    request: { raw: IncomingMessage },
    reply: { hijack(): void; raw: ServerResponse },
  ) => {
    reply.hijack();
    const web = context();
    const nonce = createNonce();
    for (const [name, value] of Object.entries(PAGE_HEADERS)) reply.raw.setHeader(name, value);
    reply.raw.setHeader('content-security-policy', contentSecurityPolicy(nonce, web));
    if (web.production)
      reply.raw.setHeader('strict-transport-security', 'max-age=63072000; includeSubDomains');
    // `//host/x` or `/\host/x` would become the request's origin (new URL(path, base)): one slash.
    if (request.raw.url) request.raw.url = request.raw.url.replace(/^[/\\]+/, '/');
    nonces.run(nonce, () => void listener(request.raw, reply.raw));
  };
  // Forms post to pages (React Router actions); the body stays a stream for React Router to read.
  fastify.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({ method: ['GET', 'HEAD', 'POST'], url: '/', handler: page });
    scope.route({ method: ['GET', 'HEAD', 'POST'], url: '/*', handler: page });
  });
}
