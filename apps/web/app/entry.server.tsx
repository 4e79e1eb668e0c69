import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router';
import { NonceProvider } from './lib/nonce';

const ABORT_DELAY_MS = 5_000;

/**
 * Server rendering: streamed to browsers as soon as the shell is ready; sent
 * whole to crawlers (they should see the complete page).
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  // The page's Content-Security-Policy allows only scripts with this nonce. Every inline script
  // needs it: React Router's (the context and route-module scripts from <Scripts>, the loader
  // data it streams after the shell through <ServerRouter nonce>, <ScrollRestoration>'s) and
  // React's own (Suspense boundaries, through renderToPipeableStream's nonce).
  const nonce = loadContext.cspNonce || undefined;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const waitForAll = isbot(request.headers.get('user-agent') ?? '') || routerContext.isSpaMode;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider nonce={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce: nonce ? { script: nonce, style: nonce } : undefined,
        [waitForAll ? 'onAllReady' : 'onShellReady']() {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set('content-type', 'text/html; charset=utf-8');
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error instanceof Error ? error : new Error(String(error)));
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors after the shell went out are logged; before it, onShellError reports them.
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY_MS + 1000);
  });
}

export const streamTimeout = ABORT_DELAY_MS;
